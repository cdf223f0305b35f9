"""Golden values from real PyTorch for in-place operations on views, for InplaceViewGoldenTest.

Regenerate with Debian's python3-torch (1.13):
    /usr/bin/python3 kernels/src/test/python/make_inplace_view_golden.py

Each case is a small program over named leaf tensors (InplaceViewGoldenTest has the same program under the
same name): it clones leaves, writes views of the clones in place (mul_, add_, copy_, fill_, ...), writes
bases that have views, and returns an output; backward runs with a fixed upstream gradient. The file keeps
the leaves, the upstream gradient, the output, every leaf's gradient and the grad_fn names of the tensors
the program labels (CopySlices on a written base, AsStridedBackward0 on a view whose base was written).
An error case keeps PyTorch's message instead.
"""
import json
import os

import torch

torch.manual_seed(13)
torch.set_num_threads(1)

F32 = torch.float32
F64 = torch.float64
DTYPE_NAMES = {F32: "float32", F64: "float64", torch.int64: "int64", torch.bool: "bool"}


def rand(*sizes, dtype=F64):
    return (torch.rand(sizes, dtype=F64) * 2 - 1).to(dtype)


def stored(t):
    return {"sizes": list(t.shape), "dtype": DTYPE_NAMES[t.dtype], "data": t.detach().flatten().tolist()}


# ---------------------------------------------------------------- the programs
# Each takes the leaves (a dict) and returns (output, {label: tensor whose grad_fn name is recorded, or the
# name itself when the program took it before a later write changed it}).

def select_mul_and_column_add(t):
    x = t["a"].clone()
    row = x[0]
    row.mul_(2)
    x[:, 1].add_(t["y"])
    return x * x, {"x": x, "row": row}


def transpose_narrow_select_chain(t):
    x = t["a"].clone()
    v = x.t().narrow(0, 1, 2).select(0, 1)  # column 2 of x, through three views
    v.mul_(t["w"])
    return x * x, {"x": x, "v": v}


def view_then_exp_(t):
    x = t["a"].clone()
    v = x.view(2, 6)
    v[1].exp_()  # exp_ saves its result: a view, rebased
    return x * t["b"], {"x": x, "v": v}


def base_written_then_earlier_views(t):
    x = t["a"].clone()
    v = x[1:]
    w = x.t()
    x.mul_(t["b"])
    return v * 2 + w.t()[1:] * v, {"x": x, "v": v, "w": w}


def copy_into_columns(t):
    out = torch.zeros(3, 4, dtype=F64)
    for k in range(4):
        out[:, k] = t["w"][k] * t["c"]  # __setitem__: out[:, k].copy_(...)
    return out * out, {"out": out}


def nested_views(t):
    x = t["a"].clone()
    v1 = x[1:3]
    v2 = v1[:, ::2]
    v2.mul_(3)
    v1.add_(t["b"])
    return x * x, {"x": x, "v1": v1, "v2": v2}


def view_of_view_of_transpose(t):
    x = t["a"].clone()
    v = x.t()[2]
    v[1:3].sub_(t["c"])
    return x.sum(0) * x.sum(1).sum(), {"x": x, "v": v}


def fill_and_zero_views(t):
    x = t["a"].clone()
    x[0].fill_(3)
    x[:, 2].zero_()
    return x * x, {"x": x}


def fill_view_with_tensor(t):
    x = t["a"].clone()
    x[1].fill_(t["s"])
    return x * x, {"x": x}


def masked_index_clamp_relu_views(t):
    x = t["a"].clone()
    x[0].masked_fill_(torch.tensor([True, False, True, False]), 0.5)
    x[1].index_put_((torch.tensor([3, 0]),), t["vals"])
    x[2].clamp_(-0.2, 0.3)
    x[:, 0].relu_()
    return x * x, {"x": x}


