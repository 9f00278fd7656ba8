// JsonText: the render model's ops are written as JSON text directly; it must read back as the
// same values nlohmann::json (and Python's json module) would see.
#include "common/json_text.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace frp {
namespace {

using nlohmann::json;

TEST(JsonText, NestsObjectsAndArraysWithCommasInTheRightPlaces) {
  JsonText out;
  out.begin_object()
      .key("name")
      .value("add")
      .key("list")
      .begin_array()
      .value(std::uint64_t{1})
      .value(true)
      .null()
      .begin_object()
      .end_object()
      .begin_array()
      .end_array()
      .end_array()
      .key("empty")
      .strings({})
      .key("names")
      .strings({"a", "b"})
      .key("raw")
      .raw(R"({"x":[1,2]})")
      .end_object();
  EXPECT_EQ(out.text(), R"({"name":"add","list":[1,true,null,{},[]],"empty":[],"names":["a","b"],)"
                        R"("raw":{"x":[1,2]}})");
  EXPECT_EQ(json::parse(out.text())["raw"]["x"][1], 2);
}

TEST(JsonText, EscapesWhatJsonRequiresAndPassesUtf8Through) {
  const std::string tricky = "say \"hi\" \\ C:\\dir\n\ttab\r\x01\x1f end \xc3\xa9\xe2\x80\x94";
  JsonText out;
  out.value(tricky);
  const std::string& text = out.text();
  EXPECT_EQ(json::parse(text).get<std::string>(), tricky);
  EXPECT_EQ(text,
            "\"say \\\"hi\\\" \\\\ C:\\\\dir\\n\\ttab\\r\\u0001\\u001f end "
            "\xc3\xa9\xe2\x80\x94\"");
}

TEST(JsonText, WritesNlohmannValuesAsTheirDumpDoes) {
  const json value = {
      {"name", "a \"quoted\" \\ path\n\b\f\x02 \xc3\xa9"},
      {"list", {1u, -2, 2.5, true, false, nullptr, json::array(), json::object()}},
      {"nested", {{"z", 1u}, {"a", {{"b", "c"}}}}},
  };
  JsonText out;
  out.value(value);
  EXPECT_EQ(out.text(), value.dump());
}

TEST(JsonText, LargeNumbersKeepEveryDigit) {
  JsonText out;
  out.begin_array().value(std::uint64_t{18446744073709551615u}).value(std::uint64_t{0}).end_array();
  EXPECT_EQ(out.text(), "[18446744073709551615,0]");
}

}  // namespace
}  // namespace frp
