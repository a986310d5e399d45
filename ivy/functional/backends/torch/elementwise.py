"""The torch backend: element-wise functions (see ivy/functional/ivy/elementwise.py for the API)."""

import torch

add = torch.add