def plain_base_written_with_grad_operand(t):
    b = torch.zeros(2, 3, dtype=F64)
    b[1].add_(t["w"])
    b[0].copy_(t["w"] * 2)
    b.mul_(t["c"])
    return b * b, {"b": b}


def earlier_view_of_plain_base(t):
    b = torch.zeros(2, 3, dtype=F64)
    v = b[1]
    b.copy_(t["w"])
    return v * t["u"], {"v": v}


def inplace_metadata_ops(t):
    x = t["a"].clone()
    x.t_()
    x.unsqueeze_(0)
    x.squeeze_(0)
    x.transpose_(0, 1)
    x.squeeze_()
    return x * t["c"], {"x": x}


def transpose_of_a_view_then_written(t):
    x = t["a"].clone()
    v = x[0:1]
    v.transpose_(0, 1)
    labels = {"v_transposed": v.grad_fn.name()}  # named now: the write below makes it again
    v.mul_(t["s"])
    labels.update({"x": x, "v": v})
    return x * x, labels


def copy_broadcast_and_dtype(t):
    out = torch.zeros(2, 3, dtype=F32)
    out[0].copy_(t["w"])
    out[1].copy_(t["s"])
    return out * out, {"out": out}


def expanded_view_read_after_base_write(t):
    x = t["a"].clone()
    e = x[0:1].expand(3, 3)
    x.mul_(2)
    return e * t["m"], {"e": e}


def as_strided_view_written(t):
    x = t["a"].clone()
    v = x.as_strided((2, 2), (1, 2), 1)
    v.mul_(t["m"])
    return x * x, {"x": x, "v": v}


def view_written_twice_and_read(t):
    x = t["a"].clone()
    v = x[:, 1:]
    v.mul_(v.clone())
    v.add_(t["b"])
    return v.sum() * x, {"x": x, "v": v}


def pow_on_views(t):
    x = t["a"].clone()
    x[0].pow_(2)
    x[1].add_(2).pow_(t["e"])
    return x * x, {"x": x}


def unbind_and_split_outputs_read(t):
    x = t["a"].clone()
    rows = x.unbind()
    halves = x.split(2, 1)
    return rows[0][1:3] * halves[1][1] + rows[2][:2].exp(), {"row": rows[0], "half": halves[1]}


PROGRAMS = [
    ("select_mul_and_column_add", {"a": rand(2, 3), "y": rand(2)}, select_mul_and_column_add),
    ("transpose_narrow_select_chain", {"a": rand(3, 4), "w": rand(3)}, transpose_narrow_select_chain),
    ("view_then_exp_", {"a": rand(3, 4), "b": (rand(3, 4), False)}, view_then_exp_),
    ("base_written_then_earlier_views", {"a": rand(3, 4), "b": rand(3, 4)}, base_written_then_earlier_views),
    ("copy_into_columns", {"w": rand(4), "c": (rand(3), False)}, copy_into_columns),
    ("nested_views", {"a": rand(4, 4), "b": rand(2, 4)}, nested_views),
    ("view_of_view_of_transpose", {"a": rand(3, 4), "c": rand(2)}, view_of_view_of_transpose),
    ("fill_and_zero_views", {"a": rand(2, 3)}, fill_and_zero_views),
    ("fill_view_with_tensor", {"a": rand(2, 3), "s": rand()}, fill_view_with_tensor),
    ("masked_index_clamp_relu_views", {"a": rand(3, 4), "vals": rand(2)}, masked_index_clamp_relu_views),
    ("plain_base_written_with_grad_operand", {"w": rand(3), "c": (rand(2, 3), False)},
     plain_base_written_with_grad_operand),
    ("earlier_view_of_plain_base", {"w": rand(2, 3), "u": rand(3)}, earlier_view_of_plain_base),
    ("inplace_metadata_ops", {"a": rand(2, 3), "c": rand(2, 3)}, inplace_metadata_ops),
    ("transpose_of_a_view_then_written", {"a": rand(2, 3), "s": rand()}, transpose_of_a_view_then_written),
    ("copy_broadcast_and_dtype", {"w": rand(3), "s": rand()}, copy_broadcast_and_dtype),
    ("expanded_view_read_after_base_write", {"a": rand(3), "m": rand(3, 3)}, expanded_view_read_after_base_write),
    ("as_strided_view_written", {"a": rand(6), "m": rand(2, 2)}, as_strided_view_written),
    ("view_written_twice_and_read", {"a": rand(2, 3), "b": rand(2, 2)}, view_written_twice_and_read),
    ("pow_on_views", {"a": rand(2, 3), "e": rand(3)}, pow_on_views),
    ("unbind_and_split_outputs_read", {"a": rand(3, 4)}, unbind_and_split_outputs_read),
]


