"""The PyTorch eager peer of TrainStepModelsBenchmark: one training step of each example model, timed.

Run with Debian's python3-torch (PyTorch 1.13):

    /usr/bin/python3 bench/python/train_step_models.py [--model mlp cnn transformer] [--batch 1 8 64] [--reps 10] [--seconds 1]

The models, optimizers and the step are those of the Java benchmark, written with torch.nn and torch.optim as
a PyTorch user writes them:

    optimizer.zero_grad(); loss = F.cross_entropy(model(x), y); loss.backward(); optimizer.step()

Timing: torch.set_num_threads(1), a warm-up, then --reps repetitions of as many steps as fit in about --seconds
each, timed with time.perf_counter. The script prints one JSON line per model and batch size: the mean of the
repetitions' microseconds per step with half the 99.9% Student-t confidence interval (JMH's "error"), and
their min and max.
"""
import argparse
import json
import math
import statistics
import time

import torch
from torch import nn
from torch.nn import functional as F


def t_999(df):
    """The two-sided 99.9% Student-t quantile JMH uses for its error, for small sample sizes."""
    table = {1: 636.62, 2: 31.599, 3: 12.924, 4: 8.610, 5: 6.869, 6: 5.959, 7: 5.408, 8: 5.041, 9: 4.781,
             10: 4.587, 15: 4.073, 20: 3.850, 30: 3.646}
    keys = sorted(k for k in table if k <= df)
    return table[keys[-1]] if keys else table[1]


class SequenceClassifier(nn.Module):
    """The transformer example: token and position embeddings, one encoder block, mean, classifier."""

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


def make(model, batch):
    torch.manual_seed(0)
    if model == "mlp":
        net = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 3))
        opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9, nesterov=True, weight_decay=1e-4)
        x, y = torch.randn(batch, 8), torch.randint(0, 3, (batch,))
    elif model == "cnn":
        net = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
                            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                            nn.Linear(16 * 7 * 7, 4))
        opt = torch.optim.SGD(net.parameters(), lr=0.02, momentum=0.9)
        x, y = torch.randn(batch, 1, 28, 28), torch.randint(0, 4, (batch,))
    elif model == "transformer":
        net = SequenceClassifier()
        opt = torch.optim.AdamW(net.parameters(), lr=0.01)
        x, y = torch.randint(0, 16, (batch, 8)), torch.randint(0, 4, (batch,))
    else:
        raise SystemExit(f"unknown model {model}")

    def step():
        opt.zero_grad()
        loss = F.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
        return loss

    return step


def time_steps(step, reps, seconds):
    warm = max(seconds, 1.0)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < warm:
        step()
        n += 1
    per_step = (time.perf_counter() - t0) / n
    steps = max(1, int(seconds / per_step))
    means = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(steps):
            step()
        means.append((time.perf_counter() - t0) / steps * 1e6)
    return steps, means


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", nargs="+", default=["mlp", "cnn", "transformer"])
    parser.add_argument("--batch", nargs="+", type=int, default=[1, 8, 64])
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    for model in args.model:
        for batch in args.batch:
            steps, means = time_steps(make(model, batch), args.reps, args.seconds)
            mean = statistics.mean(means)
            error = t_999(len(means) - 1) * statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else 0
            print(json.dumps({"benchmark": "TrainStepModels.step", "model": model, "batch": batch,
                              "torch_version": torch.__version__, "threads": 1, "steps_per_rep": steps,
                              "us_per_step": round(mean, 3), "error": round(error, 3),
                              "min": round(min(means), 3), "max": round(max(means), 3)}))


if __name__ == "__main__":
    main()
