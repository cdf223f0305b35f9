package org.jitdispatch.kernels.ops;

/**
 * Keys' cubic convolution weights ({@code A = -0.75}, as upsample_bicubic2d's) of the four neighbours at
 * offsets -1, 0, 1 and 2 from a point {@code t} in [0, 1) past the first of the middle two, and their derivatives
 * with respect to the distance, in GridSamplerKernel.cpp's operation order (float32 rounded at every step).
 */
final class CubicWeights {
    private static final double A = -0.75;

    private CubicWeights() {
    }

    static double[] coefficients(double t, boolean single) {
        return new double[] {outer(r(t + 1, single), single), inner(t, single), inner(r(1 - t, single), single),
                outer(r(2 - t, single), single)};
    }

    /** {@code d coefficient / d x} at the neighbours' distances (bicubic grid_sampler's backward). */
    static double[] derivatives(double t, boolean single) {
        double x0 = r(-1 - t, single);
        double x1 = r(0 - t, single);
        double x2 = r(1 - t, single);
        double x3 = r(2 - t, single);
        return new double[] {
            r(r(r(r(-3 * A * x0, single) - 10 * A, single) * x0, single) - 8 * A, single),
            r(r(r(-3 * (A + 2) * x1, single) - 2 * (A + 3), single) * x1, single),
            r(r(r(3 * (A + 2) * x2, single) - 2 * (A + 3), single) * x2, single),
            r(r(r(r(3 * A * x3, single) - 10 * A, single) * x3, single) + 8 * A, single)};
    }

    /** For a neighbour 1 to 2 away. */
    private static double outer(double x, boolean single) {
        return r(r(r(r(r(r(A * x, single) - 5 * A, single) * x, single) + 8 * A, single) * x, single) - 4 * A, single);
    }

    /** For a neighbour at most 1 away. */
    private static double inner(double x, boolean single) {
        return r(r(r(r(r((A + 2) * x, single) - (A + 3), single) * x, single) * x, single) + 1, single);
    }

    private static double r(double v, boolean single) {
        return single ? (float) v : v;
    }
}