def leaves_of(spec):
    """Leaves: a tensor (requires grad) or (tensor, False) (does not)."""
    out = {}
    for name, value in spec.items():
        t, rg = value if isinstance(value, tuple) else (value, True)
        out[name] = (t, rg)
    return out


def gradient_case(name, spec, program):
    leaves = leaves_of(spec)
    xs = {n: t.clone().requires_grad_(rg) for n, (t, rg) in leaves.items()}
    y, labels = program(xs)
    g = rand(*y.shape, dtype=y.dtype)
    names = {k: v if isinstance(v, str) else v.grad_fn.name() for k, v in labels.items()}
    y.backward(g)
    return {
        "name": name,
        "leaves": [dict(stored(t), name=n, requires_grad=rg) for n, (t, rg) in leaves.items()],
        "upstream": stored(g),
        "output": stored(y),
        "grads": {n: stored(x.grad) for n, x in xs.items() if x.grad is not None},
        "grad_fns": names,
    }


# ---------------------------------------------------------------- errors

def leaf():
    return torch.tensor([1.0, 2.0, 3.0], requires_grad=True)


def view_of_leaf_written():
    leaf()[0:2].mul_(2)


def view_of_leaf_copied_into():
    leaf()[1].copy_(torch.tensor(5.0, requires_grad=True))


def leaf_written():
    leaf().add_(1)


def leaf_transposed_in_place():
    torch.ones(2, 3, requires_grad=True).t_()


def view_of_leaf_unsqueezed_in_place():
    torch.ones(2, 3, requires_grad=True)[0].unsqueeze_(0)


def no_grad_view_written():
    x = leaf().clone()
    with torch.no_grad():
        v = x[0:2]
    v.mul_(2)


def unbind_output_written():
    x = leaf().clone()
    x.unbind()[0].mul_(2)


def split_output_written():
    x = leaf().clone()
    x.split(2)[1].mul_(2)


def chunk_output_written():
    x = leaf().clone()
    x.chunk(2)[1].add_(1)


def view_of_unbind_output_written():
    x = leaf().clone()
    x.unbind()[1].view(1).mul_(2)


def unbind_output_used_after_base_written():
    x = leaf().clone()
    u = x.unbind()
    x.mul_(2)
    u[0] * 2


def unbind_output_of_plain_tensor_copied_into():
    u = torch.zeros(3).unbind()
    u[0].copy_(torch.tensor(5.0, requires_grad=True))


def saved_output_of_inplace_on_view_written():
    x = torch.ones(2, 3, requires_grad=True).clone()
    v = x[0]
    v.exp_()
    v.mul_(2)
    x.sum().backward()


def saved_view_then_view_written():
    x = torch.ones(2, 3, requires_grad=True).clone()
    v = x[0]
    z = v * v
    v.mul_(2)
    z.sum().backward()


def saved_base_then_view_written():
    x = torch.ones(2, 3, requires_grad=True).clone()
    z = x * x
    x[0].mul_(2)
    z.sum().backward()


