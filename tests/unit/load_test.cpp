// Unit tests for the load stage: YAML files with located errors, and MappingReader's typed keys,
// unknown-key reports and scalar-relative locations.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/diagnostics.h"
#include "load/yaml_file.h"

namespace frp::load {
namespace {

namespace fs = std::filesystem;

// A fresh folder per test, removed afterwards.
class LoadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(::testing::TempDir()) /
           ("frp_load_test_" + std::to_string(::getpid()) + "_" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }

  fs::path dir_;
};

// The tree of `text`; tests that parse malformed text use load_yaml_file instead.
YamlNode parse(const std::string& text) {
  Diagnostics diags;
  std::optional<YamlNode> root = parse_yaml("f.yaml", text, diags);
  EXPECT_TRUE(root.has_value()) << diags.format();
  return root ? std::move(*root) : YamlNode();
}

// ---------------------------------------------------------------------------------------------
// load_yaml_file / read_text_file

TEST_F(LoadTest, LoadsAWellFormedFile) {
  std::string path = write("good.yaml", "a: 1\nlist: [x, y]\n");
  Diagnostics diags;
  std::optional<YamlFile> file = load_yaml_file(path, diags);
  ASSERT_TRUE(file.has_value());
  EXPECT_FALSE(diags.has_errors());
  EXPECT_EQ(file->path, path);
  EXPECT_EQ(file->root["a"].scalar(), "1");
  EXPECT_EQ(file->root["list"].size(), 2u);
}

TEST_F(LoadTest, IllegalMapValueIsLocated) {
  std::string path = write("bad.yaml", "first: 1\nsecond: 2\nthird: b: c\nfourth: 4\n");
  Diagnostics diags;
  EXPECT_FALSE(load_yaml_file(path, diags).has_value());
  ASSERT_EQ(diags.error_count(), 1u);
  const Diagnostic& d = diags.errors()[0];
  EXPECT_EQ(d.location.file, path);
  EXPECT_EQ(d.location.line, 3);
  EXPECT_EQ(d.location.column, 9);  // the second ':'
  EXPECT_TRUE(d.message.starts_with("malformed YAML: ")) << d.message;
  // The text was handed over, so the report quotes the offending line.
  EXPECT_NE(diags.format().find("    third: b: c\n"), std::string::npos) << diags.format();
}

TEST_F(LoadTest, BadIndentationIsLocated) {
  std::string path = write("indent.yaml", "list:\n  - a\n  - b\n bad: c\n");
  Diagnostics diags;
  EXPECT_FALSE(load_yaml_file(path, diags).has_value());
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.errors()[0].location.line, 4);
  EXPECT_EQ(diags.errors()[0].location.column, 2);
}

TEST_F(LoadTest, TabIndentationIsLocated) {
  std::string path = write("tab.yaml", "a: 1\nb: 2\n\tc: 3\n");
  Diagnostics diags;
  EXPECT_FALSE(load_yaml_file(path, diags).has_value());
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.errors()[0].location.line, 3);
  EXPECT_NE(diags.errors()[0].message.find("tab"), std::string::npos) << diags.errors()[0].message;
}

TEST_F(LoadTest, MissingFileIsAWholeFileError) {
  std::string path = (dir_ / "absent.yaml").string();
  Diagnostics diags;
  EXPECT_FALSE(load_yaml_file(path, diags).has_value());
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.errors()[0].location.file, path);
  EXPECT_EQ(diags.errors()[0].location.line, 0);
  EXPECT_EQ(diags.errors()[0].message, "cannot read: No such file or directory");
}

TEST_F(LoadTest, ReadTextFileKeepsBytesExactly) {
  using namespace std::string_literals;
  const std::string text = "line one\r\nline two\n\0tail"s;
  std::string path = write("raw.txt", text);
  Diagnostics diags;
  std::optional<std::string> read = read_text_file(path, diags);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(*read, text);
  EXPECT_FALSE(diags.has_errors());
}

TEST_F(LoadTest, EmptyFileGivesANullRoot) {
  std::string path = write("empty.yaml", "");
  Diagnostics diags;
  std::optional<YamlFile> file = load_yaml_file(path, diags);
  ASSERT_TRUE(file.has_value());
  EXPECT_TRUE(file->root.is_null());
  EXPECT_EQ(location_of(path, file->root).line, 0);  // the whole file
}

