package org.jitdispatch.kernels.reduce;

import org.jitdispatch.kernels.TypeTemplate;
import org.jitdispatch.kernels.cpu.FloatBlockSum;
import org.jitdispatch.kernels.cpu.VectorKernels;
import org.jitdispatch.kernels.parallel.Parallel;

/**
 * The sum of a run of float32 elements in float32, as ATen's {@code cascade_sum}
 * ({@code aten/src/ATen/native/cpu/SumKernel.cpp}) sums them: fast, because no long chain of
 * dependent additions limits it, and accurate, because no partial sum collects more than a few dozen
 * elements before it is added to one of comparable size.
 *
 * <ul>
 * <li>A block of up to {@link #BLOCK} elements is added into {@link #LANES} independent accumulators,
 *     element {@code k} into accumulator {@code k % LANES} (each sums at most 64 elements), and the
 *     accumulators are added as a balanced tree.
 * <li>Longer runs are cut in two at a multiple of {@link #BLOCK} (the first half holding the extra block)
 *     and the halves' sums added: pairwise summation over blocks, whose error grows with the logarithm of
 *     the length.
 * <li>Above {@link Parallel#GRAIN_SIZE} elements, {@link #sum(float[], int, int, long)} cuts the run into
 *     {@link Parallel#chunkCount} contiguous chunks, sums each as above on the intra-op pool and adds the
 *     chunk sums in chunk order in double: the same thread count gives the same result every time.
 * </ul>
 *
 * The error bound is about {@code (64 + 4 + log2(n / 1024)) * eps * sum(|x|)}, against
 * {@code n * eps * sum(|x|)} for one running sum. Strided runs are added in exactly the order of contiguous
 * ones. Below the grain nothing is allocated.
 */
@TypeTemplate
public final class FloatCascadeSum {
    /** The independent accumulators of a block. */
    static final int LANES = 16;
    /** The elements of a block: each accumulator sums at most {@code BLOCK / LANES}. */
    static final int BLOCK = 1024;

    /**
     * The Vector API's block sum when the CPU capability is VECTOR and {@link VectorKernels} has one for this
     * element type (it has none for 64-bit elements), else null and {@link #block} runs (a constant, which C2
     * folds). Strided blocks always take {@link #blockStrided}.
     */
    private static final FloatBlockSum VECTOR_BLOCK = VectorKernels.floatBlockSum();

    private FloatCascadeSum() {
    }

    /** The sum of {@code n} floats from {@code i}, {@code is} apart; above the grain, in parallel. */
    public static double sum(float[] x, int i, int is, long n) {
        if (n <= Parallel.GRAIN_SIZE) {
            return cascade(x, i, is, (int) n);
        }
        return parallel(x, i, is, n);
    }

    private static double parallel(float[] x, int i, int is, long n) {
        double[] partials = new double[Math.max(1, Parallel.chunkCount(0, n, Parallel.GRAIN_SIZE))];
        Parallel.forEachChunk(0, n, Parallel.GRAIN_SIZE,
                (chunk, begin, end) -> partials[chunk] = cascade(x, i + (int) begin * is, is, (int) (end - begin)));
        double s = 0;
        for (double p : partials) {
            s += p;
        }
        return s;
    }

    /** The cascade sum of {@code n} floats in float, on the caller's thread. */
    public static float cascade(float[] x, int i, int is, int n) {
        if (n <= BLOCK) {
            if (is != 1) {
                return blockStrided(x, i, is, n);
            }
            return VECTOR_BLOCK != null ? VECTOR_BLOCK.block(x, i, n) : block(x, i, n);
        }
        int half = (n / BLOCK + 1) / 2 * BLOCK;
        return cascade(x, i, is, half) + cascade(x, i + half * is, is, n - half);
    }

    static float block(float[] x, int i, int n) {
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        float t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0;
        int end = i + n;
        for (; i + LANES <= end; i += LANES) {
            s0 += x[i];
            s1 += x[i + 1];
            s2 += x[i + 2];
            s3 += x[i + 3];
            s4 += x[i + 4];
            s5 += x[i + 5];
            s6 += x[i + 6];
            s7 += x[i + 7];
            t0 += x[i + 8];
            t1 += x[i + 9];
            t2 += x[i + 10];
            t3 += x[i + 11];
            t4 += x[i + 12];
            t5 += x[i + 13];
            t6 += x[i + 14];
            t7 += x[i + 15];
        }
        // the tail (fewer than LANES elements) goes to the accumulators in the same order
        switch (end - i) {
            case 15: t6 += x[i + 14]; // fall through
            case 14: t5 += x[i + 13]; // fall through
            case 13: t4 += x[i + 12]; // fall through
            case 12: t3 += x[i + 11]; // fall through
            case 11: t2 += x[i + 10]; // fall through
            case 10: t1 += x[i + 9]; // fall through
            case 9: t0 += x[i + 8]; // fall through
            case 8: s7 += x[i + 7]; // fall through
            case 7: s6 += x[i + 6]; // fall through
            case 6: s5 += x[i + 5]; // fall through
            case 5: s4 += x[i + 4]; // fall through
            case 4: s3 += x[i + 3]; // fall through
            case 3: s2 += x[i + 2]; // fall through
            case 2: s1 += x[i + 1]; // fall through
            case 1: s0 += x[i]; // fall through
            default: break;
        }
        return (((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)))
                + (((t0 + t1) + (t2 + t3)) + ((t4 + t5) + (t6 + t7)));
    }

    private static float blockStrided(float[] x, int i, int is, int n) {
        float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        float t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0;
        int full = n / LANES * LANES;
        for (int k = 0; k < full; k += LANES, i += LANES * is) {
            s0 += x[i];
            s1 += x[i + 1 * is];
            s2 += x[i + 2 * is];
            s3 += x[i + 3 * is];
            s4 += x[i + 4 * is];
            s5 += x[i + 5 * is];
            s6 += x[i + 6 * is];
            s7 += x[i + 7 * is];
            t0 += x[i + 8 * is];
            t1 += x[i + 9 * is];
            t2 += x[i + 10 * is];
            t3 += x[i + 11 * is];
            t4 += x[i + 12 * is];
            t5 += x[i + 13 * is];
            t6 += x[i + 14 * is];
            t7 += x[i + 15 * is];
        }
        // the tail (fewer than LANES elements) goes to the accumulators in the same order
        switch (n - full) {
            case 15: t6 += x[i + 14 * is]; // fall through
            case 14: t5 += x[i + 13 * is]; // fall through
            case 13: t4 += x[i + 12 * is]; // fall through
            case 12: t3 += x[i + 11 * is]; // fall through
            case 11: t2 += x[i + 10 * is]; // fall through
            case 10: t1 += x[i + 9 * is]; // fall through
            case 9: t0 += x[i + 8 * is]; // fall through
            case 8: s7 += x[i + 7 * is]; // fall through
            case 7: s6 += x[i + 6 * is]; // fall through
            case 6: s5 += x[i + 5 * is]; // fall through
            case 5: s4 += x[i + 4 * is]; // fall through
            case 4: s3 += x[i + 3 * is]; // fall through
            case 3: s2 += x[i + 2 * is]; // fall through
            case 2: s1 += x[i + 1 * is]; // fall through
            case 1: s0 += x[i]; // fall through
            default: break;
        }
        return (((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)))
                + (((t0 + t1) + (t2 + t3)) + ((t4 + t5) + (t6 + t7)));
    }
}
