// read_string_members: a few members of JSON text, without parsing the rest.
#include "common/json_scan.h"

#include <gtest/gtest.h>

namespace frp {
namespace {

TEST(ReadStringMembers, ReadsTheNamedStrings) {
  std::string path = "old", owner = "old";
  EXPECT_TRUE(read_string_members(
      R"({"path":"csrc/a.cpp","template":"a.j2","owner":"generated","ops":[1,2]})",
      {{"path", &path}, {"owner", &owner}}));
  EXPECT_EQ(path, "csrc/a.cpp");
  EXPECT_EQ(owner, "generated");
}

TEST(ReadStringMembers, SkipsEveryKindOfValueBeforeThem) {
  std::string owner;
  EXPECT_TRUE(read_string_members(
      R"( { "n" : -1.5e3 , "t":true, "z":null, "o":{"owner":"nested","a":[{"b":"}]"}]},)"
      R"( "s":"\"owner\": \"no\"", "l":[[], {}], "owner" : "scaffold" } )",
      {{"owner", &owner}}));
  EXPECT_EQ(owner, "scaffold");
}

TEST(ReadStringMembers, DecodesEscapes) {
  std::string path;
  EXPECT_TRUE(read_string_members(R"({"path":"a\"b\\c\u00e9\n"})", {{"path", &path}}));
  EXPECT_EQ(path, "a\"b\\c\xc3\xa9\n");
}

TEST(ReadStringMembers, StopsOnceEverythingIsFound) {
  std::string path;
  // What follows the member is never looked at.
  EXPECT_TRUE(read_string_members(R"({"path":"p", this is not JSON)", {{"path", &path}}));
  EXPECT_EQ(path, "p");
}

TEST(ReadStringMembers, AbsentOrNotAStringLeavesItEmpty) {
  std::string path = "old", owner = "old";
  EXPECT_TRUE(
      read_string_members(R"({"path":3,"other":"x"})", {{"path", &path}, {"owner", &owner}}));
  EXPECT_EQ(path, "");
  EXPECT_EQ(owner, "");
  EXPECT_TRUE(read_string_members("{}", {{"path", &path}}));
}

TEST(ReadStringMembers, MalformedTextIsFalse) {
  std::string path;
  for (const char* text : {"", "[]", "{", R"({"path")", R"({"path":"unterminated)",
                           R"({"a":1 "path":"p"})", R"({path:"p"})", R"({"a":{"b":1},)"}) {
    EXPECT_FALSE(read_string_members(text, {{"path", &path}})) << text;
  }
}

}  // namespace
}  // namespace frp