// ---------------------------------------------------------------------------------------------
// parse_yaml: the node tree

// The single error of parsing `text`, which must fail.
Diagnostic parse_error(const std::string& text) {
  Diagnostics diags;
  EXPECT_FALSE(parse_yaml("f.yaml", text, diags).has_value());
  EXPECT_EQ(diags.error_count(), 1u) << diags.format();
  return diags.has_errors() ? diags.errors()[0] : Diagnostic{};
}

TEST(ParseYaml, KindsOrderAndMarks) {
  YamlNode root = parse("b: [x, {k: v}]\na: 1\n");
  ASSERT_TRUE(root.is_mapping());
  ASSERT_EQ(root.size(), 2u);
  std::vector<std::string> keys;
  for (const auto& [key, value] : root.entries()) keys.push_back(key.scalar());
  EXPECT_EQ(keys, (std::vector<std::string>{"b", "a"}));  // file order, not sorted
  const YamlNode& list = root["b"];
  ASSERT_TRUE(list.is_sequence());
  EXPECT_EQ(list.items().size(), 2u);
  EXPECT_TRUE(list[1].is_mapping());
  EXPECT_EQ(list[1]["k"].scalar(), "v");
  EXPECT_FALSE(list[2].is_defined());
  EXPECT_FALSE(root[0].is_defined());  // a mapping has no items
  EXPECT_EQ(list[1]["k"].mark().line, 1);
  EXPECT_EQ(list[1]["k"].mark().column, 12);
  EXPECT_EQ(list[1]["k"].mark().offset, 11u);
}

TEST(ParseYaml, NullsAreThePlainNullSpellings) {
  YamlNode root =
      parse("a:\nb: ~\nc: null\nd: Null\ne: NULL\nf: ''\ng: \"~\"\nh: nil\ni: !!str\nj: nulls\n");
  for (const char* key : {"a", "b", "c", "d", "e"}) {
    EXPECT_TRUE(root[key].is_null()) << key;
    EXPECT_EQ(root[key].scalar(), "") << key;
  }
  for (const char* key : {"f", "g", "h", "i", "j"}) EXPECT_TRUE(root[key].is_scalar()) << key;
  EXPECT_EQ(root["g"].scalar(), "~");
}

TEST(ParseYaml, ScalarStyles) {
  YamlNode root = parse("p: x\ns: 'x'\nd: \"x\"\nl: |\n  x\nf: >\n  x\n");
  EXPECT_EQ(root["p"].style(), YamlNode::Style::Plain);
  EXPECT_EQ(root["s"].style(), YamlNode::Style::SingleQuoted);
  EXPECT_EQ(root["d"].style(), YamlNode::Style::DoubleQuoted);
  EXPECT_EQ(root["l"].style(), YamlNode::Style::Literal);
  EXPECT_EQ(root["f"].style(), YamlNode::Style::Folded);
  EXPECT_EQ(root["l"].scalar(), "x\n");
}

TEST(ParseYaml, AliasesAreCopiesOfTheAnchoredNode) {
  YamlNode root = parse("a: &x {k: [1, 2]}\nb: *x\n");
  ASSERT_TRUE(root["b"].is_mapping());
  EXPECT_EQ(root["b"]["k"][1].scalar(), "2");
  EXPECT_EQ(root["b"].mark().line, 1);  // where the anchored node was written
}

TEST(ParseYaml, UndefinedAliasIsLocated) {
  Diagnostic e = parse_error("a: 1\nb: *nowhere\n");
  EXPECT_EQ(e.message, "malformed YAML: found undefined alias 'nowhere'");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 4);
}

TEST(ParseYaml, AliasesCannotExplode) {
  std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char c = 'b'; c <= 'i'; ++c) {
    const std::string prev(1, static_cast<char>(c - 1));
    text += std::string(1, c) + ": &" + std::string(1, c) + " [";
    for (int i = 0; i < 10; ++i) text += (i ? ", *" : "*") + prev;
    text += "]\n";
  }
  Diagnostic e = parse_error(text);
  EXPECT_EQ(e.message, "malformed YAML: aliases expand to more than 100000 nodes");
}

