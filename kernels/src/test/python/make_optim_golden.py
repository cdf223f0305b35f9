"""Golden values for the optimizers, learning-rate schedulers and gradient clipping of org.jitdispatch.optim,
computed by Debian's PyTorch 1.13 (python3-torch):

    /usr/bin/python3 kernels/src/test/python/make_optim_golden.py

Each optimizer case starts from fixed float64 parameters and applies a fixed sequence of gradients (a smooth
function of the step and the element), recording the parameters after every step. Each scheduler case records
the learning rate of every epoch; each clipping case the total norm and the clipped gradients."""
import json
import math
import os

import torch

STEPS = 6


def gradient(step, shape, phase):
    n = 1
    for s in shape:
        n *= s
    return torch.tensor([math.sin(0.7 * step + 0.3 * i + phase) * (1 + 0.1 * i) for i in range(n)],
                        dtype=torch.float64).reshape(shape)


def params():
    return [torch.tensor([[0.5, -1.0, 2.0], [0.25, 1.5, -0.75]], dtype=torch.float64, requires_grad=True),
            torch.tensor([0.1, -0.2, 0.3], dtype=torch.float64, requires_grad=True)]


def run(name, make):
    ps = params()
    opt = make(ps)
    trajectory = []
    for step in range(STEPS):
        for k, p in enumerate(ps):
            p.grad = gradient(step, p.shape, k)
        opt.step()
        trajectory.append([p.detach().flatten().tolist() for p in ps])
    return {"name": name, "trajectory": trajectory}


def schedule(name, make, epochs=25):
    p = torch.zeros(1, requires_grad=True)
    opt = torch.optim.SGD([p], lr=0.5)
    sched = make(opt)
    lrs = [opt.param_groups[0]["lr"]]
    for _ in range(epochs):
        opt.step()
        sched.step()
        lrs.append(opt.param_groups[0]["lr"])
    return {"name": name, "lrs": lrs}


def clip(name, max_norm, norm_type):
    ps = params()
    for k, p in enumerate(ps):
        p.grad = gradient(3, p.shape, k) * 2
    total = torch.nn.utils.clip_grad_norm_(ps, max_norm, norm_type)
    return {"name": name, "max_norm": max_norm, "norm_type": "inf" if math.isinf(norm_type) else norm_type,
            "total": total.item(),
            "grads": [p.grad.flatten().tolist() for p in ps]}


def main():
    torch.set_default_dtype(torch.float64)
    O = torch.optim
    optimizers = [
        run("rmsprop", lambda ps: O.RMSprop(ps, lr=0.01)),
        run("rmsprop centered momentum weight_decay", lambda ps: O.RMSprop(ps, lr=0.02, alpha=0.9, eps=1e-6,
                                                                           weight_decay=0.1, momentum=0.5,
                                                                           centered=True)),
        run("adagrad", lambda ps: O.Adagrad(ps, lr=0.1)),
        run("adagrad lr_decay weight_decay initial_accumulator", lambda ps: O.Adagrad(
            ps, lr=0.1, lr_decay=0.05, weight_decay=0.2, initial_accumulator_value=0.3, eps=1e-8)),
        run("adam", lambda ps: O.Adam(ps, lr=0.1)),
        run("adam betas eps weight_decay", lambda ps: O.Adam(ps, lr=0.05, betas=(0.8, 0.99), eps=1e-6,
                                                             weight_decay=0.1)),
        run("adam amsgrad", lambda ps: O.Adam(ps, lr=0.1, amsgrad=True)),
        run("adam amsgrad weight_decay", lambda ps: O.Adam(ps, lr=0.1, weight_decay=0.1, amsgrad=True)),
        run("adamw", lambda ps: O.AdamW(ps, lr=0.1)),
        run("adamw amsgrad weight_decay", lambda ps: O.AdamW(ps, lr=0.1, betas=(0.85, 0.995), weight_decay=0.2,
                                                             amsgrad=True)),
    ]
    schedulers = [
        schedule("step 4 0.5", lambda o: O.lr_scheduler.StepLR(o, 4, 0.5)),
        schedule("multistep 3 7 7 0.1", lambda o: O.lr_scheduler.MultiStepLR(o, [3, 7, 7], 0.1)),
        schedule("exponential 0.9", lambda o: O.lr_scheduler.ExponentialLR(o, 0.9)),
        schedule("cosine 10", lambda o: O.lr_scheduler.CosineAnnealingLR(o, 10)),
        schedule("cosine 6 eta_min 0.05", lambda o: O.lr_scheduler.CosineAnnealingLR(o, 6, 0.05)),
    ]
    clips = [clip("norm 2 clipped", 1.0, 2.0), clip("norm 2 not clipped", 100.0, 2.0),
             clip("norm inf", 0.5, math.inf), clip("norm 1", 2.0, 1.0)]
    result = {"torch_version": torch.__version__, "regenerate": "/usr/bin/python3 kernels/src/test/python/make_optim_golden.py",
              "steps": STEPS, "optimizers": optimizers, "schedulers": schedulers, "clipping": clips}
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "resources", "optim", "optim.json")
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    print(f"{len(optimizers)} optimizers, {len(schedulers)} schedulers, {len(clips)} clipping cases")


if __name__ == "__main__":
    main()
