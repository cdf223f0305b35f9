"""Golden gradients from real PyTorch for every operator in derivatives.yaml, for GoldenGradientsTest.

Regenerate with Debian's python3-torch (1.13):
    /usr/bin/python3 kernels/src/test/python/make_grad_golden.py

Each case calls one operator on float64 inputs that require grad, runs backward with a fixed upstream
gradient of the output's shape, and records the output and every input's gradient. Inputs, arguments
and upstream gradients are stored in full, so the Java side replays exactly the same call.
"""
import json
import os

import torch
import torch.nn.functional as F

torch.manual_seed(7)
torch.set_num_threads(1)


def rand(*sizes, lo=-1.0, hi=1.0):
    return (torch.rand(sizes, dtype=torch.float64) * (hi - lo) + lo)


F32 = torch.float32
F64 = torch.float64
DTYPE_NAMES = {F32: "float32", F64: "float64"}


def stored(t):
    return {"sizes": list(t.shape), "dtype": DTYPE_NAMES[t.dtype], "data": t.detach().flatten().tolist()}


def case(name, op, inputs, args=(), kwargs=None, fn=None, dtypes=None, upstream_dtype=None):
    """`op` is the aten overload name; `fn(*tensors)` computes it in PyTorch.

    `dtypes` gives each input's dtype (float64 when absent), `upstream_dtype` the dtype of the gradient
    passed to backward (the output's when absent): mixed float32/float64 graphs, whose gradients PyTorch's
    engine casts back to each input's dtype.
    """
    kwargs = kwargs or {}
    if dtypes:
        inputs = [t.to(d) for t, d in zip(inputs, dtypes)]
    xs = [t.clone().requires_grad_(True) for t in inputs]
    y = fn(*xs)
    g = rand(*y.shape).to(upstream_dtype or y.dtype)
    y.backward(g)
    return {
        "name": name,
        "op": op,
        "inputs": [stored(t) for t in inputs],
        "args": list(args),
        "upstream": stored(g),
        "output": stored(y),
        "grads": [stored(x.grad) for x in xs],
    }


