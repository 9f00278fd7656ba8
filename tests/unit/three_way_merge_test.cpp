// Unit tests for the three-way merge of scaffolds: what a regen does to a kernel file whose
// operator changed after its owner wrote the kernel.
#include "write/three_way_merge.h"

#include <gtest/gtest.h>

#include <string>

namespace frp::write {
namespace {

// A kernel file as the scaffold writes it, for one op with the given signature and placeholder.
std::string kernel_file(const std::string& includes, const std::string& functions) {
  return "// Scaffolded by frp-gen.\n" + includes + "\nnamespace dev::kernels {\n" + functions +
         "\n}  // namespace dev::kernels\n";
}

const std::string kIncludes = "#include \"generated/not_implemented.h\"\n";

const std::string kNormV1 =
    "\n// rms_norm(Tensor input, float eps) -> Tensor\n"
    "at::Tensor rms_norm(const at::Tensor& input, double eps) {\n"
    "  not_implemented(\"ops::rms_norm\", __FILE__, input, eps);\n"
    "}\n";
const std::string kNormV2 =
    "\n// rms_norm(Tensor input, Tensor? weight, float eps) -> Tensor\n"
    "at::Tensor rms_norm(\n"
    "    const at::Tensor& input,\n"
    "    const ::std::optional<at::Tensor>& weight,\n"
    "    double eps) {\n"
    "  not_implemented(\"ops::rms_norm\", __FILE__, input, weight, eps);\n"
    "}\n";
const std::string kUserBody =
    "  // mine\n"
    "  auto out = at::empty_like(input);\n"
    "  return out.fill_(eps);\n";

std::string user_norm(const std::string& scaffold) {
  const std::string placeholder = "  not_implemented(";
  const std::size_t at = scaffold.find(placeholder);
  const std::size_t end = scaffold.find('\n', at) + 1;
  return scaffold.substr(0, at) + kUserBody + scaffold.substr(end);
}

TEST(ThreeWayMerge, NewSignatureComesInAndTheUsersBodyStays) {
  const std::string base = kernel_file(kIncludes, kNormV1);
  const std::string theirs = kernel_file(kIncludes, kNormV2);
  const MergeResult merged = merge_three_way(base, user_norm(base), theirs, true, "yours");
  ASSERT_TRUE(merged.clean()) << merged.text;
  EXPECT_EQ(merged.text, user_norm(theirs));
}

TEST(ThreeWayMerge, AnUneditedFileBecomesTheNewScaffold) {
  const std::string base = kernel_file(kIncludes, kNormV1);
  const std::string theirs = kernel_file(kIncludes, kNormV2);
  const MergeResult merged = merge_three_way(base, base, theirs, true, "yours");
  ASSERT_TRUE(merged.clean());
  EXPECT_EQ(merged.text, theirs);
}

TEST(ThreeWayMerge, ArgumentRemovedAndReturnTypeChanged) {
  const std::string v2 =
      "\n// rms_norm(Tensor input) -> (Tensor, Tensor)\n"
      "::std::tuple<at::Tensor, at::Tensor> rms_norm(const at::Tensor& input) {\n"
      "  not_implemented(\"ops::rms_norm\", __FILE__, input);\n"
      "}\n";
  const std::string base = kernel_file(kIncludes, kNormV1);
  const MergeResult merged =
      merge_three_way(base, user_norm(base), kernel_file(kIncludes, v2), true, "yours");
  ASSERT_TRUE(merged.clean()) << merged.text;
  EXPECT_EQ(merged.text, user_norm(kernel_file(kIncludes, v2)));
}

TEST(ThreeWayMerge, NewIncludesAndNewOperatorsJoinTheUsersOwnAdditions) {
  const std::string base = kernel_file(kIncludes, kNormV1);
  std::string yours = user_norm(base);
  yours.replace(yours.find("#include"), 0, "#include <cmath>\n");
  const std::string added =
      "\n// scale(Tensor self) -> Tensor\n"
      "at::Tensor scale(const at::Tensor& self) {\n"
      "  not_implemented(\"ops::scale\", __FILE__, self);\n"
      "}\n";
  const std::string theirs =
      kernel_file("#include \"generated/kernels/scale.h\"\n" + kIncludes, kNormV2 + added);
  const MergeResult merged = merge_three_way(base, yours, theirs, true, "yours");
  ASSERT_TRUE(merged.clean()) << merged.text;
  std::string expected = user_norm(theirs);
  expected.replace(expected.find("#include"), 0, "#include <cmath>\n");
  EXPECT_EQ(merged.text, expected);
}

TEST(ThreeWayMerge, AnEditedBodyWhoseOperatorWasRenamedIsAConflictThatKeepsIt) {
  std::string renamed = kNormV1;
  for (std::size_t at; (at = renamed.find("rms_norm")) != std::string::npos;) {
    renamed.replace(at, 8, "root_mean_square_norm");
  }
  const std::string base = kernel_file(kIncludes, kNormV1);
  const MergeResult merged =
      merge_three_way(base, user_norm(base), kernel_file(kIncludes, renamed), true, "yours");
  ASSERT_EQ(merged.conflict_lines.size(), 1u) << merged.text;
  EXPECT_NE(merged.text.find(kUserBody), std::string::npos);  // nothing of the user's is lost
  EXPECT_NE(merged.text.find("at::Tensor root_mean_square_norm("), std::string::npos);
  EXPECT_EQ(conflict_marker_lines(merged.text), merged.conflict_lines);
  // The marker sits where the report says.
  std::size_t line_start = 0;
  for (int line = 1; line < merged.conflict_lines[0]; ++line) {
    line_start = merged.text.find('\n', line_start) + 1;
  }
  EXPECT_EQ(merged.text.substr(line_start, 14), "<<<<<<< yours\n");
}

TEST(ThreeWayMerge, AnOperatorRemovedGoesIfUneditedAndIsAConflictIfEdited) {
  const std::string base = kernel_file(kIncludes, kNormV1);
  const std::string theirs = kernel_file(kIncludes, "");
  EXPECT_EQ(merge_three_way(base, base, theirs, true, "yours").text, theirs);
  const MergeResult edited = merge_three_way(base, user_norm(base), theirs, true, "yours");
  EXPECT_FALSE(edited.clean());
  EXPECT_NE(edited.text.find(kUserBody), std::string::npos);
}

TEST(ThreeWayMerge, AnEditNextToTheSignatureLineMergesButTheSameLineConflicts) {
  const std::string base = kernel_file(kIncludes, kNormV1);
  const std::string theirs = kernel_file(kIncludes, kNormV2);
  // The user changed the schema comment too (the line above the signature).
  std::string commented = user_norm(base);
  commented.replace(commented.find("// rms_norm"), 2, "// NOTE: tuned.\n//");
  const MergeResult merged = merge_three_way(base, commented, theirs, true, "yours");
  ASSERT_FALSE(merged.clean());  // theirs rewrote that comment line as well
  EXPECT_NE(merged.text.find("// NOTE: tuned."), std::string::npos);
  EXPECT_NE(merged.text.find(kUserBody), std::string::npos);
  EXPECT_NE(merged.text.find("||||||| the scaffold frp-gen wrote before\n"), std::string::npos);
  EXPECT_NE(merged.text.find(">>>>>>> the scaffold frp-gen writes now\n"), std::string::npos);
}

TEST(ThreeWayMerge, LinesMergeByLineOutsideCpp) {
  const std::string base = "a\nb\nc\nd\n";
  // Neighbouring lines changed on each side: merged.
  EXPECT_EQ(merge_three_way(base, "a\nB\nc\nd\n", "a\nb\nC\nd\n", false, "yours").text,
            "a\nB\nC\nd\n");
  // The same change on both sides: taken once.
  EXPECT_EQ(merge_three_way(base, "a\nX\nc\nd\n", "a\nX\nc\nd\n", false, "yours").text,
            "a\nX\nc\nd\n");
  // Different changes to one line: a conflict with all three versions.
  const MergeResult clash = merge_three_way(base, "a\nY\nc\nd\n", "a\nZ\nc\nd\n", false, "mine");
  EXPECT_EQ(clash.text,
            "a\n<<<<<<< mine\nY\n||||||| the scaffold frp-gen wrote before\nb\n=======\nZ\n"
            ">>>>>>> the scaffold frp-gen writes now\nc\nd\n");
  EXPECT_EQ(clash.conflict_lines, std::vector<int>{2});
  // Insertions at one place: both kept, yours first.
  EXPECT_EQ(merge_three_way(base, "a\nb\nY\nc\nd\n", "a\nb\nZ\nc\nd\n", false, "y").text,
            "a\nb\nY\nZ\nc\nd\n");
  // An insertion at the edge of a change on the other side: where it goes would be a guess.
  EXPECT_FALSE(merge_three_way(base, "a\nb\nY\nc\nd\n", "a\nb\nZ\nd\n", false, "y").clean());
  // Empty sides.
  EXPECT_EQ(merge_three_way("", "", "new\n", false, "yours").text, "new\n");
  EXPECT_EQ(merge_three_way(base, "", base, false, "yours").text, "");
}

TEST(ThreeWayMerge, TextWithoutAFinalNewlineStillGetsItsMarkersOnLinesOfTheirOwn) {
  const MergeResult clash = merge_three_way("a", "b", "c", false, "yours");
  EXPECT_EQ(clash.text,
            "<<<<<<< yours\nb\n||||||| the scaffold frp-gen wrote before\na\n=======\nc\n"
            ">>>>>>> the scaffold frp-gen writes now\n");
}

TEST(ThreeWayMerge, ConflictMarkerLines) {
  EXPECT_EQ(conflict_marker_lines("x\n<<<<<<< yours\ny\n=======\nz\n>>>>>>> new\n"),
            std::vector<int>{2});
  EXPECT_TRUE(conflict_marker_lines("x << y\n<<<<<<<no space\n").empty());
}

}  // namespace
}  // namespace frp::write