TEST(ParseYaml, TooManyNodesIsAnError) {
  // A list of 600,000 one-character items: 1.2 MB of text that would take ~100 MB as a tree.
  std::string text = "ops: [";
  for (int i = 0; i < 600000; ++i) text += "x,";
  text += "]\n";
  Diagnostic e = parse_error(text);
  EXPECT_EQ(e.message,
            "too large: more than 500000 YAML nodes (torch's native_functions.yaml has about "
            "26,000)");
  EXPECT_EQ(e.location.line, 1);
  // Located at the node past the budget: the mapping, its key and the list are the first three.
  EXPECT_EQ(e.location.column, 7 + 2 * (500001 - 4));
}

TEST(ParseYaml, DeepNestingIsAnError) {
  Diagnostic e = parse_error(std::string(5000, '[') + std::string(5000, ']'));
  EXPECT_EQ(e.message, "malformed YAML: nested more than 1000 levels deep");
  EXPECT_EQ(e.location.column, 1001);
}

TEST(ParseYaml, ASecondDocumentIsAnError) {
  // It would be ignored otherwise: a descriptor's second half silently dropped.
  Diagnostic e = parse_error("--- a\n--- b\n");
  EXPECT_EQ(e.message, "a second YAML document in one file");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 1);
  EXPECT_EQ(parse("--- a\n...\n").scalar(), "a");  // one document, explicitly ended
  EXPECT_TRUE(parse("# only a comment\n").is_null());
}

TEST(ParseYaml, ColumnsCountBytes) {
  // 'é' is two bytes: the caret of a report is placed by bytes.
  YamlNode root = parse("\xc3\xa9: [a, b]\n");
  EXPECT_EQ(root["\xc3\xa9"][1].mark().column, 9);
  Diagnostic e = parse_error("a: \"\xc3\xa9\"\nb: [c, d]]\n");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 10);
}

TEST(ParseYaml, InvalidUtf8IsLocated) {
  Diagnostic e = parse_error("a: 1\nb: x\x80\n");
  EXPECT_TRUE(e.message.starts_with("malformed YAML: ")) << e.message;
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 5);
}

TEST(ParseYaml, UnterminatedQuoteIsAnError) {
  // Found at the end of the file: reported where the quote opened.
  Diagnostic e = parse_error("a: \"x\n");
  EXPECT_EQ(e.message,
            "malformed YAML: found unexpected end of stream while scanning a quoted scalar that "
            "starts here");
  EXPECT_EQ(e.location.line, 1);
  EXPECT_EQ(e.location.column, 4);
}

TEST(ParseYaml, AnUnfinishedConstructSaysWhereItStarts) {
  Diagnostic e = parse_error("a: [x\nb: 1\n");
  EXPECT_EQ(e.message,
            "malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence that "
            "starts at line 1, column 4)");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 2);
}

TEST(ParseYaml, Utf16IsRefusedWhole) {
  for (const std::string bom : {"\xFF\xFE", "\xFE\xFF"}) {
    Diagnostic e = parse_error(bom + std::string("a\0:\0 \0x\0\n\0", 10));
    EXPECT_EQ(e.message, "malformed YAML: the file is UTF-16 (it starts with a UTF-16 BOM)");
    EXPECT_EQ(e.location.line, 0);  // no line of it is quoted
    EXPECT_EQ(e.hint, "save it as UTF-8");
  }
  EXPECT_EQ(parse("\xEF\xBB\xBF"
                  "a: 1\n")["a"]
                .scalar(),
            "1");  // UTF-8's BOM is fine
}

// ---------------------------------------------------------------------------------------------
// location_of / location_in_scalar

TEST(Locations, LocationOfIsOneBased) {
  YamlNode root = parse("a: 1\nbb:\n  - x\n  - yy\n");
  SourceLocation loc = location_of("f.yaml", root["bb"][1]);
  EXPECT_EQ(loc.file, "f.yaml");
  EXPECT_EQ(loc.line, 4);
  EXPECT_EQ(loc.column, 5);
}

TEST(Locations, LocationOfAMissingNodeIsTheWholeFile) {
  YamlNode root = parse("a: 1\n");
  SourceLocation loc = location_of("f.yaml", root["missing"]);
  EXPECT_EQ(loc.line, 0);
  EXPECT_EQ(loc.column, 0);
}

