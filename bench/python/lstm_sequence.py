"""The PyTorch eager peer of CpuCapabilityBenchmark.lstmSequence: an LSTM(32, 32) over 16 steps of a batch of 8.

Run with Debian's python3-torch (PyTorch 1.13):

    /usr/bin/python3 bench/python/lstm_sequence.py [--reps 10] [--seconds 1]

One step is what the Java benchmark times: the layer's forward over a [16, 8, 32] input, then the backward of
the sum of its output (gradients accumulate into the parameters, as they do there). Timing as
train_step_models.py: torch.set_num_threads(1), a warm-up, then --reps repetitions of as many steps as fit in
about --seconds each; one JSON line with the mean microseconds per step, half the 99.9% Student-t confidence
interval (JMH's "error"), and the min and max.
"""
import argparse
import json
import math
import statistics
import time

import torch

from train_step_models import t_999


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    lstm = torch.nn.LSTM(32, 32)
    x = torch.randn(16, 8, 32)

    def step():
        output, _ = lstm(x)
        output.sum().backward()

    for _ in range(300):
        step()
    times = []
    for _ in range(args.reps):
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            step()
            steps += 1
        times.append((time.perf_counter() - start) / steps * 1e6)
    mean = statistics.mean(times)
    error = t_999(len(times) - 1) * statistics.stdev(times) / math.sqrt(len(times)) if len(times) > 1 else float("nan")
    print(json.dumps({"benchmark": "CpuCapabilityBenchmark.lstmSequence", "torch_version": torch.__version__,
                      "threads": 1, "us_per_step": round(mean, 3), "error": round(error, 3),
                      "min": round(min(times), 3), "max": round(max(times), 3)}))


if __name__ == "__main__":
    main()
