"""Golden values for the optimizers, maximize flags, schedulers and state dicts that make_optim_golden.py does not
cover, computed by Debian's PyTorch 1.13 (python3-torch):

    /usr/bin/python3 kernels/src/test/python/make_optim_more_golden.py

Unlike make_optim_golden.py this keeps PyTorch's default dtype, float32, as a Java user has it: the scalar state
that PyTorch makes with torch.tensor (step counts, NAdam's mu_product, ASGD's eta and mu) is float32 there and
here. Parameters are float64 unless a case's name says float32. Each optimizer case records the parameters after
every step (the gradients are make_optim_golden.py's), each scheduler case the learning rate (and momentum or
beta1 where the schedule drives it) of every step, and each state_dicts case the keys of an optimizer's
state_dict() after one step, flattened as Optimizer.stateDict() flattens them."""
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


def flattened_state_dict(name, make):
    """The keys of optimizer.state_dict() after one step, flattened as Optimizer.stateDict() flattens them
    (state.<index>.<name>, param_groups.0.<name>, a tuple's items as .0 and .1, None left out), each with what
    PyTorch holds there: a tensor's dtype, "int" for a Python int, "flag" for a bool, "float" for a float."""
    ps = params(torch.float64)
    opt = make(ps)
    for k, p in enumerate(ps):
        p.grad = gradient(0, p.shape, k)
    opt.step()
    sd = opt.state_dict()
    keys = {}

    def kind(v):
        if isinstance(v, torch.Tensor):
            return str(v.dtype).replace("torch.", "")
        if isinstance(v, bool):
            return "flag"
        return "int" if isinstance(v, int) else "float"

    for index, entries in sd["state"].items():
        for key, value in entries.items():
            if value is not None:
                keys[f"state.{index}.{key}"] = kind(value)
    for key, value in sd["param_groups"][0].items():
        if key == "params":
            keys["param_groups.0.params"] = "int64"
        elif isinstance(value, tuple):
            for j, item in enumerate(value):
                keys[f"param_groups.0.{key}.{j}"] = kind(item)
        elif value is not None:
            keys[f"param_groups.0.{key}"] = kind(value)
    return {"name": name, "keys": keys}


def state_dicts():
    return [
        flattened_state_dict("sgd", lambda ps: O.SGD(ps, lr=0.1)),
        flattened_state_dict("sgd momentum", lambda ps: O.SGD(ps, lr=0.1, momentum=0.9)),
        flattened_state_dict("adam amsgrad", lambda ps: O.Adam(ps, lr=0.1, amsgrad=True)),
        flattened_state_dict("adamw", lambda ps: O.AdamW(ps, lr=0.1)),
        flattened_state_dict("rmsprop centered momentum", lambda ps: O.RMSprop(ps, lr=0.1, momentum=0.5,
                                                                                centered=True)),
        flattened_state_dict("adagrad", lambda ps: O.Adagrad(ps, lr=0.1)),
        flattened_state_dict("adamax", lambda ps: O.Adamax(ps, lr=0.1)),
        flattened_state_dict("nadam", lambda ps: O.NAdam(ps, lr=0.1)),
        flattened_state_dict("radam", lambda ps: O.RAdam(ps, lr=0.1)),
        flattened_state_dict("adadelta", lambda ps: O.Adadelta(ps)),
        flattened_state_dict("rprop", lambda ps: O.Rprop(ps)),
        flattened_state_dict("asgd", lambda ps: O.ASGD(ps)),
    ]


def sgd(momentum=0.0):
    p = torch.zeros(1, requires_grad=True)
    return torch.optim.SGD([p], lr=0.5, momentum=momentum)


def adam():
    p = torch.zeros(1, requires_grad=True)
    return torch.optim.Adam([p], lr=0.5)


def schedule(name, make, epochs=30, opt=None, record=None, stepper=None):
    """The rate of epoch 0 and of every step after it; with record, the momentum ("momentum") or beta1 ("beta1")
    too. stepper(sched, k) replaces sched.step() for the k-th step (from 0)."""
    opt = opt if opt is not None else sgd()
    sched = make(opt)
    group = opt.param_groups[0]

    def momentum():
        return group["momentum"] if record == "momentum" else group["betas"][0]

    lrs = [group["lr"]]
    momentums = [momentum()] if record else None
    for k in range(epochs):
        opt.step()
        if stepper is None:
            sched.step()
        else:
            stepper(sched, k)
        lrs.append(group["lr"])
        if record:
            momentums.append(momentum())
    case = {"name": name, "lrs": lrs}
    if record:
        case[record] = momentums
    return case


