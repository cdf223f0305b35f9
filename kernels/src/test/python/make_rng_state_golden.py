"""Golden RNG states from PyTorch 1.13 for RngStateTest: torch.get_rng_state() after seeding and drawing, and
the numbers drawn after a state is restored.

Run with Debian's python3-torch:  /usr/bin/python3 kernels/src/test/python/make_rng_state_golden.py
It writes kernels/src/test/resources/random/rng_state.json: for each case, the state's 5056 bytes (base64) and
the values of the draws that follow it (float32 values as the shortest decimal that reads back the same).
"""
import base64
import json
import os

import torch


def state_b64():
    return base64.b64encode(bytes(torch.get_rng_state().tolist())).decode()


def draws():
    """What a restored generator must draw next: uniform floats, normal floats and doubles, integers."""
    return {
        "rand": [repr(float(v)) for v in torch.rand(5).tolist()],
        "randn64": torch.randn(4, dtype=torch.float64).tolist(),
        "randint": torch.randint(0, 1000, (5,)).tolist(),
        "log_normal64": torch.empty(3, dtype=torch.float64).log_normal_().tolist(),
    }


CASES = []


def case(name, prepare):
    prepare()
    state = state_b64()
    CASES.append({"name": name, "state": state, "next": draws()})


case("seed 0", lambda: torch.manual_seed(0))
case("seed 5 after rand(7)", lambda: (torch.manual_seed(5), torch.rand(7)))
# 700 draws: the twister has regenerated its 624 words once
case("seed 42 after rand(700)", lambda: (torch.manual_seed(42), torch.rand(700)))
# an odd count of log-normal doubles leaves the Box-Muller sine sample cached
case("seed 7 after log_normal_(3)", lambda: (torch.manual_seed(7), torch.empty(3, dtype=torch.float64).log_normal_()))
case("seed 2**40 + 3 after randn(20)", lambda: (torch.manual_seed(2 ** 40 + 3), torch.randn(20)))

out = os.path.join(os.path.dirname(__file__), "..", "resources", "random", "rng_state.json")
os.makedirs(os.path.dirname(out), exist_ok=True)
with open(out, "w") as f:
    json.dump({"torch_version": torch.__version__, "cases": CASES}, f, indent=1)
    f.write("\n")
print("wrote", len(CASES), "cases to", os.path.normpath(out))
