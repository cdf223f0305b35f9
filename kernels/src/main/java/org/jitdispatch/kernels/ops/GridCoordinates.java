package org.jitdispatch.kernels.ops;

/**
 * One spatial dim of a grid sampler: where a grid value in [-1, 1] lands in an input dim of {@code size}
 * elements, after un-normalisation and the padding mode's clipping or reflection, and its derivative with
 * respect to the grid value. ATen computes this two ways: the 2-D CPU kernel with GridSamplerKernel.cpp's
 * vectorised {@code ComputeLocation} (a precomputed scale, reflection by truncated division), the 3-D kernel with
 * GridSampler.h's scalar functions (reflection by {@code fmod}). Both are followed here step by step, since
 * where a coordinate rounds decides which pixel nearest mode reads; float32 arithmetic is rounded to float after
 * every operation, which in double gives exactly float's results.
 */
final class GridCoordinates {
    static final int ZEROS = 0;
    static final int BORDER = 1;
    static final int REFLECTION = 2;

    private final long size;
    private final int padding;
    private final boolean alignCorners;
    private final boolean single;
    private final boolean vectorized;
    /** d(un-normalised coordinate) / d(grid value). */
    final double scale;
    private final double max;
    private final double twiceSpan;

    /** The derivative of the last {@link #applyWithGradient} result with respect to its grid value. */
    double gradient;

    private GridCoordinates(long size, int padding, boolean alignCorners, boolean single, boolean vectorized) {
        this.size = size;
        this.padding = padding;
        this.alignCorners = alignCorners;
        this.single = single;
        this.vectorized = vectorized;
        this.scale = r(alignCorners ? r(size - 1) / 2 : r(size) / 2);
        this.max = r(size - 1);
        this.twiceSpan = alignCorners ? r(size - 1) * 2 : r(size) * 2;
    }

    /** As the 2-D kernel computes it (GridSamplerKernel.cpp). */
    static GridCoordinates vectorized(long size, int padding, boolean alignCorners, boolean single) {
        return new GridCoordinates(size, padding, alignCorners, single, true);
    }

    /** As the 3-D kernel computes it (GridSampler.h). */
    static GridCoordinates scalar(long size, int padding, boolean alignCorners, boolean single) {
        return new GridCoordinates(size, padding, alignCorners, single, false);
    }

    double r(double v) {
        return single ? (float) v : v;
    }

    /** From [-1, 1] to [0, size - 1] (align_corners) or [-0.5, size - 0.5], no padding. */
    double unnormalize(double g) {
        if (vectorized) {
            // the AVX2 kernel is built with floating-point contraction: (g + 1) * scale - 0.5 is one fused step
            return alignCorners ? r(r(g + 1) * scale) : r(Math.fma(r(g + 1), scale, -0.5));
        }
        return alignCorners ? r(r(r(g + 1) / 2) * max) : r(r(r(r(g + 1) * r(size)) - 1) / 2);
    }

    /** The coordinate of grid value {@code g}: un-normalised, then clipped or reflected by the padding mode. */
    double apply(double g) {
        return compute(unnormalize(g));
    }

    /** The padding mode applied to an un-normalised coordinate (bicubic's neighbours go through this alone). */
    double compute(double x) {
        if (padding == BORDER) {
            return clip(x);
        }
        if (padding == REFLECTION) {
            return clip(reflect(x));
        }
        return x;
    }

    /** {@link #apply}, setting {@link #gradient}: zero where clipping holds the coordinate at a border. */
    double applyWithGradient(double g) {
        double x = unnormalize(g);
        gradient = scale;
        if (padding == BORDER) {
            return clipWithGradient(x);
        }
        if (padding == REFLECTION) {
            double reflected = reflectWithGradient(x);
            return clipWithGradient(reflected);
        }
        return x;
    }

    private double clip(double x) {
        if (vectorized) {
            // clamp_min(0, x) first: a NaN coordinate becomes 0
            return x > 0 ? Math.min(x, max) : 0;
        }
        // std::min(size - 1, std::max(x, 0)): a NaN coordinate becomes size - 1
        double low = x < 0 ? 0 : x;
        return low < max ? low : max;
    }

    private double clipWithGradient(double x) {
        if (vectorized) {
            double low = x < 0 ? 0 : x;
            double clipped = Double.isNaN(low) ? low : Math.min(low, max);
            if (low == 0 || clipped == max) {
                gradient = 0;
            }
            return clipped;
        }
        if (x <= 0) {
            gradient = 0;
            return 0;
        }
        if (x >= max) {
            gradient = 0;
            return max;
        }
        return x;
    }

    private double reflect(double x) {
        return reflect(x, false);
    }

    private double reflectWithGradient(double x) {
        return reflect(x, true);
    }

    /** Reflection at the borders (the pixel centres or the image edges) until the coordinate falls between them. */
    private double reflect(double x, boolean withGradient) {
        double low = alignCorners ? 0 : -0.5;
        if (alignCorners && size <= 1) {
            if (withGradient) {
                gradient = 0;
            }
            return 0;
        }
        double shifted = r(x - low);
        boolean negative = shifted < 0;
        double abs = Math.abs(shifted);
        boolean flipped;
        double value;
        if (vectorized) {
            double flips = truncate(r(abs / twiceSpan));
            double extra = r(abs - r(flips * twiceSpan));
            double reflected = r(twiceSpan - extra);
            flipped = extra > reflected;
            value = flipped ? reflected : extra;
        } else {
            double span = twiceSpan / 2;
            double extra = abs % span;   // fmod: exact, as C's
            double flips = Math.floor(r(abs / span));
            flipped = flips % 2 != 0;
            value = flipped ? r(span - extra) : extra;
        }
        if (withGradient) {
            gradient = r(gradient * (flipped != negative ? -1 : 1));
        }
        return alignCorners ? value : r(value + low);
    }

    private static double truncate(double v) {
        return v < 0 ? Math.ceil(v) : Math.floor(v);
    }

    /** std::round: halves away from zero (grid_sampler_3d's CPU kernel rounds so, the 2-D one by nearbyint). */
    static double roundHalfAwayFromZero(double v) {
        double magnitude = Math.abs(v);
        double whole = Math.floor(magnitude);
        return Math.copySign(magnitude - whole >= 0.5 ? whole + 1 : whole, v);
    }

    /**
     * A coordinate as the integer index C's conversion gives, with NaN (which the C conversion leaves undefined
     * and ATen's masks treat as outside) sent outside every dim.
     */
    static long index(double v) {
        return Double.isNaN(v) ? Long.MIN_VALUE / 2 : (long) v;
    }
}
