"""The PyTorch eager peer of EverydayOpsBenchmark: the same operators on the same shapes, one thread.

Run with Debian's python3-torch (PyTorch 1.13):  /usr/bin/python3 bench/python/everyday_ops.py [--seconds 1]

Each operator is warmed up, then timed in 5 repetitions of as many calls as fit in about --seconds each
(time.perf_counter); the script prints one JSON line per operator: the mean microseconds per call, half the
99.9% Student-t interval (JMH's "error"), min and max.
"""
import argparse
import json
import statistics
import time

import torch


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    v = torch.randn(1_000_000)
    x = torch.randn(1000, 1000)
    ints = torch.randint(0, 100, (1_000_000,))
    index = torch.randint(0, 1000, (1000,)).view(1, -1).expand(1000, 1000)
    small = torch.randn(64, 64)
    labels = torch.randint(0, 1000, (1000,))
    seq = torch.randn(16, 128, 64)
    ops = {
        "sort": lambda: torch.sort(v),
        "topk10": lambda: torch.topk(v, 10),
        "unique": lambda: torch.unique(ints),
        "clamp": lambda: v.clamp(-1, 1),
        "exp": lambda: torch.exp(v),
        "log": lambda: torch.log(x.abs()),
        "norm": lambda: x.norm(),
        "flip": lambda: x.flip(0),
        "tril": lambda: x.tril(),
        "gather": lambda: x.gather(1, index),
        "repeat": lambda: small.repeat(16, 16),
        "sigmoid": lambda: torch.sigmoid(v),
        "tanh": lambda: torch.tanh(v),
        "gelu": lambda: torch.nn.functional.gelu(v),
        "softmax": lambda: x.softmax(1),
        "logSoftmax": lambda: x.log_softmax(1),
        "crossEntropy": lambda: torch.nn.functional.cross_entropy(x, labels),
        "cumsum": lambda: torch.cumsum(v, 0),
        "maxDim": lambda: x.max(1),
        "layerNorm": lambda: torch.nn.functional.layer_norm(seq, (64,)),
    }
    for name, op in ops.items():
        for _ in range(5):
            op()
        calls = 1
        while True:
            start = time.perf_counter()
            for _ in range(calls):
                op()
            if time.perf_counter() - start > args.seconds / 4:
                break
            calls *= 2
        calls = max(1, int(calls * args.seconds / max(time.perf_counter() - start, 1e-9) / 1))
        reps = []
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(calls):
                op()
            reps.append((time.perf_counter() - start) / calls * 1e6)
        error = 8.610 * statistics.stdev(reps) / len(reps) ** 0.5  # t(0.9995, 4)
        print(json.dumps({"benchmark": "EverydayOps." + name, "torch_version": torch.__version__, "threads": 1,
                          "us_per_call": round(statistics.mean(reps), 2), "error": round(error, 2),
                          "min": round(min(reps), 2), "max": round(max(reps), 2)}))


if __name__ == "__main__":
    main()
