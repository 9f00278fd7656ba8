// Unit tests for the schema parser and printer: every grammar feature, the canonical printing,
// and each error with the offset it points at.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "schema/function_schema.h"

namespace frp::schema {
namespace {

FunctionSchema parse_ok(std::string_view text) {
  SchemaError error;
  auto schema = parse_function_schema(text, &error);
  EXPECT_TRUE(schema.has_value()) << text << "\n  offset " << error.offset << ": " << error.message;
  return schema ? *schema : FunctionSchema{};
}

SchemaError parse_error(std::string_view text) {
  SchemaError error;
  auto schema = parse_function_schema(text, &error);
  EXPECT_FALSE(schema.has_value()) << text << " parsed unexpectedly";
  return error;
}

// Offset of the first occurrence of `needle` at or after `from`, for readable expectations.
std::size_t at(std::string_view text, std::string_view needle, std::size_t from = 0) {
  std::size_t offset = text.find(needle, from);
  EXPECT_NE(offset, std::string_view::npos) << needle;
  return offset;
}

// ---------------------------------------------------------------------------------------------
// Base types and Type helpers

TEST(SchemaTypes, BaseTypeNamesRoundTrip) {
  const auto& names = base_type_names();
  EXPECT_EQ(names.size(), 18u);
  for (const std::string& name : names) {
    auto base = base_type_from_name(name);
    ASSERT_TRUE(base.has_value()) << name;
    EXPECT_EQ(base_type_name(*base), name);
  }
  EXPECT_EQ(base_type_name(BaseType::Int), "int");
  EXPECT_EQ(base_type_name(BaseType::Float), "float");
  EXPECT_EQ(base_type_name(BaseType::Str), "str");
  EXPECT_EQ(base_type_name(BaseType::Dimname), "Dimname");
  EXPECT_EQ(base_type_from_name("SymBool"), BaseType::SymBool);
  EXPECT_FALSE(base_type_from_name("Int").has_value());
  EXPECT_FALSE(base_type_from_name("").has_value());
}

TEST(SchemaTypes, MakeAndInspect) {
  TypePtr tensor = Type::make_base(BaseType::Tensor);
  EXPECT_TRUE(tensor->is_base(BaseType::Tensor));
  EXPECT_EQ(Type::make_base(BaseType::Int), Type::make_base(BaseType::Int));  // shared instance

  TypePtr optional_list = Type::make_optional(Type::make_list(Type::make_base(BaseType::Int), 1));
  EXPECT_TRUE(optional_list->is_optional());
  EXPECT_TRUE(optional_list->elem->is_list());
  EXPECT_EQ(optional_list->elem->size, 1);
  EXPECT_EQ(to_string(*optional_list), "int[1]?");

  TypePtr list_of_optional = Type::make_list(Type::make_optional(tensor), std::nullopt);
  EXPECT_EQ(to_string(*list_of_optional), "Tensor?[]");
  EXPECT_TRUE(list_of_optional->contains_tensor());
  EXPECT_TRUE(Type::make_optional(tensor)->contains_tensor());
  EXPECT_FALSE(optional_list->contains_tensor());
  EXPECT_FALSE(Type::make_base(BaseType::Scalar)->contains_tensor());
}

TEST(SchemaTypes, QualifiedName) {
  OperatorName name{"", "add_", "Tensor"};
  EXPECT_EQ(name.qualified(), "add_.Tensor");
  EXPECT_EQ((OperatorName{"myops", "relu", ""}).qualified(), "relu");
}

// ---------------------------------------------------------------------------------------------
// Operator names

TEST(SchemaParse, NameWithOverload) {
  auto s = parse_ok("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_EQ(s.name.ns, "");
  EXPECT_EQ(s.name.name, "add");
  EXPECT_EQ(s.name.overload, "Tensor");
  EXPECT_EQ(s.name.qualified(), "add.Tensor");
}

TEST(SchemaParse, NamespaceAndUnderscores) {
  auto s = parse_ok("my_ops::__and__.Scalar(Tensor self, Scalar other) -> Tensor");
  EXPECT_EQ(s.name.ns, "my_ops");
  EXPECT_EQ(s.name.name, "__and__");
  EXPECT_EQ(s.name.overload, "Scalar");
  EXPECT_EQ(to_string(s), "my_ops::__and__.Scalar(Tensor self, Scalar other) -> Tensor");

  auto inplace = parse_ok("add_(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  EXPECT_EQ(inplace.name.name, "add_");
  EXPECT_EQ(inplace.name.overload, "");
  EXPECT_EQ(inplace.name.qualified(), "add_");
}

// ---------------------------------------------------------------------------------------------
// Arguments

TEST(SchemaParse, EmptyArguments) {
  auto s = parse_ok("_cufft_get_plan_cache_size(DeviceIndex device_index) -> int");
  EXPECT_EQ(s.arguments.size(), 1u);
  auto none = parse_ok("_has_compatible_shallow_copy() -> bool");
  EXPECT_TRUE(none.arguments.empty());
  EXPECT_EQ(to_string(none), "_has_compatible_shallow_copy() -> bool");
}

TEST(SchemaParse, KwargOnlyAfterStar) {
  auto s = parse_ok(
      "add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> "
      "Tensor(a!)");
  ASSERT_EQ(s.arguments.size(), 4u);
  EXPECT_FALSE(s.arguments[0].kwarg_only);
  EXPECT_FALSE(s.arguments[1].kwarg_only);
  EXPECT_TRUE(s.arguments[2].kwarg_only);
  EXPECT_TRUE(s.arguments[3].kwarg_only);
  EXPECT_TRUE(s.arguments[3].is_write());
  EXPECT_FALSE(s.arguments[0].is_write());

  auto all_kwarg = parse_ok("empty(*, int x, bool? y=None) -> Tensor");
  EXPECT_TRUE(all_kwarg.arguments[0].kwarg_only);
  EXPECT_TRUE(all_kwarg.arguments[1].kwarg_only);
  EXPECT_EQ(to_string(all_kwarg), "empty(*, int x, bool? y=None) -> Tensor");
}

TEST(SchemaParse, TypeSuffixes) {
  auto s = parse_ok(
      "f(int[1]? a, Tensor?[] b, SymInt[]? c, bool[3] d, int[] e, float? f, int[][] g) -> ()");
  ASSERT_EQ(s.arguments.size(), 7u);
  const Type& a = *s.arguments[0].type;
  ASSERT_TRUE(a.is_optional());
  ASSERT_TRUE(a.elem->is_list());
  EXPECT_EQ(a.elem->size, 1);
  EXPECT_TRUE(a.elem->elem->is_base(BaseType::Int));

  const Type& b = *s.arguments[1].type;
  ASSERT_TRUE(b.is_list());
  EXPECT_FALSE(b.size.has_value());
  ASSERT_TRUE(b.elem->is_optional());
  EXPECT_TRUE(b.elem->elem->is_base(BaseType::Tensor));
  EXPECT_TRUE(b.contains_tensor());

  EXPECT_EQ(to_string(*s.arguments[2].type), "SymInt[]?");
  EXPECT_EQ(s.arguments[3].type->size, 3);
  EXPECT_TRUE(s.arguments[3].type->elem->is_base(BaseType::Bool));
  EXPECT_EQ(to_string(*s.arguments[4].type), "int[]");
  EXPECT_EQ(to_string(*s.arguments[5].type), "float?");
  EXPECT_TRUE(s.arguments[6].type->elem->is_list());
  EXPECT_EQ(to_string(*s.arguments[6].type), "int[][]");
}

TEST(SchemaParse, EveryBaseType) {
  std::string text = "f(";
  const auto& names = base_type_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += ", ";
    text += names[i] + " a" + std::to_string(i);
  }
  text += ") -> ()";
  auto s = parse_ok(text);
  ASSERT_EQ(s.arguments.size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(base_type_name(s.arguments[i].type->base), names[i]);
  }
  EXPECT_EQ(to_string(s), text);
}

TEST(SchemaParse, AliasAnnotations) {
  auto s = parse_ok(
      "f(Tensor(a!) a, Tensor(b!)[] b, Tensor(a -> *) c, Tensor(d! -> d|b) d, Tensor(a|b) e, "
      "Tensor(c)? f, Tensor g) -> ()");
  ASSERT_EQ(s.arguments.size(), 7u);

  const AliasInfo& a = *s.arguments[0].alias;
  EXPECT_EQ(a.before, std::vector<std::string>{"a"});
  EXPECT_TRUE(a.is_write);
  EXPECT_TRUE(a.after.empty());

  EXPECT_TRUE(s.arguments[1].type->is_list());
  EXPECT_TRUE(s.arguments[1].is_write());
  EXPECT_EQ(s.arguments[1].alias->before, std::vector<std::string>{"b"});

  const AliasInfo& c = *s.arguments[2].alias;
  EXPECT_FALSE(c.is_write);
  EXPECT_EQ(c.after, std::vector<std::string>{"*"});

  const AliasInfo& d = *s.arguments[3].alias;
  EXPECT_TRUE(d.is_write);
  EXPECT_EQ(d.before, std::vector<std::string>{"d"});
  EXPECT_EQ(d.after, (std::vector<std::string>{"d", "b"}));
  EXPECT_EQ(to_string(d), "d! -> d|b");

  const AliasInfo& e = *s.arguments[4].alias;
  EXPECT_EQ(e.before, (std::vector<std::string>{"a", "b"}));
  EXPECT_FALSE(e.is_write);

  EXPECT_TRUE(s.arguments[5].type->is_optional());
  EXPECT_EQ(to_string(s.arguments[5]), "Tensor(c)? f");
  EXPECT_FALSE(s.arguments[6].alias.has_value());

  EXPECT_EQ(to_string(s),
            "f(Tensor(a!) a, Tensor(b!)[] b, Tensor(a -> *) c, Tensor(d! -> d|b) d, Tensor(a|b) e, "
            "Tensor(c)? f, Tensor g) -> ()");
}

TEST(SchemaParse, AliasNamesMayBeLongerLowercaseIdentifiers) {
  auto s = parse_ok("f(Tensor(self_0!) x) -> Tensor(self_0!)");
  EXPECT_EQ(s.arguments[0].alias->before, std::vector<std::string>{"self_0"});
}

TEST(SchemaParse, NumberDefaults) {
  auto s = parse_ok(
      "f(int a=1, int b=-1, float c=0.5, float d=1e-05, float e=-2, float g=3, float h=.5, "
      "float i=0.3333333333333333, int j=-100, float k=1E+3) -> ()");
  for (const Argument& arg : s.arguments) {
    ASSERT_TRUE(arg.default_value.has_value()) << arg.name;
    EXPECT_EQ(arg.default_value->kind, DefaultKind::Number) << arg.name;
  }
  EXPECT_EQ(s.arguments[1].default_value->text, "-1");
  EXPECT_EQ(s.arguments[3].default_value->text, "1e-05");
  EXPECT_EQ(s.arguments[4].default_value->text, "-2");
  EXPECT_EQ(s.arguments[7].default_value->text, "0.3333333333333333");
  EXPECT_EQ(s.arguments[9].default_value->text, "1E+3");
}

// Defaults torch's own schema parser (torch._C.parse_schema) refuses, and some it takes that can
// only be mistakes: each refused where the value starts, with a hint where one helps.
TEST(SchemaParse, DefaultsMustSuitTheirType) {
  struct Case {
    std::string_view argument;  // inside "f(...) -> ()"
    std::string_view message;
    std::string_view hint;
  };
  const Case cases[] = {
      {"int x=abc", "default value 'abc' is not a value of type 'int'", ""},
      {"ScalarType t=lon", "default value 'lon' is not a value of type 'ScalarType'",
       "did you mean 'long'?"},
      {"Device d=cpu", "default value 'cpu' is not a value of type 'Device'", "quote it: 'cpu'"},
      {"str s=none", "default value 'none' is not a value of type 'str'", "quote it: 'none'"},
      {"float x=inf", "default value inf cannot be a default", "no inf or nan"},
      {"float x=-inf", "default value -inf cannot be a default", ""},
      {"float x=nan", "default value nan cannot be a default", ""},
      {"int x=None", "default value None is not a value of type 'int'", "'int?'"},
      {"int x=1.5", "default value 1.5 is not a value of type 'int'", ""},
      {"bool flag=1", "default value 1 is not a value of type 'bool'", "write True or False"},
      {"bool flag=\"yes\"", "default value \"yes\" is not a value of type 'bool'", ""},
      {"Tensor[] t=[]", "default value [] is not a value of type 'Tensor[]'", ""},
      {"int[] s=1", "default value 1 is not a value of type 'int[]'", ""},
      {"int[] s=[True]", "default value 'True' in [True] is not an element of type 'int'", ""},
      {"Scalar s=abc", "default value 'abc' is not a value of type 'Scalar'", ""},
      {"Tensor? t=1", "default value 1 is not a value of type 'Tensor?'", ""},
  };
  for (const Case& c : cases) {
    const std::string text = "f(" + std::string(c.argument) + ") -> ()";
    SchemaError error = parse_error(text);
    EXPECT_EQ(error.message, c.message) << text;
    EXPECT_EQ(error.offset, text.find('=') + 1) << text;
    EXPECT_NE(error.hint.find(c.hint), std::string::npos) << text << ": " << error.hint;
  }
  // What aten's own schemas use, and a few more torch takes.
  parse_ok(
      "f(Device d=\"cpu\", str? s=None, int reduction=Mean, ScalarType? dtype=long, "
      "MemoryFormat m=contiguous_format, Layout l=strided, int[2] k=1, SymInt[1] n=0, "
      "float x=1, Scalar s2=True, Scalar t=-0.5, bool[2] b=[True, False], float[] f=[1, 0.5], "
      "int? i=None, Tensor? t2=None, int[] e=[]) -> ()");
}

TEST(SchemaParse, AliasSetsMustMakeSense) {
  std::string text = "f(Tensor(a!) x, Tensor(a!) y) -> Tensor(a!)";
  SchemaError error = parse_error(text);
  EXPECT_EQ(error.message, "arguments 'x' and 'y' are both written through alias set 'a'");
  EXPECT_EQ(error.offset, text.find("y)"));
  EXPECT_NE(error.hint.find("Tensor(b!) y"), std::string::npos);

  text = "f(Tensor x, *, Tensor(a!) out) -> Tensor(b!)";
  error = parse_error(text);
  EXPECT_EQ(error.message, "return aliases set 'b', which no argument has");
  EXPECT_EQ(error.offset, text.find("Tensor(b!)"));
  text = "f(Tensor(a!) x) -> (Tensor(a!) one, Tensor(c) two)";
  EXPECT_EQ(parse_error(text).offset, text.find("Tensor(c)"));

  // What aten does: in place, out=, views, several outs, and reads of one set by many.
  parse_ok("f(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  parse_ok("f(Tensor self, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))");
  parse_ok("f(Tensor(a) self, int dim) -> Tensor(a)");
  parse_ok("f(Tensor(a -> *) self) -> Tensor(a)[]");
  parse_ok("f(Tensor(a) x, Tensor(a) y) -> ()");
}

TEST(SchemaParse, ListDefaultsKeepRawText) {
  auto s = parse_ok(
      "f(int[] a=[], int[2] b=[0,1], int[2] c=[-2, -1], bool[3] d=[True, False, "
      "True]) -> ()");
  for (const Argument& arg : s.arguments) {
    EXPECT_EQ(arg.default_value->kind, DefaultKind::List) << arg.name;
  }
  EXPECT_EQ(s.arguments[0].default_value->text, "[]");
  EXPECT_EQ(s.arguments[1].default_value->text, "[0,1]");
  EXPECT_EQ(s.arguments[2].default_value->text, "[-2, -1]");
  EXPECT_EQ(s.arguments[3].default_value->text, "[True, False, True]");
}

TEST(SchemaParse, WordDefaults) {
  auto s = parse_ok(
      "f(bool a=True, bool b=False, Tensor? c=None, MemoryFormat d=contiguous_format, "
      "int e=Mean, ScalarType f=long) -> ()");
  EXPECT_EQ(s.arguments[0].default_value->kind, DefaultKind::Bool);
  EXPECT_EQ(s.arguments[1].default_value->kind, DefaultKind::Bool);
  EXPECT_EQ(s.arguments[2].default_value->kind, DefaultKind::None);
  EXPECT_EQ(s.arguments[3].default_value->kind, DefaultKind::Word);
  EXPECT_EQ(s.arguments[3].default_value->text, "contiguous_format");
  EXPECT_EQ(s.arguments[4].default_value->kind, DefaultKind::Word);
  EXPECT_EQ(s.arguments[5].default_value->text, "long");
}

TEST(SchemaParse, StringDefaults) {
  // The two escapes come verbatim from native_functions.yaml's _test_string_default.
  const std::string text =
      R"(_test_string_default(Tensor dummy, str a="\"'\\", str b='"\'\\', str c='none', )"
      R"(str d="", str e="valid") -> Tensor)";
  auto s = parse_ok(text);
  ASSERT_EQ(s.arguments.size(), 6u);
  for (std::size_t i = 1; i < s.arguments.size(); ++i) {
    EXPECT_EQ(s.arguments[i].default_value->kind, DefaultKind::String);
  }
  EXPECT_EQ(s.arguments[1].default_value->text, R"("\"'\\")");
  EXPECT_EQ(s.arguments[2].default_value->text, R"('"\'\\')");
  EXPECT_EQ(s.arguments[3].default_value->text, "'none'");
  EXPECT_EQ(s.arguments[4].default_value->text, "\"\"");
  EXPECT_EQ(to_string(s), text);
}

TEST(SchemaParse, StringDefaultMayContainDelimiters) {
  auto s = parse_ok("f(str a=', ) -> (', int b=1) -> ()");
  ASSERT_EQ(s.arguments.size(), 2u);
  EXPECT_EQ(s.arguments[0].default_value->text, "', ) -> ('");
}

// ---------------------------------------------------------------------------------------------
// Returns

TEST(SchemaParse, EmptyReturns) {
  auto s = parse_ok("_foreach_add_.Scalar(Tensor(a!)[] self, Scalar scalar) -> ()");
  EXPECT_TRUE(s.returns.empty());
  EXPECT_EQ(to_string(s), "_foreach_add_.Scalar(Tensor(a!)[] self, Scalar scalar) -> ()");
}

TEST(SchemaParse, SingleReturns) {
  for (std::string_view ret :
       {"Tensor", "Tensor(a!)", "Tensor(a)[]", "Tensor[]", "bool", "Scalar", "ScalarType", "SymInt",
        "float", "int", "QScheme", "Tensor?", "int[]"}) {
    std::string text = "f(Tensor(a!) self) -> " + std::string(ret);
    auto s = parse_ok(text);
    ASSERT_EQ(s.returns.size(), 1u) << ret;
    EXPECT_FALSE(s.returns[0].name.has_value());
    EXPECT_EQ(to_string(s.returns[0]), ret);
    EXPECT_EQ(to_string(s), text);
  }
  auto alias = parse_ok("f(Tensor(a) self) -> Tensor(a)[]");
  EXPECT_TRUE(alias.returns[0].type->is_list());
  EXPECT_EQ(alias.returns[0].alias->before, std::vector<std::string>{"a"});
  EXPECT_FALSE(alias.returns[0].is_write());
}

TEST(SchemaParse, NamedSingleReturnStaysBare) {
  // native_functions.yaml writes e.g. `cudnn_grid_sampler(...) -> Tensor output`.
  auto s = parse_ok("cudnn_grid_sampler(Tensor self, Tensor grid) -> Tensor output");
  ASSERT_EQ(s.returns.size(), 1u);
  EXPECT_EQ(s.returns[0].name, "output");
  EXPECT_EQ(to_string(s), "cudnn_grid_sampler(Tensor self, Tensor grid) -> Tensor output");
}

TEST(SchemaParse, TupleReturns) {
  auto s = parse_ok(
      "max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor "
      "indices)");
  ASSERT_EQ(s.returns.size(), 2u);
  EXPECT_EQ(s.returns[0].name, "values");
  EXPECT_EQ(s.returns[1].name, "indices");

  auto out = parse_ok(
      "max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, "
      "Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)");
  EXPECT_TRUE(out.returns[0].is_write());
  EXPECT_EQ(out.returns[1].alias->before, std::vector<std::string>{"b"});
  EXPECT_EQ(to_string(out.returns[1]), "Tensor(b!) indices");

  auto unnamed = parse_ok("f(Tensor input) -> (Tensor, Tensor, Tensor[])");
  ASSERT_EQ(unnamed.returns.size(), 3u);
  EXPECT_FALSE(unnamed.returns[2].name.has_value());
  EXPECT_EQ(to_string(unnamed), "f(Tensor input) -> (Tensor, Tensor, Tensor[])");
}

TEST(SchemaParse, ReturnNameMayRepeatAnArgumentName) {
  parse_ok(
      "linalg_eigh.eigvals(Tensor self, str UPLO=\"L\", *, Tensor(a!) eigvals, Tensor(b!) "
      "eigvecs) -> (Tensor(a!) eigvals, Tensor(b!) eigenvectors)");
}

// ---------------------------------------------------------------------------------------------
// Printing

TEST(SchemaPrint, CanonicalRoundTrip) {
  for (std::string_view text : {
           "abs(Tensor self) -> Tensor",
           "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
           "aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
           "split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]",
           "_amp_foreach_non_finite_check_and_unscale_(Tensor(a!)[] self, Tensor(b!) found_inf, "
           "Tensor inv_scale) -> ()",
           "index.Tensor(Tensor self, Tensor?[] indices) -> Tensor",
           "sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? "
           "dtype=None) -> Tensor",
           "native_layer_norm_backward(Tensor grad_out, Tensor input, SymInt[] normalized_shape, "
           "Tensor mean, Tensor rstd, Tensor? weight, Tensor? bias, bool[3] output_mask) -> "
           "(Tensor, Tensor, Tensor)",
           "std_mean.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool "
           "keepdim=False) -> (Tensor, Tensor)",
           "f(Tensor(a! -> a|b) x, Tensor(a|b) y) -> Tensor",
       }) {
    auto s = parse_ok(text);
    EXPECT_EQ(to_string(s), text);
    auto again = parse_ok(to_string(s));
    EXPECT_EQ(to_string(again), text);
  }
}

TEST(SchemaPrint, WhitespaceIsCanonicalized) {
  // Free between tokens; the operator name itself is one word.
  auto s = parse_ok(
      "  ns::foo.bar ( Tensor(a ->*)  x ,* ,int[2]  y = [1, 2] )->( Tensor a ,"
      "Tensor b )  ");
  EXPECT_EQ(to_string(s),
            "ns::foo.bar(Tensor(a -> *) x, *, int[2] y=[1, 2]) -> (Tensor a, Tensor b)");
}

TEST(SchemaPrint, ParenthesizedSingleReturnPrintsBare) {
  auto s = parse_ok("f(Tensor x) -> (Tensor)");
  EXPECT_EQ(to_string(s), "f(Tensor x) -> Tensor");
}

TEST(SchemaPrint, StarPrintedOnceBeforeFirstKwarg) {
  FunctionSchema s;
  s.name.name = "f";
  Argument a{Type::make_base(BaseType::Tensor), "a", std::nullopt, std::nullopt, false};
  Argument b{Type::make_base(BaseType::Int), "b", std::nullopt,
             DefaultValue{DefaultKind::Number, "1"}, true};
  Argument c{Type::make_base(BaseType::Tensor), "c", AliasInfo{{"a"}, true, {}}, std::nullopt,
             true};
  s.arguments = {a, b, c};
  s.returns.push_back(
      Return{Type::make_base(BaseType::Tensor), std::nullopt, AliasInfo{{"a"}, true, {}}});
  EXPECT_EQ(to_string(s), "f(Tensor a, *, int b=1, Tensor(a!) c) -> Tensor(a!)");
  EXPECT_EQ(to_string(c), "Tensor(a!) c");
  EXPECT_EQ(to_string(*c.alias), "a!");
}

TEST(SchemaPrint, AliasWithList) {
  Argument arg{Type::make_list(Type::make_optional(Type::make_base(BaseType::Tensor)), 2), "x",
               AliasInfo{{"a"}, false, {"*"}}, std::nullopt, false};
  EXPECT_EQ(to_string(arg), "Tensor(a -> *)?[2] x");
  Return ret{Type::make_base(BaseType::Tensor), "out", AliasInfo{{"a", "b"}, false, {}}};
  EXPECT_EQ(to_string(ret), "Tensor(a|b) out");
}

// ---------------------------------------------------------------------------------------------
// Errors

TEST(SchemaErrors, MissingArrow) {
  std::string_view text = "foo(Tensor x) Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, at(text, "Tensor", 5));
  EXPECT_EQ(e.message, "expected '->' after arguments, found 'Tensor'");

  auto end = parse_error("foo(Tensor x)");
  EXPECT_EQ(end.offset, 13u);
  EXPECT_EQ(end.message, "expected '->' after arguments, found end of input");
}

TEST(SchemaErrors, TrailingGarbage) {
  std::string_view text = "foo(Tensor x) -> Tensor y z";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, at(text, "z"));
  EXPECT_EQ(e.message, "unexpected 'z' after returns");

