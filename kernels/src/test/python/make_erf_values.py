"""Writes kernels/src/test/resources/erf_values.txt: x and erf(x) from C's libm (Python's math.erf calls it),
as hexadecimal doubles, one pair a line, for ErfTest: 4,000 points over [-7, 7], denser near 0, and the
interval edges of the table Erf uses.

    /usr/bin/python3 kernels/src/test/python/make_erf_values.py
"""
import math
import pathlib
import random

rng = random.Random(20261126)
xs = [rng.uniform(-7.0, 7.0) for _ in range(2000)]
xs += [rng.uniform(-1.0, 1.0) * rng.uniform(0.0, 1.0) for _ in range(1000)]
xs += [rng.gauss(0.0, 1.5) for _ in range(1000)]
xs += [k / 8.0 for k in range(-56, 57)]
xs += [math.nextafter(k / 8.0, 0.0) for k in range(-56, 57) if k != 0]
xs += [1e-300, -1e-300, 1e-10, -1e-10, 5.999999, -5.999999, 6.0, -6.0, 6.5]
out = pathlib.Path(__file__).resolve().parents[1] / "resources" / "erf_values.txt"
out.write_text("".join(f"{x.hex()} {math.erf(x).hex()}\n" for x in xs))
print(f"{len(xs)} values written to {out}")
