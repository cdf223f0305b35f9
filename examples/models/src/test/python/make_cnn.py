"""The CNN example's reference run in PyTorch 1.13: data, initial weights, loss curve and final state.

Regenerate, from the repository root, with Debian's python3-torch (for /usr/bin/python3):

    /usr/bin/python3 examples/models/src/test/python/make_cnn.py

Synthetic 28x28 one-channel images of 4 classes: each class is a fixed random pattern, and each image is its
class's pattern plus twice as much noise. The network: conv 3x3 (1 -> 8, padding 1), batch norm, ReLU, max pool 2, conv 3x3
(8 -> 16, padding 1), ReLU, max pool 2, flatten, linear (784 -> 4); 50 steps of SGD (lr 0.02, momentum 0.9) on
mini-batches of 32 (the batches cycle through 128 images), cross-entropy. The state after training includes
batch norm's running statistics.
"""
import json
import pathlib

import torch
from torch import nn

from safetensors_file import save_safetensors

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "cnn"
STEPS = 50
BATCH = 32


torch.manual_seed(0)
patterns = torch.randn(4, 1, 28, 28)
y = torch.randint(0, 4, (128,))
x = patterns[y] + 2.0 * torch.randn(128, 1, 28, 28)
net = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
                    nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(16 * 7 * 7, 4))
OUT.mkdir(parents=True, exist_ok=True)
save_safetensors({"x": x, "y": y}, OUT / "data.safetensors")
save_safetensors(net.state_dict(), OUT / "initial.safetensors")
optimizer = torch.optim.SGD(net.parameters(), lr=0.02, momentum=0.9)
losses = []
for step in range(STEPS):
    start = (step * BATCH) % 128
    optimizer.zero_grad()
    loss = nn.functional.cross_entropy(net(x[start:start + BATCH]), y[start:start + BATCH])
    loss.backward()
    optimizer.step()
    losses.append(loss.item())
save_safetensors(net.state_dict(), OUT / "final.safetensors")
(OUT / "losses.json").write_text(json.dumps({"torch_version": torch.__version__, "steps": STEPS, "losses": losses},
                                            indent=1) + "\n")
print(losses[0], losses[-1])