TEST(Locations, InPlainScalar) {
  //                       123456789012345678
  const std::string src = "func: foo(Tensr self)\n";
  YamlNode root = parse(src);
  const std::string& text = root["func"].scalar();
  SourceLocation loc = location_in_scalar("f.yaml", src, root["func"], text.find("Tensr"));
  EXPECT_EQ(loc.line, 1);
  EXPECT_EQ(loc.column, 11);  // the 'T' of Tensr
}

TEST(Locations, InDoubleQuotedScalar) {
  const std::string src = "a: 1\nfunc: \"foo(Tensr self)\"\n";
  YamlNode root = parse(src);
  const std::string& text = root["func"].scalar();
  SourceLocation loc = location_in_scalar("f.yaml", src, root["func"], text.find("Tensr"));
  EXPECT_EQ(loc.line, 2);
  EXPECT_EQ(loc.column, 12);  // one further for the opening quote
}

TEST(Locations, InSingleQuotedScalar) {
  const std::string src = "func: 'foo(Tensr self)'\n";
  YamlNode root = parse(src);
  const std::string& text = root["func"].scalar();
  SourceLocation loc = location_in_scalar("f.yaml", src, root["func"], text.find("Tensr"));
  EXPECT_EQ(loc.column, 12);
}

TEST(Locations, InSequenceItem) {
  const std::string src = "- func: add(Tensr a)\n";
  YamlNode root = parse(src);
  SourceLocation loc = location_in_scalar("f.yaml", src, root[0]["func"], 4);
  EXPECT_EQ(loc.line, 1);
  EXPECT_EQ(loc.column, 13);
}

TEST(Locations, BlockScalarFallsBackToTheStart) {
  const std::string src = "func: >\n  foo(Tensr self)\n";
  YamlNode root = parse(src);
  SourceLocation start = location_of("f.yaml", root["func"]);
  SourceLocation loc = location_in_scalar("f.yaml", src, root["func"], 4);
  EXPECT_EQ(loc.line, start.line);
  EXPECT_EQ(loc.column, start.column);
}

// ---------------------------------------------------------------------------------------------
// MappingReader

TEST(MappingReader, RejectsANonMapping) {
  YamlNode root = parse("- a\n- b\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "the descriptor");
  EXPECT_FALSE(reader.ok());
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.errors()[0].message, "expected the descriptor to be a mapping of keys");
  EXPECT_EQ(diags.errors()[0].location.line, 1);
  // Nothing is taken from, or reported about, a reader that is not ok.
  EXPECT_FALSE(reader.take("a").is_defined());
  reader.finish();
  EXPECT_EQ(diags.error_count(), 1u);
}

TEST(MappingReader, TakesTypedValues) {
  YamlNode root =
      parse("name: hello\nflag: true\nother: False\ncount: -42\nlist: [a, b]\nsingle: c\nnone:\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "a thing");
  ASSERT_TRUE(reader.ok());
  EXPECT_EQ(reader.take_string("name"), "hello");
  EXPECT_EQ(reader.take_bool("flag"), true);
  EXPECT_EQ(reader.take_bool("other"), false);
  EXPECT_EQ(reader.take_int("count"), -42);
  auto list = reader.take_string_list("list");
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].first, "a");
  EXPECT_EQ(list[1].first, "b");
  EXPECT_EQ(location_of("f.yaml", list[1].second).column, 11);
  auto single = reader.take_string_list("single");
  ASSERT_EQ(single.size(), 1u);
  EXPECT_EQ(single[0].first, "c");
  EXPECT_TRUE(reader.take_string_list("none").empty());
  reader.finish();
  EXPECT_FALSE(diags.has_errors()) << diags.format();
}

