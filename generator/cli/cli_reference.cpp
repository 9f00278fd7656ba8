#include "cli/cli_reference.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

namespace frp::cli {
namespace {

bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// Whether a word of prose names something a reader types: an option (-q, --dir), a variable
// ($FRP_PYTHON), a namespace (aten::), a path or a name with '_' or '/' (torch_NAME, ~/.cache),
// or name.name (frp.yaml, add.Tensor; "e.g" is not one).
bool is_code(std::string_view w) {
  if (w.size() >= 2 && w[0] == '-' && (is_alpha(w[1]) || (w[1] == '-' && w.size() > 2))) {
    return true;
  }
  if (w.size() >= 2 && w[0] == '$') return true;
  if (w.find("::") != std::string_view::npos) return true;  // aten::, a C++ name
  if (w.size() >= 2 && w.find_first_of("_/") != std::string_view::npos) return true;
  for (std::size_t dot = w.find('.'); dot != std::string_view::npos; dot = w.find('.', dot + 1)) {
    std::size_t left = 0, right = 0;
    while (left < dot && is_alnum(w[dot - 1 - left])) ++left;
    while (dot + 1 + right < w.size() && is_alnum(w[dot + 1 + right])) ++right;
    if (left >= 2 && right >= 2) return true;
  }
  return false;
}

std::string escape_prose(std::string_view w) {
  std::string out;
  for (char c : w) {
    if (std::string_view("\\`*_<>[]").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string code(std::string_view text) { return "`" + std::string(text) + "`"; }

// A table cell: one line, its pipes escaped (GitHub splits cells at a pipe even in code).
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

// A sentence for a section of its own: --help's descriptions end without a full stop.
std::string sentence(const std::string& text) {
  if (text.empty() || std::string_view(".!?:").find(text.back()) != std::string_view::npos) {
    return inline_markdown(text);
  }
  return inline_markdown(text) + ".";
}

// GitHub's anchor of a heading: lower case, spaces to '-', other punctuation dropped.
std::string anchor(std::string_view heading) {
  std::string out;
  for (char c : heading) {
    if (is_alnum(c) || c == '-' || c == '_') {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (c == ' ') {
      out += '-';
    }
  }
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    line.erase(line.find_last_not_of(" \t\r") + 1);
    lines.push_back(line);
  }
  return lines;
}

std::size_t indent_of(const std::string& line) { return line.find_first_not_of(' '); }

// One block of a footer (see the header): a list under a heading, or a paragraph.
void write_block(std::ostream& md, const std::vector<std::string>& block, int level) {
  const bool is_list = block.size() > 1 && indent_of(block[0]) == 0 && block[0].back() == ':' &&
                       std::all_of(block.begin() + 1, block.end(),
                                   [](const std::string& l) { return indent_of(l) >= 2; });
  if (!is_list) {
    std::string text;
    for (const std::string& line : block) {
      text += (text.empty() ? "" : " ") + line.substr(indent_of(line));
    }
    md << inline_markdown(text) << "\n\n";
    return;
  }
  md << std::string(level, '#') << " " << inline_markdown(block[0].substr(0, block[0].size() - 1))
     << "\n\n";
  std::vector<std::pair<std::string, std::string>> items;
  for (std::size_t i = 1; i < block.size(); ++i) {
    const std::string& line = block[i];
    const std::size_t indent = indent_of(line);
    if (indent > 2 && !items.empty()) {
      items.back().second += " " + line.substr(indent);
      continue;
    }
    const std::size_t gap = line.find("  ", indent);  // lines end without spaces: text follows
    if (gap == std::string::npos) {
      items.emplace_back(line.substr(indent), "");
    } else {
      items.emplace_back(line.substr(indent, gap - indent),
                         line.substr(line.find_first_not_of(' ', gap)));
    }
  }
  for (const auto& [term, text] : items) {
    md << "- " << code(term) << (text.empty() ? "" : ": " + inline_markdown(text)) << "\n";
  }
  md << "\n";
}

void write_footer(std::ostream& md, const std::string& footer, int level) {
  std::vector<std::string> block;
  for (const std::string& line : split_lines(footer)) {
    if (!line.empty()) {
      block.push_back(line);
    } else if (!block.empty()) {
      write_block(md, block, level);
      block.clear();
    }
  }
  if (!block.empty()) write_block(md, block, level);
}

bool is_shown(const CLI::Option* o) { return !o->get_group().empty(); }  // "" is hidden

bool repeatable(const CLI::Option* o) { return o->get_expected_max() > 1; }

// A positional argument (NAME), not an option (--dir).
bool is_argument(const CLI::Option* o) { return o->get_positional() && !o->nonpositional(); }

// "--dir DIR", "NAME": an option or argument as a synopsis shows it.
std::string usage_of(const CLI::Option* o) {
  if (is_argument(o)) return o->get_name(true);
  std::string type = o->get_type_size() != 0 ? o->get_type_name() : "";
  return o->get_name() + (type.empty() ? "" : " " + type);
}

std::vector<std::string> sorted_names(const std::set<CLI::Option*>& options) {
  std::vector<std::string> names;
  for (const CLI::Option* o : options) names.push_back(code(o->get_name()));
  std::sort(names.begin(), names.end());
  return names;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : std::string(sep)) + p;
  return out;
}

// The synopsis of a subcommand: its arguments, then its options, those that exclude each other
// as one choice ("[--check | --diff]").
std::string synopsis(const std::string& program, const CLI::App& sub) {
  std::string line = program + " " + sub.get_name();
  std::vector<std::vector<const CLI::Option*>> choices;
  for (const CLI::Option* o : sub.get_options()) {
    if (!is_shown(o) || o == sub.get_help_ptr()) continue;
    if (is_argument(o)) {
      const std::string arg = usage_of(o) + (repeatable(o) ? "..." : "");
      line += " " + (o->get_required() ? arg : "[" + arg + "]");
      continue;
    }
    auto joins = [o](const std::vector<const CLI::Option*>& choice) {
      return std::any_of(choice.begin(), choice.end(), [o](const CLI::Option* other) {
        return o->get_excludes().contains(const_cast<CLI::Option*>(other)) ||
               other->get_excludes().contains(const_cast<CLI::Option*>(o));
      });
    };
    auto choice = std::find_if(choices.begin(), choices.end(), joins);
    if (choice != choices.end()) {
      choice->push_back(o);
    } else {
      choices.push_back({o});
    }
  }
  for (const auto& choice : choices) {
    std::vector<std::string> parts;
    for (const CLI::Option* o : choice) parts.push_back(usage_of(o));
    const CLI::Option* only = choice.size() == 1 ? choice[0] : nullptr;
    if (only && only->get_required()) {
      line += " " + parts[0] + (repeatable(only) ? "..." : "");
    } else {
      line += " [" + join(parts, " | ") + "]" + (only && repeatable(only) ? "..." : "");
    }
  }
  return line;
}

struct Row {
  std::string name, value, default_value, notes, description;
};

Row row_of(const CLI::Option* o) {
  Row row;
  if (is_argument(o)) {
    row.name = code(o->get_name(true));
  } else {
    std::vector<std::string> names;
    std::stringstream all(o->get_name(false, true));
    for (std::string name; std::getline(all, name, ',');) names.push_back(code(name));
    row.name = join(names, ", ");
  }
  if (o->get_type_size() != 0 && !o->get_type_name().empty()) row.value = code(o->get_type_name());
  if (!o->get_default_str().empty()) row.default_value = code(o->get_default_str());
  std::vector<std::string> notes;
  if (o->get_required()) notes.push_back("required");
  if (repeatable(o)) notes.push_back("repeatable");
  if (o->get_delimiter() == ',') {
    notes.push_back("comma-separated");
  } else if (o->get_delimiter() != '\0') {
    notes.push_back("separated by " + code(std::string(1, o->get_delimiter())));
  }
  if (!o->get_envname().empty()) notes.push_back("env " + code(o->get_envname()));
  if (!o->get_needs().empty()) notes.push_back("needs " + join(sorted_names(o->get_needs()), ", "));
  if (!o->get_excludes().empty()) {
    notes.push_back("excludes " + join(sorted_names(o->get_excludes()), ", "));
  }
  row.notes = join(notes, "; ");
  row.description = inline_markdown(o->get_description());
  return row;
}

// The table of `rows`; a column that no row fills is left out.
void write_table(std::ostream& md, const std::string& first, const std::vector<Row>& rows) {
  if (rows.empty()) return;
  auto used = [&rows](std::string Row::*field) {
    return std::any_of(rows.begin(), rows.end(),
                       [field](const Row& r) { return !(r.*field).empty(); });
  };
  std::vector<std::pair<std::string, std::string Row::*>> columns = {{first, &Row::name}};
  if (used(&Row::value)) columns.emplace_back("value", &Row::value);
  if (used(&Row::default_value)) columns.emplace_back("default", &Row::default_value);
  if (used(&Row::notes)) columns.emplace_back("notes", &Row::notes);
  columns.emplace_back("description", &Row::description);
  for (const auto& [title, field] : columns) md << "| " << title << " ";
  md << "|\n";
  for (std::size_t i = 0; i < columns.size(); ++i) md << "|---";
  md << "|\n";
  for (const Row& r : rows) {
    for (const auto& [title, field] : columns) md << "| " << cell(r.*field) << " ";
    md << "|\n";
  }
  md << "\n";
}

// The rows of `app`'s arguments (first) and options; `skip` (a subcommand's --help) is left out.
std::vector<Row> rows_of(const CLI::App& app, const CLI::Option* skip) {
  std::vector<Row> arguments, options;
  for (const CLI::Option* o : app.get_options()) {
    if (!is_shown(o) || o == skip) continue;
    (is_argument(o) ? arguments : options).push_back(row_of(o));
  }
  arguments.insert(arguments.end(), options.begin(), options.end());
  return arguments;
}

}  // namespace

std::string inline_markdown(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    // Punctuation around a word is prose: "(default:", "--check)," keep it outside the code.
    std::size_t first = 0, last = word.size();
    while (first < last && std::string_view("(\"'").find(word[first]) != std::string_view::npos) {
      ++first;
    }
    while (last > first &&
           std::string_view(".,;:)\"'!?").find(word[last - 1]) != std::string_view::npos) {
      // A ')' closing a '(' of the word is part of it: torch.device(NAME); so is "::" (aten::).
      const std::string_view core = word.substr(first, last - first);
      if (core.ends_with("::")) break;
      if (word[last - 1] == ')' &&
          std::count(core.begin(), core.end(), '(') >= std::count(core.begin(), core.end(), ')')) {
        break;
      }
      --last;
    }
    const std::string_view core = word.substr(first, last - first);
    if (!out.empty()) out += ' ';
    out += escape_prose(word.substr(0, first));
    out += is_code(core) ? code(core) : escape_prose(core);
    out += escape_prose(word.substr(last));
  }
  return out;
}

std::string markdown_reference(const CLI::App& app) {
  const std::string& program = app.get_name();
  std::ostringstream md;
  md << "<!-- generated by " << program
     << " --help-markdown: do not edit; tests/docs checks it -->\n"
     << "# " << program << " command line\n\n"
     << sentence(app.get_description()) << "\n\n";

  const std::vector<const CLI::App*> subs = app.get_subcommands(
      [](const CLI::App* s) { return !s->get_name().empty() && !s->get_group().empty(); });
  md << "```text\n" << program;
  if (!rows_of(app, nullptr).empty()) md << " [OPTIONS]";
  if (!subs.empty()) md << (app.get_require_subcommand_min() > 0 ? " COMMAND" : " [COMMAND]");
  md << " ...\n```\n\n";

  if (!subs.empty()) {
    md << "| command | what it does |\n|---|---|\n";
    for (const CLI::App* sub : subs) {
      const std::string heading = program + " " + sub->get_name();
      md << "| [" << code(sub->get_name()) << "](#" << anchor(heading) << ") | "
         << cell(inline_markdown(sub->get_description())) << " |\n";
    }
    md << "\n";
  }

  md << "## Options for every command\n\n";
  if (app.get_fallthrough() && !subs.empty()) {
    md << "They may come before or after the command.\n\n";
  }
  write_table(md, "option", rows_of(app, nullptr));

  for (const CLI::App* sub : subs) {
    md << "## " << code(program + " " + sub->get_name()) << "\n\n"
       << "```text\n"
       << synopsis(program, *sub) << "\n```\n\n"
       << sentence(sub->get_description()) << "\n\n";
    const std::vector<const CLI::Option*> options = sub->get_options();
    const bool has_arguments =
        std::any_of(options.begin(), options.end(),
                    [](const CLI::Option* o) { return is_shown(o) && is_argument(o); });
    write_table(md, has_arguments ? "argument or option" : "option",
                rows_of(*sub, sub->get_help_ptr()));
    write_footer(md, sub->get_footer(), 3);
  }
  write_footer(md, app.get_footer(), 2);

  std::string page = md.str();
  while (page.size() >= 2 && page.ends_with("\n\n")) page.pop_back();
  return page;
}

}  // namespace frp::cli