def saved_view_then_base_written():
    x = torch.ones(2, 3, requires_grad=True).clone()
    v = x[1]
    z = v * v
    x.mul_(2)
    z.sum().backward()


def view_written_with_itself():
    x = torch.ones(2, 3, requires_grad=True).clone()
    v = x[:, 1:]
    v.mul_(v)  # other is the view itself, saved, then written by the same call
    x.sum().backward()


def backward_twice_through_copy_slices():
    x = torch.ones(2, 3, requires_grad=True).clone()
    x[0].mul_(2)
    y = x.sum()
    y.backward()
    y.backward()


ERRORS = [
    view_of_leaf_written,
    view_of_leaf_copied_into,
    leaf_written,
    leaf_transposed_in_place,
    view_of_leaf_unsqueezed_in_place,
    no_grad_view_written,
    unbind_output_written,
    split_output_written,
    chunk_output_written,
    view_of_unbind_output_written,
    unbind_output_used_after_base_written,
    unbind_output_of_plain_tensor_copied_into,
    saved_output_of_inplace_on_view_written,
    saved_view_then_view_written,
    saved_base_then_view_written,
    saved_view_then_base_written,
    view_written_with_itself,
    backward_twice_through_copy_slices,
]


def error_case(program):
    try:
        program()
    except RuntimeError as e:
        return {"name": program.__name__, "error": str(e)}
    raise AssertionError(program.__name__ + " did not fail")


# ---------------------------------------------------------------- a second derivative through CopySlices

def second_derivative_case():
    """torch.autograd.grad(create_graph=True) through CopySlices, then backward of the squared gradient.

    PyTorch 1.13's own second derivative with respect to y (the operand of the in-place mul_ on the view)
    disagrees with central differences and with the same program written out of place, so the expected
    second derivatives are central differences of the first derivative (which matches PyTorch); PyTorch's
    value for y is kept for reference.
    """
    a = rand(2, 3)
    y = rand(3)

    def program(a, y, create_graph):
        x = a.clone()
        x[0].mul_(y)
        x[:, 2].exp_()
        g, = torch.autograd.grad((x * x).sum(), a, create_graph=create_graph)
        return g

    def squared_gradient(a, y):
        return (program(a.clone().requires_grad_(True), y, False) ** 2).sum().item()

    def central_differences(which, eps=1e-6):
        base = [a, y]
        out = torch.zeros_like(base[which])
        for i in range(out.numel()):
            plus = [t.clone() for t in base]
            minus = [t.clone() for t in base]
            plus[which].view(-1)[i] += eps
            minus[which].view(-1)[i] -= eps
            out.view(-1)[i] = (squared_gradient(*plus) - squared_gradient(*minus)) / (2 * eps)
        return out

    xa = a.clone().requires_grad_(True)
    xy = y.clone().requires_grad_(True)
    g = program(xa, xy, True)
    (g * g).sum().backward()
    numerical_a = central_differences(0)
    assert torch.allclose(xa.grad, numerical_a, rtol=1e-5, atol=1e-5), "PyTorch's second derivative of a moved"
    return {
        "name": "second_derivative_through_copy_slices",
        "leaves": [dict(stored(a), name="a", requires_grad=True), dict(stored(y), name="y", requires_grad=True)],
        "first": stored(g),
        "grads": {"a": stored(xa.grad)},
        "numerical": {"a": stored(numerical_a), "y": stored(central_differences(1))},
        "pytorch_y_grad": stored(xy.grad),
    }


def main():
    result = {
        "torch_version": torch.__version__,
        "regenerate": "/usr/bin/python3 kernels/src/test/python/make_inplace_view_golden.py",
        "cases": [gradient_case(n, s, p) for n, s, p in PROGRAMS],
        "errors": [error_case(p) for p in ERRORS],
        "second_derivative": second_derivative_case(),
    }
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "resources", "autograd", "inplace_views.json"), "w") as f:
        json.dump(result, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