  std::string_view tuple = "foo(Tensor x) -> (Tensor a, Tensor b))";
  auto t = parse_error(tuple);
  EXPECT_EQ(t.offset, tuple.size() - 1);
  EXPECT_EQ(t.message, "unexpected ')' after returns");
}

TEST(SchemaErrors, UnknownTypeWithHint) {
  std::string_view text = "foo(Tensr x) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, 4u);
  EXPECT_EQ(e.message, "unknown type 'Tensr'");
  EXPECT_EQ(e.hint, "did you mean 'Tensor'?");

  auto ret = parse_error("foo(Tensor x) -> Int");
  EXPECT_EQ(ret.offset, 17u);
  EXPECT_EQ(ret.message, "unknown type 'Int'");
  EXPECT_EQ(ret.hint, "did you mean 'int'?");

  // A lone name: the hint explains the `type name` form.
  auto missing = parse_error("foo(self) -> Tensor");
  EXPECT_EQ(missing.offset, 4u);
  EXPECT_EQ(missing.message, "unknown type 'self'");
  EXPECT_EQ(missing.hint, "write the type before the name, e.g. 'Tensor self'");
}

TEST(SchemaErrors, DuplicateArgumentName) {
  std::string_view text = "foo(Tensor self, int dim, Tensor self) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, at(text, "self", 20));
  EXPECT_EQ(e.message, "duplicate argument name 'self'");
}

// Names are checked through a hash set past a few: the first repeat is still the one reported,
// and thousands of arguments or returns take linear time.
TEST(SchemaErrors, DuplicatesAmongManyNames) {
  std::string text = "foo(";
  for (int i = 0; i < 3000; ++i)
    text += "Tensor(a" + std::to_string(i) + "!) x" + std::to_string(i) + ", ";
  const std::size_t repeat = text.size();
  text += "Tensor x17, Tensor x1) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, repeat + 7);
  EXPECT_EQ(e.message, "duplicate argument name 'x17'");

  text = "foo(Tensor(a5!) x, Tensor(b!) y";
  for (int i = 0; i < 100; ++i)
    text += ", Tensor(a" + std::to_string(i) + "!) z" + std::to_string(i);
  e = parse_error(text + ") -> ()");
  EXPECT_EQ(e.message, "arguments 'x' and 'z5' are both written through alias set 'a5'");

  text = "foo(Tensor(a) x) -> (";
  for (int i = 0; i < 100; ++i) text += "Tensor(a) r" + std::to_string(i) + ", ";
  e = parse_error(text + "Tensor r50, Tensor(b) r200)");
  EXPECT_EQ(e.message, "duplicate return name 'r50'");
  e = parse_error(text + "Tensor(b) r200)");
  EXPECT_EQ(e.message, "return aliases set 'b', which no argument has");
}

// What torch refuses when the schema is registered (torch._C.parse_schema), though its grammar
// takes it.
TEST(SchemaErrors, WhatTorchRefusesAtRegistration) {
  std::string_view text = "ns::foo.default(Tensor x) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, at(text, "default"));
  EXPECT_EQ(e.message, "'default' is not a legal overload name");
  parse_ok("ns::foo.default_(Tensor x) -> Tensor");

  text = "foo(Tensor x, int a=1, int b) -> Tensor";
  e = parse_error(text);
  EXPECT_EQ(e.offset, at(text, "b)"));
  EXPECT_EQ(e.message, "argument 'b' has no default value but follows 'a', which has one");
  parse_error("foo(Tensor x, int a=1, int[]? b) -> Tensor");
  // A list is exempt, as in torch; keyword-only arguments are not positional.
  parse_ok("foo(Tensor x, int a=1, int[] b, Tensor[] c) -> Tensor");
  parse_ok("foo(Tensor x, int a=1, *, int b, float c=2) -> Tensor");
}

TEST(SchemaErrors, NumberDefaultsOutOfRange) {
  struct Case {
    std::string_view argument;  // inside "f(...) -> ()"
    std::string_view message;
  };
  const Case cases[] = {
      {"int x=9223372036854775808",
       "default value 9223372036854775808 does not fit in a 64-bit integer"},
      {"SymInt x=-9223372036854775809",
       "default value -9223372036854775809 does not fit in a 64-bit integer"},
      {"Scalar x=99999999999999999999",
       "default value 99999999999999999999 does not fit in a 64-bit integer"},
      {"float x=1e999", "default value 1e999 is out of the range of a double"},
      {"float x=1e-400", "default value 1e-400 is out of the range of a double"},
      {"int[] x=[1, 99999999999999999999]",
       "default value '99999999999999999999' in [1, 99999999999999999999] does not fit in a 64-bit "
       "integer"},
      {"float[] x=[-1e999]", "default value '-1e999' in [-1e999] is out of the range of a double"},
  };
  for (const Case& c : cases) {
    const std::string text = "f(" + std::string(c.argument) + ") -> ()";
    SchemaError error = parse_error(text);
    EXPECT_EQ(error.message, c.message) << text;
    EXPECT_EQ(error.offset, text.find('=') + 1) << text;
    EXPECT_NE(error.hint.find("int64"), std::string::npos) << text;
  }
  // torch reads an integer-looking float default with stod.
  parse_ok("f(int x=-9223372036854775808, float y=99999999999999999999, float z=1e308) -> ()");
}

TEST(SchemaErrors, DuplicateReturnName) {
  std::string_view text = "foo(Tensor x) -> (Tensor a, Tensor a)";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, text.size() - 2);
  EXPECT_EQ(e.message, "duplicate return name 'a'");
}

