// Hand-written recursive-descent parser for operator schemas. It reads the text once, left to
// right, straight from the string_view: the whole native_functions.yaml is parsed on every run, so
// there is no tokenizer pass, no regex and no copy of the input.
//
// Whitespace between tokens is free, but the alias annotation and the `?`, `[]`, `[N]` suffixes
// must touch the type they modify, as in every schema PyTorch writes.
#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/diagnostics.h"
#include "schema/function_schema.h"

namespace frp::schema {

namespace {

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string quoted(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '\'';
  out += s;
  out += '\'';
  return out;
}

// Names seen so far in one schema (argument names, written alias sets), each with the index of
// the argument that has it: a scan while they are few, as in every schema aten writes, a hash map
// once they are many, so that a schema of thousands of arguments is not quadratic.
class SeenNames {
 public:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  // The index recorded for `name`, or kNone after recording `index` for it.
  std::size_t find_or_add(std::string_view name, std::size_t index) {
    if (many_.empty()) {
      for (const auto& [seen, at] : few_) {
        if (seen == name) return at;
      }
      few_.emplace_back(name, index);
      if (few_.size() > kFew) {
        many_.insert(few_.begin(), few_.end());
        few_.clear();
      }
      return kNone;
    }
    auto [it, added] = many_.emplace(name, index);
    return added ? kNone : it->second;
  }
  bool contains(const std::string& name) const {
    if (!many_.empty()) return many_.contains(name);
    return std::any_of(few_.begin(), few_.end(),
                       [&](const auto& seen) { return seen.first == name; });
  }

 private:
  static constexpr std::size_t kFew = 16;
  std::vector<std::pair<std::string, std::size_t>> few_;
  std::unordered_map<std::string, std::size_t> many_;
};

class Parser {
 public:
  Parser(std::string_view text, SchemaError* error) : text_(text), error_(error) {}

