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
 * <li>A contiguous run of at least {@link #GROUP} elements, when the Vector API's block is not in use, is
 *     summed in {@link #WIDE} lanes instead ({@link #wide}): C2 does not vectorize a chain of float
 *     additions into scalar accumulators (it keeps their order), but it does vectorize adding one array into
 *     another element by element. Each group of four blocks is copied into a per-thread scratch array and its
 *     four blocks added lane by lane into the lanes (a tree of two levels per lane); up to four groups
 *     ({@link #SPAN} elements) go into the lanes one after the other, and the lanes are then added as a
 *     balanced tree. Longer runs are cut in two at a multiple of {@link #SPAN}, and the rest after the last
 *     whole group takes the blocks above. The copy is what lets C2 vectorize: it will not pack loads and a
 *     store of the same element type at offsets whose distance it does not know.
 * <li>Above {@link Parallel#GRAIN_SIZE} elements, {@link #sum(float[], int, int, long)} cuts the run into
 *     {@link Parallel#chunkCount} contiguous chunks, sums each as above on the intra-op pool and adds the
 *     chunk sums in chunk order in double: the same thread count gives the same result every time.
 * </ul>
 *
 * The error bound is about {@code (64 + 4 + log2(n / 1024)) * eps * sum(|x|)}, against
 * {@code n * eps * sum(|x|)} for one running sum (the lanes' is about {@code (16 + log2(n / SPAN)) * eps *
 * sum(|x|)}). Strided runs are added in the order of contiguous ones as long as these take the blocks (shorter
 * than {@link #GROUP}, or with the Vector API's blocks). Below the grain nothing is allocated per call (each
 * thread keeps one scratch array for the lanes).
 */
@TypeTemplate
public final class FloatCascadeSum {
    /** The independent accumulators of a block. */
    static final int LANES = 16;
    /** The elements of a block: each accumulator sums at most {@code BLOCK / LANES}. */
    static final int BLOCK = 1024;
    /** The lanes of {@link #wide}: one block's width. */
    static final int WIDE = BLOCK;
    /** The elements copied and added into the lanes at once: four blocks. */
    static final int GROUP = 4 * BLOCK;
    /** The most elements the lanes collect before they are added up: four groups, four elements a lane each. */
    static final int SPAN = 4 * GROUP;

    /** Per thread: the lanes ({@code [0, WIDE)}) and one group's copy after them. */
    private static final ThreadLocal<float[]> WIDE_SCRATCH = ThreadLocal.withInitial(() -> new float[WIDE + GROUP]);

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
        if (is == 1 && VECTOR_BLOCK == null && n >= GROUP) {
            return wide(x, i, n, WIDE_SCRATCH.get());
        }
        int half = (n / BLOCK + 1) / 2 * BLOCK;
        return cascade(x, i, is, half) + cascade(x, i + half * is, is, n - half);
    }

    /** The sum of a contiguous run of {@code n} floats from {@code i} in {@link #WIDE} lanes, cut in spans. */
    static float wide(float[] x, int i, int n, float[] scratch) {
        if (n > SPAN) {
            int half = (n / SPAN + 1) / 2 * SPAN;
            return wide(x, i, half, scratch) + wide(x, i + half, n - half, scratch);
        }
        int groups = n / GROUP;
        int whole = groups * GROUP;
        if (groups == 0) {
            return cascade(x, i, 1, n);
        }
        float sum = span(x, i, groups, scratch);
        return whole == n ? sum : sum + cascade(x, i + whole, 1, n - whole);
    }

    /**
     * The sum of {@code groups} (1 to 4) whole groups from {@code i}: each copied after the lanes, its four
     * blocks added into them lane by lane, then the lanes added as a tree. Every loop here reads and writes
     * {@code s} at constant distances, so C2 vectorizes them.
     */
    private static float span(float[] x, int i, int groups, float[] s) {
        System.arraycopy(x, i, s, WIDE, GROUP);
        for (int j = 0; j < WIDE; j++) {
            s[j] = (s[j + WIDE] + s[j + 2 * WIDE]) + (s[j + 3 * WIDE] + s[j + 4 * WIDE]);
        }
        for (int g = 1; g < groups; g++) {
            System.arraycopy(x, i + g * GROUP, s, WIDE, GROUP);
            for (int j = 0; j < WIDE; j++) {
                s[j] += (s[j + WIDE] + s[j + 2 * WIDE]) + (s[j + 3 * WIDE] + s[j + 4 * WIDE]);
            }
        }
        for (int j = 0; j < 512; j++) {
            s[j] += s[j + 512];
        }
        for (int j = 0; j < 256; j++) {
            s[j] += s[j + 256];
        }
        for (int j = 0; j < 128; j++) {
            s[j] += s[j + 128];
        }
        for (int j = 0; j < 64; j++) {
            s[j] += s[j + 64];
        }
        for (int j = 0; j < 32; j++) {
            s[j] += s[j + 32];
        }
        float a = (s[0] + s[16]) + (s[8] + s[24]);
        float b = (s[4] + s[20]) + (s[12] + s[28]);
        float c = (s[2] + s[18]) + (s[10] + s[26]);
        float d = (s[6] + s[22]) + (s[14] + s[30]);
        float e = (s[1] + s[17]) + (s[9] + s[25]);
        float f = (s[5] + s[21]) + (s[13] + s[29]);
        float g = (s[3] + s[19]) + (s[11] + s[27]);
        float h = (s[7] + s[23]) + (s[15] + s[31]);
        return ((a + b) + (c + d)) + ((e + f) + (g + h));
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
