"""Run after write_then_edit_schema.py and `frp-gen regen`: rms_norm has the user's kernel under
the signature regen merged in, with the argument the schema gained."""

import torch

import torch_npu_demo  # noqa: F401  (registers the device)

DEVICE = "npu_demo"


def expected(x, weight, eps):
    rstd = torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)
    return x * rstd * weight, rstd


def test_the_users_kernel_runs_with_the_merged_signature():
    x, weight = torch.randn(3, 8), torch.randn(8)
    output, rstd = torch.ops.npu_ops.rms_norm(
        x.to(DEVICE), [8], weight.to(DEVICE), 1e-6, elementwise=False
    )
    want_output, want_rstd = expected(x, weight, 1e-6)
    torch.testing.assert_close(output.cpu(), want_output)
    torch.testing.assert_close(rstd.cpu(), want_rstd)
    assert output.device.type == DEVICE
