"""The MLP example's reference run in PyTorch 1.13: its data, initial weights, loss curves and final weights.

Regenerate, from the repository root, with Debian's python3-torch (for /usr/bin/python3):

    /usr/bin/python3 examples/models/src/test/python/make_mlp.py

A 3-class classification set of 96 points in 8 dimensions (labels from a fixed random linear map), and an
MLP 8-32-32-3 (Linear, ReLU, Dropout(0.1), Linear, ReLU, Linear) trained for 60 full-batch steps with
cross-entropy, once with SGD (momentum 0.9, Nesterov, weight decay 1e-4) and once with AdamW. The data and
initial weights go to safetensors files (written here with the standard library, so no package beyond
torch is needed); the losses of every step and the final weights to JSON and safetensors.
"""
import json
import pathlib

import torch
from torch import nn

from safetensors_file import save_safetensors

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "mlp"
STEPS = 60


def model():
    return nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 3))


def train(net, optimizer):
    losses = []
    for _ in range(STEPS):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(net(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


torch.manual_seed(0)
x = torch.randn(96, 8)
y = (x @ torch.randn(8, 3)).argmax(1)
net = model()
initial = {k: v.clone() for k, v in net.state_dict().items()}
OUT.mkdir(parents=True, exist_ok=True)
save_safetensors({"x": x, "y": y}, OUT / "data.safetensors")
save_safetensors(initial, OUT / "initial.safetensors")
runs = {}
for name, make in [("sgd", lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9, nesterov=True, weight_decay=1e-4)),
                   ("adamw", lambda p: torch.optim.AdamW(p, lr=0.01, weight_decay=0.01))]:
    net.load_state_dict(initial)
    torch.manual_seed(1)  # dropout's masks
    runs[name] = train(net, make(net.parameters()))
    save_safetensors(net.state_dict(), OUT / f"final-{name}.safetensors")
(OUT / "losses.json").write_text(json.dumps({"torch_version": torch.__version__, "steps": STEPS, "losses": runs},
                                            indent=1) + "\n")
print({k: (v[0], v[-1]) for k, v in runs.items()})
