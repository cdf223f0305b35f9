"""Golden strings from real PyTorch for Tensor.toString(), for TensorReprGoldenTest.

Regenerate with Debian's python3-torch (1.13):
    /usr/bin/python3 kernels/src/test/python/make_repr_golden.py

Each case builds a tensor from stored values (its sizes, dtype and elements in row-major order, or only
sizes and dtype for a meta tensor), applies a few steps the Java test replays (views such as transposes and
slices, requires_grad_, operators that leave a grad_fn), and keeps repr() of the result. Most cases print
with the default print options; the others record the torch.set_printoptions calls made before printing
(made in order from the defaults, as keyword-argument dicts) and the options they left, so that the Java
test replays the calls and checks both the options and the string.
"""
import json
import math
import os

import torch

torch.manual_seed(1313)
torch.set_num_threads(1)

DTYPES = {
    "float32": torch.float32,
    "float64": torch.float64,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
    "int64": torch.int64,
    "int32": torch.int32,
    "int16": torch.int16,
    "int8": torch.int8,
    "uint8": torch.uint8,
    "bool": torch.bool,
}


def rand(*sizes, lo=-1.0, hi=1.0):
    return (torch.rand(sizes, dtype=torch.float64) * (hi - lo) + lo).tolist()


def flat(values):
    """Row-major elements of nested lists."""
    if isinstance(values, list):
        return [x for v in values for x in flat(v)]
    return [values]


def apply(t, steps):
    """The steps the Java test replays, one name and its arguments each."""
    for step in steps:
        op, args = step[0], step[1:]
        if op == "t":
            t = t.t()
        elif op == "transpose":
            t = t.transpose(*args)
        elif op == "permute":
            t = t.permute(*args)
        elif op == "slice":  # dim, start, end, step
            dim, start, end, stride = args
            index = [slice(None)] * t.dim()
            index[dim] = slice(start, end, stride)
            t = t[tuple(index)]
        elif op == "select":
            t = t.select(*args)
        elif op == "requires_grad":
            t = t.requires_grad_(True)
        elif op == "add_self":
            t = t + t
        elif op == "mul_scalar":
            t = t * args[0]
        elif op == "neg":
            t = -t
        elif op == "exp":
            t = t.exp()
        elif op == "sum":
            t = t.sum()
        else:
            raise ValueError(op)
    return t


CASES = []


def current_options():
    o = torch._tensor_str.PRINT_OPTS
    return {"precision": o.precision, "threshold": o.threshold, "edgeitems": o.edgeitems,
            "linewidth": o.linewidth, "sci_mode": o.sci_mode}


def case(name, sizes, dtype, values=None, steps=(), device="cpu", printoptions=()):
    """values: nested or flat lists (None for a meta tensor); sizes as stored; printoptions: the keyword
    arguments of each set_printoptions call to make before printing."""
    torch.set_printoptions(profile="default")  # also frees sci_mode
    for kwargs in printoptions:
        torch.set_printoptions(**kwargs)
    dt = DTYPES[dtype]
    if device == "meta":
        t = torch.empty(sizes, dtype=dt, device="meta")
        stored = None
    else:
        values = flat(values) if isinstance(values, list) else [values]
        t = torch.tensor(values, dtype=torch.float64 if dt.is_floating_point else None)
        t = t.to(dt).reshape(sizes)
        stored = t.flatten().tolist()  # the values as the dtype holds them
    result = apply(t, steps)
    text = repr(result)
    options = current_options()
    torch.set_printoptions(profile="default")
    CASES.append({
        "name": name,
        "sizes": list(sizes),
        "dtype": dtype,
        "device": device,
        "values": stored,
        "steps": [list(s) for s in steps],
        "printoptions": [dict(kwargs) for kwargs in printoptions],
        "options": options,
        "repr": text,
    })


