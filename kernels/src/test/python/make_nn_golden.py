"""Reference runs of the nn layers in PyTorch 1.13, for NnGoldenTest.

Regenerate, from the repository root, with Debian's python3-torch (for /usr/bin/python3):

    /usr/bin/python3 kernels/src/test/python/make_nn_golden.py

Each layer is built right after torch.manual_seed, so its initial weights show whether the Java layer draws
the same numbers in the same order; the file also holds an input, the output, and the gradients of the
input and of every parameter for a fixed upstream gradient. Files are safetensors, written with the
standard library.
"""
import json
import pathlib
import struct

import torch
from torch import nn

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "nn"
CODES = {torch.float32: "F32", torch.float64: "F64", torch.int64: "I64"}


def save(tensors, path):
    header, blobs, offset = {}, [], 0
    for name, t in tensors.items():
        data = t.detach().contiguous().numpy().tobytes()
        header[name] = {"dtype": CODES[t.dtype], "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    path.write_bytes(struct.pack("<Q", len(text)) + text + b"".join(blobs))


def reference(name, make, x, seed, forward=lambda m, x: m(x)):
    torch.manual_seed(seed)
    module = make()
    state = {"init." + k: v.clone() for k, v in module.state_dict().items()}
    differentiable = x.dtype.is_floating_point
    x = x.clone().requires_grad_(differentiable)
    y = forward(module, x)
    upstream = torch.linspace(-1, 1, y.numel()).view(y.shape)
    y.backward(upstream)
    grads = {"grad." + k: p.grad for k, p in module.named_parameters()}
    after = {"after." + k: v.clone() for k, v in module.state_dict().items()}  # running statistics, updated
    if differentiable:
        grads["grad.x"] = x.grad
    save(dict(state, x=x, y=y, upstream=upstream, **grads, **after), OUT / f"{name}.safetensors")


OUT.mkdir(parents=True, exist_ok=True)
torch.manual_seed(0)
reference("attention", lambda: nn.MultiheadAttention(8, 2), torch.randn(5, 3, 8), 5,
          forward=lambda m, x: m(x, x, x, need_weights=False)[0])
reference("attention_batch_first", lambda: nn.MultiheadAttention(8, 4, batch_first=True), torch.randn(3, 5, 8), 6,
          forward=lambda m, x: m(x, x, x, need_weights=False)[0])
reference("linear", lambda: nn.Linear(6, 4), torch.randn(7, 6), 7)
reference("cnn_block", lambda: nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(), nn.MaxPool2d(2),
                                             nn.Flatten(), nn.Linear(36, 5)), torch.randn(2, 2, 6, 6), 8)
reference("layer_norm", lambda: nn.LayerNorm(6), torch.randn(3, 4, 6), 9)
reference("embedding", lambda: nn.Embedding(10, 3, padding_idx=2), torch.tensor([[1, 2, 4], [4, 9, 0]]), 10)
reference("conv_transpose", lambda: nn.Sequential(nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1,
                                                                   groups=2),
                                                nn.Conv2d(6, 3, (2, 3), padding="same")), torch.randn(2, 4, 5, 5), 11)
reference("conv_transpose1d", lambda: nn.Sequential(nn.ConvTranspose1d(3, 2, 4, stride=3, padding=1, dilation=2),
                                                  nn.Conv1d(2, 2, 3, padding="valid")), torch.randn(2, 3, 7), 12)


class SizedTranspose(nn.Module):
    """A transposed convolution asked for one of the output sizes its stride allows."""

    def __init__(self):
        super().__init__()
        self.inner = nn.ConvTranspose2d(2, 3, 3, stride=2, bias=False)

    def forward(self, x):
        return self.inner(x, output_size=[10, 10])


reference("conv_transpose_output_size", SizedTranspose, torch.randn(1, 2, 4, 4), 13)
reference("conv3d", lambda: nn.Sequential(nn.Conv3d(2, 4, 3, padding=1), nn.ReLU(),
                                        nn.ConvTranspose3d(4, 2, 2, stride=2, groups=2)), torch.randn(2, 2, 3, 4, 4), 14)
reference("pool3d", lambda: nn.Sequential(nn.Conv3d(1, 2, 2), nn.MaxPool3d(2, stride=1), nn.AvgPool3d(2, padding=1),
                                        nn.AdaptiveMaxPool3d((2, 1, 2)), nn.AdaptiveAvgPool3d(1)),
          torch.randn(2, 1, 5, 6, 5), 15)
print("written", sorted(p.name for p in OUT.iterdir()))
