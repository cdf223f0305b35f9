"""The PyTorch eager peer of TrainStepMlpBenchmark: one training step of a tiny MLP, timed.

Run with Debian's python3-torch (PyTorch 1.13; the python3 first on PATH may be another interpreter
without torch):

    /usr/bin/python3 bench/python/train_step_mlp.py [--batch 1 64] [--reps 10] [--seconds 1]
    /usr/bin/python3 bench/python/train_step_mlp.py --golden bench/src/test/resources/train_step_mlp.json

The model is Linear(8, 16), ReLU, Linear(16, 1) (weights stored out x in, as nn.Linear stores them), the
loss the mean squared error, the optimizer plain SGD with lr 0.01. The step is written with the same
operators, in the same order, as the Java step (TrainStepMlpBenchmark.trainStep):

    out = x.mm(w1.transpose(0, 1)).add(b1).relu().mm(w2.transpose(0, 1)).add(b2)
    loss = out.sub(y).pow(2).mean()
    loss.backward()
    with torch.no_grad():
        for p in params: p.add_(p.grad, alpha=-lr)    # torch.optim.SGD's step (no momentum, no weight decay)
    for p in params: p.grad.zero_()                   # optimizer.zero_grad() in 1.13 (set_to_none=False)

The update and zero_grad are hand-written rather than torch.optim.SGD's: they make the same arithmetic ATen
calls (SGD's _single_tensor_sgd does param.add_(d_p, alpha=-lr) under no_grad; zero_grad does
p.grad.requires_grad_(False) and p.grad.zero_()) without the optimizer's Python bookkeeping (its
record_function events, param_groups loops and that requires_grad_(False)), so both sides call the same
operators. Inside backward() each library runs its own formulas (both take relu's gradient with one
threshold_backward, and mm's with mm_mat1/mat2_backward's layouts).
For context the script also times the idiomatic nn.Module form (variant "nn": nn.Linear, which calls
addmm, nn.MSELoss, which calls mse_loss, and torch.optim.SGD with its step and zero_grad); the Java
benchmark has no such variant.

Timing: torch.set_num_threads(1) (our kernels run on one thread), a warm-up, then --reps repetitions of as
many steps as fit in about --seconds each, timed with time.perf_counter. Each repetition gives a mean per
step; the script reports the mean of the repetitions with half the 99.9% Student-t confidence interval
(JMH's "error"), and the repetitions' min and max, in microseconds per step, as one JSON line per variant
and batch size.

--golden FILE writes, instead of timing, the golden values of TrainStepMlpBenchmarkTest for batch 1 and
64: the initial weights and the inputs (drawn by the same SplitMix64 generator as the Java benchmark), the
loss of each of 5 steps, the loss after them, and the final weights.
"""
import argparse
import json
import math
import re
import statistics
import sys
import time

import torch

IN, HIDDEN, OUT = 8, 16, 1
LR = 0.01
SEED = 42
MASK = (1 << 64) - 1

# Two-sided 99.9% Student-t quantiles (t_{0.9995, df}), as JMH uses for its error.
T_999 = {1: 636.619, 2: 31.599, 3: 12.924, 4: 8.610, 5: 6.869, 6: 5.959, 7: 5.408, 8: 5.041, 9: 4.781,
         10: 4.587, 11: 4.437, 12: 4.318, 13: 4.221, 14: 4.140, 15: 4.073, 16: 4.015, 17: 3.965, 18: 3.922,
         19: 3.883, 20: 3.850, 25: 3.725, 30: 3.646, 40: 3.551, 60: 3.460, 120: 3.373}


def t_999(df):
    """The quantile for df degrees of freedom, or for the nearest df below it in the table (wider)."""
    return T_999[max(d for d in T_999 if d <= max(df, 1))]


class SplitMix:
    """SplitMix64, the same lines as TrainStepMlpBenchmark.SplitMix: bit-identical float32 data."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next_long(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def uniform(self, n, bound):
        """n float32 values uniform in [-bound, bound): 24 random bits each, scaled in double."""
        out = []
        for _ in range(n):
            u = (self.next_long() >> 40) * 2.0 ** -24
            out.append((2 * u - 1) * bound)
        return torch.tensor(out, dtype=torch.float64).to(torch.float32)


def make_data(batch):
    """w1, b1, w2, b2 (requiring grad), x, y: drawn in this order, as the Java benchmark's setUp."""
    rng = SplitMix(SEED)
    w1 = rng.uniform(HIDDEN * IN, 1 / math.sqrt(IN)).view(HIDDEN, IN).requires_grad_()
    b1 = rng.uniform(HIDDEN, 1 / math.sqrt(IN)).requires_grad_()
    w2 = rng.uniform(OUT * HIDDEN, 1 / math.sqrt(HIDDEN)).view(OUT, HIDDEN).requires_grad_()
    b2 = rng.uniform(OUT, 1 / math.sqrt(HIDDEN)).requires_grad_()
    x = rng.uniform(batch * IN, 1.0).view(batch, IN)
    y = rng.uniform(batch * OUT, 1.0).view(batch, OUT)
    return [w1, b1, w2, b2], x, y