TEST(SchemaErrors, StarTwice) {
  std::string_view text = "foo(Tensor x, *, int a, *, int b) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, at(text, "*", 15));
  EXPECT_EQ(e.message, "duplicate '*' marker");
  EXPECT_FALSE(e.hint.empty());
}

TEST(SchemaErrors, DefaultOnStar) {
  std::string_view text = "foo(Tensor x, *=1, int a) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, at(text, "="));
  EXPECT_EQ(e.message, "'*' marker cannot have a default value");
}

TEST(SchemaErrors, StarWithoutKwargs) {
  std::string_view text = "foo(Tensor x, *) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, at(text, ")"));
  EXPECT_EQ(e.message, "expected keyword-only argument after '*', found ')'");

  std::string_view named = "foo(Tensor x, * y) -> Tensor";
  auto n = parse_error(named);
  EXPECT_EQ(n.offset, at(named, "y"));
  EXPECT_EQ(n.message, "expected ',' after '*', found 'y'");
}

TEST(SchemaErrors, AliasOnNonTensor) {
  std::string_view text = "foo(int(a!) x) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, 7u);
  EXPECT_EQ(e.message, "alias annotation on non-Tensor type 'int'");
  EXPECT_FALSE(e.hint.empty());

  auto ret = parse_error("foo(Tensor x) -> Scalar(a)");
  EXPECT_EQ(ret.offset, 23u);
  EXPECT_EQ(ret.message, "alias annotation on non-Tensor type 'Scalar'");
}

