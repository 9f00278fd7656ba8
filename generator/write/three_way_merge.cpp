#include "write/three_way_merge.h"

#include <algorithm>
#include <cctype>
#include <dtl/dtl.hpp>
#include <map>
#include <optional>
#include <tuple>

namespace frp::write {

namespace {

// A file as its lines, each with its "\n" (the last may lack one), so that joining them gives
// the text back exactly.
using Lines = std::vector<std::string>;

Lines split_lines(std::string_view text) {
  Lines lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::size_t stop = end == std::string_view::npos ? text.size() : end + 1;
    lines.emplace_back(text.substr(start, stop - start));
    start = stop;
  }
  return lines;
}

std::string_view trimmed(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const std::size_t last = line.find_last_not_of(" \t\r\n");
  return line.substr(first, last - first + 1);
}

bool indented(std::string_view line) {
  return !line.empty() && (line.front() == ' ' || line.front() == '\t');
}

// --- Bodies: a top-level "{ ... }" block is one unit of the merge -------------------------------

struct Body {
  std::string key;    // the function's name (or the declaration, for a class)
  std::size_t first;  // its lines are [first, last): between the opening and the closing line
  std::size_t last;
};

// Where a declaration begins: the first line of the unindented line and its continuations.
std::size_t declaration_start(const Lines& lines, std::size_t opener) {
  std::size_t start = opener;
  while (start > 0 && indented(lines[start]) && !trimmed(lines[start - 1]).empty()) --start;
  return start;
}

// The name a body is known by: the qualified name before the declaration's first "(".
std::string body_key(const Lines& lines, std::size_t opener) {
  std::string declaration;
  for (std::size_t i = declaration_start(lines, opener); i <= opener; ++i) {
    declaration += trimmed(lines[i]);
    declaration += ' ';
  }
  const std::size_t paren = declaration.find('(');
  if (paren == std::string::npos) return declaration;
  std::size_t begin = paren;
  while (begin > 0 && (std::isalnum(static_cast<unsigned char>(declaration[begin - 1])) ||
                       declaration[begin - 1] == '_' || declaration[begin - 1] == ':' ||
                       declaration[begin - 1] == '~')) {
    --begin;
  }
  return declaration.substr(begin, paren - begin);
}

// The top-level bodies of C++ text laid out as clang-format lays out ours: a body opens on a
// line ending in "{" (not a namespace, extern or preprocessor line, nor a comment) and closes on
// the next line that starts with "}".
std::vector<Body> find_bodies(const Lines& lines) {
  std::vector<Body> bodies;
  std::map<std::string, int> seen;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = trimmed(lines[i]);
    if (line.empty() || line.back() != '{' || line.starts_with("namespace") ||
        line.starts_with("extern") || line.starts_with("#") || line.starts_with("//")) {
      continue;
    }
    std::size_t close = i + 1;
    while (close < lines.size() && !lines[close].starts_with("}")) ++close;
    if (close == lines.size()) break;
    std::string key = body_key(lines, i);
    if (int n = ++seen[key]; n > 1) key += "#" + std::to_string(n);  // overloads stay apart
    bodies.push_back({std::move(key), i + 1, close});
    i = close;
  }
  return bodies;
}

// A body stands in the merge as one line that no source line can equal.
std::string body_unit(const std::string& key) { return "\x01" + key + "\n"; }

std::optional<std::string> body_key_of(const std::string& unit) {
  if (unit.empty() || unit.front() != '\x01') return std::nullopt;
  return unit.substr(1, unit.size() - 2);
}

std::string joined(const Lines& lines, std::size_t first, std::size_t last) {
  std::string out;
  for (std::size_t i = first; i < last; ++i) out += lines[i];
  return out;
}

// A file's lines with some of its bodies replaced by their units; the text of each body by key.
struct Units {
  Lines units;
  std::map<std::string, std::string> bodies;
};

