package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.kernels.reduce.Reduction;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * The CPU fast paths of sum and mean over dims ({@code cpu_fast_path} in ops.yaml), in the two shapes
 * the general reduction (its plan of merged dims, see {@link Reduction}) also walks as plain runs, adding
 * in the same order, so the results are the same to the bit:
 * <ul>
 * <li>over all dims or the innermost dims: each output element is one contiguous run, summed by
 *     {@link Reduction#runSum}, a cascade sum (in parallel for a run above the grain);
 * <li>over the outermost dims (a bias's gradient, summed over the batch): each row of the input is added
 *     into a row of accumulators, element by element.
 * </ul>
 * No reduction plan or mask is built; the result (and, for a float32 sum over the outermost dims, a row of
 * double accumulators) is all that is allocated up to {@code Parallel.GRAIN_SIZE} input elements. Above it,
 * the output elements (rows of at most a grain) or the columns are cut among the intra-op threads, which
 * changes no bit, and a run longer than the grain is summed in parallel chunks by {@link Reduction#runSum}
 * (as the general path sums it).
 *
 * <p>Taken: self contiguous on the CPU with at least one element; dims absent, empty (all), or exactly the
 * last or the first k dims in any order; dtypes float32 and float64 reduced in their own dtype, int64 and int32 summed
 * into int64 (mean: floating only); out= of exactly the result's sizes and dtype, contiguous, and sharing
 * no storage with self. Every other call, including every call the general path would refuse or warn
 * about, returns null having touched nothing.
 */
public final class ReductionFastPaths implements ReductionFastPathsDeclarations {
    /** The sizes of a 0-dim result; never written (the tensor copies what it keeps). */
    private static final long[] NO_SIZES = new long[0];

    @Override
    public Tensor sum(Tensor out, Tensor self, long[] dim, boolean keepdim, ScalarType dtype) {
        return reduce(out, self, dim, keepdim, dtype, false);
    }

    @Override
    public Tensor mean(Tensor out, Tensor self, long[] dim, boolean keepdim, ScalarType dtype) {
        return reduce(out, self, dim, keepdim, dtype, true);
    }

    private static Tensor reduce(Tensor out, Tensor self, long[] dim, boolean keepdim, ScalarType dtype, boolean mean) {
        if (self.device().type() != DeviceType.CPU || !self.isContiguous() || self.numel() == 0) {
            return null;
        }
        ScalarType resultType = resultType(self.dtype(), mean);
        if (resultType == null || (dtype != null && dtype != resultType)
                || (out != null && out.dtype() != resultType)) {
            return null;
        }
        int kept = firstReducedDim(self, dim);
        int reducedLeading = kept < 0 ? leadingReducedDims(self, dim) : 0;
        if (kept < 0 && reducedLeading <= 0) {
            return null;
        }
        Tensor result = out == null ? allocate(self, kept, reducedLeading, keepdim, resultType)
                : checkedOut(out, self, kept, reducedLeading, keepdim);
        if (result == null) {
            return null;
        }
        if (reducedLeading > 0) {
            long rows = outerCount(self, reducedLeading);
            long row = self.numel() / rows;
            if (row > 1) { // with one element per row, the general plan is a single run: the case below
                sumRows(self, (int) rows, (int) row, result, mean ? rows : -1);
                return result;
            }
            kept = 0;
        }
        int inner = Math.toIntExact(self.numel() / outerCount(self, kept));
        int rows = Math.toIntExact(result.numel());
        if (self.numel() > Parallel.GRAIN_SIZE && rows > 1 && inner <= Parallel.GRAIN_SIZE) {
            // rows of at most a grain: each summed on one thread, as the general path sums them
            Parallel.parallelFor(0, rows, Math.max(1, Parallel.GRAIN_SIZE / inner),
                    (begin, end) -> sumRuns(self, result, inner, mean, (int) begin, (int) end));
        } else {
            sumRuns(self, result, inner, mean, 0, rows);
        }
        return result;
    }

    /**
     * Output elements {@code [begin, end)} of a reduction over the innermost dims: each the sum (or mean) of
     * a contiguous run of {@code inner} elements ({@link Reduction#runSum}, in parallel for a run above the grain).
     */
    private static void sumRuns(Tensor self, Tensor result, int inner, boolean mean, int begin, int end) {
        long count = mean ? inner : -1;
        Storage in = self.storage();
        Storage to = result.storage();
        int from = (int) self.storageOffset();
        int base = (int) result.storageOffset();
        switch (self.dtype()) {
            case Float32: {
                float[] x = in.floats();
                float[] o = to.floats();
                for (int r = begin; r < end; r++) {
                    float v = (float) Reduction.runSum(x, from + r * inner, 1, inner);
                    o[base + r] = count < 0 ? v : v / (float) count;
                }
                break;
            }
            case Float64: {
                double[] x = in.doubles();
                double[] o = to.doubles();
                for (int r = begin; r < end; r++) {
                    double v = Reduction.runSum(x, from + r * inner, 1, inner);
                    o[base + r] = count < 0 ? v : v / (double) count;
                }
                break;
            }
            case Int64: {
                long[] x = in.longs();
                long[] o = to.longs();
                for (int r = begin; r < end; r++) {
                    o[base + r] = Reduction.runSum(x, from + r * inner, 1, inner);
                }
                break;
            }
            default: {
                int[] x = in.ints();
                long[] o = to.longs();
                for (int r = begin; r < end; r++) {
                    o[base + r] = Reduction.runSum(x, from + r * inner, 1, inner);
                }
            }
        }
    }

    /** The dtype the fast path reduces {@code in} to, or null when it has no loop for it. */
    private static ScalarType resultType(ScalarType in, boolean mean) {
        switch (in) {
            case Float32:
            case Float64:
                return in;
            case Int32:
            case Int64:
                return mean ? null : ScalarType.Int64;
            default:
                return null;
        }
    }

    /**
     * How many leading dims are kept: 0 when every dim is reduced, {@code dim() - k} when {@code dim}
     * names exactly the last k dims (each once, in any order, negative or not); -1 for anything else
     * (middle dims, repeats, out of range, a 0-dim self with dims), which the general path takes.
     */
    private static int firstReducedDim(Tensor self, long[] dim) {
        int nd = self.dim();
        if (dim == null || dim.length == 0) {
            return 0;
        }
        if (nd == 0 || dim.length > nd || nd > Long.SIZE) {
            return -1;
        }
        int kept = nd - dim.length;
        long seen = 0;
        for (long d : dim) {
            long wrapped = d < 0 ? d + nd : d;
            if (wrapped < kept || wrapped >= nd || (seen & (1L << wrapped)) != 0) {
                return -1;
            }
            seen |= 1L << wrapped;
        }
        return kept;
    }

    /**
     * How many leading dims {@code dim} names when it is exactly the first k dims (each once, in any order,
     * negative or not) with {@code 0 < k < dim()}; 0 otherwise.
     */
    private static int leadingReducedDims(Tensor self, long[] dim) {
        int nd = self.dim();
        if (dim == null || dim.length == 0 || dim.length >= nd || nd > Long.SIZE) {
            return 0;
        }
        long seen = 0;
        for (long d : dim) {
            long wrapped = d < 0 ? d + nd : d;
            if (wrapped < 0 || wrapped >= dim.length || (seen & (1L << wrapped)) != 0) {
                return 0;
            }
            seen |= 1L << wrapped;
        }
        return dim.length;
    }

    /**
     * The sum (or mean, {@code count} >= 0) over the outermost dims: {@code rows} rows of {@code row}
     * contiguous elements added row by row into zeroed accumulators of the output's arithmetic (double
     * for floating dtypes, long for integral ones), as the general loop adds them.
     */
    private static void sumRows(Tensor self, int rows, int row, Tensor result, long count) {
        if (self.numel() > Parallel.GRAIN_SIZE) {
            // columns are independent and each is added row by row whatever the chunking: the serial bits
            Parallel.parallelFor(0, row, Math.max(1, Parallel.GRAIN_SIZE / rows),
                    (begin, end) -> sumColumns(self, rows, row, result, count, (int) begin, (int) end));
        } else {
            sumColumns(self, rows, row, result, count, 0, row);
        }
    }

    /** Columns {@code [begin, end)} of {@link #sumRows}. */
    private static void sumColumns(Tensor self, int rows, int row, Tensor result, long count, int begin, int end) {
        Storage in = self.storage();
        Storage to = result.storage();
        int from = (int) self.storageOffset() + begin;
        int base = (int) result.storageOffset() + begin;
        int width = end - begin;
        switch (self.dtype()) {
            case Float32: {
                float[] x = in.floats();
                double[] acc = new double[width];
                for (int r = 0, i = from; r < rows; r++, i += row) {
                    for (int k = 0; k < width; k++) {
                        acc[k] += x[i + k];
                    }
                }
                float[] o = to.floats();
                for (int k = 0; k < width; k++) {
                    float v = (float) acc[k];
                    o[base + k] = count < 0 ? v : v / (float) count;
                }
                break;
            }
            case Float64: {
                double[] x = in.doubles();
                double[] o = to.doubles();
                java.util.Arrays.fill(o, base, base + width, 0.0);
                for (int r = 0, i = from; r < rows; r++, i += row) {
                    for (int k = 0; k < width; k++) {
                        o[base + k] += x[i + k];
                    }
                }
                if (count >= 0) {
                    for (int k = 0; k < width; k++) {
                        o[base + k] = o[base + k] / (double) count;
                    }
                }
                break;
            }
            case Int64: {
                long[] x = in.longs();
                long[] o = to.longs();
                java.util.Arrays.fill(o, base, base + width, 0L);
                for (int r = 0, i = from; r < rows; r++, i += row) {
                    for (int k = 0; k < width; k++) {
                        o[base + k] += x[i + k];
                    }
                }
                break;
            }
            default: {
                int[] x = in.ints();
                long[] o = to.longs();
                java.util.Arrays.fill(o, base, base + width, 0L);
                for (int r = 0, i = from; r < rows; r++, i += row) {
                    for (int k = 0; k < width; k++) {
                        o[base + k] += x[i + k];
                    }
                }
            }
        }
    }

    /** The number of output elements: the product of the kept dims. */
    private static long outerCount(Tensor self, int kept) {
        long n = 1;
        for (int d = 0; d < kept; d++) {
            n *= self.size(d);
        }
        return n;
    }

    /**
     * The result's rank and sizes: the first {@code kept} dims of self (with keepdim, then the reduced ones
     * as 1), or, when {@code reducedLeading} > 0, self's dims after the first {@code reducedLeading} (with
     * keepdim, after as many 1s).
     */
    private static int resultDim(Tensor self, int kept, int reducedLeading, boolean keepdim) {
        return keepdim ? self.dim() : reducedLeading > 0 ? self.dim() - reducedLeading : kept;
    }

    private static long resultSize(Tensor self, int d, int kept, int reducedLeading, boolean keepdim) {
        int source = keepdim ? d : d + reducedLeading;
        boolean reduced = reducedLeading > 0 ? source < reducedLeading : source >= kept;
        return reduced ? 1 : self.size(source);
    }

    private static long[] resultSizes(Tensor self, int kept, int reducedLeading, boolean keepdim) {
        int dim = resultDim(self, kept, reducedLeading, keepdim);
        if (dim == 0) {
            return NO_SIZES; // a full reduction's 0-dim result allocates no sizes
        }
        long[] sizes = new long[dim];
        for (int d = 0; d < sizes.length; d++) {
            sizes[d] = resultSize(self, d, kept, reducedLeading, keepdim);
        }
        return sizes;
    }

    private static Tensor allocate(Tensor self, int kept, int reducedLeading, boolean keepdim, ScalarType resultType) {
        long[] sizes = resultSizes(self, kept, reducedLeading, keepdim);
        return new Tensor(Storage.allocate(resultType, TensorGeometry.numel(sizes)), sizes);
    }

    /** {@code out} when it already is the result's shape, contiguous on the CPU and apart from self; else null. */
    private static Tensor checkedOut(Tensor out, Tensor self, int kept, int reducedLeading, boolean keepdim) {
        if (out.device().type() != DeviceType.CPU || !out.isContiguous() || out.storage() == self.storage()
                || out.dim() != resultDim(self, kept, reducedLeading, keepdim)) {
            return null;
        }
        for (int d = 0; d < out.dim(); d++) {
            if (out.size(d) != resultSize(self, d, kept, reducedLeading, keepdim)) {
                return null;
            }
        }
        return out;
    }
}