def forward(x, w1, b1, w2, b2):
    h = x.mm(w1.transpose(0, 1)).add(b1).relu()
    return h.mm(w2.transpose(0, 1)).add(b2)


def make_ops_step(params, x, y):
    """The Java step, operator for operator."""
    w1, b1, w2, b2 = params

    def step():
        out = forward(x, w1, b1, w2, b2)
        loss = out.sub(y).pow(2).mean()
        loss.backward()
        with torch.no_grad():
            w1.add_(w1.grad, alpha=-LR)
            b1.add_(b1.grad, alpha=-LR)
            w2.add_(w2.grad, alpha=-LR)
            b2.add_(b2.grad, alpha=-LR)
        w1.grad.zero_()
        b1.grad.zero_()
        w2.grad.zero_()
        b2.grad.zero_()
        return loss

    return step


def make_nn_step(params, x, y):
    """The idiomatic form: nn.Sequential of nn.Linear, nn.MSELoss, torch.optim.SGD (same data)."""
    model = torch.nn.Sequential(torch.nn.Linear(IN, HIDDEN), torch.nn.ReLU(), torch.nn.Linear(HIDDEN, OUT))
    with torch.no_grad():
        for p, v in zip(model.parameters(), params):
            p.copy_(v)
    loss_fn = torch.nn.MSELoss()
    opt = torch.optim.SGD(model.parameters(), lr=LR)

    def step():
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
        return loss

    return step


def time_steps(step, reps, seconds):
    """Mean microseconds per step of each repetition, after a warm-up."""
    warm = max(1.0, seconds)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < warm:
        step()
        n += 1
    per_step = (time.perf_counter() - t0) / n
    steps = max(100, int(seconds / per_step))
    means = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(steps):
            step()
        means.append((time.perf_counter() - t0) / steps * 1e6)
    return steps, means


def summarize(variant, batch, steps, means):
    mean = statistics.fmean(means)
    sd = statistics.stdev(means) if len(means) > 1 else 0.0
    error = t_999(len(means) - 1) * sd / math.sqrt(len(means)) if len(means) > 1 else float("nan")
    return {
        "benchmark": "train_step_mlp", "variant": variant, "batch": batch,
        "us_per_step": round(mean, 3), "error_999_us": round(error, 3),
        "min_us": round(min(means), 3), "max_us": round(max(means), 3),
        "reps": len(means), "steps_per_rep": steps,
        "torch": torch.__version__, "threads": torch.get_num_threads(),
    }


def golden(path):
    cases = []
    for batch in (1, 64):
        params, x, y = make_data(batch)
        initial = [p.detach().clone() for p in params]
        step = make_ops_step(params, x, y)
        losses = [step().item() for _ in range(5)]
        with torch.no_grad():
            after = forward(x, *params).sub(y).pow(2).mean().item()
        cases.append({
            "batch": batch,
            "x": x.flatten().tolist(), "y": y.flatten().tolist(),
            "initial": {n: p.flatten().tolist() for n, p in zip(("w1", "b1", "w2", "b2"), initial)},
            "losses": losses,
            "loss_after": after,
            "final": {n: p.detach().flatten().tolist() for n, p in zip(("w1", "b1", "w2", "b2"), params)},
        })
    result = {
        "torch_version": torch.__version__,
        "regenerate": "/usr/bin/python3 bench/python/train_step_mlp.py --golden "
                      "bench/src/test/resources/train_step_mlp.json",
        "in": IN, "hidden": HIDDEN, "out": OUT, "lr": LR, "seed": SEED, "steps": 5,
        "cases": cases,
    }
    text = json.dumps(result, indent=1)
    text = re.sub(r"\[\s*([^\[\]{}]*?)\s*\]", lambda m: "[" + re.sub(r"\s+", " ", m.group(1)) + "]", text)
    with open(path, "w") as f:
        f.write(text + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--batch", type=int, nargs="+", default=[1, 64])
    ap.add_argument("--variant", nargs="+", choices=["ops", "nn"], default=["ops", "nn"])
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=1.0, help="about this long per repetition")
    ap.add_argument("--golden", metavar="FILE", help="write the golden values instead of timing")
    args = ap.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(SEED)
    if args.golden:
        golden(args.golden)
        return
    for variant in args.variant:
        for batch in args.batch:
            params, x, y = make_data(batch)
            step = (make_ops_step if variant == "ops" else make_nn_step)(params, x, y)
            steps, means = time_steps(step, args.reps, args.seconds)
            print(json.dumps(summarize(variant, batch, steps, means)), flush=True)


if __name__ == "__main__":
    sys.exit(main())
