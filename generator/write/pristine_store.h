// The scaffolds as frp-gen last wrote them, kept in the repo as one file, .frp/pristine.txt: the
// base of the three-way merge that carries a changed scaffold into a file its owner edited.
// One file rather than a copy per scaffold: a large backend has over a thousand kernel files,
// and creating as many files again cost a third of a generation.
//
// The format is plain text, so that a commit's diff reads like the scaffolds' own: a first line
// naming the file, then per scaffold a line "=== <bytes> <path>", its text, and a newline.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace frp::write {

class PristineStore {
 public:
  static constexpr std::string_view kPath = ".frp/pristine.txt";

  // The store in `text`; nullopt if the text is not one (edited, or cut short).
  static std::optional<PristineStore> parse(std::string text);

  // The text of a store holding `entries` (path, text), in the order given.
  static std::string format(
      const std::vector<std::pair<std::string_view, std::string_view>>& entries);

  const std::string& text() const { return text_; }
  // The pristine text of the scaffold at `path`, if the store has it.
  std::optional<std::string_view> find(std::string_view path) const;

 private:
  std::string text_;
  // Where each scaffold's text is in text_ (offset, size): offsets stay right when the store moves.
  std::unordered_map<std::string, std::pair<std::size_t, std::size_t>> by_path_;
};

}  // namespace frp::write