def warm_restarts_fractional(name, t_0, t_mult, eta_min, epochs, iters):
    """CosineAnnealingWarmRestarts stepped with step(epoch + i / iters) for every batch i, as its docs show."""
    opt = sgd()
    sched = S.CosineAnnealingWarmRestarts(opt, T_0=t_0, T_mult=t_mult, eta_min=eta_min)
    lrs = [opt.param_groups[0]["lr"]]
    for epoch in range(epochs):
        for i in range(iters):
            opt.step()
            sched.step(epoch + i / iters)
            lrs.append(opt.param_groups[0]["lr"])
    return {"name": name, "lrs": lrs}


PLATEAU_METRICS = [1.0, 0.9, 0.95, 0.91, 0.9, 0.92, 0.8, 0.8, 0.8, 0.8, 0.8, 0.85, 0.79, 0.7999, 0.8, 0.8,
                   0.8, 0.8, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6]


def plateau(name, **kwargs):
    opt = sgd()
    sched = S.ReduceLROnPlateau(opt, **kwargs)
    metrics = [m if kwargs.get("mode", "min") == "min" else 2 - m for m in PLATEAU_METRICS]
    lrs = [opt.param_groups[0]["lr"]]
    for m in metrics:
        opt.step()
        sched.step(m)
        lrs.append(opt.param_groups[0]["lr"])
    return {"name": name, "metrics": metrics, "lrs": lrs}


