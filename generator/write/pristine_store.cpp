#include "write/pristine_store.h"

#include <charconv>

namespace frp::write {

namespace {

constexpr std::string_view kFirstLine =
    "# The scaffolds as frp-gen last wrote them: the base of the merge that carries a schema "
    "change into your edited files. Written by frp-gen; commit it, do not edit it.\n";
constexpr std::string_view kEntry = "=== ";

}  // namespace

std::optional<PristineStore> PristineStore::parse(std::string text) {
  PristineStore store;
  store.text_ = std::move(text);
  const std::string_view all = store.text_;
  if (!all.starts_with(kFirstLine)) return std::nullopt;
  std::size_t at = kFirstLine.size();
  while (at < all.size()) {
    const std::size_t end = all.find('\n', at);
    if (end == std::string_view::npos || !all.substr(at).starts_with(kEntry)) return std::nullopt;
    const std::string_view header = all.substr(at + kEntry.size(), end - at - kEntry.size());
    std::size_t bytes = 0;
    const auto [number_end, error] =
        std::from_chars(header.data(), header.data() + header.size(), bytes);
    if (error != std::errc() || number_end == header.data() + header.size() || *number_end != ' ') {
      return std::nullopt;
    }
    const std::string_view path = header.substr(number_end + 1 - header.data());
    const std::size_t content = end + 1;
    if (bytes > all.size() - content || all.substr(content + bytes, 1) != "\n") return std::nullopt;
    store.by_path_[std::string(path)] = {content, bytes};
    at = content + bytes + 1;
  }
  return store;
}

std::string PristineStore::format(
    const std::vector<std::pair<std::string_view, std::string_view>>& entries) {
  std::size_t size = kFirstLine.size();
  for (const auto& [path, content] : entries) size += path.size() + content.size() + 32;
  std::string out;
  out.reserve(size);
  out += kFirstLine;
  for (const auto& [path, content] : entries) {
    out += kEntry;
    out += std::to_string(content.size());
    out += ' ';
    out += path;
    out += '\n';
    out += content;
    out += '\n';
  }
  return out;
}

std::optional<std::string_view> PristineStore::find(std::string_view path) const {
  auto found = by_path_.find(std::string(path));
  if (found == by_path_.end()) return std::nullopt;
  return std::string_view(text_).substr(found->second.first, found->second.second);
}

}  // namespace frp::write
