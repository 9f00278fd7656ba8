"""frp-gen's render step: render model (JSON on stdin) -> file contents (stdout).

Templates only loop and branch over the render model; every name, type and policy in it was
computed by the C++ core. One rule of convenience: a file entry's "ops" field holds indices into
model["ops"], and templates receive those ops as `ops`.

The reply is one record per file, "<path>\n<owner>\n<byte length>\n<content bytes>": cheaper
than JSON for a few thousand files, and frp-gen reads it without unescaping.
"""

import json
import sys

import jinja2


def main() -> int:
    request = json.load(sys.stdin)
    model = request["model"]
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(request["template_dirs"]),
        undefined=jinja2.StrictUndefined,  # a misspelt field is an error, not an empty string
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        auto_reload=False,  # one run renders from templates that cannot change under it
    )
    all_ops = model["ops"]
    out = sys.stdout.buffer
    templates = {}
    for entry in model["files"]:
        try:
            name = entry["template"]
            template = templates.get(name) or templates.setdefault(name, env.get_template(name))
            ops = [all_ops[i] for i in entry.get("ops", [])]
            content = template.render(model=model, file=entry, ops=ops)
        except jinja2.TemplateError as error:
            where = getattr(error, "filename", None) or entry["template"]
            line = getattr(error, "lineno", None)
            location = f"{where}:{line}" if line else where
            print(f"{location}: error: {error} (rendering {entry['path']})", file=sys.stderr)
            return 1
        data = content.encode()
        out.write(f"{entry['path']}\n{entry['owner']}\n{len(data)}\n".encode())
        out.write(data)
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
