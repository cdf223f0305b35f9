package org.jitdispatch.kernels.reduce;

import java.util.Arrays;
import org.jitdispatch.kernels.iter.LoopDtype;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The CPU loops of sum, mean, amax, amin and argmax over the reduced dims of a strided input
 * (what ATen's TensorIterator reductions and reduce stubs do).
 *
 * <p>How {@link #sum}, {@link #mean}, {@link #max} and {@link #min} work: the output is accumulated in
 * a contiguous array with one slot per output element ({@code double} for floating outputs,
 * {@code long} for integral and bool ones), then written to the output with its own strides. The input
 * is walked once in memory order: its dims are sorted by decreasing stride and adjacent dims merged
 * where both the input and the accumulator allow it, so that the innermost loop is a plain counted loop
 * over the storage's primitive array. A contiguous input reduced over all dims is one loop; reduced
 * over its last dims, each output element is a loop over a contiguous stretch; reduced over its first
 * dims, each stretch adds into a row of accumulators.
 *
 * <p>Parallelism, above {@code Parallel.GRAIN_SIZE} input elements: a sum's run over a reduced stretch
 * longer than the grain is cut into chunks whose sums are added in chunk order ({@link FloatCascadeSum}); otherwise
 * the outermost kept dim is cut among the threads (see {@link Plan#parallelDim}), which gives the serial
 * result to the bit; a long reduced run of amax/amin over floating elements is cut into chunks whose extremes
 * are combined in order ({@link Extremes}), which also gives the serial bits.
 *
 * <p>dtypes, as in ATen's CPU reductions: the input is read as the output's dtype (a float input summed
 * with {@code dtype=int32} has every element truncated before it is added) and accumulated in that
 * type's arithmetic, except that int32 is accumulated in long, which wraps to the same 32 bits. float32
 * runs are summed in float32 with a cascade sum as in PyTorch ({@link FloatCascadeSum}), and the sums of several
 * runs into one output element are added in double. A bool sum is "any element non-zero". amax/amin propagate NaN.
 */
public final class Reduction {
    private Reduction() {
    }

    enum Op { SUM, MAX, MIN }

    /** {@code out} = the sum of {@code in} over the dims in {@code mask}; 0 where nothing is summed. */
    public static void sum(TensorImpl in, boolean[] mask, TensorImpl out) {
        reduce(in, mask, out, Op.SUM, -1);
    }

    /** {@code out} = that sum divided by {@code count} in out's (floating) dtype, as ATen's sum + div_. */
    public static void mean(TensorImpl in, boolean[] mask, TensorImpl out, long count) {
        if (!out.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("mean needs a floating output, not " + out.dtype());
        }
        reduce(in, mask, out, Op.SUM, count);
    }

    /** {@code out} = the maximum over the reduced dims (NaN if any is NaN); in and out have one dtype. */
    public static void max(TensorImpl in, boolean[] mask, TensorImpl out) {
        reduce(in, mask, out, Op.MAX, -1);
    }

    /** {@code out} = the minimum over the reduced dims (NaN if any is NaN); in and out have one dtype. */
    public static void min(TensorImpl in, boolean[] mask, TensorImpl out) {
        reduce(in, mask, out, Op.MIN, -1);
    }

    private static void reduce(TensorImpl in, boolean[] mask, TensorImpl out, Op op, long meanCount) {
        ScalarType t = out.dtype();
        if (op != Op.SUM && in.dtype() != t) {
            throw new IllegalArgumentException("amax/amin read and write one dtype, not " + in.dtype() + " into " + t);
        }
        int outNumel = Math.toIntExact(out.numel());
        if (outNumel == 0 || out.isMeta()) {
            return;
        }
        ScalarType work = LoopDtype.widened(t);
        TensorImpl src = readsDirectly(in.dtype(), work) ? in : widenedCopy(in, work);
        double[] dacc = null;
        long[] lacc = null;
        if (t.isFloatingPoint()) {
            dacc = new double[outNumel];
            if (op != Op.SUM) {
                Arrays.fill(dacc, op == Op.MAX ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
            }
        } else {
            lacc = new long[outNumel];
            if (op != Op.SUM) {
                Arrays.fill(lacc, op == Op.MAX ? Long.MIN_VALUE : Long.MAX_VALUE);
            }
        }
        if (src.numel() != 0) {
            Plan plan = Plan.of(src, mask);
            Run run = run(op, src.storage().data(), work == ScalarType.Float32, dacc, lacc);
            int split = src.numel() > Parallel.GRAIN_SIZE ? plan.parallelDim() : -1;
            if (split < 0) {
                forEachRun(plan, run);
            } else {
                long perIndex = src.numel() / plan.sizes[split];
                Parallel.parallelFor(0, plan.sizes[split], Math.max(1, Parallel.GRAIN_SIZE / perIndex),
                        (begin, end) -> {
                            if (begin < end) { // forEachChunk may hand out an empty last chunk
                                forEachRun(plan.restricted(split, begin, end), run);
                            }
                        });
            }
        }
        write(out, dacc, lacc, meanCount);
    }

    /** Whether reading {@code in} elements and widening them gives exactly the elements cast to {@code out}. */
    private static boolean readsDirectly(ScalarType in, ScalarType out) {
        return in == out
                || (out == ScalarType.Int64 && (in == ScalarType.Int32 || in == ScalarType.Bool))
                || (out == ScalarType.Int32 && in == ScalarType.Bool)
                || (out == ScalarType.Float64 && in == ScalarType.Float32);
    }

    // ---------------------------------------------------------------------------------- iteration

    /**
     * The input's iteration space: its dims of size &gt; 1, outermost first in decreasing input stride,
     * merged where possible, each with its input stride and accumulator stride (0 for a reduced dim).
     * Never empty: a single element is one dim of size 1.
     */
    static final class Plan {
        final long[] sizes;
        final long[] inStrides;
        final long[] accStrides;
        final long inOffset;
        final long accOffset;

        private Plan(long[] sizes, long[] inStrides, long[] accStrides, long inOffset) {
            this(sizes, inStrides, accStrides, inOffset, 0);
        }

        private Plan(long[] sizes, long[] inStrides, long[] accStrides, long inOffset, long accOffset) {
            this.sizes = sizes;
            this.inStrides = inStrides;
            this.accStrides = accStrides;
            this.inOffset = inOffset;
            this.accOffset = accOffset;
        }

        static Plan of(TensorImpl in, boolean[] mask) {
            int nd = in.dim();
            long[] sizes = in.sizes();
            long[] strides = in.strides();
            long[] acc = new long[nd];
            long running = 1;
            for (int d = nd - 1; d >= 0; d--) {
                if (!mask[d]) {
                    acc[d] = running;
                    running *= sizes[d];
                }
            }
            Integer[] order = new Integer[nd];
            int count = 0;
            for (int d = 0; d < nd; d++) {
                if (sizes[d] != 1) {
                    order[count++] = d;
                }
            }
            // stable: dims of equal stride (e.g. expanded ones) keep their logical order
            Arrays.sort(order, 0, count, (x, y) -> Long.compare(strides[y], strides[x]));
            long[] ps = new long[Math.max(count, 1)];
            long[] pi = new long[ps.length];
            long[] pa = new long[ps.length];
            int n = 0;
            for (int k = 0; k < count; k++) {
                int d = order[k];
                if (n > 0 && pi[n - 1] == sizes[d] * strides[d] && pa[n - 1] == sizes[d] * acc[d]) {
                    ps[n - 1] *= sizes[d];
                    pi[n - 1] = strides[d];
                    pa[n - 1] = acc[d];
                } else {
                    ps[n] = sizes[d];
                    pi[n] = strides[d];
                    pa[n] = acc[d];
                    n++;
                }
            }
            if (n == 0) {
                ps[0] = 1;
                n = 1;
            }
            return new Plan(Arrays.copyOf(ps, n), Arrays.copyOf(pi, n), Arrays.copyOf(pa, n), in.storageOffset());
        }

        /**
         * The dim to cut among threads, or -1: the outermost kept dim (one with an accumulator stride), of
         * size &gt; 1. Each index of a kept dim has accumulators of its own, so chunks of it touch disjoint
         * accumulators and each accumulator sees its elements in the serial order: the result is the
         * serial one to the bit. Not when the innermost run is a reduced one of more than a grain outside
         * that dim, which sums itself in parallel on the caller's thread (and must, to give the same bits
         * as the fast paths).
         */
        int parallelDim() {
            int inner = sizes.length - 1;
            for (int d = 0; d <= inner; d++) {
                if (accStrides[d] != 0 && sizes[d] > 1) {
                    boolean longReducedRun = d != inner && accStrides[inner] == 0 && sizes[inner] > Parallel.GRAIN_SIZE;
                    return longReducedRun ? -1 : d;
                }
            }
            return -1;
        }

        /** This plan with dim {@code d} restricted to the indices {@code [begin, end)}. */
        Plan restricted(int d, long begin, long end) {
            long[] s = sizes.clone();
            s[d] = end - begin;
            return new Plan(s, inStrides, accStrides, inOffset + begin * inStrides[d], accOffset + begin * accStrides[d]);
        }
    }

    /** The innermost loop: {@code n} input elements from {@code in} by {@code inStride} into the accumulators. */
    @FunctionalInterface
    interface Run {
        void run(int in, int inStride, int acc, int accStride, int n);
    }

    private static void forEachRun(Plan p, Run r) {
        int inner = p.sizes.length - 1;
        int n = Math.toIntExact(p.sizes[inner]);
        int is = Math.toIntExact(p.inStrides[inner]);
        int as = Math.toIntExact(p.accStrides[inner]);
        long[] index = new long[inner];
        long in = p.inOffset;
        long acc = p.accOffset;
        while (true) {
            r.run((int) in, is, (int) acc, as, n);
            int d = inner - 1;
            for (; d >= 0; d--) {
                if (++index[d] < p.sizes[d]) {
                    in += p.inStrides[d];
                    acc += p.accStrides[d];
                    break;
                }
                in -= (p.sizes[d] - 1) * p.inStrides[d];
                acc -= (p.sizes[d] - 1) * p.accStrides[d];
                index[d] = 0;
            }
            if (d < 0) {
                return;
            }
        }
    }

    /**
     * {@code in}'s values as {@code work}, laid out as {@code in} is when it is dense: a float16 tensor's sum then
     * runs in the storage order a float32 tensor of the same layout sums in, so that both round alike.
     */
    private static TensorImpl widenedCopy(TensorImpl in, ScalarType work) {
        if (!TensorGeometry.isNonOverlappingAndDense(in.sizes(), in.strides())) {
            return StridedCopy.contiguousCopy(in, work, TensorFactory.IMPL);
        }
        TensorImpl out = TensorFactory.IMPL.emptyStrided(in.sizes(), in.strides(), work, in.device());
        StridedCopy.copy(in, out);
        return out;
    }

    private static Run run(Op op, Object data, boolean inFloat, double[] dacc, long[] lacc) {
        if (data instanceof float[]) {
            return FloatReductionRuns.of(op, (float[]) data, inFloat, dacc);
        }
        if (data instanceof double[]) {
            return DoubleReductionRuns.of(op, (double[]) data, inFloat, dacc);
        }
        if (data instanceof int[]) {
            int[] x = (int[]) data;
            switch (op) {
                case SUM: return (i, is, a, as, n) -> {
                    if (as == 0) {
                        lacc[a] += runSum(x, i, is, n);
                    } else {
                        for (int k = 0; k < n; k++, i += is, a += as) {
                            lacc[a] += x[i];
                        }
                    }
                };
                case MAX: return (i, is, a, as, n) -> {
                    for (int k = 0; k < n; k++, i += is, a += as) {
                        lacc[a] = Math.max(lacc[a], x[i]);
                    }
                };
                default: return (i, is, a, as, n) -> {
                    for (int k = 0; k < n; k++, i += is, a += as) {
                        lacc[a] = Math.min(lacc[a], x[i]);
                    }
                };
            }
        }
        if (data instanceof long[]) {
            long[] x = (long[]) data;
            switch (op) {
                case SUM: return (i, is, a, as, n) -> {
                    if (as == 0) {
                        lacc[a] += runSum(x, i, is, n);
                    } else {
                        for (int k = 0; k < n; k++, i += is, a += as) {
                            lacc[a] += x[i];
                        }
                    }
                };
                case MAX: return (i, is, a, as, n) -> {
                    for (int k = 0; k < n; k++, i += is, a += as) {
                        lacc[a] = Math.max(lacc[a], x[i]);
                    }
                };
                default: return (i, is, a, as, n) -> {
                    for (int k = 0; k < n; k++, i += is, a += as) {
                        lacc[a] = Math.min(lacc[a], x[i]);
                    }
                };
            }
        }
        boolean[] x = (boolean[]) data;
        switch (op) {
            case SUM: return (i, is, a, as, n) -> {
                for (int k = 0; k < n; k++, i += is, a += as) {
                    if (x[i]) {
                        lacc[a]++;
                    }
                }
            };
            case MAX: return (i, is, a, as, n) -> {
                for (int k = 0; k < n; k++, i += is, a += as) {
                    lacc[a] = Math.max(lacc[a], x[i] ? 1 : 0);
                }
            };
            default: return (i, is, a, as, n) -> {
                for (int k = 0; k < n; k++, i += is, a += as) {
                    lacc[a] = Math.min(lacc[a], x[i] ? 1 : 0);
                }
            };
        }
    }

    // ---------------------------------------------------------------------- the sum of one run

    /**
     * The sum of {@code n} floats from {@code i}, {@code is} apart, in float as PyTorch sums float32: the
     * cascade of {@link FloatCascadeSum}, in parallel above {@code Parallel.GRAIN_SIZE} elements (chunk sums
     * added in order in double). A reduction of a contiguous tensor over all its dims is one such run (the
     * fast path of sum and mean calls this directly).
     */
    public static double runSum(float[] x, int i, int is, int n) {
        return FloatCascadeSum.sum(x, i, is, n);
    }

    /** {@link #runSum(float[], int, int, int)} in float32, else {@link #runSumWidened}: what a float32 input needs. */
    static double runSum(float[] x, int i, int is, int n, boolean inFloat) {
        return inFloat ? runSum(x, i, is, n) : runSumWidened(x, i, is, n);
    }

    /** {@link #runSum(double[], int, int, int)}: a float64 input sums in double either way. */
    static double runSum(double[] x, int i, int is, int n, boolean inFloat) {
        return runSum(x, i, is, n);
    }

    /** As {@link #runSum(float[], int, int, int)}, over doubles in double. */
    public static double runSum(double[] x, int i, int is, int n) {
        return DoubleCascadeSum.sum(x, i, is, n);
    }

    /**
     * The sum of {@code n} floats from {@code i}, {@code is} apart, each widened to double first: a float32
     * input summed with {@code dtype=float64}, which PyTorch casts before it sums.
     */
    static double runSumWidened(float[] x, int i, int is, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int k = 0;
        for (; k + 3 < n; k += 4, i += 4 * is) {
            s0 += x[i];
            s1 += x[i + is];
            s2 += x[i + 2 * is];
            s3 += x[i + 3 * is];
        }
        for (; k < n; k++, i += is) {
            s0 += x[i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** The wrapping sum of {@code n} longs from {@code i}, {@code is} apart. */
    public static long runSum(long[] x, int i, int is, int n) {
        long s = 0;
        for (int k = 0; k < n; k++, i += is) {
            s += x[i];
        }
        return s;
    }

    /** The sum of {@code n} ints from {@code i}, {@code is} apart, in long. */
    public static long runSum(int[] x, int i, int is, int n) {
        long s = 0;
        for (int k = 0; k < n; k++, i += is) {
            s += x[i];
        }
        return s;
    }

    /** Writes the accumulators to {@code out} in its logical order, converted to its dtype. */
    private static void write(TensorImpl out, double[] dacc, long[] lacc, long meanCount) {
        Storage s = out.storage();
        int n = Math.toIntExact(out.numel());
        int base = (int) out.storageOffset();
        long[] offsets = out.isContiguous() ? null : out.elementOffsets();
        switch (out.dtype()) {
            case Float32: {
                float[] o = s.floats();
                for (int k = 0; k < n; k++) {
                    float v = (float) dacc[k];
                    if (meanCount >= 0) {
                        v = v / (float) meanCount;
                    }
                    o[offsets == null ? base + k : (int) offsets[k]] = v;
                }
                break;
            }
            case Float64: {
                double[] o = s.doubles();
                for (int k = 0; k < n; k++) {
                    double v = dacc[k];
                    if (meanCount >= 0) {
                        v = v / (double) meanCount;
                    }
                    o[offsets == null ? base + k : (int) offsets[k]] = v;
                }
                break;
            }
            case Int32: {
                int[] o = s.ints();
                for (int k = 0; k < n; k++) {
                    o[offsets == null ? base + k : (int) offsets[k]] = (int) lacc[k];
                }
                break;
            }
            case Int64: {
                long[] o = s.longs();
                for (int k = 0; k < n; k++) {
                    o[offsets == null ? base + k : (int) offsets[k]] = lacc[k];
                }
                break;
            }
            case Bool: {
                boolean[] o = s.booleans();
                for (int k = 0; k < n; k++) {
                    o[offsets == null ? base + k : (int) offsets[k]] = lacc[k] != 0;
                }
                break;
            }
            case Float16:
            case BFloat16: {
                // the sum is rounded to the output's type, then divided and rounded again, as ATen's
                // CPU mean is sum_out(...).div_(count) in the output's dtype
                for (int k = 0; k < n; k++) {
                    int at = offsets == null ? base + k : (int) offsets[k];
                    s.setDouble(at, (float) dacc[k]);
                    if (meanCount >= 0) {
                        s.setDouble(at, (float) s.getDouble(at) / (float) meanCount);
                    }
                }
                break;
            }
            default: {
                // the narrow integers wrap, as they would accumulating in their own type
                for (int k = 0; k < n; k++) {
                    s.setLong(offsets == null ? base + k : (int) offsets[k], lacc[k]);
                }
            }
        }
    }

    /** Sets every element of {@code out} to zero (false for bool), whatever its strides. */
    public static void fillZeros(TensorImpl out) {
        if (out.isMeta() || out.numel() == 0) {
            return;
        }
        Storage s = out.storage();
        if (out.isContiguous()) {
            s.zero(out.storageOffset(), out.storageOffset() + out.numel());
            return;
        }
        for (long off : out.elementOffsets()) {
            s.setLong(off, 0);
        }
    }

    // ---------------------------------------------------------------------------------- argmax

    /**
     * {@code out} (int64) = the index of the first maximum along {@code dim} of {@code in}, or, with
     * {@code dim} -1, the row-major index of the first maximum of all of {@code in}. A NaN is greater
     * than everything, so the first NaN wins (ATen's GreaterOrNan). The reduced extent must not be 0.
     * Bool inputs are not supported, as in ATen ("argmax_cpu" has no bool kernel).
     */
    public static void argmax(TensorImpl in, int dim, TensorImpl out) {
        if (out.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("argmax writes int64 indices, not " + out.dtype());
        }
        if (out.isMeta() || out.numel() == 0) {
            return;
        }
        ScalarType work = LoopDtype.widened(in.dtype());
        // widening float16/bfloat16 to float32 and narrow integers to int64 keeps their order
        TensorImpl src = work == in.dtype() ? in : StridedCopy.contiguousCopy(in, work, TensorFactory.IMPL);
        long[] sizes;
        long[] strides;
        int d;
        if (dim < 0) {
            // ATen reshapes to 1-D (a copy unless that is a view) and reduces dim 0
            if (!src.isContiguous()) {
                src = StridedCopy.contiguousCopy(src, src.dtype(), TensorFactory.IMPL);
            }
            sizes = new long[] {src.numel()};
            strides = new long[] {1};
            d = 0;
        } else {
            sizes = src.sizes();
            strides = src.strides();
            d = dim;
        }
        int n = Math.toIntExact(sizes[d]);
        int step = Math.toIntExact(strides[d]);
        if (n == 0) {
            throw new IllegalArgumentException("argmax over an empty dimension");
        }
        IndexScan scan = scan(src.storage().data(), step, n);

        int kd = sizes.length - 1;
        long[] keptSizes = new long[kd];
        long[] keptStrides = new long[kd];
        for (int i = 0, j = 0; i < sizes.length; i++) {
            if (i != d) {
                keptSizes[j] = sizes[i];
                keptStrides[j++] = strides[i];
            }
        }
        long[] o = out.storage().longs();
        int outN = Math.toIntExact(out.numel());
        int outBase = (int) out.storageOffset();
        long[] outOffsets = out.isContiguous() ? null : out.elementOffsets();
        long[] index = new long[kd];
        long base = src.storageOffset();
        for (int k = 0; k < outN; k++) {
            o[outOffsets == null ? outBase + k : (int) outOffsets[k]] = scan.first((int) base);
            for (int j = kd - 1; j >= 0; j--) {
                if (++index[j] < keptSizes[j]) {
                    base += keptStrides[j];
                    break;
                }
                base -= (keptSizes[j] - 1) * keptStrides[j];
                index[j] = 0;
            }
        }
    }

    /** The index (0 to n-1) of the first maximum of the n elements from {@code base} by the scan's step. */
    @FunctionalInterface
    private interface IndexScan {
        long first(int base);
    }

    private static IndexScan scan(Object data, int step, int n) {
        if (data instanceof float[]) {
            float[] x = (float[]) data;
            return base -> {
                float best = x[base];
                long at = 0;
                if (best != best) {
                    return 0;
                }
                for (int k = 1, i = base + step; k < n; k++, i += step) {
                    float v = x[i];
                    if (v != v) {
                        return k;
                    }
                    if (v > best) {
                        best = v;
                        at = k;
                    }
                }
                return at;
            };
        }
        if (data instanceof double[]) {
            double[] x = (double[]) data;
            return base -> {
                double best = x[base];
                long at = 0;
                if (best != best) {
                    return 0;
                }
                for (int k = 1, i = base + step; k < n; k++, i += step) {
                    double v = x[i];
                    if (v != v) {
                        return k;
                    }
                    if (v > best) {
                        best = v;
                        at = k;
                    }
                }
                return at;
            };
        }
        if (data instanceof int[]) {
            int[] x = (int[]) data;
            return base -> {
                int best = x[base];
                long at = 0;
                for (int k = 1, i = base + step; k < n; k++, i += step) {
                    if (x[i] > best) {
                        best = x[i];
                        at = k;
                    }
                }
                return at;
            };
        }
        if (data instanceof long[]) {
            long[] x = (long[]) data;
            return base -> {
                long best = x[base];
                long at = 0;
                for (int k = 1, i = base + step; k < n; k++, i += step) {
                    if (x[i] > best) {
                        best = x[i];
                        at = k;
                    }
                }
                return at;
            };
        }
        throw new IllegalArgumentException("\"argmax_cpu\" not implemented for 'Bool'");
    }
}
