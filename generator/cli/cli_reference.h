// The command line's reference in Markdown, written from its CLI11 definitions, so that the page
// cannot drift from the CLI: `frp-gen --help-markdown`, whose output is docs/cli.md.
#pragma once

#include <string>
#include <string_view>

namespace CLI {
class App;
}

namespace frp::cli {

// The reference page of `app`: title, summary, synopsis, the options of every command, a section
// per subcommand (synopsis, description, a table of its arguments and options, its footer), then
// the app's footer.
//
// Footers are plain text, as --help prints them, in blocks separated by blank lines. A block
// whose first line ends with ':' and whose other lines are indented is a list under that heading:
// each line indented by two spaces is "TERM  TEXT" (two or more spaces between), a line indented
// further continues the one before. Any other block is a paragraph.
std::string markdown_reference(const CLI::App& app);

// `text` (one line of --help prose) as Markdown: option names, $VARIABLES, paths and file or
// operator names (a '_' or '/' in them, or name.name) become code; the rest is escaped.
std::string inline_markdown(std::string_view text);

}  // namespace frp::cli