def main():
    nan, inf = math.nan, math.inf

    # ---- elements and notation
    case("float32_row_from_softmax", [1, 2], "float32", [[0.09003057330846786, 0.2447284758090973]])
    case("int64_scalar", [], "int64", 15)
    case("float32_scalar", [], "float32", 3.14159265)
    case("float64_scalar_tiny", [], "float64", 1.5e-10)
    case("float32_scalar_nan", [], "float32", nan)
    case("float32_scalar_negative_zero", [], "float32", -0.0)
    case("bool_scalar", [], "bool", True)
    case("float32_integers", [3], "float32", [1.0, 2.0, 3.0])
    case("float32_integers_signed", [4], "float32", [-1.0, 0.0, 25.0, -300.0])
    case("float32_integers_wide_range", [3], "float32", [1.0, 100000.0, -7.0])
    case("float32_integers_large", [2], "float32", [2.0e8, 3.0e8])
    case("float32_mixed_signs", [5], "float32", [-1.5, 2.25, 0.0, -0.001, 10.125])
    case("float32_tiny", [3], "float32", [1.0e-5, -2.0e-6, 3.5e-7])
    case("float32_huge", [3], "float32", [1.0e10, -3.5e12, 7.25e9])
    case("float32_negative_zero", [3], "float32", [-0.0, 0.0, 1.0])
    case("float32_nan_inf", [4], "float32", [nan, inf, -inf, 1.5])
    case("float32_only_nonfinite", [3], "float32", [nan, inf, -inf])
    case("float32_zeros", [2, 2], "float32", [[0.0, 0.0], [0.0, 0.0]])
    case("float32_integers_and_nan", [3], "float32", [1.0, nan, 2.0])
    case("float32_scientific_with_nonfinite", [4], "float32", [1.0e-5, inf, nan, 1.0])
    # ties of the exact binary value round to even (0.03125 -> 0.0312); 2.675 is a little below its decimal
    case("float32_rounding_ties", [5], "float32", [0.125, 2.675, 0.03125, 1.00005, 0.33335])
    case("float32_scientific_rounding_ties", [3], "float32", [1.03125, 1.0e-5, -2.5e-6])
    case("float64_rounding", [4], "float64", [0.00015, 2.675, 1.00005, -0.33335])
    case("float64_values", [1, 2], "float64", [[1.123456789, -2.5]])
    case("float64_integers", [3], "float64", [4.0, -5.0, 6.0])
    case("float64_extreme_exponents", [3], "float64", [1.0e300, -1.0e-300, 2.5])
    case("float64_negative_scientific", [2], "float64", [-1.5e-7, 2.0e3])
    case("int64_mixed", [3], "int64", [1, -200, 30000])
    case("int64_extremes", [2], "int64", [9223372036854775807, -9223372036854775808])
    case("int32_values", [3], "int32", [1, -2, 2147483647])
    case("int16_values", [2], "int16", [-32768, 5])
    case("int8_values", [3], "int8", [-128, 0, 127])
    case("uint8_values", [2, 3], "uint8", [[0, 255, 17], [3, 4, 200]])
    case("bool_values", [3], "bool", [True, False, True])
    case("float16_values", [3], "float16", [0.1, -2.5, 65504.0])
    case("float16_integers", [3], "float16", [1.0, 2.0, -8.0])
    case("bfloat16_values", [3], "bfloat16", [0.1, 3.0, -1.0e10])
    case("bfloat16_matrix", [2, 2], "bfloat16", rand(2, 2, lo=-4, hi=4))

    # ---- wrapping, nesting
    case("float32_wide_row", [30], "float32", rand(30, lo=-10, hi=10))
    case("int64_wide_row", [50], "int64", list(range(-20, 30)))
    case("float32_wide_matrix", [3, 20], "float32", rand(3, 20))
    case("float64_wide_scientific", [2, 12], "float64", rand(2, 12, lo=-1e6, hi=1e6))
    case("float32_3d", [2, 3, 4], "float32", rand(2, 3, 4))
    case("int32_3d", [2, 2, 3], "int32", list(range(12)))
    case("float32_4d", [2, 2, 2, 3], "float32", rand(2, 2, 2, 3, lo=-100, hi=100))
    case("float32_5d", [1, 2, 1, 2, 2], "float32", rand(1, 2, 1, 2, 2))
    case("float32_4d_wide_rows", [2, 1, 2, 15], "float32", rand(2, 1, 2, 15, lo=-5, hi=5))

    # ---- summarization (more than 1000 elements)
    case("float32_summarized_vector", [2000], "float32", [float(i) / 8 for i in range(2000)])
    case("float32_summarized_matrix", [40, 40], "float32", rand(40, 40))
    case("int64_summarized_3d", [11, 11, 11], "int64", list(range(1331)))
    case("float32_summarized_long_dim_only", [1001, 2], "float32", rand(1001, 2, lo=0, hi=5))
    case("float64_summarized_short_first_dim", [2, 600], "float64", rand(2, 600, lo=-1e-3, hi=1e-3))
    case("bool_summarized", [1500], "bool", [i % 3 == 0 for i in range(1500)])
    edges = [nan, inf, 0.5] + [1.0] * 1000 + [-inf, 2.0, -0.0]
    case("float32_summarized_nonfinite_edges", [1006], "float32", edges)
    case("float32_summarized_4d", [7, 2, 7, 11], "float32", rand(7, 2, 7, 11))

    # ---- empty
    case("float32_empty", [0], "float32", [])
    case("float32_empty_matrix", [0, 3], "float32", [])
    case("int64_empty", [0], "int64", [])
    case("bool_empty_3d", [2, 0, 3], "bool", [])
    case("float64_empty_matrix", [3, 0], "float64", [])

    # ---- meta
    case("meta_float32", [2, 3], "float32", device="meta")
    case("meta_int64", [5], "int64", device="meta")
    case("meta_float16_scalar", [], "float16", device="meta")
    case("meta_requires_grad", [4], "float32", device="meta", steps=[["requires_grad"]])

    # ---- views
    case("transpose_view", [3, 4], "float32", rand(3, 4), steps=[["t"]])
    case("slice_with_step", [10], "int64", list(range(10)), steps=[["slice", 0, 1, 9, 2]])
    case("select_of_3d", [2, 3, 4], "float64", rand(2, 3, 4), steps=[["select", 1, 2]])
    case("permute_4d", [2, 3, 1, 2], "float32", rand(2, 3, 1, 2), steps=[["permute", 3, 0, 2, 1]])
    case("transposed_summarized", [30, 50], "float32", rand(30, 50), steps=[["transpose", 0, 1]])

    # ---- autograd
    case("requires_grad_leaf", [2], "float32", [1.0, 2.0], steps=[["requires_grad"]])
    case("requires_grad_float64", [2, 2], "float64", rand(2, 2), steps=[["requires_grad"]])
    case("add_backward", [3], "float32", [1.0, 2.5, -3.0], steps=[["requires_grad"], ["add_self"]])
    case("mul_backward", [2, 2], "float64", rand(2, 2), steps=[["requires_grad"], ["mul_scalar", 2.0]])
    case("sum_backward", [3], "float32", [1.0, 2.0, 3.5], steps=[["requires_grad"], ["sum"]])
    case("exp_backward", [2, 3], "float32", rand(2, 3), steps=[["requires_grad"], ["exp"]])
    case("neg_backward_float16", [2], "float16", [1.5, -2.0], steps=[["requires_grad"], ["neg"]])
    case("transpose_backward", [2, 3], "float32", rand(2, 3), steps=[["requires_grad"], ["t"]])
    case("requires_grad_wraps", [16], "float32", rand(16, lo=-100, hi=100), steps=[["requires_grad"]])
    case("dtype_and_grad_fn_wrap", [9], "float64", rand(9, lo=-100, hi=100),
         steps=[["requires_grad"], ["mul_scalar", 3.0]])

    # ---- print options (torch.set_printoptions)
    mixed = [-1.123456789, 22.5, 0.000999, 3.0]
    case("precision_2", [4], "float32", mixed, printoptions=[{"precision": 2}])
    case("precision_0", [4], "float32", [1.5, 2.5, -0.5, 3.25], printoptions=[{"precision": 0}])
    case("precision_0_scientific", [3], "float32", [1.5, 2.5, 1.0e-6], printoptions=[{"precision": 0}])
    case("precision_0_integers", [3], "float32", [1.0, -2.0, 30.0], printoptions=[{"precision": 0}])
    case("precision_8_float64", [2, 2], "float64", rand(2, 2, lo=-10, hi=10), printoptions=[{"precision": 8}])
    case("precision_12_float32", [3], "float32", [0.1, 1.0 / 3, -2.675], printoptions=[{"precision": 12}])
    case("precision_6_scientific", [3], "float64", [1.0e-7, 123456.789, -5.5], printoptions=[{"precision": 6}])
    case("precision_1_float16", [3], "float16", [0.1, -2.5, 1000.0], printoptions=[{"precision": 1}])
    case("precision_3_scalar", [], "float64", 3.14159265, printoptions=[{"precision": 3}])
    case("threshold_5_arange", [10], "int64", list(range(10)), printoptions=[{"threshold": 5}])
    case("threshold_5_small_unsummarized", [5], "int64", list(range(5)), printoptions=[{"threshold": 5}])
    case("threshold_fractional", [3, 3], "float32", rand(3, 3), printoptions=[{"threshold": 8.5}])
    case("threshold_negative_summarizes_all", [8], "float32", [float(i) / 4 for i in range(8)],
         printoptions=[{"threshold": -1}])
    case("threshold_0_matrix", [8, 8], "int32", list(range(64)), printoptions=[{"threshold": 0}])
    case("threshold_large_shows_all", [1200], "int64", list(range(1200)), printoptions=[{"threshold": 5000}])
    case("threshold_summarized_scientific_from_shown", [20], "float32",
         [1.0e-6] + [1.0] * 18 + [2.0], printoptions=[{"threshold": 10}])
    case("edgeitems_1", [40, 40], "float32", rand(40, 40), printoptions=[{"edgeitems": 1}])
    case("edgeitems_5_vector", [2000], "int64", list(range(2000)), printoptions=[{"edgeitems": 5}])
    case("edgeitems_2_3d", [6, 6, 6], "float64", rand(6, 6, 6), printoptions=[{"edgeitems": 2, "threshold": 50}])
    case("edgeitems_large_no_elision", [10, 10], "int64", list(range(100)),
         printoptions=[{"edgeitems": 5, "threshold": 10}])
    case("linewidth_40", [20], "float32", rand(20, lo=-10, hi=10), printoptions=[{"linewidth": 40}])
    case("linewidth_120_matrix", [3, 20], "float32", rand(3, 20), printoptions=[{"linewidth": 120}])
    case("linewidth_10_one_per_line", [4], "int64", [1000, 2, -30, 4], printoptions=[{"linewidth": 10}])
    case("linewidth_0", [3], "float32", [1.0, 2.5, -3.0], printoptions=[{"linewidth": 0}])
    case("linewidth_negative", [3], "float32", [1.0, 2.5, -3.0], printoptions=[{"linewidth": -5}])
    case("linewidth_suffix_wraps", [6], "float64", rand(6), steps=[["requires_grad"], ["mul_scalar", 2.0]],
         printoptions=[{"linewidth": 60}])
    case("linewidth_wide_keeps_suffixes", [16], "float64", rand(16, lo=-100, hi=100), steps=[["requires_grad"]],
         printoptions=[{"linewidth": 200}])
    case("linewidth_meta_suffixes", [2, 3], "float16", device="meta", printoptions=[{"linewidth": 20}])
    case("linewidth_empty_suffixes", [0, 3], "int32", [], printoptions=[{"linewidth": 15}])
    case("profile_short", [5], "float32", mixed + [0.5], printoptions=[{"profile": "short"}])
    case("profile_short_summarized", [40, 40], "float32", rand(40, 40), printoptions=[{"profile": "short"}])
    case("profile_full", [2000], "float32", [float(i) / 8 for i in range(2000)], printoptions=[{"profile": "full"}])
    case("profile_full_matrix", [40, 30], "int64", list(range(1200)), printoptions=[{"profile": "full"}])
    case("profile_with_override", [4], "float32", mixed, printoptions=[{"profile": "short", "precision": 5}])
    case("profile_default_resets", [1500], "float32", rand(1500),
         printoptions=[{"precision": 7, "threshold": 20000, "edgeitems": 1, "linewidth": 30},
                       {"profile": "default"}])
    case("profile_keeps_nothing_of_earlier_call", [4], "float32", mixed,
         printoptions=[{"precision": 7}, {"profile": "short", "linewidth": 30}])
    case("options_kept_across_calls", [12], "float32", rand(12), printoptions=[{"precision": 2}, {"linewidth": 30}])
    case("sci_mode_true", [4], "float32", [-1.5, 20.25, 3.0, 0.125], printoptions=[{"sci_mode": True}])
    case("sci_mode_true_integers", [3], "float32", [1.0, 2.0, -300.0], printoptions=[{"sci_mode": True}])
    case("sci_mode_true_zeros", [3], "float32", [0.0, -0.0, 0.0], printoptions=[{"sci_mode": True}])
    case("sci_mode_true_nonfinite_only", [3], "float32", [nan, inf, 0.0], printoptions=[{"sci_mode": True}])
    case("sci_mode_true_with_nonfinite", [4], "float64", [nan, 1.5, -inf, 2.0], printoptions=[{"sci_mode": True}])
    case("sci_mode_true_int64_unaffected", [3], "int64", [1, -20, 300], printoptions=[{"sci_mode": True}])
    case("sci_mode_true_bool_unaffected", [2], "bool", [True, False], printoptions=[{"sci_mode": True}])
    case("sci_mode_true_scalar", [], "float32", 0.5, printoptions=[{"sci_mode": True}])
    case("sci_mode_true_precision_2", [3], "float32", [1.0, -22.5, 0.333], printoptions=[{"sci_mode": True, "precision": 2}])
    case("sci_mode_true_wraps", [12], "float32", rand(12, lo=-100, hi=100), printoptions=[{"sci_mode": True}])
    case("sci_mode_false_tiny", [3], "float32", [1.0e-5, -2.0e-6, 1.5], printoptions=[{"sci_mode": False}])
    case("sci_mode_false_huge_integers", [2], "float32", [1.0e10, 1.0], printoptions=[{"sci_mode": False}])
    case("sci_mode_false_wide_range", [3], "float64", [1.0e6, -0.5, 12.25], printoptions=[{"sci_mode": False}])
    case("sci_mode_false_summarized", [1500], "float64", rand(1500, lo=-1e-3, hi=1e-3),
         printoptions=[{"sci_mode": False}])
    case("sci_mode_false_not_needed", [3], "float32", [1.5, 2.25, -3.0], printoptions=[{"sci_mode": False}])
    case("sci_mode_freed_by_next_call", [3], "float32", [1.0e-5, 1.0, 2.0],
         printoptions=[{"sci_mode": False}, {"precision": 3}])
    case("sci_mode_freed_by_profile", [3], "float32", [1.5, 2.0, 3.0],
         printoptions=[{"sci_mode": True}, {"profile": "default"}])
    case("sci_mode_with_profile", [3], "float32", [1.0e-5, 1.0, 2.0],
         printoptions=[{"profile": "short", "sci_mode": False}])
    case("options_with_autograd", [3, 3], "float32", rand(3, 3, lo=-2, hi=2),
         steps=[["requires_grad"], ["exp"]], printoptions=[{"precision": 6, "linewidth": 50}])
    case("options_with_view", [30, 50], "float32", rand(30, 50), steps=[["transpose", 0, 1]],
         printoptions=[{"edgeitems": 2, "precision": 3}])

    result = {
        "torch_version": torch.__version__,
        "regenerate": "/usr/bin/python3 kernels/src/test/python/make_repr_golden.py",
        "cases": CASES,
    }
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = os.path.join(here, "..", "resources", "printing")
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "repr.json"), "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")
    print(len(CASES), "cases")


if __name__ == "__main__":
    main()
