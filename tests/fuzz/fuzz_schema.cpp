// libFuzzer target: the operator schema grammar (schema/parser.cpp, printer.cpp, defaults.cpp)
// and the C++ types the model stage gives what it accepts (model/op.cpp, cpp_types.cpp).
// Properties beyond "no crash, no sanitizer report": an error points inside the text, and what
// parses prints to text that parses again and prints the same (the canonical form is a fixpoint).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "common/diagnostics.h"
#include "model/native_function.h"
#include "model/op.h"
#include "schema/function_schema.h"

namespace {

[[noreturn]] void fail(const char* what, std::string_view input, std::string_view detail) {
  std::fprintf(stderr, "fuzz_schema: %s\n  input:  %.*s\n  detail: %.*s\n", what,
               static_cast<int>(input.size()), input.data(), static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

// The error as a user sees it: located in a one-line file holding the schema, quoted with a caret.
void report(std::string_view text, const frp::schema::SchemaError& error) {
  if (error.offset > text.size()) fail("error offset past the end of the text", text, "");
  if (error.message.empty()) fail("error without a message", text, "");
  frp::Diagnostics diags;
  diags.add_source("schema", std::string(text));
  diags.error(frp::SourceLocation{"schema", 1, 1}.shifted(error.offset),
              "bad schema: " + error.message, error.hint);
  (void)diags.format();
}

// Every printer entry point, piece by piece, as the templates' render model uses them.
void print_parts(const frp::schema::FunctionSchema& schema) {
  for (const frp::schema::Argument& argument : schema.arguments) {
    (void)frp::schema::to_string(argument);
    (void)frp::schema::to_string(*argument.type);
    if (argument.alias) (void)frp::schema::to_string(*argument.alias);
    (void)argument.type->contains_tensor();
  }
  for (const frp::schema::Return& ret : schema.returns) (void)frp::schema::to_string(ret);
}

// The model stage on an accepted schema, under the flags that change argument types; the input's
// size picks them, so a reproducer replays the same way.
void build_model(const frp::schema::FunctionSchema& schema, std::size_t size) {
  frp::model::NativeFunction fn;
  fn.func = schema;
  fn.key = schema.name.qualified();
  fn.custom = !schema.name.ns.empty() && schema.name.ns != "aten";
  if (fn.custom) fn.key = schema.name.ns + "::" + fn.key;
  fn.location = {"schema", 1, 1};
  fn.structured = (size & 1) != 0;
  fn.use_const_ref_for_mutable_tensors = (size & 2) != 0;
  frp::Diagnostics diags;
  (void)frp::model::build_op(fn, diags);
  (void)diags.format();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  frp::schema::SchemaError error;
  std::optional<frp::schema::FunctionSchema> parsed =
      frp::schema::parse_function_schema(text, &error);
  if (!parsed) {
    report(text, error);
    return 0;
  }
  const std::string printed = frp::schema::to_string(*parsed);
  frp::schema::SchemaError reparse_error;
  std::optional<frp::schema::FunctionSchema> reparsed =
      frp::schema::parse_function_schema(printed, &reparse_error);
  if (!reparsed)
    fail("the printed schema does not parse", text,
         printed + "\n  error: " + reparse_error.message);
  const std::string reprinted = frp::schema::to_string(*reparsed);
  if (reprinted != printed)
    fail("printing is not a fixpoint", text, printed + "\n  then:   " + reprinted);
  print_parts(*parsed);
  build_model(*parsed, size);
  return 0;
}
