"""Prints Erf.CENTRES, the error function at the centres (i + 0.5) / 8 of Erf's 48 intervals, correctly rounded
to double: erf's alternating Taylor series at 0 summed with Python's decimal at 80 digits (the terms reach
1e15 at 6, so 80 digits leave more than 60 after cancellation), then rounded once. Paste the output into
kernels/src/main/java/org/jitdispatch/kernels/ops/Erf.java.

    python3 kernels/src/test/python/make_erf_table.py
"""
from decimal import Decimal, getcontext

getcontext().prec = 80
PI = Decimal("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899863")


def erf(x: Decimal) -> Decimal:
    x2 = x * x
    term = x  # x^(2n+1) / n!, signed
    total = x
    n = 0
    while True:
        n += 1
        term = -term * x2 / n
        piece = term / (2 * n + 1)
        total += piece
        if n > 2 and abs(piece) < Decimal("1e-60"):
            break
    return 2 * total / PI.sqrt()


values = [float(erf(Decimal(i * 2 + 1) / 16)) for i in range(48)]
print("    private static final double[] CENTRES = {")
for k in range(0, 48, 4):
    print("            " + ", ".join(v.hex() for v in values[k:k + 4]) + ("," if k + 4 < 48 else ""))
print("    };")
