"""C++ text laid out as clang-format 14 lays it out with the generated repo's .clang-format.

frp-gen writes formatted C++ without running clang-format: the C++ templates use these
functions as filters, which renderer.py gives every template under the names in FILTERS (`{{
"TORCH_CHECK" | cpp_call(["ok", '"message"']) }}`, `{% filter cpp_paragraph %}...{% endfilter
%}`): the first argument is the one piped in. Filters rather than functions of a global
because Jinja2 calls a filter directly, but a global's function through its context, at several
times the cost over thousands of operators. The style is Google's with a 100-column limit (see
templates/.clang-format.j2); each function follows the few rules of it that its construct
meets, decided by lengths alone. `indent` is the indentation of the first line. Each function
returns its text without a final newline (but `paragraph`, which stands for its block's lines).
Thousands of operators go through them, so they keep to string operations.
"""

import textwrap

LIMIT = 100  # ColumnLimit


def _function(head: str, parameters: str, tail: str, indent: str) -> str:
    """`head(parameters)tail` on one line if it fits, else broken after "(" with one parameter
    a line, indented by 4 (BinPackParameters: false, AllowAllParametersOfDeclarationOnNextLine:
    false, ContinuationIndentWidth: 4)."""
    line = indent + head + "(" + parameters + ")" + tail
    if len(line) <= LIMIT or not parameters:
        return line
    inner = ",\n" + indent + "    "
    return (
        indent
        + head
        + "(\n"
        + indent
        + "    "
        + parameters.replace(", ", inner).replace("<bool" + inner, "<bool, ")
        + ")"
        + tail
    )


def _type(type_: str, indent: str) -> str:
    """A return type on a line of its own (AlwaysBreakAfterReturnType's penalty makes clang-format
    break after it rather than inside it); one too long for it has one template argument a line,
    indented by 4 (dispatcher return types are tuples whose elements hold no commas)."""
    if len(indent) + len(type_) <= LIMIT or "<" not in type_:
        return indent + type_
    start = type_.index("<") + 1
    inner = "\n" + indent + "    "
    return (
        indent
        + type_[:start]
        + inner
        + type_[start:-1].replace(", ", "," + inner)
        + ">"
    )


def declaration(
    return_type: str,
    name: str,
    parameters: str,
    tail: str,
    indent: str = "",
    prefix: str = "",
) -> str:
    """A function's declaration or definition: `return_type name(parameters)tail`, `tail` being
    ";", " {" or "" (a constructor's, before its initializers); a constructor has no return type
    (""). `parameters` are joined by ", ", as an operator's `signature` is: the only ", " inside a
    dispatcher type is that of ::std::array<bool, N>, which stays whole. Each parameter gets
    `prefix` ("[[maybe_unused]] ").

    On one line if it fits (ColumnLimit: 100); else broken after "(", one parameter a line,
    indented by 4 (BinPackParameters: false, AllowAllParametersOfDeclarationOnNextLine: false).
    Where "return_type name(" does not fit, a qualified name breaks after its last "::" (the rest
    indented by 4), else the return type gets a line of its own (clang-format's
    PenaltyReturnTypeOnItsOwnLine is the cheapest break left); a return type too long for any
    line has one template argument a line."""
    if prefix and parameters:
        parameters = (prefix + parameters.replace(", ", ", " + prefix)).replace(
            "<bool, " + prefix, "<bool, "
        )
    head = indent + (return_type + " " if return_type else "") + name + "("
    line = head + parameters + ")" + tail
    if len(line) <= LIMIT or not parameters and not return_type:
        return line
    if parameters and (len(head) <= LIMIT or not return_type):
        inner = ",\n" + indent + "    "
        return (
            head
            + "\n"
            + indent
            + "    "
            + parameters.replace(", ", inner).replace("<bool" + inner, "<bool, ")
            + ")"
            + tail
        )
    qualifier = name.rpartition("::")[0] + "::" if "::" in name else ""
    if qualifier and len(indent) + len(return_type) + 1 + len(qualifier) <= LIMIT:
        return (
            indent
            + return_type
            + " "
            + qualifier
            + "\n"
            + _function(name[len(qualifier) :], parameters, tail, indent + "    ")
        )
    if (
        not qualifier
        or len(indent) + len(name) + len(parameters) + 2 + len(tail) <= LIMIT
        or (parameters and len(indent) + len(name) + 1 <= LIMIT)
    ):
        return (
            _type(return_type, indent)
            + "\n"
            + _function(name, parameters, tail, indent)
        )
    return (
        _type(return_type, indent)
        + "\n"
        + indent
        + qualifier
        + "\n"
        + _function(name[len(qualifier) :], parameters, tail, indent + "    ")
    )


