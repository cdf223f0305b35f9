package org.jitdispatch.autograd;

import org.jitdispatch.Tensor;

/** Gradient helpers of the shape operators (roll), as PyTorch 1.13's derivatives.yaml. */
public final class ShapeFormulas {

    private ShapeFormulas() {}

    /** roll's gradient: the gradient rolled back, {@code grad.roll(-reversed(shifts), reversed(dims))}. */
    public static Tensor rollBackward(Tensor grad, long[] shifts, long[] dims) {
        long[] s = new long[shifts.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = -shifts[shifts.length - 1 - i];
        }
        long[] d = new long[dims.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = dims[dims.length - 1 - i];
        }
        return grad.roll(s, d);
    }
}
