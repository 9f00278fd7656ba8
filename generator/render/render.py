"""frp-gen's render step: render model (JSON on stdin) -> file contents (JSON on stdout).

Templates only loop and branch over the render model; every name, type and policy in it was
computed by the C++ core. One rule of convenience: a file entry's "ops" field holds indices into
model["ops"], and templates receive those ops as `ops`.
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
    )
    all_ops = model["ops"]
    files = []
    for entry in model["files"]:
        try:
            template = env.get_template(entry["template"])
            ops = [all_ops[i] for i in entry.get("ops", [])]
            content = template.render(model=model, file=entry, ops=ops)
        except jinja2.TemplateError as error:
            where = getattr(error, "filename", None) or entry["template"]
            line = getattr(error, "lineno", None)
            location = f"{where}:{line}" if line else where
            print(f"{location}: error: {error} (rendering {entry['path']})", file=sys.stderr)
            return 1
        files.append({"path": entry["path"], "owner": entry["owner"], "content": content})
    json.dump({"files": files}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
