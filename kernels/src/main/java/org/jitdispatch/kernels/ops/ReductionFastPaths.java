package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.reduce.Reduction;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * The CPU fast paths of sum and mean over dims ({@code cpu_fast_path} in ops.yaml): a contiguous CPU
 * tensor reduced over all its dims, or over its innermost dims, is a row of contiguous runs, each summed by
 * {@link Reduction#runSum} exactly as the general reduction sums it (the general loop over such a tensor
 * is the same runs, with the same four partial sums, added to a zero accumulator). No reduction plan,
 * mask or accumulator array is built, and the result is the only allocation.
 *
 * <p>Taken: self contiguous on the CPU with at least one element; dims absent, empty (all) or exactly the
 * last k dims in any order; dtypes float32 and float64 reduced in their own dtype, int64 and int32 summed
 * into int64 (mean: floating only); out= of exactly the result's sizes and dtype, contiguous, and sharing
 * no storage with self. Every other call, including every call the general path would refuse or warn
 * about, returns null having touched nothing.
 */
public final class ReductionFastPaths implements ReductionFastPathsDeclarations {

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
        if (kept < 0) {
            return null;
        }
        Tensor result = out == null ? allocate(self, kept, keepdim, resultType) : checkedOut(out, self, kept, keepdim);
        if (result == null) {
            return null;
        }
        int inner = Math.toIntExact(self.numel() / outerCount(self, kept));
        long count = mean ? inner : -1;
        Storage in = self.storage();
        Storage to = result.storage();
        int from = (int) self.storageOffset();
        int base = (int) result.storageOffset();
        int rows = Math.toIntExact(result.numel());
        switch (self.dtype()) {
            case Float32: {
                float[] x = in.floats();
                float[] o = to.floats();
                for (int r = 0; r < rows; r++) {
                    float v = (float) Reduction.runSum(x, from + r * inner, 1, inner);
                    o[base + r] = count < 0 ? v : v / (float) count;
                }
                break;
            }
            case Float64: {
                double[] x = in.doubles();
                double[] o = to.doubles();
                for (int r = 0; r < rows; r++) {
                    double v = Reduction.runSum(x, from + r * inner, 1, inner);
                    o[base + r] = count < 0 ? v : v / (double) count;
                }
                break;
            }
            case Int64: {
                long[] x = in.longs();
                long[] o = to.longs();
                for (int r = 0; r < rows; r++) {
                    o[base + r] = Reduction.runSum(x, from + r * inner, 1, inner);
                }
                break;
            }
            default: {
                int[] x = in.ints();
                long[] o = to.longs();
                for (int r = 0; r < rows; r++) {
                    o[base + r] = Reduction.runSum(x, from + r * inner, 1, inner);
                }
            }
        }
        return result;
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

    /** The number of output elements: the product of the kept dims. */
    private static long outerCount(Tensor self, int kept) {
        long n = 1;
        for (int d = 0; d < kept; d++) {
            n *= self.size(d);
        }
        return n;
    }

    private static Tensor allocate(Tensor self, int kept, boolean keepdim, ScalarType resultType) {
        int nd = self.dim();
        long[] sizes = new long[keepdim ? nd : kept];
        for (int d = 0; d < sizes.length; d++) {
            sizes[d] = d < kept ? self.size(d) : 1;
        }
        return new Tensor(Storage.allocate(resultType, TensorGeometry.numel(sizes)), sizes);
    }

    /** {@code out} when it already is the result's shape, contiguous on the CPU and apart from self; else null. */
    private static Tensor checkedOut(Tensor out, Tensor self, int kept, boolean keepdim) {
        int nd = self.dim();
        if (out.device().type() != DeviceType.CPU || !out.isContiguous() || out.storage() == self.storage()
                || out.dim() != (keepdim ? nd : kept)) {
            return null;
        }
        for (int d = 0; d < out.dim(); d++) {
            if (out.size(d) != (d < kept ? self.size(d) : 1)) {
                return null;
            }
        }
        return out;
    }
}
