package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/** {@code |x| <= lambd ? 0 : x} ({@code torch.nn.Hardshrink}, lambd 0.5 by default). */
public final class Hardshrink extends Module {
    private final double lambd;

    public Hardshrink() {
        this(0.5);
    }

    public Hardshrink(double lambd) {
        this.lambd = lambd;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Torch.hardshrink(input, Scalar.of(lambd));
    }

    @Override
    public String toString() {
        return "Hardshrink(" + lambd + ")";
    }
}
