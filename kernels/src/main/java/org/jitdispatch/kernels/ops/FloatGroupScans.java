package org.jitdispatch.kernels.ops;

import org.jitdispatch.kernels.TypeTemplate;

/**
 * The float32 loops over one group of {@link DimGroups} read straight from the arrays: the extreme element of a
 * group for max/min along a dim, and the running sums or products of cumsum/cumprod. Each reads and writes its
 * elements in the element-by-element paths' order, with the same arithmetic.
 */
@TypeTemplate
final class FloatGroupScans {
    private FloatGroupScans() {
    }

    /**
     * The index of the maximum (or minimum) of {@code n} elements {@code step} apart from {@code from}: the first
     * NaN, else the first of the extreme values.
     */
    static int best(float[] x, int from, int step, int n, boolean max) {
        float b = x[from];
        if (b != b) {
            return 0;
        }
        int best = 0;
        for (int k = 1, at = from + step; k < n; k++, at += step) {
            float v = x[at];
            if (v != v) {
                return k;
            }
            if (max ? v > b : v < b) {
                b = v;
                best = k;
            }
        }
        return best;
    }

    /**
     * The running sums (or products) in double of a group of {@code n} elements, read {@code inStep} apart from
     * {@code from} (or at {@code in}'s offsets when its step is not even) and written, rounded, {@code outStep} apart
     * from {@code into} (likewise). Each element is read before it is written, so {@code out} may be {@code x} with
     * the same positions.
     */
    static void running(float[] x, DimGroups in, int group, float[] o, DimGroups to, boolean product) {
        long inStep = in.step();
        long outStep = to.step();
        int from = (int) in.base(group);
        int into = (int) to.base(group);
        double acc = product ? 1 : 0;
        for (int k = 0; k < in.size; k++) {
            float v = x[inStep > 0 ? from + (int) (k * inStep) : (int) in.offset(group, k)];
            acc = product ? acc * v : acc + v;
            o[outStep > 0 ? into + (int) (k * outStep) : (int) to.offset(group, k)] = (float) acc;
        }
    }
}
