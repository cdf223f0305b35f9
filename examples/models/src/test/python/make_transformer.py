"""The transformer example's reference run in PyTorch 1.13: data, initial weights, loss curve and final weights.

Regenerate, from the repository root, with Debian's python3-torch (for /usr/bin/python3):

    /usr/bin/python3 examples/models/src/test/python/make_transformer.py

A synthetic sequence task: 64 sequences of 8 tokens from a vocabulary of 16; the label (one of 4) is the sum
of the first and the last token, modulo 4, so the model has to look across the sequence. The model: token and
position embeddings (16 dims), one nn.TransformerEncoderLayer (2 heads, feed-forward 32, GELU, no dropout,
batch first, post-norm), the mean over the sequence, and a linear classifier; 60 full-batch AdamW steps with
cross-entropy.
"""
import json
import pathlib

import torch
from torch import nn

from safetensors_file import save_safetensors

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "transformer"
STEPS = 60


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(16, 16)
        self.positions = nn.Embedding(8, 16)
        self.encoder = nn.TransformerEncoderLayer(16, 2, dim_feedforward=32, dropout=0.0, activation="gelu",
                                                  batch_first=True)
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        h = self.tokens(x) + self.positions(torch.arange(x.shape[1]))
        return self.head(self.encoder(h).mean(1))


torch.manual_seed(0)
x = torch.randint(0, 16, (64, 8))
y = (x[:, 0] + x[:, -1]) % 4
model = Classifier()
OUT.mkdir(parents=True, exist_ok=True)
save_safetensors({"x": x, "y": y}, OUT / "data.safetensors")
save_safetensors(model.state_dict(), OUT / "initial.safetensors")
optimizer = torch.optim.AdamW(model.parameters(), lr=0.01)
losses = []
for _ in range(STEPS):
    optimizer.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    losses.append(loss.item())
save_safetensors(model.state_dict(), OUT / "final.safetensors")
(OUT / "losses.json").write_text(json.dumps({"torch_version": torch.__version__, "steps": STEPS, "losses": losses},
                                            indent=1) + "\n")
print(list(model.state_dict().keys()))
print([round(v, 4) for v in losses[::6]])
