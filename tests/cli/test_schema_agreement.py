"""Every custom-op schema frp-gen accepts, torch's own schema parser accepts: torch's parser is
the reference for defaults and alias annotations (frp-gen may refuse more, never less). The
schemas below are odd on purpose; frp-gen validates them all in one run, and each it accepts
goes through torch._C.parse_schema."""

import re

import torch

# One candidate per line: defaults of every kind against every type, and alias annotations.
CANDIDATES = [
    "f1(int x=abc) -> Tensor",
    "f2(bool flag='yes') -> Tensor",
    "f3(int x=None) -> Tensor",
    "f4(int? x=None) -> Tensor",
    "f5(float x=1) -> Tensor",
    "f6(int x=1.5) -> Tensor",
    "f7(str s=1) -> Tensor",
    "f8(Scalar s=1) -> Tensor",
    "f9(Scalar s=True) -> Tensor",
    "f10(int[] s=[1, 2]) -> Tensor",
    "f11(int[2] s=1) -> Tensor",
    "f12(int[] s=1) -> Tensor",
    "f13(float[] s=[1.0]) -> Tensor",
    "f14(bool b=1) -> Tensor",
    "f15(ScalarType t=long) -> Tensor",
    "f16(ScalarType t=foo) -> Tensor",
    "f17(MemoryFormat m=contiguous_format) -> Tensor",
    "f18(MemoryFormat m=channels_last) -> Tensor",
    "f19(Layout l=strided) -> Tensor",
    "f20(Device d=cpu) -> Tensor",
    "f21(Device d='cpu') -> Tensor",
    "f22(SymInt x=abc) -> Tensor",
    "f23(float x=inf) -> Tensor",
    "f24(float x=nan) -> Tensor",
    "f25(Tensor[] t=[]) -> Tensor",
    "f26(Dimname d=abc) -> Tensor",
    "f27(Scalar s=abc) -> Tensor",
    "f28(int reduction=Mean) -> Tensor",
    "f29(Tensor? x=1) -> Tensor",
    "f30(Tensor(a!) x, Tensor(a!) y) -> Tensor(a!)",
    "f31(Tensor x, *, Tensor(a!) out) -> Tensor(b!)",
    "f32(Tensor(a!) x, *, Tensor(b!) out) -> (Tensor(a!), Tensor(b!))",
    "f33(Tensor(a) self) -> Tensor(a)",
    "f34(bool[2] b=[True, False]) -> Tensor",
    "f35(int[] x=[True]) -> Tensor",
    "f36(float x=-1.5e-3) -> Tensor",
    "f37(str? s=None, Generator? g=None) -> Tensor",
    # Refused by torch when registered, though its grammar takes them.
    "f38.default(Tensor x) -> Tensor",
    "f39(Tensor x, int a=1, int b) -> Tensor",
    "f40(Tensor x, int a=1, int[]? b) -> Tensor",
    "f41(int x=9223372036854775808) -> Tensor",
    "f42(Scalar x=99999999999999999999) -> Tensor",
    "f43(float x=1e999) -> Tensor",
    "f44(float x=1e-400) -> Tensor",
    "f45(int[] x=[1, 99999999999999999999]) -> Tensor",
    # ... and what it takes: a list after a default, an integer-looking float, int64's least.
    "f46(Tensor x, int a=1, int[] b) -> Tensor",
    "f47(float x=99999999999999999999, int y=-9223372036854775808) -> Tensor",
]


def test_every_schema_frp_gen_accepts_torch_accepts(run, tmp_path):
    (tmp_path / "ops.yaml").write_text(
        "".join(f'- func: "agree::{schema}"\n' for schema in CANDIDATES)
    )
    (tmp_path / "frp.yaml").write_text("device: mydevice\ncustom_ops: [ops.yaml]\n")
    code, _, err = run("validate", "--descriptor", tmp_path / "frp.yaml")
    assert "Traceback" not in err and "internal error" not in err
    refused = {int(n) for n in re.findall(r"ops\.yaml:(\d+):\d+: error:", err)}
    assert (code == 2) == bool(refused), err
    accepted = [s for line, s in enumerate(CANDIDATES, 1) if line not in refused]
    # Both sides are exercised: the test could fail either way.
    assert 10 < len(accepted) < len(CANDIDATES), err
    torch_refuses = []
    for schema in accepted:
        try:
            torch._C.parse_schema(f"agree::{schema}")
        except RuntimeError as e:
            torch_refuses.append(f"{schema}: {str(e).splitlines()[0]}")
    assert not torch_refuses, "frp-gen accepts what torch refuses:\n" + "\n".join(
        torch_refuses
    )
