"""Golden values for the optimizers, maximize flags, schedulers and state dicts that make_optim_golden.py does not
cover, computed by Debian's PyTorch 1.13 (python3-torch):

    /usr/bin/python3 kernels/src/test/python/make_optim_more_golden.py

Unlike make_optim_golden.py this keeps PyTorch's default dtype, float32, as a Java user has it: the scalar state
that PyTorch makes with torch.tensor (step counts, NAdam's mu_product, ASGD's eta and mu) is float32 there and
here. Parameters are float64 unless a case's name says float32. Each optimizer case records the parameters after
every step (the gradients are make_optim_golden.py's), each scheduler case the learning rate (and momentum or
beta1 where the schedule drives it) of every step."""
import json
import math
import os

import torch

from make_optim_golden import gradient

STEPS = 8
O = torch.optim
S = torch.optim.lr_scheduler


def params(dtype):
    return [torch.tensor([[0.5, -1.0, 2.0], [0.25, 1.5, -0.75]], dtype=dtype, requires_grad=True),
            torch.tensor([0.1, -0.2, 0.3], dtype=dtype, requires_grad=True)]


def run(name, make, steps=STEPS):
    dtype = torch.float32 if "float32" in name else torch.float64
    ps = params(dtype)
    opt = make(ps)
    trajectory = []
    for step in range(steps):
        for k, p in enumerate(ps):
            p.grad = gradient(step, p.shape, k).to(dtype)
        opt.step()
        trajectory.append([p.detach().flatten().tolist() for p in ps])
    return {"name": name, "trajectory": trajectory}


def optimizers():
    return [
        run("adamax", lambda ps: O.Adamax(ps, lr=0.1)),
        run("adamax betas eps weight_decay maximize", lambda ps: O.Adamax(
            ps, lr=0.05, betas=(0.8, 0.99), eps=1e-6, weight_decay=0.1, maximize=True)),
        run("adamax float32", lambda ps: O.Adamax(ps, lr=0.1, weight_decay=0.1)),
        run("nadam", lambda ps: O.NAdam(ps, lr=0.1)),
        run("nadam betas weight_decay momentum_decay", lambda ps: O.NAdam(
            ps, lr=0.05, betas=(0.8, 0.99), eps=1e-6, weight_decay=0.1, momentum_decay=0.01)),
        run("nadam float32", lambda ps: O.NAdam(ps, lr=0.1, weight_decay=0.1)),
        run("radam", lambda ps: O.RAdam(ps, lr=0.1), steps=12),
        run("radam betas weight_decay", lambda ps: O.RAdam(ps, lr=0.05, betas=(0.8, 0.9), eps=1e-6,
                                                           weight_decay=0.1), steps=12),
        run("radam float32", lambda ps: O.RAdam(ps, lr=0.1, betas=(0.8, 0.9)), steps=12),
        run("adadelta", lambda ps: O.Adadelta(ps)),
        run("adadelta rho eps weight_decay maximize", lambda ps: O.Adadelta(
            ps, lr=0.5, rho=0.8, eps=1e-4, weight_decay=0.1, maximize=True)),
        run("adadelta float32", lambda ps: O.Adadelta(ps, lr=0.5, weight_decay=0.1)),
        run("rprop", lambda ps: O.Rprop(ps, lr=0.1)),
        run("rprop etas step_sizes maximize", lambda ps: O.Rprop(ps, lr=0.05, etas=(0.3, 1.5),
                                                                 step_sizes=(0.01, 0.1), maximize=True)),
        run("rprop float32", lambda ps: O.Rprop(ps, lr=0.1)),
        run("asgd", lambda ps: O.ASGD(ps, lr=0.1)),
        run("asgd lambd alpha t0 weight_decay maximize", lambda ps: O.ASGD(
            ps, lr=0.05, lambd=0.01, alpha=0.5, t0=3, weight_decay=0.1, maximize=True)),
        run("asgd float32", lambda ps: O.ASGD(ps, lr=0.1, t0=2)),
        run("sgd momentum weight_decay maximize", lambda ps: O.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.1,
                                                                   maximize=True)),
        run("sgd nesterov maximize", lambda ps: O.SGD(ps, lr=0.1, momentum=0.9, nesterov=True, maximize=True)),
        run("adam amsgrad weight_decay maximize", lambda ps: O.Adam(ps, lr=0.1, weight_decay=0.1, amsgrad=True,
                                                                    maximize=True)),
        run("adamw maximize", lambda ps: O.AdamW(ps, lr=0.1, maximize=True)),
        run("rmsprop centered momentum weight_decay maximize", lambda ps: O.RMSprop(
            ps, lr=0.02, alpha=0.9, weight_decay=0.1, momentum=0.5, centered=True, maximize=True)),
        run("adagrad weight_decay maximize", lambda ps: O.Adagrad(ps, lr=0.1, weight_decay=0.1, maximize=True)),
    ]


def main():
    result = {"torch_version": torch.__version__,
              "regenerate": "/usr/bin/python3 kernels/src/test/python/make_optim_more_golden.py",
              "optimizers": optimizers()}
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "resources", "optim", "optimizers.json")
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    print(f"{len(result['optimizers'])} optimizers")


if __name__ == "__main__":
    main()