// Replaces the bodies `keep` accepts (given its key and text) by their units.
template <class Keep>
Units to_units(const Lines& lines, const std::vector<Body>& bodies, Keep keep) {
  Units out;
  std::size_t next = 0;
  for (const Body& body : bodies) {
    std::string text = joined(lines, body.first, body.last);
    if (!keep(body.key, text)) continue;
    out.units.insert(out.units.end(), lines.begin() + static_cast<std::ptrdiff_t>(next),
                     lines.begin() + static_cast<std::ptrdiff_t>(body.first));
    out.units.push_back(body_unit(body.key));
    out.bodies.emplace(body.key, std::move(text));
    next = body.last;
  }
  out.units.insert(out.units.end(), lines.begin() + static_cast<std::ptrdiff_t>(next), lines.end());
  return out;
}

// --- The merge ---------------------------------------------------------------------------------

// One change of a side against the base: base units [start, end) become `units`.
struct Hunk {
  std::size_t start;
  std::size_t end;
  Lines units;
  int side;  // 0 yours, 1 theirs
};

std::vector<Hunk> hunks_between(const Lines& base, const Lines& other, int side) {
  std::vector<Hunk> hunks;
  if (base.empty() || other.empty()) {  // DTL wants both sides non-empty
    if (!(base.empty() && other.empty())) hunks.push_back({0, base.size(), other, side});
    return hunks;
  }
  dtl::Diff<std::string> diff(base, other);
  diff.onHuge();
  diff.compose();
  std::size_t at = 0;  // units of the base passed so far
  std::optional<Hunk> open;
  for (const auto& [unit, info] : diff.getSes().getSequence()) {
    if (info.type == dtl::SES_COMMON) {
      if (open) hunks.push_back(std::move(*open));
      open.reset();
      ++at;
      continue;
    }
    if (!open) open = Hunk{at, at, {}, side};
    if (info.type == dtl::SES_DELETE) {
      open->end = ++at;
    } else {
      open->units.push_back(unit);
    }
  }
  if (open) hunks.push_back(std::move(*open));
  return hunks;
}

// Whether `next` (sorted after the group) touches the group of changes over base [start, end).
// Changes to neighbouring lines do not; an insertion at the edge of another change does, since
// where it goes would be a guess.
bool touches(std::size_t start, std::size_t end, const Hunk& next) {
  return next.start < end || (next.start == end && (next.start == next.end || start == end));
}

// The base's units [start, end) with one side's hunks (all inside that range) applied.
Lines apply_side(const Lines& base, std::size_t start, std::size_t end,
                 const std::vector<const Hunk*>& hunks, int side) {
  Lines out;
  std::size_t at = start;
  for (const Hunk* h : hunks) {
    if (h->side != side) continue;
    out.insert(out.end(), base.begin() + static_cast<std::ptrdiff_t>(at),
               base.begin() + static_cast<std::ptrdiff_t>(h->start));
    out.insert(out.end(), h->units.begin(), h->units.end());
    at = h->end;
  }
  out.insert(out.end(), base.begin() + static_cast<std::ptrdiff_t>(at),
             base.begin() + static_cast<std::ptrdiff_t>(end));
  return out;
}

// Writes units out as text, each body unit as the first of `sources` that has its key.
class Output {
 public:
  void add(const Lines& units,
           std::initializer_list<const std::map<std::string, std::string>*> sources) {
    for (const std::string& unit : units) {
      const std::optional<std::string> key = body_key_of(unit);
      if (!key) {
        text_ += unit;
        continue;
      }
      for (const auto* bodies : sources) {
        if (auto found = bodies->find(*key); found != bodies->end()) {
          text_ += found->second;
          break;
        }
      }
    }
  }
  void marker(std::string_view line) {
    if (!text_.empty() && text_.back() != '\n') text_ += '\n';
    text_ += line;
    text_ += '\n';
  }
  int next_line() const {
    return static_cast<int>(std::count(text_.begin(), text_.end(), '\n')) + 1;
  }
  std::string take() { return std::move(text_); }