TEST(SchemaErrors, BadListSize) {
  std::string_view zero = "foo(int[0] x) -> Tensor";
  auto z = parse_error(zero);
  EXPECT_EQ(z.offset, 8u);
  EXPECT_EQ(z.message, "invalid list size '0'");

  auto huge = parse_error("foo(int[99999999999] x) -> Tensor");
  EXPECT_EQ(huge.offset, 8u);
  EXPECT_EQ(huge.message, "invalid list size '99999999999'");

  auto word = parse_error("foo(int[n] x) -> Tensor");
  EXPECT_EQ(word.offset, 8u);
  EXPECT_EQ(word.message, "expected list size or ']' after '[', found 'n'");

  auto unclosed = parse_error("foo(int[2 x) -> Tensor");
  EXPECT_EQ(unclosed.offset, 9u);
  EXPECT_EQ(unclosed.message, "expected ']' after list size, found ' '");
}

TEST(SchemaErrors, SuffixMustTouchType) {
  std::string_view text = "foo(int [2] x) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, 8u);
  EXPECT_EQ(e.message, "expected argument name, found '['");
}

TEST(SchemaErrors, RedundantOptional) {
  std::string_view text = "foo(int?? x) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, 8u);
  EXPECT_EQ(e.message, "redundant '?': type is already optional");
}