  std::optional<FunctionSchema> parse() {
    FunctionSchema schema;
    if (!parse_schema(schema)) return std::nullopt;
    return schema;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  SchemaError* error_;
  std::optional<SeenNames> argument_sets_;

  bool at_end() const { return pos_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  bool accept(char c) {
    if (at_end() || text_[pos_] != c) return false;
    ++pos_;
    return true;
  }
  void skip_space() {
    while (!at_end() && is_space(text_[pos_])) ++pos_;
  }

  // [A-Za-z_][A-Za-z0-9_]*, or empty (nothing consumed) if no identifier starts here.
  std::string_view identifier() {
    if (!is_ident_start(peek())) return {};
    std::size_t start = pos_++;
    while (!at_end() && is_ident_char(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  // The token at the cursor, for "found ..." in messages.
  std::string found() const {
    if (at_end()) return "end of input";
    char c = text_[pos_];
    if (is_ident_char(c)) {
      std::size_t end = pos_;
      while (end < text_.size() && is_ident_char(text_[end])) ++end;
      return quoted(text_.substr(pos_, end - pos_));
    }
    if (c == '-' && peek(1) == '>') return "'->'";
    if (c == '\'') return "\"'\"";
    auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) {
      // Quote the whole UTF-8 sequence rather than a lone lead byte.
      std::size_t end = pos_ + 1;
      while (end < text_.size() && (static_cast<unsigned char>(text_[end]) & 0xC0) == 0x80) ++end;
      return quoted(text_.substr(pos_, end - pos_));
    }
    if (byte < 0x20 || byte == 0x7F) {
      static constexpr char kHex[] = "0123456789abcdef";
      return std::string("character 0x") + kHex[byte >> 4] + kHex[byte & 0xF];
    }
    return quoted(text_.substr(pos_, 1));
  }

  bool fail(std::size_t offset, std::string message, std::string hint = {}) {
    if (error_ != nullptr) {
      error_->offset = offset;
      error_->message = std::move(message);
      error_->hint = std::move(hint);
    }
    return false;
  }
  bool fail_expected(std::string_view what) {
    std::string message = "expected ";
    message += what;
    message += ", found ";
    message += found();
    return fail(pos_, std::move(message));
  }

  // A character glued to a name that can neither continue it nor start the next token, as in
  // `my-op` or `self$`: report it as part of the name rather than as a puzzling "expected ...".
  bool check_name_end(std::string_view what) {
    if (at_end()) return true;
    char c = text_[pos_];
    if (is_space(c)) return true;
    // Characters that may follow a name directly: the grammar's punctuation, and `->`.
    constexpr std::string_view kFollowers = "(),=.:[]?!|*";
    if (kFollowers.find(c) != std::string_view::npos) return true;
    if (c == '-' && peek(1) == '>') return true;
    return fail(pos_, "invalid character " + found() + " in " + std::string(what));
  }

  // A return's alias sets must be arguments' sets: a return aliases its inputs, or nothing.
  bool check_return_aliases(const Return& ret, const std::vector<Argument>& arguments,
                            std::size_t offset) {
    if (!ret.alias) return true;
    if (!argument_sets_) {  // the arguments' alias sets, gathered at the first aliased return
      argument_sets_.emplace();
      for (const Argument& a : arguments) {
        if (!a.alias) continue;
        for (const std::string& set : a.alias->before) argument_sets_->find_or_add(set, 0);
      }
    }
    for (const std::string& set : ret.alias->before) {
      if (!argument_sets_->contains(set)) {
        return fail(offset, "return aliases set " + quoted(set) + ", which no argument has",
                    "a returned alias is one of an argument's: mark that argument (" + set +
                        ") or (" + set + "!)");
      }
    }
    return true;
  }

  bool parse_schema(FunctionSchema& schema) {
    skip_space();
    if (!parse_operator_name(schema.name)) return false;
    skip_space();
    if (!accept('(')) return fail_expected("'(' after operator name");
    if (!parse_arguments(schema.arguments)) return false;
    skip_space();
    if (peek() != '-' || peek(1) != '>') return fail_expected("'->' after arguments");
    pos_ += 2;
    skip_space();
    if (!parse_returns(schema.returns, schema.arguments)) return false;
    skip_space();
    if (!at_end()) return fail(pos_, "unexpected " + found() + " after returns");
    return true;
  }

  bool parse_operator_name(OperatorName& out) {
    std::string_view first = identifier();
    if (first.empty()) return fail_expected("operator name");
    if (peek() == ':') {
      if (peek(1) != ':') return fail(pos_, "expected '::' after namespace, found ':'");
      pos_ += 2;
      out.ns = first;
      std::string_view name = identifier();
      if (name.empty()) return fail_expected("operator name after '::'");
      out.name = name;
    } else {
      out.name = first;
    }
    if (!check_name_end("operator name")) return false;
    if (accept('.')) {
      const std::size_t overload_offset = pos_;
      std::string_view overload = identifier();
      if (overload.empty()) return fail_expected("overload name after '.'");
      // torch refuses it when the operator is registered: it names the overload with no name.
      if (overload == "default") {
        return fail(overload_offset, "'default' is not a legal overload name",
                    "torch calls the overload without a name 'default': drop '.default', or "
                    "choose another name");
      }
      out.overload = overload;
      if (!check_name_end("overload name")) return false;
    }
    return true;
  }

  // After the opening '('; consumes the closing ')'.
  bool parse_arguments(std::vector<Argument>& out) {
    skip_space();
    if (accept(')')) return true;
    // At most one argument per comma left in the text: one allocation instead of a growing vector.
    out.reserve(1 + static_cast<std::size_t>(std::count(
                        text_.begin() + static_cast<std::ptrdiff_t>(pos_), text_.end(), ',')));
    bool kwarg_only = false;
    SeenNames names, written_sets;
    std::string first_default;  // the first positional argument with a default value
    while (true) {
      skip_space();
      if (peek() == '*') {
        if (kwarg_only) {
          return fail(pos_, "duplicate '*' marker",
                      "one '*' separates positional from keyword-only arguments");
        }
        ++pos_;
        kwarg_only = true;
        skip_space();
        if (peek() == '=') return fail(pos_, "'*' marker cannot have a default value");
        if (peek() == ')') return fail_expected("keyword-only argument after '*'");
        if (!accept(',')) return fail_expected("',' after '*'");
        continue;
      }
      Argument argument;
      std::size_t name_offset = 0;
      if (!parse_argument(argument, name_offset)) return false;
      argument.kwarg_only = kwarg_only;
      if (names.find_or_add(argument.name, out.size()) != SeenNames::kNone) {
        return fail(name_offset, "duplicate argument name " + quoted(argument.name));
      }
      // Two arguments written through one alias set would be one tensor written twice (a
      // written alias names one set).
      if (argument.is_write()) {
        const std::string& set = argument.alias->before.front();
        if (std::size_t earlier = written_sets.find_or_add(set, out.size());
            earlier != SeenNames::kNone) {
          return fail(
              name_offset,
              "arguments " + quoted(out[earlier].name) + " and " + quoted(argument.name) +
                  " are both written through alias set " + quoted(set),
              "give each written argument a set of its own, e.g. Tensor(b!) " + argument.name);
        }
      }
      // torch asserts this when the schema is registered; a list is exempt, as there.
      if (argument.default_value) {
        if (first_default.empty() && !kwarg_only) first_default = argument.name;
      } else if (!first_default.empty() && !kwarg_only && !argument.type->is_list()) {
        return fail(name_offset,
                    "argument " + quoted(argument.name) + " has no default value but follows " +
                        quoted(first_default) + ", which has one",
                    "give it a default, or make it keyword-only: put '*, ' before it");
      }
      out.push_back(std::move(argument));
      skip_space();
      if (accept(')')) return true;
      if (!accept(',')) return fail_expected("',' or ')' after argument");
    }
  }

  bool parse_argument(Argument& out, std::size_t& name_offset) {
    if (!parse_type("argument type", out.type, out.alias)) return false;
    skip_space();
    name_offset = pos_;
    std::string_view name = identifier();
    if (name.empty()) return fail_expected("argument name");
    if (!check_name_end("argument name")) return false;
    out.name = name;
    out.name_offset = name_offset;
    skip_space();
    if (accept('=')) {
      skip_space();
      const std::size_t value_offset = pos_;
      DefaultValue value;
      if (!parse_default(value)) return false;
      std::string hint;
      if (std::string problem = default_problem(*out.type, value, &hint); !problem.empty()) {
        return fail(value_offset, "default value " + problem, std::move(hint));
      }
      out.default_value = std::move(value);
    }
    return true;
  }

  // Base type, alias annotation (Tensor only), then suffixes applied inside out: `int[1]?` is
  // Optional(List(int, 1)).
  bool parse_type(std::string_view what, TypePtr& type, std::optional<AliasInfo>& alias) {
    std::size_t start = pos_;
    std::string_view word = identifier();
    if (word.empty()) return fail_expected(what);
    std::optional<BaseType> base = base_type_from_name(word);
    if (!base) {
      std::string hint = frp::did_you_mean(word, base_type_names());
      if (hint.empty() && (peek() == ',' || peek() == ')')) {
        hint = "write the type before the name, e.g. 'Tensor " + std::string(word) + "'";
      }
      return fail(start, "unknown type " + quoted(word), std::move(hint));
    }
    if (!check_name_end("type")) return false;
    type = Type::make_base(*base);

    if (peek() == '(') {
      if (*base != BaseType::Tensor) {
        return fail(pos_, "alias annotation on non-Tensor type " + quoted(word),
                    "only Tensor types carry alias annotations, e.g. 'Tensor(a!)'");
      }
      ++pos_;
      AliasInfo info;
      if (!parse_alias(info)) return false;
      alias = std::move(info);
    }

    while (true) {
      if (peek() == '?') {
        if (type->is_optional()) return fail(pos_, "redundant '?': type is already optional");
        ++pos_;
        type = Type::make_optional(std::move(type));
      } else if (peek() == '[') {
        ++pos_;
        std::optional<int> size;
        if (is_digit(peek())) {
          std::size_t size_start = pos_;
          while (is_digit(peek())) ++pos_;
          std::string_view digits = text_.substr(size_start, pos_ - size_start);
          int value = 0;
          auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
          (void)end;
          if (ec != std::errc() || value <= 0 || digits[0] == '0') {
            return fail(size_start, "invalid list size " + quoted(digits),
                        "a fixed list size is a positive integer, e.g. 'int[2]'");
          }
          size = value;
        }
        if (!accept(']')) {
          return fail_expected(size ? "']' after list size" : "list size or ']' after '['");
        }
        type = Type::make_list(std::move(type), size);
      } else {
        return true;
      }
    }
  }

  // After `Tensor(`; consumes the closing ')'.
  bool parse_alias(AliasInfo& out) {
    skip_space();
    std::size_t before_start = pos_;
    if (!parse_alias_sets(out.before)) return false;
    skip_space();
    if (peek() == '!') {
      if (out.before.size() > 1) {
        return fail(pos_, "a written alias must name one alias set, found " +
                              quoted(text_.substr(before_start, pos_ - before_start)));
      }
      ++pos_;
      out.is_write = true;
      skip_space();
    }
    if (peek() == '-' && peek(1) == '>') {
      pos_ += 2;
      skip_space();
      std::size_t after_start = pos_;
      if (accept('*')) {
        out.after.emplace_back("*");
      } else if (!parse_alias_sets(out.after)) {
        return false;
      }
      if (out.before.size() > 1 && out.after.size() > 1) {
        return fail(after_start, "alias sets before and after '->' cannot both have several names");
      }
      skip_space();
    }
    if (!accept(')')) return fail_expected("')' after alias annotation");
    return true;
  }

  // name ('|' name)*, each a lowercase identifier.
  bool parse_alias_sets(std::vector<std::string>& out) {
    while (true) {
      std::size_t start = pos_;
      if (peek() == '*') {
        return fail(pos_, "wildcard '*' is only allowed after '->' in an alias annotation");
      }
      std::string_view name = identifier();
      if (name.empty()) return fail_expected("alias set name");
      for (char c : name) {
        if (c >= 'A' && c <= 'Z') {
          return fail(start, "alias set name " + quoted(name) + " must be lowercase");
        }
      }
      if (!check_name_end("alias set name")) return false;
      out.emplace_back(name);
      skip_space();
      if (!accept('|')) return true;
      skip_space();
    }
  }

  bool parse_default(DefaultValue& out) {
    std::size_t start = pos_;
    char c = peek();
    if (c == '\'' || c == '"') {
      if (!scan_string()) return false;
      out.kind = DefaultKind::String;
    } else if (c == '[') {
      if (!scan_list()) return false;
      out.kind = DefaultKind::List;
    } else if (!scan_scalar(out.kind)) {
      return false;
    }
    out.text = text_.substr(start, pos_ - start);
    return true;
  }

  // A quoted string; a backslash escapes the next character, so `'\''` is one string.
  bool scan_string() {
    std::size_t start = pos_;
    char quote = text_[pos_++];
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == '\\') {
        pos_ += 2;
      } else if (c == quote) {
        ++pos_;
        return true;
      } else {
        ++pos_;
      }
    }
    pos_ = text_.size();
    return fail(start, "unterminated string default",
                std::string("close the string with ") + (quote == '"' ? "'\"'" : "\"'\""));
  }

  // `[]`, `[0,1]`, `[-2, -1]`: numbers or words separated by commas; the text is kept verbatim.
  bool scan_list() {
    ++pos_;
    skip_space();
    if (accept(']')) return true;
    while (true) {
      DefaultKind ignored;
      if (!scan_scalar(ignored, "list element")) return false;
      skip_space();
      if (accept(']')) return true;
      if (!accept(',')) return fail_expected("',' or ']' in list default");
      skip_space();
    }
  }

  // A number (`1`, `-1`, `0.5`, `1e-05`, `inf`, `-inf`, `nan`) or a word (`True`, `None`,
  // `contiguous_format`).
  bool scan_scalar(DefaultKind& kind, std::string_view what = "default value after '='") {
    std::size_t start = pos_;
    char c = peek();
    if (is_ident_start(c)) {
      std::string_view word = identifier();
      if (!check_name_end("default value")) return false;
      if (word == "True" || word == "False") {
        kind = DefaultKind::Bool;
      } else if (word == "None") {
        kind = DefaultKind::None;
      } else if (word == "inf" || word == "nan") {
        kind = DefaultKind::Number;
      } else {
        kind = DefaultKind::Word;
      }
      return true;
    }
    if (!(c == '-' || is_digit(c) || (c == '.' && is_digit(peek(1))))) return fail_expected(what);
    kind = DefaultKind::Number;
    accept('-');
    if (peek() == 'i' && text_.substr(pos_, 3) == "inf" && !is_ident_char(peek(3))) {
      pos_ += 3;
      return true;
    }
    bool digits = false;
    auto skip_digits = [&] {
      while (is_digit(peek())) {
        ++pos_;
        digits = true;
      }
    };
    skip_digits();
    if (accept('.')) skip_digits();
    bool valid = digits;
    if (valid && (peek() == 'e' || peek() == 'E')) {
      std::size_t exponent = pos_ + 1;
      if (exponent < text_.size() && (text_[exponent] == '+' || text_[exponent] == '-')) {
        ++exponent;
      }
      if (exponent < text_.size() && is_digit(text_[exponent])) {
        pos_ = exponent;
        while (is_digit(peek())) ++pos_;
      } else {
        valid = false;
      }
    }
    if (!valid || is_ident_char(peek()) || peek() == '.') {
      // Quote the whole malformed token, up to the next delimiter.
      std::size_t end = start + 1;
      while (end < text_.size() && (is_ident_char(text_[end]) || text_[end] == '.' ||
                                    text_[end] == '+' || text_[end] == '-')) {
        ++end;
      }
      pos_ = start;
      return fail(start, "invalid number " + quoted(text_.substr(start, end - start)));
    }
    return true;
  }

  bool parse_returns(std::vector<Return>& out, const std::vector<Argument>& arguments) {
    if (!accept('(')) {
      Return ret;
      const std::size_t start = pos_;
      if (!parse_return(ret, nullptr) || !check_return_aliases(ret, arguments, start)) {
        return false;
      }
      out.push_back(std::move(ret));
      return true;
    }
    skip_space();
    if (accept(')')) return true;
    SeenNames names;
    while (true) {
      skip_space();
      Return ret;
      std::size_t name_offset = 0;
      const std::size_t start = pos_;
      if (!parse_return(ret, &name_offset) || !check_return_aliases(ret, arguments, start)) {
        return false;
      }
      if (ret.name && names.find_or_add(*ret.name, out.size()) != SeenNames::kNone) {
        return fail(name_offset, "duplicate return name " + quoted(*ret.name));
      }
      out.push_back(std::move(ret));
      skip_space();
      if (accept(')')) return true;
      if (!accept(',')) return fail_expected("',' or ')' after return");
    }
  }

  bool parse_return(Return& out, std::size_t* name_offset) {
    if (!parse_type("return type", out.type, out.alias)) return false;
    std::size_t after_type = pos_;
    skip_space();
    if (name_offset != nullptr) *name_offset = pos_;
    std::string_view name = identifier();
    if (name.empty()) {
      pos_ = after_type;
      return true;
    }
    if (!check_name_end("return name")) return false;
    out.name = std::string(name);
    return true;
  }
};

}  // namespace

std::optional<FunctionSchema> parse_function_schema(std::string_view text, SchemaError* error) {
  return Parser(text, error).parse();
}

}  // namespace frp::schema
