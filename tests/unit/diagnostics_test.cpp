// Unit tests for located diagnostics: the report format, the cap on reported errors, and the
// edit-distance helpers behind did-you-mean hints.
#include "common/diagnostics.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace frp {
namespace {

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size())) {
    ++count;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// SourceLocation

TEST(SourceLocation, ShiftedMovesAlongTheLine) {
  SourceLocation at{"f.yaml", 3, 7};
  SourceLocation moved = at.shifted(5);
  EXPECT_EQ(moved.file, "f.yaml");
  EXPECT_EQ(moved.line, 3);
  EXPECT_EQ(moved.column, 12);
  EXPECT_EQ(at.column, 7);  // the original is untouched
}

TEST(SourceLocation, ShiftedLeavesWholeFileLocationsAlone) {
  SourceLocation whole{"f.yaml", 0, 0};
  EXPECT_EQ(whole.shifted(5).line, 0);
  EXPECT_EQ(whole.shifted(5).column, 0);
}

// ---------------------------------------------------------------------------------------------
// Diagnostics collection and format()

TEST(Diagnostics, StartsEmpty) {
  Diagnostics diags;
  EXPECT_FALSE(diags.has_errors());
  EXPECT_EQ(diags.error_count(), 0u);
  EXPECT_EQ(diags.format(), "");
}

TEST(Diagnostics, CollectsErrorsInOrder) {
  Diagnostics diags;
  diags.error({"a.yaml", 1, 2}, "first");
  diags.error({"b.yaml", 3, 4}, "second", "a hint");
  ASSERT_TRUE(diags.has_errors());
  ASSERT_EQ(diags.error_count(), 2u);
  EXPECT_EQ(diags.errors()[0].message, "first");
  EXPECT_EQ(diags.errors()[0].hint, "");
  EXPECT_EQ(diags.errors()[1].location.file, "b.yaml");
  EXPECT_EQ(diags.errors()[1].location.line, 3);
  EXPECT_EQ(diags.errors()[1].location.column, 4);
  EXPECT_EQ(diags.errors()[1].hint, "a hint");
}

TEST(Diagnostics, FormatQuotesTheLineWithACaretAndTheHint) {
  Diagnostics diags;
  diags.add_source("f.yaml", "first: 1\nsecond: oops\nthird: 3\n");
  diags.error({"f.yaml", 2, 9}, "expected a number", "write e.g. 'second: 2'");
  EXPECT_EQ(diags.format(),
            "f.yaml:2:9: error: expected a number\n"
            "    second: oops\n"
            "            ^\n"
            "  hint: write e.g. 'second: 2'\n");
}

TEST(Diagnostics, FormatCaretAtFirstColumn) {
  Diagnostics diags;
  diags.add_source("f.yaml", "bad\n");
  diags.error({"f.yaml", 1, 1}, "msg");
  EXPECT_EQ(diags.format(), "f.yaml:1:1: error: msg\n    bad\n    ^\n");
}

TEST(Diagnostics, FormatLastLineWithoutNewline) {
  Diagnostics diags;
  diags.add_source("f.yaml", "a: 1\nb: x");
  diags.error({"f.yaml", 2, 4}, "msg");
  EXPECT_EQ(diags.format(), "f.yaml:2:4: error: msg\n    b: x\n       ^\n");
}

TEST(Diagnostics, FormatWithoutLineHasNoPositionOrQuote) {
  Diagnostics diags;
  diags.add_source("f.yaml", "a: 1\n");
  diags.error({"f.yaml", 0, 0}, "cannot read file");
  EXPECT_EQ(diags.format(), "f.yaml: error: cannot read file\n");
}

TEST(Diagnostics, FormatWithoutColumnHasTheLineOnly) {
  // A template error: Jinja2 knows the line, not the column.
  Diagnostics diags;
  diags.add_source("t.j2", "a\nb\n");
  diags.error({"t.j2", 2, 0}, "msg");
  EXPECT_EQ(diags.format(), "t.j2:2: error: msg\n");
}

TEST(Diagnostics, FormatWithoutSourceHasNoQuote) {
  Diagnostics diags;
  diags.error({"unknown.yaml", 4, 2}, "msg", "hint text");
  EXPECT_EQ(diags.format(), "unknown.yaml:4:2: error: msg\n  hint: hint text\n");
}

TEST(Diagnostics, FormatLineBeyondTheEndHasNoQuote) {
  Diagnostics diags;
  diags.add_source("f.yaml", "a: 1\n");
  diags.error({"f.yaml", 7, 1}, "msg");
  EXPECT_EQ(diags.format(), "f.yaml:7:1: error: msg\n");
}

TEST(Diagnostics, FormatQuotesEachErrorFromItsOwnFile) {
  Diagnostics diags;
  diags.add_source("a.yaml", "alpha\n");
  diags.add_source("b.yaml", "one\ntwo\n");
  diags.error({"b.yaml", 2, 2}, "in b");
  diags.error({"a.yaml", 1, 3}, "in a");
  EXPECT_EQ(diags.format(),
            "b.yaml:2:2: error: in b\n    two\n     ^\n"
            "a.yaml:1:3: error: in a\n    alpha\n      ^\n");
}

TEST(Diagnostics, AddSourceReplacesEarlierText) {
  Diagnostics diags;
  diags.add_source("f.yaml", "old line\n");
  diags.add_source("f.yaml", "new line\n");
  diags.error({"f.yaml", 1, 1}, "msg");
  EXPECT_NE(diags.format().find("    new line\n"), std::string::npos);
  EXPECT_EQ(diags.format().find("old line"), std::string::npos);
}

TEST(Diagnostics, FormatCapsTheNumberOfReportedErrors) {
  Diagnostics diags;
  const std::size_t total = Diagnostics::kMaxReported + 10;
  for (std::size_t i = 0; i < total; ++i) {
    diags.error({"f.yaml", static_cast<int>(i + 1), 1}, "error number " + std::to_string(i));
  }
  EXPECT_EQ(diags.error_count(), total);  // all are kept, only the report is capped
  const std::string text = diags.format();
  EXPECT_EQ(count_of(text, ": error: "), Diagnostics::kMaxReported);
  EXPECT_NE(text.find("error number " + std::to_string(Diagnostics::kMaxReported - 1) + "\n"),
            std::string::npos);
  EXPECT_EQ(text.find("error number " + std::to_string(Diagnostics::kMaxReported) + "\n"),
            std::string::npos);
  EXPECT_TRUE(text.ends_with("... and 10 more errors\n")) << text;
}

TEST(Diagnostics, GivesUpFarPastTheReportCap) {
  Diagnostics diags;
  for (std::size_t i = 0; i + 1 < Diagnostics::kMaxCollected; ++i) diags.error({"f", 1, 1}, "e");
  EXPECT_FALSE(diags.gave_up());
  EXPECT_TRUE(diags.format().ends_with(" more errors\n"));
  diags.error({"f", 1, 1}, "e");
  EXPECT_TRUE(diags.gave_up());
  EXPECT_TRUE(diags.format().ends_with(" more errors; frp-gen stopped looking for more\n"));
}

TEST(Diagnostics, FormatAtExactlyTheCapHasNoTrailer) {
  Diagnostics diags;
  for (std::size_t i = 0; i < Diagnostics::kMaxReported; ++i) diags.error({"f", 1, 1}, "e");
  const std::string text = diags.format();
  EXPECT_EQ(count_of(text, ": error: "), Diagnostics::kMaxReported);
  EXPECT_EQ(text.find("more errors"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// edit_distance, nearest, did_you_mean

TEST(EditDistance, ClassicValues) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("flaw", "lawn"), 2u);
  EXPECT_EQ(edit_distance("same", "same"), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("", ""), 0u);
}

TEST(EditDistance, IsCaseInsensitive) {
  EXPECT_EQ(edit_distance("ABC", "abc"), 0u);
  EXPECT_EQ(edit_distance("add.tensor", "add.Tensor"), 0u);
  EXPECT_EQ(edit_distance("Tensr", "tensor"), 1u);
}

TEST(EditDistance, SwapOfNeighboursIsOneEdit) {
  EXPECT_EQ(edit_distance("wran", "warn"), 1u);
  EXPECT_EQ(edit_distance("tga", "tag"), 1u);
  EXPECT_EQ(edit_distance("rleu", "RELU"), 1u);
  EXPECT_EQ(edit_distance("ab", "ba"), 1u);
  EXPECT_EQ(edit_distance("abc", "ca"), 3u);  // optimal string alignment, not full Damerau
}

TEST(EditDistance, IsSymmetric) {
  EXPECT_EQ(edit_distance("relu_", "gelu"), edit_distance("gelu", "relu_"));
  EXPECT_EQ(edit_distance("relu_", "gelu"), 2u);
}

TEST(Nearest, FindsTheCaseInsensitiveMatch) {
  const std::vector<std::string> ops = {"add.out", "add_.Tensor", "add.Tensor", "relu"};
  EXPECT_EQ(nearest("add.tensor", ops), "add.Tensor");
}

TEST(Nearest, PrefersTheCloserCandidate) {
  EXPECT_EQ(nearest("add", {"adx", "ADD"}), "ADD");
  EXPECT_EQ(nearest("Tensr", {"Scalar", "Tensor", "Tensors"}), "Tensor");
}

TEST(Nearest, FirstCandidateWinsATie) { EXPECT_EQ(nearest("cat", {"bat", "hat"}), "bat"); }

TEST(Nearest, NothingForAFarWord) {
  const std::vector<std::string> ops = {"add.Tensor", "relu", "mm"};
  EXPECT_EQ(nearest("convolution_backward", ops), "");
  EXPECT_EQ(nearest("xyz", {"abc"}), "");
  EXPECT_EQ(nearest("anything", {}), "");
}

TEST(Nearest, AllowsAboutOneEditPerThreeCharacters) {
  // 9 characters: up to 3 edits.
  EXPECT_EQ(nearest("abcdefghi", {"abcdefXYZ"}), "abcdefXYZ");
  EXPECT_EQ(nearest("abcdefghi", {"abcdeWXYZ"}), "");
  // Short words still get one edit.
  EXPECT_EQ(nearest("mn", {"mm"}), "mm");
  EXPECT_EQ(nearest("mn", {"xy"}), "");
}

TEST(DidYouMean, Phrase) {
  EXPECT_EQ(did_you_mean("add.tensor", {"add_.Tensor", "add.Tensor", "add.out"}),
            "did you mean 'add.Tensor'?");
  EXPECT_EQ(did_you_mean("opz", {"device", "ops", "op_sets"}), "did you mean 'ops'?");
}

TEST(DidYouMean, Transposition) {
  EXPECT_EQ(did_you_mean("wran", {"warn", "silent", "error"}), "did you mean 'warn'?");
}

TEST(DidYouMean, EmptyForAFarWord) {
  EXPECT_EQ(did_you_mean("completely_unrelated", {"add.Tensor", "relu"}), "");
}

TEST(Nearest, AWordLongerThanAnyNameHasNoSuggestionAndCostsNothing) {
  const std::string huge(100000, 'a');
  EXPECT_EQ(nearest(huge, {"add.Tensor", std::string(99999, 'a')}), "");
  // Lengths too far apart are skipped without changing the answer.
  EXPECT_EQ(nearest("add.Tensr", {"a", "add.Tensor", "an_operator_with_a_much_longer_name"}),
            "add.Tensor");
}

TEST(Format, ALongSourceLineIsQuotedAroundTheCaret) {
  Diagnostics diags;
  const std::string line = std::string(500, 'x') + "BAD" + std::string(500, 'y');
  diags.add_source("f.yaml", "key: 1\n" + line + "\n");
  diags.error({"f.yaml", 2, 501}, "bad");
  const std::string text = diags.format();
  const std::size_t quoted = text.find("\n    ...") + 5;
  const std::size_t end = text.find('\n', quoted);
  const std::string shown = text.substr(quoted, end - quoted);
  EXPECT_EQ(shown.size(), 106u) << shown;  // "..." + 100 characters + "..."
  const std::size_t caret = text.find('^') - end - 1 - 4;
  EXPECT_EQ(shown.substr(caret, 3), "BAD") << text;
}

TEST(Format, ALongMessageIsCut) {
  Diagnostics diags;
  diags.error({"f.yaml", 0, 0}, "unknown operator '" + std::string(100000, 'q') + "'",
              "hint " + std::string(1000, 'h'));
  const std::string text = diags.format();
  EXPECT_LT(text.size(), 1000u);
  EXPECT_NE(text.find("... (100019 characters)"), std::string::npos) << text;
}

TEST(Diagnostics, ShowsAnotherUntilTheCap) {
  Diagnostics diags;
  for (std::size_t i = 0; i < Diagnostics::kMaxReported; ++i) {
    EXPECT_TRUE(diags.shows_another());
    diags.error({"f", 0, 0}, "e");
  }
  EXPECT_FALSE(diags.shows_another());
}

TEST(TerminalSafe, KeepsUtf8AndTabsAndEscapesEverythingElse) {
  EXPECT_EQ(terminal_safe("plain\ttext, naïve, 東京, 🙂"),
            "plain\ttext, naïve, 東京, 🙂");
  EXPECT_EQ(terminal_safe(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(terminal_safe("\x1b[2J\r\x7f"), "\\x1b[2J\\x0d\\x7f");
  EXPECT_EQ(terminal_safe("\xff\xfe"), "\\xff\\xfe");           // no UTF-8 starts so
  EXPECT_EQ(terminal_safe("\xc3"), "\\xc3");                    // cut short
  EXPECT_EQ(terminal_safe("\xc0\xaf"), "\\xc0\\xaf");           // overlong '/'
  EXPECT_EQ(terminal_safe("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
  EXPECT_EQ(terminal_safe("\xc2\x9b"
                          "1m"),
            "\\xc2\\x9b"
            "1m");  // C1 control (CSI)
}

TEST(Diagnostics, QuotedLinesAreTerminalSafeAndTheCaretFollows) {
  Diagnostics diags;
  diags.add_source("f.yaml", "device: \"my\x1b[2J\" \r\nops: [\xff]\r\n");
  diags.error({"f.yaml", 1, 15}, std::string("bad name 'my\x1b[2J\0'", 18));
  diags.error({"f.yaml", 2, 7}, "invalid byte");
  EXPECT_EQ(diags.format(),
            "f.yaml:1:15: error: bad name 'my\\x1b[2J\\x00'\n"
            "    device: \"my\\x1b[2J\" \n"
            "                     ^\n"  // under the J, past the escape
            "f.yaml:2:7: error: invalid byte\n"
            "    ops: [\\xff]\n"
            "          ^\n");
}

}  // namespace
}  // namespace frp