TEST(SchemaErrors, UnterminatedString) {
  std::string_view text = "foo(str mode='constant) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, at(text, "'"));
  EXPECT_EQ(e.message, "unterminated string default");

  // An escaped quote does not close the string.
  std::string_view escaped = R"(foo(str s="abc\") -> Tensor)";
  auto x = parse_error(escaped);
  EXPECT_EQ(x.offset, at(escaped, "\""));
  EXPECT_EQ(x.message, "unterminated string default");
}

TEST(SchemaErrors, EmptyOverload) {
  std::string_view text = "foo.(Tensor x) -> Tensor";
  auto e = parse_error(text);
  EXPECT_EQ(e.offset, 4u);
  EXPECT_EQ(e.message, "expected overload name after '.', found '('");
}

TEST(SchemaErrors, BadOperatorName) {
  auto empty = parse_error("");
  EXPECT_EQ(empty.offset, 0u);
  EXPECT_EQ(empty.message, "expected operator name, found end of input");

  auto digit = parse_error("1foo(Tensor x) -> Tensor");
  EXPECT_EQ(digit.offset, 0u);
  EXPECT_EQ(digit.message, "expected operator name, found '1foo'");

  auto dash = parse_error("my-op(Tensor x) -> Tensor");
  EXPECT_EQ(dash.offset, 2u);
  EXPECT_EQ(dash.message, "invalid character '-' in operator name");

  auto colon = parse_error("ns:foo(Tensor x) -> Tensor");
  EXPECT_EQ(colon.offset, 2u);
  EXPECT_EQ(colon.message, "expected '::' after namespace, found ':'");

  auto no_name = parse_error("ns::(Tensor x) -> Tensor");
  EXPECT_EQ(no_name.offset, 4u);
  EXPECT_EQ(no_name.message, "expected operator name after '::', found '('");

  auto no_paren = parse_error("foo -> Tensor");
  EXPECT_EQ(no_paren.offset, 4u);
  EXPECT_EQ(no_paren.message, "expected '(' after operator name, found '->'");

  auto unicode = parse_error("fo\xC3\xB6(Tensor x) -> Tensor");
  EXPECT_EQ(unicode.offset, 2u);
  EXPECT_EQ(unicode.message, "invalid character '\xC3\xB6' in operator name");
}

