"""Marked regions of generated files, the snippets that docs quote.

A region is the lines between `ANCHOR: name` and `ANCHOR_END: name` (after the file's comment
marker, as in mdBook: `// ANCHOR: kernel`). Regions may nest; the marker lines of other regions
inside are dropped, and the text is dedented, so a snippet reads as it would on its own.

Used by renderer.py (the `region` function of templates, for a generated page that quotes a
generated file) and by tests/docs/run_markdown.py (which checks a quoted block against the file
as it is at that step of the page): one definition of what a region is.
"""

import re
import textwrap

_MARKER = re.compile(r"\bANCHOR(_END)?:\s*([A-Za-z0-9_.-]+)\s*(?:\*/|-->)?\s*$")


class RegionError(Exception):
    """A region that is missing, unclosed or given twice."""


def region(text: str, name: str) -> str:
    """The text of region `name` in `text`, without marker lines, dedented."""
    inside, found, lines = False, False, []
    for line in text.splitlines():
        marker = _MARKER.search(line)
        if marker is None:
            if inside:
                lines.append(line)
            continue
        is_end, marker_name = marker.group(1) is not None, marker.group(2)
        if marker_name != name:
            continue  # another region's marker: not part of any snippet's text
        if not is_end:
            if found:
                raise RegionError(f"region '{name}' is marked twice")
            inside = found = True
        elif inside:
            inside = False
        else:
            raise RegionError(f"region '{name}' ends before it starts")
    if not found:
        raise RegionError(f"no region '{name}' (no line with 'ANCHOR: {name}')")
    if inside:
        raise RegionError(f"region '{name}' has no 'ANCHOR_END: {name}'")
    return textwrap.dedent("\n".join(lines)).strip("\n") + "\n"
