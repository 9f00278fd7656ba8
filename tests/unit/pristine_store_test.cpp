// Unit tests for the pristine store: the one file that keeps every scaffold as frp-gen last
// wrote it.
#include "write/pristine_store.h"

#include <gtest/gtest.h>

#include <string>

namespace frp::write {
namespace {

TEST(PristineStore, KeepsEveryTextExactly) {
  const std::string text = PristineStore::format({{"csrc/kernels/add.cpp", "int add();\n"},
                                                  {"a path with spaces.py", "no final newline"},
                                                  {"empty.cpp", ""},
                                                  {"tricky.txt", "=== 3 fake\nabc\n"}});
  std::optional<PristineStore> store = PristineStore::parse(text);
  ASSERT_TRUE(store.has_value());
  EXPECT_EQ(store->find("csrc/kernels/add.cpp"), "int add();\n");
  EXPECT_EQ(store->find("a path with spaces.py"), "no final newline");
  EXPECT_EQ(store->find("empty.cpp"), "");
  EXPECT_EQ(store->find("tricky.txt"), "=== 3 fake\nabc\n");
  EXPECT_FALSE(store->find("fake").has_value());
  EXPECT_FALSE(store->find("missing.cpp").has_value());
  // Moved, it still finds its texts.
  PristineStore moved = std::move(*store);
  EXPECT_EQ(moved.find("csrc/kernels/add.cpp"), "int add();\n");
  EXPECT_EQ(moved.text(), text);
}

TEST(PristineStore, ReadsAsTheScaffoldsDo) {
  const std::string text = PristineStore::format({{"k.cpp", "line 1\nline 2\n"}});
  EXPECT_NE(text.find("\n=== 14 k.cpp\nline 1\nline 2\n\n"), std::string::npos) << text;
}

TEST(PristineStore, AnythingElseIsNotAStore) {
  const std::string good = PristineStore::format({{"k.cpp", "abc\n"}});
  EXPECT_TRUE(PristineStore::parse(good).has_value());
  EXPECT_TRUE(PristineStore::parse(PristineStore::format({})).has_value());
  std::string edited = good;
  edited.replace(edited.find("abc"), 3, "abcd");  // the length no longer matches
  EXPECT_FALSE(PristineStore::parse(edited).has_value());
  EXPECT_FALSE(PristineStore::parse(good.substr(0, good.size() - 2)).has_value());  // cut short
  EXPECT_FALSE(PristineStore::parse("=== 4 k.cpp\nabc\n\n").has_value());           // no first line
  std::string no_size = good;
  no_size.replace(no_size.find("=== 4 "), 6, "=== x ");
  EXPECT_FALSE(PristineStore::parse(no_size).has_value());
  EXPECT_FALSE(PristineStore::parse("").has_value());
}

}  // namespace
}  // namespace frp::write