TEST(SchemaErrors, BadArgumentName) {
  std::string_view missing = "foo(Tensor) -> Tensor";
  auto m = parse_error(missing);
  EXPECT_EQ(m.offset, 10u);
  EXPECT_EQ(m.message, "expected argument name, found ')'");

  auto digit = parse_error("foo(Tensor 2x) -> Tensor");
  EXPECT_EQ(digit.offset, 11u);
  EXPECT_EQ(digit.message, "expected argument name, found '2x'");

  auto junk = parse_error("foo(Tensor x$y) -> Tensor");
  EXPECT_EQ(junk.offset, 12u);
  EXPECT_EQ(junk.message, "invalid character '$' in argument name");

  std::string_view two_names = "foo(Tensor a b) -> Tensor";
  auto t = parse_error(two_names);
  EXPECT_EQ(t.offset, 13u);
  EXPECT_EQ(t.message, "expected ',' or ')' after argument, found 'b'");
}

TEST(SchemaErrors, BadArgumentList) {
  auto trailing_comma = parse_error("foo(Tensor a,) -> Tensor");
  EXPECT_EQ(trailing_comma.offset, 13u);
  EXPECT_EQ(trailing_comma.message, "expected argument type, found ')'");

  auto unclosed = parse_error("foo(Tensor a");
  EXPECT_EQ(unclosed.offset, 12u);
  EXPECT_EQ(unclosed.message, "expected ',' or ')' after argument, found end of input");
}

