"""What a backend author does after the first build, in the generated repo REPO: writes the body
of npu_ops::rms_norm's kernel in its scaffolded file (nothing else of the file), then adds an
argument to the op's schema. `frp-gen regen` must then merge the new signature under that body.

    python3 write_then_edit_schema.py REPO
"""

import sys
from pathlib import Path

repo = Path(sys.argv[1])
kernel = repo / "csrc" / "kernels" / "npu_ops_rms_norm.cpp"
text = kernel.read_text()
placeholder = next(line for line in text.splitlines(True) if "not_implemented(" in line)
body = """\
  // Normalizes over the last normalized_shape.size() dimensions, on the CPU for this test.
  std::vector<int64_t> dims;
  for (std::size_t i = 0; i < normalized_shape.size(); ++i) {
    dims.push_back(-1 - static_cast<int64_t>(i));
  }
  const at::Tensor x = input.cpu();
  const at::Tensor rstd = at::rsqrt(x.pow(2).mean(dims, /*keepdim=*/true) + eps);
  at::Tensor output = x * rstd;
  if (weight.has_value() && weight->defined()) output = output * weight->cpu();
  return {output.to(input.device()), rstd.to(input.device())};
"""
first_include = text.index("#include")
text = text[:first_include] + "#include <ATen/ATen.h>\n\n" + text[first_include:]
kernel.write_text(text.replace(placeholder, body))

schemas = repo / "schemas" / "npu_ops.yaml"
old = "Tensor? weight=None, float eps=1e-06) -> (Tensor output, Tensor rstd)"
new = "Tensor? weight=None, float eps=1e-06, bool elementwise=True) -> (Tensor output, Tensor rstd)"
assert old in schemas.read_text()
schemas.write_text(schemas.read_text().replace(old, new))
