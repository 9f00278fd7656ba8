#include "common/diagnostics.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace frp {

SourceLocation SourceLocation::shifted(std::size_t offset) const {
  SourceLocation moved = *this;
  if (moved.line > 0) moved.column += static_cast<int>(offset);
  return moved;
}

void Diagnostics::error(SourceLocation location, std::string message, std::string hint) {
  errors_.push_back({std::move(location), std::move(message), std::move(hint)});
}

void Diagnostics::append(const Diagnostics& other) {
  errors_.insert(errors_.end(), other.errors_.begin(), other.errors_.end());
  for (const auto& [file, text] : other.sources_) sources_.emplace(file, text);
}

void Diagnostics::add_source(const std::string& file, std::string text) {
  sources_[file] = std::move(text);
}

namespace {

// The length of the UTF-8 sequence at text[i], or 0 where none starts (a stray, overlong or
// surrogate encoding, or one cut short).
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

}  // namespace

// Text from an input as it may be printed: UTF-8 without control characters, so that a hostile
// file cannot recolour or clear the terminal or garble a log. Other bytes are written as \xNN.
std::string terminal_safe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t length =
        c < 0x80 ? (c == '\t' || (c >= 0x20 && c != 0x7F) ? 1 : 0) : utf8_length(text, i);
    // U+0080..U+009F (C2 80..C2 9F) are control characters too.
    if (length == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) length = 0;
    if (length > 0) {
      out.append(text.substr(i, length));
      i += length;
      continue;
    }
    constexpr char kHex[] = "0123456789abcdef";
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 0xF];
    ++i;
  }
  return out;
}

namespace {

std::string_view line_of(const std::string& text, int line) {
  std::size_t begin = 0;
  for (int current = 1; current < line; ++current) {
    begin = text.find('\n', begin);
    if (begin == std::string::npos) return {};
    ++begin;
  }
  std::size_t end = text.find('\n', begin);
  std::string_view found = std::string_view(text).substr(
      begin, end == std::string::npos ? std::string::npos : end - begin);
  if (found.ends_with('\r')) found.remove_suffix(1);  // a CRLF file, as its editor shows it
  return found;
}

// A message or hint as printed: cut after a few hundred characters, since it may quote input
// (an unknown name of 100,000 characters must not become a message of that size).
std::string shortened(const std::string& text) {
  constexpr std::size_t kMaxShown = 300;
  if (text.size() <= kMaxShown) return terminal_safe(text);
  return terminal_safe(std::string_view(text).substr(0, kMaxShown)) + "... (" +
         std::to_string(text.size()) + " characters)";
}

// The quoted source line and its caret: at most kWindow characters of the line, around the
// column, with "..." where it was cut.
void write_excerpt(std::ostream& out, std::string_view text, int column) {
  constexpr std::size_t kWindow = 100;
  std::size_t caret = static_cast<std::size_t>(std::max(column - 1, 0));
  std::string_view shown = text;
  std::string before, after;
  if (text.size() > kWindow) {
    const std::size_t start = caret > kWindow / 2 ? std::min(caret - kWindow / 2, text.size()) : 0;
    shown = text.substr(start, kWindow);
    if (start > 0) before = "...";
    if (start + shown.size() < text.size()) after = "...";
    caret = caret - start;
  }
  // The caret moves right by what escaping adds before it.
  const std::size_t prefix = std::min(caret, shown.size());
  caret = before.size() + terminal_safe(shown.substr(0, prefix)).size() + (caret - prefix);
  out << "    " << before << terminal_safe(shown) << after << '\n';
  out << "    " << std::string(caret, ' ') << "^\n";
}

}  // namespace

std::string Diagnostics::format() const {
  std::ostringstream out;
  std::size_t shown = 0;
  for (const Diagnostic& d : errors_) {
    if (shown++ == kMaxReported) {
      out << "... and " << (errors_.size() - kMaxReported) << " more errors"
          << (gave_up() ? "; frp-gen stopped looking for more" : "") << "\n";
      break;
    }
    out << terminal_safe(d.location.file);
    if (d.location.line > 0) out << ':' << d.location.line;
    if (d.location.line > 0 && d.location.column > 0) out << ':' << d.location.column;
    out << ": error: " << shortened(d.message) << '\n';
    auto source = sources_.find(d.location.file);
    if (source != sources_.end() && d.location.line > 0 && d.location.column > 0) {
      std::string_view text = line_of(source->second, d.location.line);
      if (!text.empty()) write_excerpt(out, text, d.location.column);
    }
    if (!d.hint.empty()) out << "  hint: " << shortened(d.hint) << '\n';
  }
  return out.str();
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: a swap of two neighbouring letters ("wran" for "warn") is one
  // edit, the commonest typo of all. Three rows: two before the current one.
  auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1])) {
        current[j] = std::min(current[j], before[j - 2] + 1);
      }
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::string nearest(std::string_view word, const std::vector<std::string>& candidates) {
  // A typo changes a few characters: allow about one edit per three characters, at least one.
  const std::size_t limit = std::max<std::size_t>(1, word.size() / 3);
  constexpr std::size_t kLongestWord = 200;  // longer than any name: no typo of one
  std::string best;
  if (word.size() > kLongestWord) return best;
  std::size_t best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    // Lengths further apart than the limit are further apart in edits too: skip the table.
    const std::size_t apart = word.size() > candidate.size() ? word.size() - candidate.size()
                                                             : candidate.size() - word.size();
    if (apart > limit) continue;
    std::size_t d = edit_distance(word, candidate);
    // Prefer an exact case-insensitive match (distance 0) over everything else.
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best = nearest(word, candidates);
  return best.empty() ? std::string() : "did you mean '" + best + "'?";
}

}  // namespace frp
