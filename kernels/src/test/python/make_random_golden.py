"""Golden vectors for jitdispatch's random operators, computed by real PyTorch's CPU generator.

Regenerate, from the repository root (Debian's python3-torch, for Debian's interpreter):

    /usr/bin/python3 kernels/src/test/python/make_random_golden.py

It writes kernels/src/test/resources/golden/random.json, which RandomGoldenTest reads (GoldenVectorTest,
which runs the other files of that directory, leaves it alone). Each case seeds a generator (the default
one through torch.manual_seed, or a torch.Generator passed to every call), then makes its calls in order on
that one generator state, recording each result's dtype, sizes and values (floats as Python floats, which
hold float32 and float64 values exactly). A case with "error" records the message PyTorch raised.

The committed file was made by PyTorch 1.13.1 (Debian python3-torch 1.13.1+dfsg-4) on an x86-64 CPU with
AVX2, PyTorch's CPU capability there ("CPU capability usage: AVX2"), and without MKL: float32 randn and
normal_ of 16 elements or more take ATen's AVX2 kernel, and bernoulli_ with a float p takes ATen's own
kernel (builds with MKL draw it with MKL's generator on Intel CPUs). The output is deterministic.
"""
import json
import math
import pathlib

import torch

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "golden" / "random.json"
COMMAND = "/usr/bin/python3 kernels/src/test/python/make_random_golden.py"

DTYPES = {"Float32": torch.float32, "Float64": torch.float64, "Int64": torch.int64, "Int32": torch.int32,
          "Bool": torch.bool, "Float16": torch.float16, "BFloat16": torch.bfloat16, "UInt8": torch.uint8,
          "Int8": torch.int8, "Int16": torch.int16}
NAMES = {v: k for k, v in DTYPES.items()}
SEEDS = [0, 42, 2**40 + 3]


def run_call(call, gen):
    """Makes one call of a case; gen is None for the default generator."""
    kw = {} if gen is None else {"generator": gen}
    op = call["op"]
    dtype = DTYPES.get(call.get("dtype"))
    if op == "rand":
        return torch.rand(call["size"], dtype=dtype, **kw)
    if op == "randn":
        return torch.randn(call["size"], dtype=dtype, **kw)
    if op == "randint":
        return torch.randint(call["low"], call["high"], call["size"], dtype=dtype, **kw)
    if op == "randperm":
        return torch.randperm(call["n"], dtype=dtype, **kw)
    if op == "uniform_":
        return torch.empty(call["size"], dtype=dtype).uniform_(call["from"], call["to"], **kw)
    if op == "normal_":
        return torch.empty(call["size"], dtype=dtype).normal_(call["mean"], call["std"], **kw)
    if op == "random_":
        return torch.empty(call["size"], dtype=dtype).random_(**kw)
    if op == "bernoulli_p":
        return torch.empty(call["size"], dtype=dtype).bernoulli_(call["p"], **kw)
    if op == "bernoulli":
        return torch.bernoulli(torch.tensor(call["p"], dtype=dtype), **kw)
    if op == "normal_tensor_tensor":
        return torch.normal(torch.tensor(call["mean"], dtype=dtype), torch.tensor(call["std"], dtype=dtype), **kw)
    if op == "normal_tensor_float":
        return torch.normal(torch.tensor(call["mean"], dtype=dtype), call["std"], **kw)
    if op == "normal_float_tensor":
        return torch.normal(call["mean"], torch.tensor(call["std"], dtype=dtype), **kw)
    if op == "exponential_":
        return torch.empty(call["size"], dtype=dtype).exponential_(call["lambd"], **kw)
    if op == "cauchy_":
        return torch.empty(call["size"], dtype=dtype).cauchy_(call["median"], call["sigma"], **kw)
    if op == "log_normal_":
        return torch.empty(call["size"], dtype=dtype).log_normal_(call["mean"], call["std"], **kw)
    if op == "geometric_":
        return torch.empty(call["size"], dtype=dtype).geometric_(call["p"], **kw)
    if op == "multinomial":
        return torch.multinomial(torch.tensor(call["p"], dtype=dtype), call["n"], call["replacement"], **kw)
    if op == "rrelu":
        return torch.rrelu(torch.tensor(call["input"], dtype=dtype), call["lower"], call["upper"], True, **kw)
    if op == "rrelu_noise":
        noise = torch.empty(len(call["input"]), dtype=dtype)
        torch.ops.aten.rrelu_with_noise(torch.tensor(call["input"], dtype=dtype), noise, call["lower"], call["upper"],
                                        True, gen)
        return noise
    if op == "dropout":
        assert gen is None
        return torch.dropout(torch.ones(call["size"], dtype=dtype), call["p"], call["train"])
    if op in ("feature_dropout", "alpha_dropout", "feature_alpha_dropout"):
        assert gen is None
        x = (torch.arange(math.prod(call["size"]), dtype=dtype) * 0.25 - 1).view(call["size"])
        return getattr(torch, op)(x, call["p"], call["train"])
    raise ValueError(op)


