# Scaffolded by frp-gen. This file is yours: regen never overwrites it;
# when an operator's schema changes, it merges the new signature in and keeps your code.
"""Your own ComfyUI nodes for ocl; they join the pack beside the built-in ones.

Write a node as the built-in ones in ``nodes.py`` are written, and list it below with its display
name. Its name must carry the device's prefix (ComfyUI's node names are global across packs). A
node that raises ``nodes.NodeInputError`` shows its message as the node's error.
"""

import torch

from .nodes import CATEGORY, PREFIX, TENSOR


class Scale:
    """An example: multiplies a tensor by a factor. Replace it with your own nodes."""

    @classmethod
    def INPUT_TYPES(cls):
        return {
            "required": {
                "tensor": (TENSOR,),
                "factor": (
                    "FLOAT",
                    {"default": 2.0, "min": -100.0, "max": 100.0, "step": 0.1},
                ),
            }
        }

    RETURN_TYPES = (TENSOR,)
    FUNCTION = "scale"
    CATEGORY = f"{CATEGORY}/yours"

    def scale(self, tensor: torch.Tensor, factor: float):
        return (tensor * factor,)


NODE_CLASS_MAPPINGS = {PREFIX + "Scale": Scale}
NODE_DISPLAY_NAME_MAPPINGS = {PREFIX + "Scale": "Scale (ocl)"}