TEST(MappingReader, AbsentKeysGiveNothingAndNoError) {
  YamlNode root = parse("a: 1\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "x");
  EXPECT_FALSE(reader.take("b").is_defined());
  EXPECT_FALSE(reader.take_string("b").has_value());
  EXPECT_FALSE(reader.take_bool("b").has_value());
  EXPECT_FALSE(reader.take_int("b").has_value());
  EXPECT_TRUE(reader.take_string_list("b").empty());
  reader.take("a");
  reader.finish();
  EXPECT_FALSE(diags.has_errors()) << diags.format();
}

TEST(MappingReader, UnknownKeysWithDidYouMean) {
  YamlNode root = parse("device: x\nopz: [a]\nzzzzzzzz: 1\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "the descriptor");
  reader.take("device");
  reader.take("ops");
  reader.take("op_sets");
  reader.finish();
  ASSERT_EQ(diags.error_count(), 2u);
  EXPECT_EQ(diags.errors()[0].message, "unknown key 'opz' in the descriptor");
  EXPECT_EQ(diags.errors()[0].hint, "did you mean 'ops'?");
  EXPECT_EQ(diags.errors()[0].location.line, 2);
  EXPECT_EQ(diags.errors()[0].location.column, 1);
  EXPECT_EQ(diags.errors()[1].message, "unknown key 'zzzzzzzz' in the descriptor");
  EXPECT_EQ(diags.errors()[1].hint, "");
  EXPECT_EQ(diags.errors()[1].location.line, 3);
}

TEST(MappingReader, NestedUnknownKeyIsLocated) {
  YamlNode root = parse("top:\n  inner: 1\n  innr: 2\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root["top"], diags, "'top'");
  reader.take("inner");
  reader.finish();
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.errors()[0].message, "unknown key 'innr' in 'top'");
  EXPECT_EQ(diags.errors()[0].hint, "did you mean 'inner'?");
  EXPECT_EQ(diags.errors()[0].location.line, 3);
  EXPECT_EQ(diags.errors()[0].location.column, 3);
}

TEST(MappingReader, DuplicateKeys) {
  YamlNode root = parse("a: 1\nb: 2\na: 3\nc: 4\nb: 5\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "the descriptor");
  EXPECT_TRUE(reader.ok());  // reported, but the reader still works
  ASSERT_EQ(diags.error_count(), 2u) << diags.format();
  EXPECT_EQ(diags.errors()[0].message, "duplicate key 'a' in the descriptor");
  EXPECT_EQ(diags.errors()[0].hint, "merge the two entries into one");
  EXPECT_EQ(diags.errors()[0].location.line, 3);
  EXPECT_EQ(diags.errors()[0].location.column, 1);
  EXPECT_EQ(diags.errors()[1].message, "duplicate key 'b' in the descriptor");
  EXPECT_EQ(diags.errors()[1].location.line, 5);
  EXPECT_EQ(reader.take_int("a"), 1);  // the first one wins
  reader.take("b");
  reader.take("c");
  reader.finish();
  EXPECT_EQ(diags.error_count(), 2u);
}

TEST(MappingReader, KeysThatAreNotNames) {
  YamlNode root = parse("? [a, b]\n: 1\n~: 2\nc: 3\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "the descriptor");
  reader.take("c");
  reader.finish();  // not reported again as unknown keys
  ASSERT_EQ(diags.error_count(), 2u) << diags.format();
  EXPECT_EQ(diags.errors()[0].message, "expected a name as a key of the descriptor, found a list");
  EXPECT_EQ(diags.errors()[0].location.line, 1);
  EXPECT_EQ(diags.errors()[0].location.column, 3);
  EXPECT_EQ(diags.errors()[1].message,
            "expected a name as a key of the descriptor, found nothing (null)");
}

TEST(MappingReader, DuplicatesAmongManyKeys) {
  std::string text;
  for (int i = 0; i < 50000; ++i) text += "k" + std::to_string(i) + ": 1\n";
  text += "k7: 2\n";
  YamlNode root = parse(text);
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "x");  // linear: this took seconds when quadratic
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.errors()[0].message, "duplicate key 'k7' in x");
  EXPECT_EQ(diags.errors()[0].location.line, 50001);
}

TEST(MappingReader, ListHintOnlyForAOneLineValue) {
  YamlNode root = parse("a: x\nb: |\n  y\n  z\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "x");
  reader.take_string_list("a", MappingReader::Scalar::kError);
  reader.take_string_list("b", MappingReader::Scalar::kError);
  ASSERT_EQ(diags.error_count(), 2u);
  EXPECT_EQ(diags.errors()[0].hint, "write it as a list: a: [x]");
  EXPECT_EQ(diags.errors()[1].message, "expected 'b' to be a list of strings");
  EXPECT_EQ(diags.errors()[1].hint, "");
}

TEST(MappingReader, TakeBoolTypeErrors) {
  YamlNode root = parse("a: yes\nb: 1\nc: [true]\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "x");
  EXPECT_FALSE(reader.take_bool("a").has_value());
  EXPECT_FALSE(reader.take_bool("b").has_value());
  EXPECT_FALSE(reader.take_bool("c").has_value());
  ASSERT_EQ(diags.error_count(), 3u);
  EXPECT_EQ(diags.errors()[0].message, "expected 'a' to be true or false, found 'yes'");
  EXPECT_EQ(diags.errors()[0].location.line, 1);
  EXPECT_EQ(diags.errors()[0].location.column, 4);
  EXPECT_EQ(diags.errors()[1].message, "expected 'b' to be true or false, found '1'");
  EXPECT_EQ(diags.errors()[1].location.line, 2);
  EXPECT_EQ(diags.errors()[2].message, "expected 'c' to be true or false, found 'a collection'");
  EXPECT_EQ(diags.errors()[2].location.line, 3);
}

TEST(MappingReader, TakeIntTypeErrors) {
  YamlNode root = parse("a: 12abc\nb: 1.5\nc: {x: 1}\nd: \"\"\ne: 99999999999999999999999\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "x");
  for (const char* key : {"a", "b", "c", "d", "e"}) {
    EXPECT_FALSE(reader.take_int(key).has_value()) << key;
  }
  ASSERT_EQ(diags.error_count(), 5u);
  for (int i = 0; i < 5; ++i) {
    const std::string key(1, static_cast<char>('a' + i));
    EXPECT_EQ(diags.errors()[i].message, "expected '" + key + "' to be an integer");
    EXPECT_EQ(diags.errors()[i].location.line, i + 1);
  }
}

TEST(MappingReader, TakeStringTypeError) {
  YamlNode root = parse("name:\n  - a\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "x");
  EXPECT_FALSE(reader.take_string("name").has_value());
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.errors()[0].message, "expected 'name' to be a string");
  EXPECT_EQ(diags.errors()[0].location.line, 2);
}

TEST(MappingReader, TakeStringListTypeErrors) {
  YamlNode root = parse("m: {a: 1}\nl:\n  - ok\n  - [nested]\n  - {k: v}\n  - fine\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "x");
  EXPECT_TRUE(reader.take_string_list("m").empty());
  auto items = reader.take_string_list("l");
  ASSERT_EQ(items.size(), 2u);  // the good entries are still returned
  EXPECT_EQ(items[0].first, "ok");
  EXPECT_EQ(items[1].first, "fine");
  ASSERT_EQ(diags.error_count(), 3u);
  EXPECT_EQ(diags.errors()[0].message, "expected 'm' to be a list of strings");
  EXPECT_EQ(diags.errors()[0].location.line, 1);
  EXPECT_EQ(diags.errors()[1].message, "expected each entry of 'l' to be a string");
  EXPECT_EQ(diags.errors()[1].location.line, 4);
  EXPECT_EQ(diags.errors()[1].location.column, 5);
  EXPECT_EQ(diags.errors()[2].location.line, 5);
}

TEST(MappingReader, ExposesFileAndNode) {
  YamlNode root = parse("a: 1\n");
  Diagnostics diags;
  MappingReader reader("f.yaml", root, diags, "x");
  EXPECT_EQ(reader.file(), "f.yaml");
  EXPECT_TRUE(reader.node().is_mapping());
}

TEST(IsScalarString, Shapes) {
  YamlNode root = parse("s: x\nl: [x]\nn: ~\n");
  EXPECT_TRUE(is_scalar_string(root["s"]));
  EXPECT_FALSE(is_scalar_string(root["l"]));
  EXPECT_FALSE(is_scalar_string(root["n"]));
  EXPECT_FALSE(is_scalar_string(root["absent"]));
}

TEST(Locations, QuotedScalarWithEscapesCountsSourceCharacters) {
  //                         1234567890123456789012
  const std::string src = "func: \"f(str a=\\\"x\\\", Tensr b)\"\n";
  YamlNode root = parse(src);
  const std::string& value = root["func"].scalar();
  SourceLocation loc = location_in_scalar("f.yaml", src, root["func"], value.find("Tensr"));
  EXPECT_EQ(loc.column, static_cast<int>(src.find("Tensr")) + 1);
}

}  // namespace
}  // namespace frp::load
