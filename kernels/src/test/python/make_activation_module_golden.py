"""Reference values of the activation modules added with the `gaps` operators (nn.Hardshrink, Softshrink,
Tanhshrink, RReLU in eval mode, Softmin, Softmax, LogSoftmax, Softsign, Threshold, Identity, GLU, PReLU,
Hardtanh, LogSigmoid, Softmax2d), for ActivationModulesTest: each module's repr, its output for one float64
input and the input's gradient under a fixed upstream gradient (PReLU's weight gradient too).

Regenerate, from the repository root, with Debian's python3-torch (for /usr/bin/python3):

    /usr/bin/python3 kernels/src/test/python/make_activation_module_golden.py
"""
import json
import pathlib

import torch
from torch import nn

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "nn" / "activation_modules.json"

MODULES = {
    "hardshrink": nn.Hardshrink(), "hardshrink_1": nn.Hardshrink(1.0), "softshrink": nn.Softshrink(),
    "softshrink_0.25": nn.Softshrink(0.25), "tanhshrink": nn.Tanhshrink(), "rrelu_eval": nn.RReLU().eval(),
    "rrelu_eval_0.1_0.5": nn.RReLU(0.1, 0.5).eval(), "softmin_1": nn.Softmin(1), "softmax_0": nn.Softmax(0),
    "softmax_-1": nn.Softmax(-1), "log_softmax_1": nn.LogSoftmax(1), "softsign": nn.Softsign(),
    "threshold": nn.Threshold(0.1, 20.0), "identity": nn.Identity(), "glu": nn.GLU(), "glu_2": nn.GLU(2),
    "prelu": nn.PReLU(dtype=torch.float64), "prelu_3": nn.PReLU(3, 0.1, dtype=torch.float64), "hardtanh": nn.Hardtanh(),
    "hardtanh_-2_0.5": nn.Hardtanh(-2.0, 0.5), "log_sigmoid": nn.LogSigmoid(), "softmax2d": nn.Softmax2d(),
}


def main():
    torch.manual_seed(0)
    x = (torch.rand(2, 3, 2, 4, dtype=torch.float64) * 6 - 3)
    cases = []
    for name, module in MODULES.items():
        module = module.double()
        leaf = x.clone().requires_grad_(True)
        y = module(leaf)
        upstream = torch.linspace(-1, 1, y.numel(), dtype=torch.float64).view(y.shape)
        y.backward(upstream)
        case = {"name": name, "repr": repr(module), "input": x.flatten().tolist(), "shape": list(x.shape),
                "output": y.detach().flatten().tolist(), "output_shape": list(y.shape),
                "upstream": upstream.flatten().tolist(), "grad": leaf.grad.flatten().tolist()}
        if isinstance(module, nn.PReLU):
            case["weight_grad"] = module.weight.grad.flatten().tolist()
        cases.append(case)
    OUT.write_text(json.dumps({"generated_by": "/usr/bin/python3 kernels/src/test/python/make_activation_module_golden.py",
                               "torch_version": torch.__version__, "cases": cases}, indent=1) + "\n")
    print(f"wrote {OUT} ({len(cases)} cases)")


if __name__ == "__main__":
    main()