TEST(SchemaErrors, BadAlias) {
  auto upper = parse_error("foo(Tensor(A!) x) -> Tensor");
  EXPECT_EQ(upper.offset, 11u);
  EXPECT_EQ(upper.message, "alias set name 'A' must be lowercase");

  auto wildcard = parse_error("foo(Tensor(*) x) -> Tensor");
  EXPECT_EQ(wildcard.offset, 11u);
  EXPECT_EQ(wildcard.message, "wildcard '*' is only allowed after '->' in an alias annotation");

  auto empty = parse_error("foo(Tensor() x) -> Tensor");
  EXPECT_EQ(empty.offset, 11u);
  EXPECT_EQ(empty.message, "expected alias set name, found ')'");

  auto multi_write = parse_error("foo(Tensor(a|b!) x) -> Tensor");
  EXPECT_EQ(multi_write.offset, 14u);
  EXPECT_EQ(multi_write.message, "a written alias must name one alias set, found 'a|b'");

  auto both_multi = parse_error("foo(Tensor(a|b -> c|d) x) -> Tensor");
  EXPECT_EQ(both_multi.offset, 18u);
  EXPECT_EQ(both_multi.message, "alias sets before and after '->' cannot both have several names");

  auto unclosed = parse_error("foo(Tensor(a! x) -> Tensor");
  EXPECT_EQ(unclosed.offset, 14u);
  EXPECT_EQ(unclosed.message, "expected ')' after alias annotation, found 'x'");

  auto no_after = parse_error("foo(Tensor(a -> ) x) -> Tensor");
  EXPECT_EQ(no_after.offset, 16u);
  EXPECT_EQ(no_after.message, "expected alias set name, found ')'");

  auto bad_char = parse_error("foo(Tensor(a-b) x) -> Tensor");
  EXPECT_EQ(bad_char.offset, 12u);
  EXPECT_EQ(bad_char.message, "invalid character '-' in alias set name");
}

