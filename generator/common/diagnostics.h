// Diagnostics shared by every pipeline stage: located errors, collected and reported together.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace frp {

// 1-based line and column; line 0 means "the whole file".
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;

  // The location `offset` characters further along the same line.
  SourceLocation shifted(std::size_t offset) const;
};

struct Diagnostic {
  SourceLocation location;
  std::string message;
  std::string hint;  // e.g. "did you mean 'add.Tensor'?"; may be empty
};

// Collects errors from one run. Stages keep going after an error where they can, so that a user
// sees every problem in a file at once; the cap keeps a badly broken file from flooding the
// terminal, and a second one, far past it, stops the loops over a long list early.
class Diagnostics {
 public:
  static constexpr std::size_t kMaxReported = 50;
  static constexpr std::size_t kMaxCollected = 1000;

  void error(SourceLocation location, std::string message, std::string hint = {});
  // Adds the errors another collector gathered (e.g. on another thread), after this one's.
  void append(const Diagnostics& other);
  bool has_errors() const { return !errors_.empty(); }
  // Whether another error would still be shown: a hint that costs a search (a did-you-mean over
  // thousands of op names) is worth making only then.
  bool shows_another() const { return errors_.size() < kMaxReported; }
  // Whether so many errors were found that looking for more is wasted work.
  bool gave_up() const { return errors_.size() >= kMaxCollected; }
  std::size_t error_count() const { return errors_.size(); }
  const std::vector<Diagnostic>& errors() const { return errors_; }

  // Remembers a file's text so that reports can quote the offending line with a caret.
  void add_source(const std::string& file, std::string text);

  // "file:line:column: error: message", the source line, a caret, and the hint.
  std::string format() const;

 private:
  std::vector<Diagnostic> errors_;
  std::map<std::string, std::string> sources_;
};

// Text from an input as it may be printed: UTF-8 without control characters (tab aside); other
// bytes become \xNN. Diagnostics::format() applies it to every file name, message, hint and
// quoted line.
std::string terminal_safe(std::string_view text);

// Case-insensitive Levenshtein distance, used for did-you-mean hints.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `word`, or "" if none is close enough to be a plausible typo.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates);

// "did you mean 'x'?" for the nearest candidate, or "" if there is none.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace frp