def schedulers():
    return [
        schedule("lambda 0.95^epoch", lambda o: S.LambdaLR(o, lambda e: 0.95 ** e)),
        schedule("lambda 1/(epoch+1)", lambda o: S.LambdaLR(o, lambda e: 1 / (e + 1))),
        schedule("multiplicative 0.9", lambda o: S.MultiplicativeLR(o, lambda e: 0.9)),
        schedule("multiplicative 0.5 every third", lambda o: S.MultiplicativeLR(o, lambda e: 0.5 if e % 3 == 0 else 1.0)),
        schedule("linear", lambda o: S.LinearLR(o)),
        schedule("linear 0.25 0.75 8", lambda o: S.LinearLR(o, start_factor=0.25, end_factor=0.75, total_iters=8)),
        schedule("linear 1.0 0.1 10", lambda o: S.LinearLR(o, start_factor=1.0, end_factor=0.1, total_iters=10)),
        schedule("constant", lambda o: S.ConstantLR(o)),
        schedule("constant 0.5 3", lambda o: S.ConstantLR(o, factor=0.5, total_iters=3)),
        schedule("polynomial", lambda o: S.PolynomialLR(o)),
        schedule("polynomial 10 2.0", lambda o: S.PolynomialLR(o, total_iters=10, power=2.0)),
        schedule("polynomial 7 0.5", lambda o: S.PolynomialLR(o, total_iters=7, power=0.5)),
        schedule("warm restarts 5", lambda o: S.CosineAnnealingWarmRestarts(o, T_0=5), epochs=40),
        schedule("warm restarts 3 2 0.01", lambda o: S.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2, eta_min=0.01),
                 epochs=50),
        warm_restarts_fractional("warm restarts fractional 4 1 0.0", 4, 1, 0.0, 12, 5),
        warm_restarts_fractional("warm restarts fractional 2 3 0.05", 2, 3, 0.05, 30, 4),
        schedule("one cycle cos", lambda o: S.OneCycleLR(o, max_lr=1.0, total_steps=20), epochs=20,
                 opt=sgd(0.9), record="momentum"),
        schedule("one cycle linear three_phase div final_div", lambda o: S.OneCycleLR(
            o, max_lr=0.8, total_steps=25, pct_start=0.25, anneal_strategy="linear", three_phase=True,
            div_factor=10.0, final_div_factor=100.0, base_momentum=0.8, max_momentum=0.9), epochs=25,
                 opt=sgd(0.9), record="momentum"),
        schedule("one cycle cos three_phase adam", lambda o: S.OneCycleLR(
            o, max_lr=0.01, total_steps=17, pct_start=0.4, three_phase=True), epochs=17, opt=adam(), record="beta1"),
        schedule("one cycle no cycle_momentum", lambda o: S.OneCycleLR(
            o, max_lr=0.3, total_steps=12, cycle_momentum=False), epochs=12),
        schedule("cyclic triangular", lambda o: S.CyclicLR(o, base_lr=0.1, max_lr=1.0, step_size_up=4),
                 opt=sgd(0.9), record="momentum"),
        schedule("cyclic triangular2 up 3 down 5", lambda o: S.CyclicLR(
            o, base_lr=0.01, max_lr=0.1, step_size_up=3, step_size_down=5, mode="triangular2"), epochs=40,
                 opt=sgd(0.9), record="momentum"),
        schedule("cyclic exp_range 0.9", lambda o: S.CyclicLR(
            o, base_lr=0.05, max_lr=0.5, step_size_up=4, mode="exp_range", gamma=0.9, base_momentum=0.7,
            max_momentum=0.95), opt=sgd(0.9), record="momentum"),
        schedule("cyclic no cycle_momentum adam", lambda o: S.CyclicLR(
            o, base_lr=0.001, max_lr=0.01, step_size_up=5, cycle_momentum=False), opt=adam()),
        plateau("plateau min rel patience 2", patience=2),
        plateau("plateau min abs patience 1 cooldown 2 min_lr", patience=1, threshold=0.01, threshold_mode="abs",
                cooldown=2, min_lr=0.01, factor=0.5),
        plateau("plateau max rel patience 0", mode="max", patience=0, factor=0.7),
        plateau("plateau max abs eps", mode="max", patience=1, threshold_mode="abs", factor=0.999999999, eps=1e-8),
        schedule("sequential constant exponential", lambda o: S.SequentialLR(
            o, [S.ConstantLR(o, factor=0.1, total_iters=2), S.ExponentialLR(o, gamma=0.9)], milestones=[2])),
        schedule("sequential linear cosine step", lambda o: S.SequentialLR(
            o, [S.LinearLR(o, start_factor=0.5, total_iters=3), S.CosineAnnealingLR(o, T_max=5, eta_min=0.05),
                S.StepLR(o, step_size=2, gamma=0.5)], milestones=[3, 8])),
        schedule("sequential multistep polynomial multiplicative", lambda o: S.SequentialLR(
            o, [S.MultiStepLR(o, milestones=[1, 2], gamma=0.5), S.PolynomialLR(o, total_iters=4, power=2.0),
                S.MultiplicativeLR(o, lambda e: 0.8)], milestones=[4, 10])),
        schedule("sequential exponential warm_restarts", lambda o: S.SequentialLR(
            o, [S.ExponentialLR(o, gamma=0.8), S.CosineAnnealingWarmRestarts(o, T_0=4, T_mult=2, eta_min=0.01)],
            milestones=[3])),
        schedule("chained constant exponential", lambda o: S.ChainedScheduler(
            [S.ConstantLR(o, factor=0.1, total_iters=2), S.ExponentialLR(o, gamma=0.9)])),
        schedule("chained linear cosine", lambda o: S.ChainedScheduler(
            [S.LinearLR(o, start_factor=0.2, total_iters=4), S.CosineAnnealingLR(o, T_max=6)])),
        schedule("chained multistep lambda", lambda o: S.ChainedScheduler(
            [S.MultiStepLR(o, milestones=[3, 6], gamma=0.5), S.LambdaLR(o, lambda e: 0.97 ** e)])),
        schedule("step 3 0.5 (epoch 0 kept)", lambda o: S.StepLR(o, 3, 0.5)),
    ]


def main():
    result = {"torch_version": torch.__version__,
              "regenerate": "/usr/bin/python3 kernels/src/test/python/make_optim_more_golden.py",
              "optimizers": optimizers()}
    schedules = {"torch_version": torch.__version__,
                 "regenerate": "/usr/bin/python3 kernels/src/test/python/make_optim_more_golden.py",
                 "schedulers": schedulers()}
    result["state_dicts"] = state_dicts()
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "resources", "optim", "optimizers.json")
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    with open(os.path.join(here, "..", "resources", "optim", "schedulers.json"), "w") as f:
        json.dump(schedules, f, indent=1)
    print(f"{len(result['optimizers'])} optimizers, {len(schedules['schedulers'])} schedulers")


if __name__ == "__main__":
    main()