TEST(SchemaErrors, BadDefaults) {
  auto missing = parse_error("foo(int x=) -> Tensor");
  EXPECT_EQ(missing.offset, 10u);
  EXPECT_EQ(missing.message, "expected default value after '=', found ')'");

  auto letters = parse_error("foo(int x=1abc) -> Tensor");
  EXPECT_EQ(letters.offset, 10u);
  EXPECT_EQ(letters.message, "invalid number '1abc'");

  auto exponent = parse_error("foo(float x=1e) -> Tensor");
  EXPECT_EQ(exponent.offset, 12u);
  EXPECT_EQ(exponent.message, "invalid number '1e'");

  auto minus = parse_error("foo(int x=-) -> Tensor");
  EXPECT_EQ(minus.offset, 10u);
  EXPECT_EQ(minus.message, "invalid number '-'");

  auto dots = parse_error("foo(float x=1.2.3) -> Tensor");
  EXPECT_EQ(dots.offset, 12u);
  EXPECT_EQ(dots.message, "invalid number '1.2.3'");

  auto list = parse_error("foo(int[] x=[1, 2) -> Tensor");
  EXPECT_EQ(list.offset, 17u);
  EXPECT_EQ(list.message, "expected ',' or ']' in list default, found ')'");

  auto list_item = parse_error("foo(int[] x=[1, ]) -> Tensor");
  EXPECT_EQ(list_item.offset, 16u);
  EXPECT_EQ(list_item.message, "expected list element, found ']'");

  auto glued = parse_error("foo(str x='a'b) -> Tensor");
  EXPECT_EQ(glued.offset, 13u);
  EXPECT_EQ(glued.message, "expected ',' or ')' after argument, found 'b'");
}

TEST(SchemaErrors, BadReturns) {
  auto none = parse_error("foo(Tensor x) -> ");
  EXPECT_EQ(none.offset, 17u);
  EXPECT_EQ(none.message, "expected return type, found end of input");

  auto trailing_comma = parse_error("foo(Tensor x) -> (Tensor, )");
  EXPECT_EQ(trailing_comma.offset, 26u);
  EXPECT_EQ(trailing_comma.message, "expected return type, found ')'");

  auto unclosed = parse_error("foo(Tensor x) -> (Tensor a Tensor b)");
  EXPECT_EQ(unclosed.offset, 27u);
  EXPECT_EQ(unclosed.message, "expected ',' or ')' after return, found 'Tensor'");

  auto bad_name = parse_error("foo(Tensor x) -> (Tensor a#)");
  EXPECT_EQ(bad_name.offset, 26u);
  EXPECT_EQ(bad_name.message, "invalid character '#' in return name");
}

TEST(SchemaErrors, NullErrorPointerIsAllowed) {
  EXPECT_FALSE(parse_function_schema("foo(", nullptr).has_value());
  EXPECT_TRUE(parse_function_schema("foo() -> ()", nullptr).has_value());
}

TEST(SchemaErrors, ControlCharacterIsDescribed) {
  auto e = parse_error("foo(Tensor x)\x01");
  EXPECT_EQ(e.offset, 13u);
  EXPECT_EQ(e.message, "expected '->' after arguments, found character 0x01");
}

}  // namespace
}  // namespace frp::schema