def call(callee: str, arguments: list, tail: str = ";", indent: str = "") -> str:
    """A call: `callee(arguments)tail`, e.g. callee "return kernels::add_Tensor" and tail ";".
    The arguments are a list of strings: literals, expressions, or several names joined by ", "
    (an operator's `call_arguments`).

    On one line if it fits (ColumnLimit: 100); else broken after "(" with the arguments on the
    next line, indented by 4 (AllowAllArgumentsOnNextLine: true, ContinuationIndentWidth: 4), or
    one a line where they do not fit there (BinPackArguments: false), an argument that is a call
    and too long for its line broken after its "(". A callee too long for "callee(" to fit
    breaks after its last "::"."""
    together = ", ".join(arguments) + ")" + tail
    if len(indent) + len(callee) + 1 + len(together) <= LIMIT:
        return indent + callee + "(" + together
    inner = indent + "    "
    if "::" in callee and len(indent) + len(callee) + 1 > LIMIT:
        qualifier = callee.rpartition("::")[0] + "::"
        return (
            indent
            + qualifier
            + "\n"
            + call(callee[len(qualifier) :], arguments, tail, inner)
        )
    if together == ")" + tail:
        return indent + callee + "(" + together
    if len(inner) + len(together) <= LIMIT:
        return indent + callee + "(\n" + inner + together
    each = []
    for argument in arguments:
        if argument:
            each.extend([argument] if argument[0] == '"' else argument.split(", "))
    lines = [indent + callee + "("]
    last = len(each) - 1
    for i, argument in enumerate(each):
        end = ")" + tail if i == last else ","
        if (
            len(inner) + len(argument) + len(end) > LIMIT
            and argument[-1] == ")"
            and "(" in argument
            and argument[0] != '"'
        ):
            start = argument.index("(")
            lines.append(call(argument[:start], [argument[start + 1 : -1]], end, inner))
        else:
            lines.append(inner + argument + end)
    return "\n".join(lines)


def assignment(
    target: str, callee: str, arguments: list, tail: str = ";", indent: str = ""
) -> str:
    """A variable initialized by a call: `target = callee(arguments)tail`. On one line if it fits
    (ColumnLimit: 100); else broken after "=" if the call then fits on the next line, indented by
    4 (PenaltyBreakAssignment is below the cost of breaking inside the call); else laid out as a
    call (see `call`) that starts on the first line, or failing that, on the next."""
    whole_call = callee + "(" + ", ".join(arguments) + ")" + tail
    if len(indent) + len(target) + 3 + len(whole_call) <= LIMIT:
        return indent + target + " = " + whole_call
    if len(indent) + 4 + len(whole_call) <= LIMIT:
        return indent + target + " =\n" + indent + "    " + whole_call
    if len(indent) + len(target) + 3 + len(callee) + 1 <= LIMIT:
        return call(target + " = " + callee, arguments, tail, indent)
    return indent + target + " =\n" + call(callee, arguments, tail, indent + "    ")


def comment(text: str, indent: str = "") -> str:
    """A `//` comment of one paragraph, `text`, broken between words where a line would pass the
    limit, as clang-format breaks a long comment (ReflowComments: true): each line takes as many
    words as fit in 100 columns; a word longer than a line stays whole."""
    width = LIMIT - len(indent) - 3
    if len(text) <= width:
        return indent + "// " + text
    cut = text.rfind(" ", 0, width + 1)
    if cut > 0 and len(text) - cut - 1 <= width:
        return indent + "// " + text[:cut] + "\n" + indent + "// " + text[cut + 1 :]
    wrap = "\n" + indent + "// "
    # As Jinja2's wordwrap filter (break_long_words and break_on_hyphens off) wraps.
    return (
        indent
        + "// "
        + wrap.join(
            wrap.join(
                textwrap.wrap(
                    line,
                    width=width,
                    expand_tabs=False,
                    replace_whitespace=False,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )
            for line in text.splitlines()
        )
    )


def paragraph(text: str, indent: str = "") -> str:
    """The same for the paragraph between {% filter cpp_paragraph %} and {% endfilter %}, written
    on as many lines as is convenient (for comments that hold names of the backend, whose
    lengths vary), with a final newline: the lines of the comment take the place of the
    block's (ReflowComments: true joins and rebreaks them the same way)."""
    return comment(text.strip().replace("\n", " "), indent) + "\n"


def includes(headers: list, path: str) -> str:
    """#include lines, grouped and sorted as clang-format sorts them (Google's
    IncludeCategories, IncludeBlocks: Regroup, SortIncludes: CaseSensitive): the main header of
    the including file (x.h of x.cpp or x_test.cpp), then the <*.h> headers, then the "*.h"
    headers; each group in ASCII order, set off from the next by a blank line. `headers` are
    spelled with their delimiters ("<ATen/core/Tensor.h>", "\\"generated/runtime.h\\""), and name
    .h files (the C++ library's <*> headers, which clang-format puts in a group of their own,
    are static text); `path` is the including file's."""
    stem = path.rpartition("/")[2].rpartition(".")[0].lower()
    mains = [stem]
    if stem.endswith("test"):
        for suffix in ("_test", "-test", "_unittest", "-unittest"):
            if stem.endswith(suffix):
                mains.append(stem[: -len(suffix)])
    ordered = sorted(headers)
    local = [header for header in ordered if header < "<"]
    main = [
        header for header in local if header.rpartition("/")[2][:-3].lower() in mains
    ]
    groups = (
        main,
        [header for header in ordered if header > "<"],
        [header for header in local if header not in main],
    )
    return "\n\n".join(
        "#include " + "\n#include ".join(group) for group in groups if group
    )


# The template filter of each function.
FILTERS = {
    "cpp_declaration": declaration,
    "cpp_call": call,
    "cpp_assignment": assignment,
    "cpp_comment": comment,
    "cpp_paragraph": paragraph,
    "cpp_includes": includes,
}