 private:
  std::string text_;
};

}  // namespace

MergeResult merge_three_way(std::string_view base_text, std::string_view yours_text,
                            std::string_view theirs_text, bool cpp, std::string_view yours_label) {
  const Lines base_lines = split_lines(base_text), yours_lines = split_lines(yours_text),
              theirs_lines = split_lines(theirs_text);
  auto every = [](const std::string&, const std::string&) { return true; };
  const std::vector<Body> no_bodies;
  const Units base = to_units(base_lines, cpp ? find_bodies(base_lines) : no_bodies, every);
  const Units theirs = to_units(theirs_lines, cpp ? find_bodies(theirs_lines) : no_bodies, every);
  // Only a body exactly as the base has it is a unit in yours: an edited one is the user's lines.
  const Units yours = to_units(yours_lines, cpp ? find_bodies(yours_lines) : no_bodies,
                               [&](const std::string& key, const std::string& text) {
                                 auto found = base.bodies.find(key);
                                 return found != base.bodies.end() && found->second == text;
                               });

  std::vector<Hunk> hunks = hunks_between(base.units, yours.units, 0);
  for (Hunk& h : hunks_between(base.units, theirs.units, 1)) hunks.push_back(std::move(h));
  std::sort(hunks.begin(), hunks.end(), [](const Hunk& a, const Hunk& b) {
    return std::tie(a.start, a.end, a.side) < std::tie(b.start, b.end, b.side);
  });

  // A body unit left as the base had it takes the new scaffold's text.
  const auto* newest = &theirs.bodies;
  const auto* oldest = &base.bodies;
  Output out;
  MergeResult result;
  std::size_t at = 0;
  for (std::size_t i = 0; i < hunks.size();) {
    const std::size_t start = hunks[i].start;
    std::size_t end = hunks[i].end;
    std::vector<const Hunk*> group = {&hunks[i]};
    bool sides[2] = {false, false};
    sides[hunks[i].side] = true;
    for (++i; i < hunks.size() && touches(start, end, hunks[i]); ++i) {
      end = std::max(end, hunks[i].end);
      group.push_back(&hunks[i]);
      sides[hunks[i].side] = true;
    }
    out.add(Lines(base.units.begin() + static_cast<std::ptrdiff_t>(at),
                  base.units.begin() + static_cast<std::ptrdiff_t>(start)),
            {newest, oldest});
    at = end;
    const Lines mine = apply_side(base.units, start, end, group, 0);
    const Lines new_scaffold = apply_side(base.units, start, end, group, 1);
    if (!sides[0] || !sides[1] || mine == new_scaffold) {
      out.add(sides[0] ? mine : new_scaffold, {newest, oldest});
      continue;
    }
    if (start == end) {  // lines added at one place on both sides (an include, a function): both
      out.add(mine, {newest, oldest});
      out.add(new_scaffold, {newest, oldest});
      continue;
    }
    result.conflict_lines.push_back(out.next_line());
    out.marker("<<<<<<< " + std::string(yours_label));
    out.add(mine, {oldest});
    out.marker("||||||| the scaffold frp-gen wrote before");
    out.add(Lines(base.units.begin() + static_cast<std::ptrdiff_t>(start),
                  base.units.begin() + static_cast<std::ptrdiff_t>(end)),
            {oldest});
    out.marker("=======");
    out.add(new_scaffold, {newest, oldest});
    out.marker(">>>>>>> the scaffold frp-gen writes now");
  }
  out.add(Lines(base.units.begin() + static_cast<std::ptrdiff_t>(at), base.units.end()),
          {newest, oldest});
  result.text = out.take();
  return result;
}

std::vector<int> conflict_marker_lines(std::string_view text) {
  std::vector<int> lines;
  int number = 1;
  for (std::size_t at = 0; at < text.size(); ++number) {
    if (text.substr(at).starts_with("<<<<<<< ")) lines.push_back(number);
    const std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  return lines;
}

}  // namespace frp::write