def main():
    cases = [
        case("add broadcast alpha", "add", [rand(2, 3), rand(3)], [2.5], fn=lambda a, b: torch.add(a, b, alpha=2.5)),
        case("sub broadcast", "sub", [rand(2, 1), rand(1, 3)], fn=torch.sub),
        case("mul", "mul", [rand(2, 3), rand(2, 3)], fn=torch.mul),
        case("div", "div", [rand(3), rand(2, 3, lo=1, hi=2)], fn=torch.div),
        case("neg", "neg", [rand(4)], fn=torch.neg),
        case("exp", "exp", [rand(4)], fn=torch.exp),
        case("log", "log", [rand(4, lo=0.5, hi=2)], fn=torch.log),
        case("sqrt", "sqrt", [rand(4, lo=0.5, hi=2)], fn=torch.sqrt),
        case("sigmoid", "sigmoid", [rand(4, lo=-2, hi=2)], fn=torch.sigmoid),
        case("tanh", "tanh", [rand(4, lo=-2, hi=2)], fn=torch.tanh),
        case("relu", "relu", [rand(6)], fn=torch.relu),
        case("pow scalar", "pow", [rand(4, lo=0.5, hi=1.5)], [3.0], fn=lambda a: torch.pow(a, 3.0)),
        case("sum", "sum", [rand(2, 3)], fn=torch.sum),
        case("sum dim", "sum_dim", [rand(2, 3, 4)], [[0, 2], False], fn=lambda a: torch.sum(a, [0, 2])),
        case("sum dim keepdim", "sum_dim", [rand(2, 3)], [[1], True], fn=lambda a: torch.sum(a, [1], keepdim=True)),
        case("mean", "mean", [rand(2, 3)], fn=torch.mean),
        case("mm", "mm", [rand(2, 3), rand(3, 4)], fn=torch.mm),
        case("bmm", "bmm", [rand(2, 2, 3), rand(2, 3, 2)], fn=torch.bmm),
        case("mv", "mv", [rand(2, 3), rand(3)], fn=torch.mv),
        case("dot", "dot", [rand(3), rand(3)], fn=torch.dot),
        case("matmul batched broadcast", "matmul", [rand(2, 1, 2, 3), rand(3, 3, 2)], fn=torch.matmul),
        case("view", "view", [rand(2, 3)], [[3, 2]], fn=lambda a: a.view(3, 2)),
        case("reshape of a transpose", "reshape_t", [rand(2, 3)], [[6]], fn=lambda a: a.t().reshape(6)),
        case("transpose", "transpose", [rand(2, 3, 4)], [0, 2], fn=lambda a: a.transpose(0, 2)),
        case("permute", "permute", [rand(2, 3, 4)], [[2, 0, 1]], fn=lambda a: a.permute(2, 0, 1)),
        case("expand", "expand", [rand(1, 3)], [[4, 3]], fn=lambda a: a.expand(4, 3)),
        case("unsqueeze", "unsqueeze", [rand(3)], [1], fn=lambda a: a.unsqueeze(1)),
        case("squeeze", "squeeze", [rand(1, 3)], [0], fn=lambda a: a.squeeze(0)),
        case("select", "select", [rand(2, 3)], [1, 2], fn=lambda a: a.select(1, 2)),
        case("slice", "slice", [rand(2, 5)], [1, 1, 4, 2], fn=lambda a: a[:, 1:4:2]),
        case("narrow", "narrow", [rand(4, 2)], [0, 1, 2], fn=lambda a: a.narrow(0, 1, 2)),
        case("flatten", "flatten", [rand(2, 3, 2)], [0, 1], fn=lambda a: a.flatten(0, 1)),
        case("clone", "clone", [rand(3)], fn=torch.clone),
        case("abs", "abs", [rand(5)], fn=torch.abs),
        case("clamp", "clamp", [rand(6)], [-0.5, 0.5], fn=lambda a: torch.clamp(a, -0.5, 0.5)),
        case("where", "where", [rand(3), rand(3)], [[True, False, True]],
             fn=lambda a, b: torch.where(torch.tensor([True, False, True]), a, b)),
        case("mean dim", "mean_dim", [rand(2, 3)], [[0], True], fn=lambda a: torch.mean(a, [0], keepdim=True)),
        case("div no rounding", "div_mode", [rand(3), rand(3, lo=1, hi=2)], fn=lambda a, b: torch.div(a, b, rounding_mode=None)),
        case("pow tensor exponent", "pow_tt", [rand(3, lo=0.5, hi=1.5), rand(3, lo=-1, hi=2)], fn=torch.pow),
        case("pow scalar base", "pow_st", [rand(3)], [2.0], fn=lambda e: torch.pow(2.0, e)),
        case("amax", "amax", [rand(2, 3)], [[1], False], fn=lambda a: torch.amax(a, [1])),
        case("amin", "amin", [rand(2, 3)], [[0], True], fn=lambda a: torch.amin(a, [0], keepdim=True)),
        case("cat", "cat", [rand(2, 3), rand(2, 1)], [1], fn=lambda a, b: torch.cat([a, b], 1)),
        case("stack", "stack", [rand(3), rand(3)], [0], fn=lambda a, b: torch.stack([a, b], 0)),
        case("mlp layer", "linear_relu", [rand(4, 3), rand(3, 5), rand(5)],
             fn=lambda x, w, b: torch.relu(x.mm(w) + b)),
        # mixed float32/float64 graphs: each gradient comes back in its input's dtype
        case("mul float32 by float64 0-dim", "mul", [rand(3), rand()], dtypes=[F32, F64], fn=torch.mul),
        case("add float32 and float64 broadcast", "add", [rand(2, 3), rand(3)], [2.0], dtypes=[F32, F64],
             fn=lambda a, b: torch.add(a, b, alpha=2.0)),
        case("sub float64 and float32", "sub", [rand(3), rand(2, 3)], dtypes=[F64, F32], fn=torch.sub),
        case("div float32 by float64 0-dim", "div", [rand(3), rand(lo=1, hi=2)], dtypes=[F32, F64], fn=torch.div),
        case("sum float32 with dtype float64", "sum_dtype", [rand(2, 3)], ["float64"], dtypes=[F32],
             fn=lambda a: torch.sum(a, dtype=torch.float64)),
        case("mean float32 with dtype float64", "mean_dtype", [rand(2, 3)], ["float64"], dtypes=[F32],
             fn=lambda a: torch.mean(a, dtype=torch.float64)),
        case("where float32 and float64", "where", [rand(3), rand(3)], [[True, False, True]], dtypes=[F32, F64],
             fn=lambda a, b: torch.where(torch.tensor([True, False, True]), a, b)),
        case("cat float32 and float64", "cat", [rand(2, 3), rand(2, 1)], [1], dtypes=[F32, F64],
             fn=lambda a, b: torch.cat([a, b], 1)),
        case("pow float32 by float64 0-dim", "pow_tt", [rand(3, lo=0.5, hi=1.5), rand(lo=1, hi=2)], dtypes=[F32, F64],
             fn=torch.pow),
        case("clamp float32 by float64 bounds", "clamp_tt", [rand(4), rand(4, lo=-1, hi=0), rand(4, lo=0, hi=1)],
             dtypes=[F32, F64, F64], fn=lambda a, lo, hi: torch.clamp(a, lo, hi)),
        case("backward float32 with a float64 gradient", "mul", [rand(3), rand(3)], dtypes=[F32, F32],
             upstream_dtype=F64, fn=torch.mul),
        # clamp with tensor bounds where min > max: the result is max, and the gradient goes to max
        case("clamp tensor bounds min above max", "clamp_tt", [rand(4), rand(4, lo=0.5, hi=1), rand(1, lo=-1, hi=0)],
             fn=lambda a, lo, hi: torch.clamp(a, lo, hi)),
        case("clamp tensor bounds broadcast", "clamp_tt", [rand(2, 3), rand(3, lo=-1, hi=0), rand(1, lo=0, hi=0.5)],
             fn=lambda a, lo, hi: torch.clamp(a, lo, hi)),
        case("softmax", "softmax", [rand(2, 3)], [1], fn=lambda a: torch.softmax(a, 1)),
        case("softmax over dim 0", "softmax", [rand(3, 2, 2)], [0], fn=lambda a: torch.softmax(a, 0)),
        case("log_softmax", "log_softmax", [rand(2, 3)], [1], fn=lambda a: torch.log_softmax(a, 1)),
        case("log_softmax over dim 1 of 3", "log_softmax", [rand(2, 3, 2)], [1], fn=lambda a: torch.log_softmax(a, 1)),
        case("softmax float32", "softmax", [rand(2, 3)], [1], dtypes=[F32], fn=lambda a: torch.softmax(a, 1)),
        case("mse_loss mean", "mse_loss", [rand(2, 3), rand(2, 3)], [1], fn=lambda a, b: F.mse_loss(a, b)),
        case("mse_loss none", "mse_loss", [rand(2, 3), rand(2, 3)], [0], fn=lambda a, b: F.mse_loss(a, b, reduction="none")),
        case("nll_loss mean", "nll_loss", [rand(3, 4)], [[0, 3, 1], 1], fn=lambda a: F.nll_loss(a, torch.tensor([0, 3, 1]))),
        case("nll_loss sum ignore_index", "nll_loss", [rand(3, 4)], [[0, -100, 1], 2],
             fn=lambda a: F.nll_loss(a, torch.tensor([0, -100, 1]), reduction="sum")),
        case("nll_loss none", "nll_loss", [rand(3, 4)], [[2, 2, 1], 0],
             fn=lambda a: F.nll_loss(a, torch.tensor([2, 2, 1]), reduction="none")),
        case("cross_entropy", "cross_entropy", [rand(3, 4)], [[0, 3, 1], 1, 0.0],
             fn=lambda a: F.cross_entropy(a, torch.tensor([0, 3, 1]))),
        case("cross_entropy label smoothing", "cross_entropy", [rand(3, 4)], [[0, 3, 1], 1, 0.2],
             fn=lambda a: F.cross_entropy(a, torch.tensor([0, 3, 1]), label_smoothing=0.2)),
        case("cross_entropy 3-d", "cross_entropy", [rand(2, 4, 3)], [[[0, 3, 1], [2, 2, 0]], 2, 0.0],
             fn=lambda a: F.cross_entropy(a, torch.tensor([[0, 3, 1], [2, 2, 0]]), reduction="sum")),
        case("cross_entropy probabilities", "cross_entropy_probs", [rand(3, 4), rand(3, 4, lo=0, hi=1)], [1, 0.0],
             fn=lambda a, p: F.cross_entropy(a, p)),
        case("binary_cross_entropy_with_logits", "bce_logits", [rand(2, 3), rand(2, 3, lo=0, hi=1)], [1],
             fn=lambda a, t: F.binary_cross_entropy_with_logits(a, t)),
        # linear layers, convolution and pooling
        case("t", "t", [rand(2, 3)], fn=lambda a: a.t()),
        case("addmm beta alpha broadcast", "addmm", [rand(3), rand(2, 4), rand(4, 3)], [0.5, 2.0],
             fn=lambda s, a, b: torch.addmm(s, a, b, beta=0.5, alpha=2.0)),
        case("baddbmm beta alpha", "baddbmm", [rand(2, 2, 3), rand(2, 2, 4), rand(2, 4, 3)], [0.5, 2.0],
             fn=lambda s, a, b: torch.baddbmm(s, a, b, beta=0.5, alpha=2.0)),
        case("linear (addmm)", "linear", [rand(5, 4), rand(3, 4), rand(3)], fn=F.linear),
        case("linear 3-d (matmul)", "linear", [rand(2, 5, 4), rand(3, 4), rand(3)], fn=F.linear),
        case("conv2d stride padding dilation", "conv2d", [rand(2, 3, 6, 6), rand(4, 3, 3, 3), rand(4)],
             [[2, 1], [1, 1], [1, 2], 1], fn=lambda x, w, b: F.conv2d(x, w, b, (2, 1), (1, 1), (1, 2), 1)),
        case("conv2d groups", "conv2d", [rand(2, 4, 5, 5), rand(6, 2, 3, 3), rand(6)], [[1], [1], [1], 2],
             fn=lambda x, w, b: F.conv2d(x, w, b, 1, 1, 1, 2)),
        case("conv1d without bias", "conv1d", [rand(2, 3, 9), rand(4, 3, 3)], [[2], [1], [2], 1],
             fn=lambda x, w: F.conv1d(x, w, None, 2, 1, 2, 1)),
        case("conv2d float32", "conv2d", [rand(1, 2, 5, 5), rand(3, 2, 2, 2), rand(3)], [[1], [0], [1], 1],
             dtypes=[F32, F32, F32], fn=lambda x, w, b: F.conv2d(x, w, b)),
        case("max_pool2d", "max_pool2d", [rand(2, 3, 6, 6)], [[3], [2], [1], [1], False],
             fn=lambda a: F.max_pool2d(a, 3, 2, 1, 1, False)),
        case("max_pool2d ceil_mode dilation", "max_pool2d", [rand(1, 2, 7, 7)], [[2], [2], [0], [2], True],
             fn=lambda a: F.max_pool2d(a, 2, 2, 0, 2, True)),
        case("avg_pool2d ceil_mode without padding counted", "avg_pool2d", [rand(1, 2, 7, 7)],
             [[3], [2], [1], True, False, None], fn=lambda a: F.avg_pool2d(a, 3, 2, 1, True, False)),
        case("avg_pool2d divisor_override", "avg_pool2d", [rand(2, 2, 6, 6)], [[2], [2], [1], False, True, 3],
             fn=lambda a: F.avg_pool2d(a, 2, 2, 1, False, True, 3)),
        case("adaptive_avg_pool2d", "adaptive_avg_pool2d", [rand(2, 3, 7, 5)], [[3, 4]],
             fn=lambda a: F.adaptive_avg_pool2d(a, (3, 4))),
        case("adaptive_avg_pool2d 1x1 (mean)", "adaptive_avg_pool2d", [rand(2, 3, 4, 4)], [[1, 1]],
             fn=lambda a: F.adaptive_avg_pool2d(a, (1, 1))),
        # reductions and indexing (the Indexing block of derivatives.yaml)
        case("max", "max", [rand(2, 3)], fn=torch.max),
        case("min", "min", [rand(2, 3)], fn=torch.min),
        case("max.dim", "max_dim", [rand(2, 3)], [1, False], fn=lambda a: torch.max(a, 1)[0]),
        case("min.dim keepdim", "min_dim", [rand(3, 2)], [0, True], fn=lambda a: torch.min(a, 0, True)[0]),
        case("maximum", "maximum", [rand(2, 3), rand(3)], fn=torch.maximum),
        case("minimum", "minimum", [rand(2, 3), rand(2, 3)], fn=torch.minimum),
        case("var", "var", [rand(2, 3)], [[1], 1, False], fn=lambda a: torch.var(a, 1, correction=1)),
        case("var all correction 0", "var", [rand(2, 3)], [None, 0, False], fn=lambda a: torch.ops.aten.var.correction(a, None, correction=0)),
        case("std keepdim", "std", [rand(2, 3, 2)], [[0, 2], 1, True], fn=lambda a: torch.std(a, [0, 2], correction=1, keepdim=True)),
        case("prod", "prod", [rand(2, 3)], fn=torch.prod),
        case("prod dim", "prod_dim", [rand(2, 3)], [1, False], fn=lambda a: torch.prod(a, 1)),
        case("cumsum", "cumsum", [rand(2, 3)], [1], fn=lambda a: torch.cumsum(a, 1)),
        case("logsumexp", "logsumexp", [rand(2, 3)], [[1], False], fn=lambda a: torch.logsumexp(a, [1])),
        case("norm", "norm", [rand(2, 3)], [2.0], fn=lambda a: torch.ops.aten.norm.Scalar(a, 2)),
        case("norm p=3 dim", "norm_dim", [rand(2, 3)], [3.0, [1], False], fn=lambda a: torch.ops.aten.norm.ScalarOpt_dim(a, 3, [1])),
        case("norm p=1 dim keepdim", "norm_dim", [rand(2, 3)], [1.0, [0], True], fn=lambda a: torch.ops.aten.norm.ScalarOpt_dim(a, 1, [0], True)),
        case("gather", "gather", [rand(2, 3)], [1, [[0, 0], [2, 1]]], fn=lambda a: torch.gather(a, 1, torch.tensor([[0, 0], [2, 1]]))),
        case("scatter", "scatter", [rand(2, 3), rand(2, 2)], [1, [[0, 2], [1, 0]]],
             fn=lambda a, b: torch.scatter(a, 1, torch.tensor([[0, 2], [1, 0]]), b)),
        case("scatter_add", "scatter_add", [rand(2, 3), rand(2, 2)], [1, [[0, 0], [1, 2]]],
             fn=lambda a, b: torch.scatter_add(a, 1, torch.tensor([[0, 0], [1, 2]]), b)),
        case("masked_fill", "masked_fill", [rand(2, 3), rand()], [[True, False, True]],
             fn=lambda a, v: torch.masked_fill(a, torch.tensor([True, False, True]), v)),
        case("layer_norm", "layer_norm", [rand(2, 3, 4), rand(4, lo=0.5, hi=1.5), rand(4)], [[4], 1e-5],
             fn=lambda x, w, b: F.layer_norm(x, [4], w, b)),
        case("layer_norm over two dims without bias", "layer_norm_w", [rand(2, 3, 4), rand(3, 4, lo=0.5, hi=1.5)],
             [[3, 4], 1e-3], fn=lambda x, w: F.layer_norm(x, [3, 4], w, None, 1e-3)),
        case("layer_norm float32", "layer_norm", [rand(3, 5), rand(5, lo=0.5, hi=1.5), rand(5)], [[5], 1e-5],
             dtypes=[F32, F32, F32], fn=lambda x, w, b: F.layer_norm(x, [5], w, b)),
        case("batch_norm training", "batch_norm_train", [rand(4, 3, 2), rand(3, lo=0.5, hi=1.5), rand(3)], [0.1, 1e-5],
             fn=lambda x, w, b: F.batch_norm(x, torch.zeros(3, dtype=F64), torch.ones(3, dtype=F64), w, b, True, 0.1)),
        case("batch_norm training 2-d", "batch_norm_train", [rand(5, 3), rand(3, lo=0.5, hi=1.5), rand(3)], [0.3, 1e-3],
             fn=lambda x, w, b: F.batch_norm(x, torch.zeros(3, dtype=F64), torch.ones(3, dtype=F64), w, b, True, 0.3,
                                             1e-3)),
        case("batch_norm eval", "batch_norm_eval", [rand(4, 3, 2), rand(3, lo=0.5, hi=1.5), rand(3)],
             [[0.1, -0.2, 0.3], [0.5, 1.5, 2.0], 1e-5],
             fn=lambda x, w, b: F.batch_norm(x, torch.tensor([0.1, -0.2, 0.3], dtype=F64),
                                             torch.tensor([0.5, 1.5, 2.0], dtype=F64), w, b, False)),
        case("embedding", "embedding", [rand(5, 3)], [[[0, 4, 4], [2, 0, 4]], -1, False],
             fn=lambda w: F.embedding(torch.tensor([[0, 4, 4], [2, 0, 4]]), w)),
        case("embedding padding_idx scale_grad_by_freq", "embedding", [rand(5, 3)], [[[0, 4, 4], [2, 0, 1]], 4, True],
             fn=lambda w: F.embedding(torch.tensor([[0, 4, 4], [2, 0, 1]]), w, padding_idx=4, scale_grad_by_freq=True)),
        case("index_select", "index_select", [rand(4, 3)], [1, [2, 0, 2, 1]],
             fn=lambda x: torch.index_select(x, 1, torch.tensor([2, 0, 2, 1]))),
        case("index_select dim 0 of 3", "index_select", [rand(3, 2, 2)], [0, [1, 1]],
             fn=lambda x: torch.index_select(x, 0, torch.tensor([1, 1]))),
        case("gelu", "gelu", [rand(5, lo=-3, hi=3)], ["none"], fn=F.gelu),
        case("gelu tanh", "gelu", [rand(5, lo=-3, hi=3)], ["tanh"], fn=lambda x: F.gelu(x, approximate="tanh")),
        case("silu", "silu", [rand(5, lo=-3, hi=3)], fn=F.silu),
        case("leaky_relu", "leaky_relu", [rand(6)], [0.2], fn=lambda x: F.leaky_relu(x, 0.2)),
        case("hardtanh", "hardtanh", [rand(6, lo=-2, hi=2)], [-1.0, 1.0], fn=F.hardtanh),
        case("floor", "floor", [rand(4, lo=-2, hi=2)], fn=torch.floor),
        case("sin", "sin", [rand(4, lo=-3, hi=3)], fn=torch.sin),
        case("cos", "cos", [rand(4, lo=-3, hi=3)], fn=torch.cos),
        case("rsqrt", "rsqrt", [rand(4, lo=0.5, hi=2)], fn=torch.rsqrt),
        case("reciprocal", "reciprocal", [rand(4, lo=0.5, hi=2)], fn=torch.reciprocal),
        case("log1p", "log1p", [rand(4, lo=-0.5, hi=2)], fn=torch.log1p),
        case("erf", "erf", [rand(4, lo=-2, hi=2)], fn=torch.erf),
        case("remainder", "remainder", [rand(2, 3, lo=-3, hi=3), rand(3, lo=0.5, hi=1.5)], fn=torch.remainder),
        case("fmod", "fmod", [rand(2, 3, lo=-3, hi=3), rand(2, 3, lo=-1.5, hi=-0.5)], fn=torch.fmod),
        case("gelu float32", "gelu", [rand(5, lo=-3, hi=3)], ["none"], dtypes=[F32], fn=F.gelu),
        case("tril", "tril", [rand(3, 4)], [1], fn=lambda a: torch.tril(a, 1)),
        case("triu batched", "triu", [rand(2, 3, 3)], [-1], fn=lambda a: torch.triu(a, -1)),
        case("flip", "flip", [rand(2, 3, 4)], [[0, 2]], fn=lambda a: torch.flip(a, [0, 2])),
        case("roll two dims", "roll", [rand(2, 3)], [[1, -2], [0, 1]], fn=lambda a: torch.roll(a, [1, -2], [0, 1])),
        case("roll flattened", "roll", [rand(2, 3)], [[2], []], fn=lambda a: torch.roll(a, 2)),
        case("repeat", "repeat", [rand(2, 3)], [[2, 1, 2]], fn=lambda a: a.repeat(2, 1, 2)),
        case("split", "split", [rand(2, 5)], [2, 1],
             fn=lambda a: torch.cat([p * (i + 1) for i, p in enumerate(torch.split(a, 2, 1))], 1)),
        case("chunk", "chunk", [rand(5, 2)], [3, 0],
             fn=lambda a: torch.cat([p * (i + 1) for i, p in enumerate(torch.chunk(a, 3, 0))], 0)),
        case("unbind", "unbind", [rand(3, 2)], [1],
             fn=lambda a: torch.stack([p * (i + 1) for i, p in enumerate(torch.unbind(a, 1))], 0)),
        case("sort descending", "sort", [rand(3, 4)], [1, True], fn=lambda a: torch.sort(a, 1, True)[0]),
        case("sort stable dim 0", "sort_stable", [rand(4, 3)], [0], fn=lambda a: torch.sort(a, dim=0, stable=True)[0]),
        case("topk", "topk", [rand(3, 5)], [2, 1, True], fn=lambda a: torch.topk(a, 2, 1, True)[0]),
        case("topk smallest", "topk", [rand(6)], [3, 0, False], fn=lambda a: torch.topk(a, 3, 0, False)[0]),
        case("index with repeated rows", "index", [rand(4, 3)], [[2, 0, 2]],
             fn=lambda a: torch.ops.aten.index.Tensor(a, [torch.tensor([2, 0, 2])])),
        case("index two dims", "index2", [rand(3, 4)], [[1, 1, 2], [0, 0, 3]],
             fn=lambda a: torch.ops.aten.index.Tensor(a, [torch.tensor([1, 1, 2]), torch.tensor([0, 0, 3])])),
        case("index_put", "index_put", [rand(4, 3), rand(2, 3)], [[3, 1], False],
             fn=lambda a, v: torch.index_put(a, [torch.tensor([3, 1])], v, False)),
        case("index_put accumulate broadcast values", "index_put", [rand(4, 3), rand(3)], [[0, 0], True],
             fn=lambda a, v: torch.index_put(a, [torch.tensor([0, 0])], v, True)),
        case("masked_select", "masked_select", [rand(2, 3)], [[[True, False, True], [False, True, True]]],
             fn=lambda a: torch.masked_select(a, torch.tensor([[True, False, True], [False, True, True]]))),
        case("masked_select broadcast self", "masked_select", [rand(3)], [[[True, False, True], [False, True, True]]],
             fn=lambda a: torch.masked_select(a, torch.tensor([[True, False, True], [False, True, True]]))),
        case("take", "take", [rand(2, 3)], [[[0, -1], [4, 0]]], fn=lambda a: torch.take(a, torch.tensor([[0, -1], [4, 0]]))),
        case("put", "put", [rand(2, 3), rand(3)], [[1, 5, 2], False],
             fn=lambda a, s: torch.put(a, torch.tensor([1, 5, 2]), s, False)),
        case("put accumulate", "put", [rand(2, 3), rand(3)], [[1, 1, -1], True],
             fn=lambda a, s: torch.put(a, torch.tensor([1, 1, -1]), s, True)),
        case("index_add", "index_add", [rand(3, 2), rand(4, 2)], [0, [2, 0, 2, 1], 1.5],
             fn=lambda a, s: torch.index_add(a, 0, torch.tensor([2, 0, 2, 1]), s, alpha=1.5)),
        case("index_add dim 1", "index_add", [rand(2, 3), rand(2, 2)], [1, [0, 2], 1.0],
             fn=lambda a, s: torch.index_add(a, 1, torch.tensor([0, 2]), s)),
        case("masked_scatter", "masked_scatter", [rand(2, 3), rand(5)], [[[True, False, True], [False, True, False]]],
             fn=lambda a, s: torch.masked_scatter(a, torch.tensor([[True, False, True], [False, True, False]]), s)),
        case("index_fill", "index_fill", [rand(2, 3)], [1, [0, 2], 2.5],
             fn=lambda a: torch.index_fill(a, 1, torch.tensor([0, 2]), 2.5)),
        case("index_fill value tensor", "index_fill_t", [rand(2, 3), rand()], [1, [2, 2]],
             fn=lambda a, v: torch.index_fill(a, 1, torch.tensor([2, 2]), v)),
        case("index_copy", "index_copy", [rand(3, 2), rand(2, 2)], [0, [2, 0]],
             fn=lambda a, s: torch.index_copy(a, 0, torch.tensor([2, 0]), s)),
        case("split_with_sizes", "split_with_sizes", [rand(5, 2)], [[1, 3, 1], 0],
             fn=lambda a: torch.cat([p * (i + 1) for i, p in enumerate(torch.split(a, [1, 3, 1]))], 0)),
        case("adaptive_max_pool2d", "adaptive_max_pool2d", [rand(2, 3, 7, 5)], [[3, 4]],
             fn=lambda a: F.adaptive_max_pool2d(a, (3, 4))),
        case("adaptive_max_pool2d overlapping windows, no batch", "adaptive_max_pool2d", [rand(2, 5, 5)], [[4, 3]],
             fn=lambda a: F.adaptive_max_pool2d(a, (4, 3))),
        case("square", "square", [rand(2, 3)], fn=torch.square),
        case("clamp_min", "clamp_min", [rand(2, 3)], [0.1], fn=lambda a: torch.clamp_min(a, 0.1)),
        case("addcmul broadcast", "addcmul", [rand(2, 3), rand(3), rand(2, 1)], [0.5],
             fn=lambda a, b, c: torch.addcmul(a, b, c, value=0.5)),
        case("addcdiv", "addcdiv", [rand(2, 3), rand(2, 3), rand(2, 3, lo=0.5, hi=2.0)], [-2.0],
             fn=lambda a, b, c: torch.addcdiv(a, b, c, value=-2.0)),
        case("outer", "outer", [rand(3), rand(4)], fn=torch.outer),
        case("lerp scalar weight", "lerp", [rand(2, 3), rand(3)], [0.7], fn=lambda a, b: torch.lerp(a, b, 0.7)),
        case("lerp tensor weight, both formulas", "lerp_t", [rand(2, 3), rand(2, 3), rand(2, 3, lo=-1.0, hi=1.5)],
             fn=torch.lerp),
        case("expm1", "expm1", [rand(2, 3)], fn=torch.expm1),
        case("log2", "log2", [rand(2, 3, lo=0.1, hi=4.0)], fn=torch.log2),
        case("log10", "log10", [rand(2, 3, lo=0.1, hi=4.0)], fn=torch.log10),
        case("sinh", "sinh", [rand(2, 3)], fn=torch.sinh),
        case("cosh", "cosh", [rand(2, 3)], fn=torch.cosh),
        case("atan", "atan", [rand(2, 3, lo=-3.0, hi=3.0)], fn=torch.atan),
        case("asin", "asin", [rand(2, 3, lo=-0.9, hi=0.9)], fn=torch.asin),
        case("acos", "acos", [rand(2, 3, lo=-0.9, hi=0.9)], fn=torch.acos),
        case("tan", "tan", [rand(2, 3)], fn=torch.tan),
        case("sign", "sign", [rand(2, 3)], fn=torch.sign),
        case("trunc", "trunc", [rand(2, 3)], fn=torch.trunc),
        case("atan2 broadcast", "atan2", [rand(2, 3), rand(3)], fn=torch.atan2),
    ]
    result = {
        "torch_version": torch.__version__,
        "regenerate": "/usr/bin/python3 kernels/src/test/python/make_grad_golden.py",
        "cases": cases,
    }
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "resources", "autograd", "gradients.json"), "w") as f:
        json.dump(result, f)
        f.write("\n")


if __name__ == "__main__":
    main()