def record(t):
    return {"dtype": NAMES[t.dtype], "sizes": list(t.shape), "data": t.reshape(-1).tolist()}


def case(name, seed, calls, generator=False):
    return {"name": name, "seed": seed, "generator": generator, "calls": calls}


def cases():
    out = []
    for seed in SEEDS:
        s = f"seed{seed}"
        for dt in ["Float32", "Float64"]:
            for n in [1, 7, 16, 17, 100]:
                out.append(case(f"rand {dt} {n} {s}", seed, [{"op": "rand", "size": [n], "dtype": dt}]))
            for n in [1, 2, 3, 15, 16, 17, 31, 100]:
                out.append(case(f"randn {dt} {n} {s}", seed, [{"op": "randn", "size": [n], "dtype": dt}]))
        out.append(case(f"rand 2x3x5 {s}", seed, [{"op": "rand", "size": [2, 3, 5], "dtype": "Float32"}]))
        out.append(case(f"randn 4x25 {s}", seed, [{"op": "randn", "size": [4, 25], "dtype": "Float32"}]))
        out.append(case(f"randn large {s}", seed, [{"op": "randn", "size": [2051], "dtype": "Float32"},
                                                    {"op": "randn", "size": [701], "dtype": "Float64"}]))
        out.append(case(f"sequence {s}", seed, [
            {"op": "rand", "size": [5], "dtype": "Float32"},
            {"op": "randn", "size": [3], "dtype": "Float64"},
            {"op": "randn", "size": [1], "dtype": "Float64"},   # the cached second sample
            {"op": "randn", "size": [3], "dtype": "Float32"},
            {"op": "randint", "low": 0, "high": 10, "size": [6], "dtype": "Int64"},
            {"op": "randn", "size": [20], "dtype": "Float32"},
            {"op": "rand", "size": [3], "dtype": "Float64"}]))
        out.append(case(f"sequence with a generator {s}", seed, [
            {"op": "randn", "size": [5], "dtype": "Float32"},
            {"op": "rand", "size": [4], "dtype": "Float64"},
            {"op": "randint", "low": -5, "high": 5, "size": [8], "dtype": "Int64"}], generator=True))
        out.append(case(f"randint small {s}", seed, [
            {"op": "randint", "low": 0, "high": 10, "size": [20], "dtype": "Int64"},
            {"op": "randint", "low": -3, "high": 3, "size": [7], "dtype": "Int32"},
            {"op": "randint", "low": 0, "high": 100, "size": [5], "dtype": "Float32"},
            {"op": "randint", "low": 0, "high": 2, "size": [6], "dtype": "Bool"}]))
        out.append(case(f"randint large range {s}", seed, [
            {"op": "randint", "low": 0, "high": 2**33 + 5, "size": [6], "dtype": "Int64"},
            {"op": "randint", "low": -2**40, "high": 2**40, "size": [6], "dtype": "Int64"},
            {"op": "randint", "low": 0, "high": 2**32, "size": [4], "dtype": "Float64"}]))
        for n in [10, 100]:
            out.append(case(f"randperm {n} {s}", seed, [{"op": "randperm", "n": n, "dtype": "Int64"}]))
        out.append(case(f"randperm float {s}", seed, [{"op": "randperm", "n": 12, "dtype": "Float32"}]))
        out.append(case(f"bernoulli p=0.3 {s}", seed, [
            {"op": "bernoulli_p", "size": [30], "p": 0.3, "dtype": "Float32"},
            {"op": "bernoulli_p", "size": [10], "p": 0.3, "dtype": "Float64"},
            {"op": "bernoulli_p", "size": [10], "p": 0.7, "dtype": "Bool"}]))
        out.append(case(f"bernoulli tensor p {s}", seed, [
            {"op": "bernoulli", "p": [0.0, 0.1, 0.5, 0.9, 1.0, 0.25, 0.75, 0.3], "dtype": "Float32"},
            {"op": "bernoulli", "p": [[0.2, 0.4], [0.6, 0.8]], "dtype": "Float64"}]))
        out.append(case(f"normal_ and uniform_ {s}", seed, [
            {"op": "normal_", "size": [5], "mean": 2.0, "std": 3.0, "dtype": "Float32"},
            {"op": "normal_", "size": [40], "mean": -1.5, "std": 0.5, "dtype": "Float32"},
            {"op": "normal_", "size": [40], "mean": 2.0, "std": 3.0, "dtype": "Float64"},
            {"op": "normal_", "size": [3], "mean": 2.0, "std": 3.0, "dtype": "Float64"},
            {"op": "uniform_", "size": [10], "from": -2.0, "to": 3.0, "dtype": "Float32"},
            {"op": "uniform_", "size": [10], "from": -2.0, "to": 3.0, "dtype": "Float64"},
            {"op": "random_", "size": [5], "dtype": "Int64"},
            {"op": "random_", "size": [5], "dtype": "Float32"}]))
        out.append(case(f"normal with tensors {s}", seed, [
            {"op": "normal_tensor_tensor", "mean": [0.0, 1.0, 2.0, 3.0], "std": [1.0, 0.5, 2.0, 0.1],
             "dtype": "Float32"},
            {"op": "normal_tensor_float", "mean": [10.0, 20.0, 30.0], "std": 2.0, "dtype": "Float64"},
            {"op": "normal_float_tensor", "mean": 1.0, "std": [1.0, 2.0, 3.0, 4.0, 5.0], "dtype": "Float32"}]))
        out.append(case(f"dropout {s}", seed, [
            {"op": "dropout", "size": [20], "p": 0.5, "train": True, "dtype": "Float32"},
            {"op": "dropout", "size": [20], "p": 0.2, "train": True, "dtype": "Float64"},
            {"op": "dropout", "size": [5], "p": 0.5, "train": False, "dtype": "Float32"},
            {"op": "rand", "size": [2], "dtype": "Float32"}]))
    # errors (the numbers drawn before are irrelevant)
    out.append(case("error random_ from >= to", 0, [{"op": "randint", "low": 5, "high": 5, "size": [3],
                                                      "dtype": "Int64"}]))
    out.append(case("error bernoulli p", 0, [{"op": "bernoulli_p", "size": [3], "p": 1.5, "dtype": "Float32"}]))
    out.append(case("error normal std", 0, [{"op": "normal_", "size": [3], "mean": 0.0, "std": -1.0,
                                             "dtype": "Float32"}]))
    out.append(case("error uniform from > to", 0, [{"op": "uniform_", "size": [3], "from": 2.0, "to": 1.0,
                                                     "dtype": "Float32"}]))
    out.append(case("error rand of int64", 0, [{"op": "rand", "size": [3], "dtype": "Int64"}]))
    out.append(case("error dropout p", 0, [{"op": "dropout", "size": [3], "p": 1.5, "train": True,
                                            "dtype": "Float32"}]))
    for seed in SEEDS:
        s = f"seed{seed}"
        for dt in ["Float16", "BFloat16"]:
            for n in [1, 7, 16, 17, 100]:
                out.append(case(f"rand {dt} {n} {s}", seed, [{"op": "rand", "size": [n], "dtype": dt}]))
            for n in [1, 3, 15, 16, 17, 40]:
                out.append(case(f"randn {dt} {n} {s}", seed, [{"op": "randn", "size": [n], "dtype": dt}]))
            out.append(case(f"normal_ and uniform_ {dt} {s}", seed, [
                {"op": "normal_", "size": [5], "mean": 2.0, "std": 3.0, "dtype": dt},
                {"op": "normal_", "size": [40], "mean": -1.5, "std": 0.5, "dtype": dt},
                {"op": "uniform_", "size": [10], "from": -2.0, "to": 3.0, "dtype": dt},
                {"op": "uniform_", "size": [10], "from": 0.1, "to": 0.7, "dtype": dt},
                {"op": "random_", "size": [5], "dtype": dt},
                {"op": "randint", "low": -4, "high": 100, "size": [6], "dtype": dt}]))
        out.append(case(f"narrow integers {s}", seed, [
            {"op": "randint", "low": 0, "high": 256, "size": [8], "dtype": "UInt8"},
            {"op": "randint", "low": -128, "high": 128, "size": [8], "dtype": "Int8"},
            {"op": "randint", "low": -3, "high": 1000, "size": [8], "dtype": "Int16"},
            {"op": "random_", "size": [6], "dtype": "UInt8"},
            {"op": "random_", "size": [6], "dtype": "Int8"},
            {"op": "random_", "size": [6], "dtype": "Int16"},
            {"op": "randperm", "n": 10, "dtype": "Int16"},
            {"op": "bernoulli_p", "size": [10], "p": 0.3, "dtype": "UInt8"},
            {"op": "bernoulli_p", "size": [10], "p": 0.6, "dtype": "BFloat16"},
            {"op": "randperm", "n": 12, "dtype": "BFloat16"}]))
    out.append(case("error bernoulli_ of float16", 0, [{"op": "bernoulli_p", "size": [3], "p": 0.5,
                                                         "dtype": "Float16"}]))
    out.append(case("error randperm of int8", 0, [{"op": "randperm", "n": 200, "dtype": "Int8"}]))
    out.append(case("error randperm of float16", 0, [{"op": "randperm", "n": 3000, "dtype": "Float16"}]))
    out.append(case("error randint out of int8", 0, [{"op": "randint", "low": 0, "high": 200, "size": [3],
                                                       "dtype": "Int8"}]))
    for seed in SEEDS:
        s = f"seed{seed}"
        out.append(case(f"exponential_ {s}", seed, [
            {"op": "exponential_", "size": [7], "lambd": 1.0, "dtype": "Float32"},
            {"op": "exponential_", "size": [5], "lambd": 2.5, "dtype": "Float64"},
            {"op": "exponential_", "size": [4], "lambd": 0.25, "dtype": "Float32"},
            {"op": "exponential_", "size": [6], "lambd": 0.5, "dtype": "BFloat16"}]))
        out.append(case(f"multinomial {s}", seed, [
            {"op": "multinomial", "p": [0.1, 0.2, 0.3, 0.4], "n": 1, "replacement": False, "dtype": "Float32"},
            {"op": "multinomial", "p": [0.1, 0.2, 0.3, 0.4], "n": 3, "replacement": False, "dtype": "Float32"},
            {"op": "multinomial", "p": [1.0, 0.0, 3.0, 2.0, 0.5], "n": 12, "replacement": True, "dtype": "Float32"},
            {"op": "multinomial", "p": [[0.5, 0.5, 0.0], [0.2, 0.0, 0.8]], "n": 6, "replacement": True,
             "dtype": "Float64"},
            {"op": "multinomial", "p": [[2.0, 1.0, 1.0], [0.0, 3.0, 1.0]], "n": 2, "replacement": False,
             "dtype": "Float64"},
            {"op": "multinomial", "p": [[2.0, 1.0, 1.0], [0.0, 3.0, 1.0]], "n": 1, "replacement": True,
             "dtype": "Float32"}]))
        out.append(case(f"multinomial with a generator {s}", seed, [
            {"op": "multinomial", "p": [0.25, 0.25, 0.5], "n": 8, "replacement": True, "dtype": "Float32"},
            {"op": "exponential_", "size": [3], "lambd": 1.0, "dtype": "Float64"}], generator=True))
    for seed in SEEDS:
        s = f"seed{seed}"
        out.append(case(f"cauchy_ log_normal_ geometric_ {s}", seed, [
            {"op": "cauchy_", "size": [6], "median": 0.0, "sigma": 1.0, "dtype": "Float32"},
            {"op": "cauchy_", "size": [4], "median": 2.0, "sigma": 0.5, "dtype": "Float64"},
            {"op": "log_normal_", "size": [5], "mean": 1.0, "std": 2.0, "dtype": "Float32"},
            {"op": "log_normal_", "size": [3], "mean": -0.5, "std": 0.25, "dtype": "Float64"},
            {"op": "geometric_", "size": [6], "p": 0.3, "dtype": "Int64"},
            {"op": "geometric_", "size": [5], "p": 0.7, "dtype": "Float32"},
            {"op": "geometric_", "size": [4], "p": 0.05, "dtype": "Int32"}]))
    out.append(case("error cauchy_ of int64", 0, [{"op": "cauchy_", "size": [3], "median": 0.0, "sigma": 1.0,
                                                   "dtype": "Int64"}]))
    out.append(case("error log_normal_ std", 0, [{"op": "log_normal_", "size": [3], "mean": 1.0, "std": 0.0,
                                                  "dtype": "Float32"}]))
    out.append(case("error geometric_ p", 0, [{"op": "geometric_", "size": [3], "p": 1.0, "dtype": "Float32"}]))
    out.append(case("error geometric_ of bool", 0, [{"op": "geometric_", "size": [3], "p": 0.5, "dtype": "Bool"}]))
    out.append(case("error exponential_ lambda", 0, [{"op": "exponential_", "size": [3], "lambd": -1.0,
                                                      "dtype": "Float32"}]))
    out.append(case("error exponential_ of int64", 0, [{"op": "exponential_", "size": [3], "lambd": 1.0,
                                                        "dtype": "Int64"}]))
    out.append(case("error multinomial too many", 0, [{"op": "multinomial", "p": [0.5, 0.5], "n": 3,
                                                       "replacement": False, "dtype": "Float32"}]))
    out.append(case("error multinomial negative", 0, [{"op": "multinomial", "p": [0.5, -0.5], "n": 1,
                                                       "replacement": False, "dtype": "Float32"}]))
    out.append(case("error multinomial negative with replacement", 0, [{"op": "multinomial", "p": [0.5, -0.5],
                                                                        "n": 2, "replacement": True,
                                                                        "dtype": "Float32"}]))
    out.append(case("error multinomial zero row", 0, [{"op": "multinomial", "p": [[0.0, 0.0], [1.0, 1.0]], "n": 1,
                                                       "replacement": False, "dtype": "Float32"}]))
    out.append(case("error multinomial zero row with replacement", 0, [{"op": "multinomial", "p": [0.0, 0.0],
                                                                        "n": 2, "replacement": True,
                                                                        "dtype": "Float64"}]))
    out.append(case("error multinomial of 3 dims", 0, [{"op": "multinomial", "p": [[[1.0]]], "n": 1,
                                                        "replacement": True, "dtype": "Float32"}]))
    out.append(case("error multinomial no samples", 0, [{"op": "multinomial", "p": [1.0], "n": 0,
                                                         "replacement": True, "dtype": "Float32"}]))
    out.append(case("error multinomial of int64", 0, [{"op": "multinomial", "p": [1, 2], "n": 1,
                                                       "replacement": True, "dtype": "Int64"}]))
    for seed in SEEDS[:2]:
        for op in ("feature_dropout", "alpha_dropout", "feature_alpha_dropout"):
            out.append(case(f"{op} seed{seed}", seed, [
                {"op": op, "size": [3, 4, 2, 2], "p": 0.5, "train": True, "dtype": "Float32"},
                {"op": op, "size": [2, 5, 3], "p": 0.25, "train": True, "dtype": "Float64"},
                {"op": op, "size": [2, 3], "p": 1.0, "train": True, "dtype": "Float32"},
                {"op": op, "size": [2, 3], "p": 0.5, "train": False, "dtype": "Float32"}]))
    out.append(case("error feature_dropout of 1 dim", 0, [{"op": "feature_dropout", "size": [3], "p": 0.5,
                                                          "train": True, "dtype": "Float32"}]))
    out.append(case("error alpha_dropout p", 0, [{"op": "alpha_dropout", "size": [3], "p": -0.5, "train": True,
                                                 "dtype": "Float32"}]))
    # rrelu in training: one uniform double per element at or below 0, in order
    xs = [-1.5, 2.0, -0.25, 0.0, 3.0, -4.0, -0.5, 1.0, -2.0, -3.5, 0.75, -1.0]
    for seed in SEEDS:
        for gen in (False, True):
            out.append(case(f"rrelu training seed{seed}{' generator' if gen else ''}", seed, [
                {"op": "rrelu", "input": xs, "lower": 0.125, "upper": 1 / 3, "dtype": "Float32"},
                {"op": "rrelu", "input": xs, "lower": 0.1, "upper": 0.9, "dtype": "Float64"},
                {"op": "rrelu_noise", "input": xs, "lower": 0.2, "upper": 0.3, "dtype": "Float32"},
            ], generator=gen))
    out.append(case("error rrelu of int64", 0, [{"op": "rrelu", "input": [1, -2], "lower": 0.1, "upper": 0.3,
                                                 "dtype": "Int64"}]))
    out.append(case("error rrelu bounds", 0, [{"op": "rrelu", "input": [1.0, -2.0], "lower": 0.5, "upper": 0.3,
                                               "dtype": "Float32"}]))
    return out


def main():
    results = []
    for c in cases():
        gen = None
        if c["generator"]:
            gen = torch.Generator().manual_seed(c["seed"])
        else:
            torch.manual_seed(c["seed"])
        c = dict(c)
        try:
            c["results"] = [record(run_call(call, gen)) for call in c["calls"]]
        except RuntimeError as e:
            c["error"] = str(e).split("\n")[0]
        results.append(c)
    doc = {"generated_by": COMMAND, "torch_version": torch.__version__,
           "cpu_capability": "AVX2", "default_seed": torch.Generator().initial_seed(),
           "count": len(results), "cases": results}
    OUT.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {OUT} ({len(results)} cases)")


if __name__ == "__main__":
    main()
