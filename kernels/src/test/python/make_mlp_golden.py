"""The loss curve of a small MLP trained with SGD in real PyTorch, for MlpTrainingTest.

Regenerate with Debian's python3-torch (1.13):
    /usr/bin/python3 kernels/src/test/python/make_mlp_golden.py

Inputs and initial weights come from closed-form formulas (no random generator), so the Java test builds
exactly the same tensors. The model is relu(x @ w1 + b1) @ w2 + b2 with a mean squared error loss.
"""
import json
import math
import os

import torch


def values(n, scale, phase):
    return [scale * math.sin(0.37 * i + phase) for i in range(n)]


def main():
    torch.set_num_threads(1)
    batch, features, hidden = 8, 4, 6
    x = torch.tensor(values(batch * features, 1.0, 0.1), dtype=torch.float32).view(batch, features)
    y = torch.tensor(values(batch, 0.5, 0.7), dtype=torch.float32).view(batch, 1)
    w1 = torch.tensor(values(features * hidden, 0.5, 0.3), dtype=torch.float32).view(features, hidden).requires_grad_()
    b1 = torch.tensor(values(hidden, 0.1, 0.9), dtype=torch.float32).requires_grad_()
    w2 = torch.tensor(values(hidden, 0.5, 1.3), dtype=torch.float32).view(hidden, 1).requires_grad_()
    b2 = torch.tensor(values(1, 0.1, 1.7), dtype=torch.float32).requires_grad_()
    lr = 0.1
    losses = []
    for _ in range(6):
        out = torch.relu(x.mm(w1).add(b1)).mm(w2).add(b2)
        loss = out.sub(y).pow(2).mean()
        losses.append(loss.item())
        loss.backward()
        with torch.no_grad():
            for p in (w1, b1, w2, b2):
                p.sub_(p.grad.mul(lr))
                p.grad = None
    result = {
        "torch_version": torch.__version__,
        "regenerate": "/usr/bin/python3 kernels/src/test/python/make_mlp_golden.py",
        "batch": batch, "features": features, "hidden": hidden, "lr": lr,
        "losses": losses,
    }
    here = os.path.dirname(os.path.abspath(__file__))
    out_path = os.path.join(here, "..", "resources", "autograd", "mlp_sgd.json")
    with open(out_path, "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
