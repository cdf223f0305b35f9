package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.TypeMetaNames;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * unique (sorted) and unique_consecutive, bincount, searchsorted and bucketize, tril_indices and triu_indices,
 * as PyTorch 1.13 defines them, with its checks and messages. Their results are indices and counts, so none is
 * differentiable (unique's values are not recorded either, as in PyTorch).
 */
public final class Counting implements CountingDeclarations {

    /**
     * The sorted distinct elements, with the index of each element's value in them ({@code return_inverse}, else an
     * empty int64 tensor) and each value's count ({@code return_counts}). {@code sorted=false} also sorts: PyTorch's
     * CPU order is then that of a hash set, which it does not specify.
     */
    @Override
    public Tensor[] _unique2(Tensor self, boolean sorted, boolean returnInverse, boolean returnCounts) {
        if (!self.dtype().isFloatingPoint() && !self.isMeta()) {
            Tensor[] counted = UniqueIntegers.byCounting(self, returnInverse, returnCounts);
            if (counted != null) {
                return counted;
            }
        }
        Tensor flat = self.reshape(new long[] {-1});
        Tensor[] order = Torch.sort(flat, Boolean.TRUE, 0, false);
        return runs(self, order[0], order[1], returnInverse, returnCounts);
    }

    /**
     * Runs of equal neighbouring elements of the flattened tensor, in order; with a dim (of a tensor of more than
     * one dim), runs of equal neighbouring slices along it ({@link #unique_dim_consecutive}).
     */
    @Override
    public Tensor[] unique_consecutive(Tensor self, boolean returnInverse, boolean returnCounts, Long dim) {
        if (dim != null && !(dim == 0 && self.dim() == 1)) {
            return Torch.unique_dim_consecutive(self, dim, returnInverse, returnCounts);
        }
        Tensor flat = self.reshape(new long[] {-1});
        Tensor identity = Torch.arange(org.jitdispatch.runtime.Scalar.of(flat.numel()), ScalarType.Int64, null, null, null);
        return runs(self, flat, identity, returnInverse, returnCounts);
    }

    /**
     * The distinct slices of self along dim, sorted lexicographically (ATen's _unique_dim_cpu_template), each
     * slice's index among them and each one's count; the inverse and the counts are computed whatever the flags say,
     * as ATen computes them, and {@code sorted} is ignored (the result is always sorted).
     */
    @Override
    public Tensor[] unique_dim(Tensor self, long dim, boolean sorted, boolean returnInverse, boolean returnCounts) {
        return uniqueSlices(self, dim, false);
    }

    /** Runs of equal neighbouring slices of self along dim: the first of each, each slice's run, each run's length. */
    @Override
    public Tensor[] unique_dim_consecutive(Tensor self, long dim, boolean returnInverse, boolean returnCounts) {
        return uniqueSlices(self, dim, true);
    }

    private static Tensor[] uniqueSlices(Tensor self, long dim, boolean consecutive) {
        if (self.dtype() == ScalarType.Float16) {
            throw Elementwise.notImplemented("unique_dim", self.dtype());
        }
        int d = TensorGeometry.wrapDim(dim, self.dim());
        if (self.dim() == 0) {
            throw new IndexOutOfBoundsException("Dimension specified as " + d + " but tensor has no dimensions");
        }
        long[] sizes = self.sizes();
        int zeroDims = 0;
        for (long size : sizes) {
            zeroDims += size == 0 ? 1 : 0;
        }
        if (sizes[d] == 0) {
            if (zeroDims != 1) {
                throw new IllegalArgumentException(
                        "Number of zero sized dimensions is more than one, so unique cannot be applied ");
            }
            Tensor none = Torch.empty(new long[] {0}, ScalarType.Int64, null, self.device(), null, null);
            return new Tensor[] {Torch.empty(sizes, self.dtype(), null, self.device(), null, null), none, none.clone()};
        }
        if (zeroDims != 0) {
            throw new IllegalArgumentException(
                    "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
        }
        Tensor moved = Torch.movedim(self, d, 0).contiguous();
        int rows = (int) sizes[d];
        int width = (int) (moved.numel() / rows);
        Tensor flat = moved.reshape(new long[] {rows, width});
        boolean integral = !self.dtype().isFloatingPoint();
        long[] longs = integral ? flat.to(ScalarType.Int64).toLongArray() : null;
        double[] doubles = integral ? null : flat.toDoubleArray();
        Integer[] order = new Integer[rows];
        for (int i = 0; i < rows; i++) {
            order[i] = i;
        }
        if (!consecutive) {
            Arrays.sort(order, (a, b) -> integral ? compareRows(longs, a, b, width) : compareRows(doubles, a, b, width));
        }
        long[] firsts = new long[rows];
        long[] counts = new long[rows];
        long[] inverse = new long[rows];
        int distinct = 0;
        for (int i = 0; i < rows; i++) {
            int row = order[i];
            boolean same = i > 0 && (integral ? sameRows(longs, row, order[i - 1], width)
                    : sameRows(doubles, row, order[i - 1], width));
            if (!same) {
                firsts[distinct++] = row;
            }
            counts[distinct - 1]++;
            inverse[row] = distinct - 1;
        }
        Tensor take = Tensor.FACTORY.fromArray(Arrays.copyOf(firsts, distinct), distinct);
        long[] outSizes = Torch.movedim(self, d, 0).sizes();
        outSizes[0] = distinct;
        Tensor output = Torch.movedim(flat.index_select(0, take).reshape(outSizes), 0, d);
        return new Tensor[] {output, Tensor.FACTORY.fromArray(inverse, rows),
            Tensor.FACTORY.fromArray(Arrays.copyOf(counts, distinct), distinct)};
    }

    /**
     * Lexicographic order of two rows by {@code <}, as ATen's comparator (so -0.0 and 0.0 are equal), with NaN after
     * every number so that the order is total (ATen's sort leaves rows with NaN wherever it happens to).
     */
    private static int compareRows(double[] v, int a, int b, int width) {
        for (int i = 0; i < width; i++) {
            double x = v[a * width + i];
            double y = v[b * width + i];
            if (x < y) {
                return -1;
            }
            if (x > y) {
                return 1;
            }
            boolean xNaN = x != x;
            if (xNaN != (y != y)) {
                return xNaN ? 1 : -1;
            }
        }
        return 0;
    }

    private static int compareRows(long[] v, int a, int b, int width) {
        for (int i = 0; i < width; i++) {
            int c = Long.compare(v[a * width + i], v[b * width + i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Whether two rows are equal element by element (at::equal: NaN equals nothing). */
    private static boolean sameRows(double[] v, int a, int b, int width) {
        for (int i = 0; i < width; i++) {
            if (!(v[a * width + i] == v[b * width + i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameRows(long[] v, int a, int b, int width) {
        for (int i = 0; i < width; i++) {
            if (v[a * width + i] != v[b * width + i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The distinct runs of {@code values} (each element's position in self given by {@code positions}): the first
     * value of each run, each position's run, each run's length.
     */
    private static Tensor[] runs(Tensor self, Tensor values, Tensor positions, boolean returnInverse,
            boolean returnCounts) {
        int n = Math.toIntExact(values.numel());
        boolean integral = !values.dtype().isFloatingPoint();
        long[] asLongs = integral ? values.contiguous().toLongArray() : null;
        double[] asDoubles = integral ? null : values.contiguous().toDoubleArray();
        long[] where = positions.contiguous().toLongArray();
        long[] firsts = new long[n];
        long[] counts = new long[n];
        long[] inverse = new long[n];
        int runCount = 0;
        for (int i = 0; i < n; i++) {
            boolean same = i > 0 && (integral ? asLongs[i] == asLongs[i - 1] : asDoubles[i] == asDoubles[i - 1]);
            if (!same) {
                firsts[runCount++] = i;
            }
            counts[runCount - 1]++;
            inverse[(int) where[i]] = runCount - 1;
        }
        Tensor take = Tensor.FACTORY.fromArray(Arrays.copyOf(firsts, runCount), runCount);
        Tensor output = values.index_select(0, take);
        Tensor inv = returnInverse ? Tensor.FACTORY.fromArray(inverse, inverse.length).reshape(self.sizes())
                : Torch.empty(new long[] {0}, ScalarType.Int64, null, self.device(), null, null);
        Tensor cnt = returnCounts ? Tensor.FACTORY.fromArray(Arrays.copyOf(counts, runCount), runCount)
                : Torch.empty(new long[] {0}, ScalarType.Int64, null, self.device(), null, null);
        return new Tensor[] {output, inv, cnt};
    }

    /**
     * How often each value 0..max occurs in a 1-d tensor of non-negative integers, or the sum of its weights
     * (float32 weights give float32 sums, other weights float64); at least {@code minlength} bins.
     */
    @Override
    public Tensor bincount(Tensor self, Tensor weights, long minlength) {
        if (!self.dtype().isIntegral(false)) {
            throw Elementwise.notImplemented("bincount_cpu", self.dtype());
        }
        if (minlength < 0) {
            throw new IllegalArgumentException("minlength should be >= 0");
        }
        if (self.dim() == 1 && self.numel() == 0) {
            return Torch.zeros(new long[] {minlength}, ScalarType.Int64, null, self.device());
        }
        long[] values = self.dim() == 1 ? self.toLongArray() : null;
        if (values == null || Arrays.stream(values).anyMatch(v -> v < 0)) {
            throw new IllegalArgumentException("bincount only supports 1-d non-negative integral inputs.");
        }
        if (weights != null && (weights.dim() != 1 || weights.numel() != self.numel())) {
            throw new IllegalArgumentException("weights should be 1-d and have the same length as input");
        }
        long bins = Math.max(saturatedSum(Arrays.stream(values).max().getAsLong(), 1), minlength);
        // allocated as storages, so a count beyond what the heap holds is refused with the allocator's message
        Storage bincounts = Storage.allocate(weights == null ? ScalarType.Int64 : ScalarType.Float64, bins);
        int size = (int) bins;
        if (weights == null) {
            long[] counts = (long[]) bincounts.data();
            for (long v : values) {
                counts[(int) v]++;
            }
            return wrap(bincounts, size);
        }
        double[] w = weights.toDoubleArray();
        double[] sums = (double[]) bincounts.data();
        for (int i = 0; i < values.length; i++) {
            sums[(int) values[i]] += w[i];
        }
        Tensor result = wrap(bincounts, size);
        return weights.dtype() == ScalarType.Float32 ? result.to(ScalarType.Float32) : result;
    }

    /** The storage itself as a 1-d tensor: no copy, which could be more than the heap holds. */
    private static Tensor wrap(Storage storage, long size) {
        return Tensor.FACTORY.wrap(storage, new long[] {size}, new long[] {1}, 0);
    }

    // ---------------------------------------------------------------- histc

    /**
     * {@code bins} equal bins over [min, max] (the data's own range when both are 0, widened by 1 each way when
     * that is one value), each counting the elements in it; max itself falls in the last bin, elements outside
     * the range in none (NaN in the first, as 1.13 counts it). The bin of x is {@code (x - min) * bins / (max - min)} in the input's dtype, as
     * ATen's linear interpolation computes it.
     */
    @Override
    public Tensor histc_out(Tensor self, long bins, org.jitdispatch.runtime.Scalar min, org.jitdispatch.runtime.Scalar max,
            Tensor out) {
        if (self.dtype() != out.dtype()) { // histogramdd_prepare_out's check comes first
            throw new IllegalArgumentException("torch.histogram: input tensor and hist tensor should have the same dtype,"
                    + " but got input " + TypeMetaNames.of(self.dtype()) + " and hist " + TypeMetaNames.of(out.dtype()));
        }
        return ResultIntoOut.copy(histc(self, bins, min, max), out);
    }

    @Override
    public Tensor histc(Tensor self, long bins, org.jitdispatch.runtime.Scalar min, org.jitdispatch.runtime.Scalar max) {
        if (bins <= 0) {
            throw new IllegalArgumentException("torch.histogram(): bins must be > 0, but got " + bins + " for dimension 0");
        }
        boolean single = self.dtype() == ScalarType.Float32 || self.dtype() == ScalarType.Float16
                || self.dtype() == ScalarType.BFloat16;
        double[] values = self.toDoubleArray();
        double lo = min.toDouble();
        double hi = max.toDouble();
        if (lo == hi && values.length > 0) {
            lo = Double.POSITIVE_INFINITY;
            hi = Double.NEGATIVE_INFINITY;
            for (double v : values) {
                lo = Double.isNaN(v) || Double.isNaN(lo) ? Double.NaN : Math.min(lo, v);
                hi = Double.isNaN(v) || Double.isNaN(hi) ? Double.NaN : Math.max(hi, v);
            }
        }
        if (single) {
            lo = (float) lo;
            hi = (float) hi;
        }
        if (lo == hi) {
            lo -= 1;
            hi += 1;
        }
        if (lo > hi) {
            throw new IllegalArgumentException("torch.histc: max must be larger than min");
        }
        if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
            throw new IllegalArgumentException("torch.histc: range of [" + RangeFactories.formatDouble(lo) + ", "
                    + RangeFactories.formatDouble(hi) + "] is not finite");
        }
        if (!self.dtype().isFloatingPoint()) {
            // 1.13 checks bins and the range first; then the bin edges (linspace) or the kernel refuse the dtype
            throw Elementwise.notImplemented(self.dtype() == ScalarType.Bool ? "linspace_cpu" : "histogram_cpu",
                    self.dtype());
        }
        double[] counts = (double[]) Storage.allocate(ScalarType.Float64, bins).data(); // refuses absurd bin counts
        int n = counts.length;
        for (double v : values) {
            if (v < lo || v > hi) {
                continue; // NaN is not skipped: its bin is (long) NaN, 0, as PyTorch 1.13 counts it on x86
            }
            long pos = single ? (long) ((float) ((float) (v - lo) * (float) bins) / (float) (hi - lo))
                    : (long) ((v - lo) * bins / (hi - lo));
            counts[(int) Math.min(pos, n - 1)]++;
        }
        return Tensor.FACTORY.fromArray(counts, n).to(self.dtype());
    }

    // ---------------------------------------------------------------- searchsorted, bucketize

    @Override
    public Tensor searchsorted(Tensor sortedSequence, Tensor self, boolean outInt32, boolean right, String side,
            Tensor sorter) {
        boolean upper = checkSide(right, side);
        long[] boundaries = sortedSequence.sizes();
        long[] values = self.sizes();
        boolean oneD = sortedSequence.dim() == 1;
        if (self.dim() == 0 && !oneD) {
            throw new IllegalArgumentException("torch.searchsorted(): input value can be a scalar only when boundaries"
                    + " tensor dimension is 1, but we got boundaries tensor dim(" + sortedSequence.dim() + ") and input"
                    + " value's dim(0) numel(1)");
        }
        if (sortedSequence.dim() == 0) {
            throw new IllegalArgumentException("torch.searchsorted(): boundaries tensor should have positive dimension,"
                    + " but got 0 dimension");
        }
        if (!oneD && (sortedSequence.dim() != self.dim()
                || !Arrays.equals(Arrays.copyOf(boundaries, boundaries.length - 1), Arrays.copyOf(values, values.length - 1)))) {
            throw new IllegalArgumentException("torch.searchsorted(): boundaries tensor should be 1 dimension or the first"
                    + " N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries"
                    + " tensor " + Arrays.toString(boundaries) + " and input value tensor " + Arrays.toString(values));
        }
        if (sorter != null) {
            if (sorter.dtype() != ScalarType.Int64) {
                throw new IllegalArgumentException("torch.searchsorted(): sorter must be a tensor of long dtype but got"
                        + " dtype " + sorter.dtype().c10Name());
            }
            if (!Arrays.equals(sorter.sizes(), sortedSequence.sizes())) {
                throw new IllegalArgumentException("torch.searchsorted(): boundary and sorter must have the same size,"
                        + " but got boundary tensor " + Arrays.toString(sortedSequence.sizes()) + "and got sorter tensor "
                        + Arrays.toString(sorter.sizes()));
            }
        }
        Tensor sequence = sorter == null ? sortedSequence : sortedSequence.gather(-1, sorter, false);
        if (sequence.dtype() != self.dtype()) {
            // ATen's searchsorted_maybe_trim_input_tensors: both in their common dtype (a number beside an integer
            // sequence compares as a float, 2.5 is not 2)
            ScalarType common = org.jitdispatch.kernels.iter.ResultType.resultType(sequence, self);
            sequence = sequence.to(common);
            self = self.to(common);
        }
        return search(sequence, self, upper, outInt32, oneD);
    }

    @Override
    public Tensor searchsorted(Tensor sortedSequence, org.jitdispatch.runtime.Scalar self, boolean outInt32,
            boolean right, String side, Tensor sorter) {
        return Torch.searchsorted(sortedSequence, Elementwise.wrappedScalarTensor(self), outInt32, right, side, sorter);
    }

    /** searchsorted into out, which must be int32 with out_int32 and int64 without (no other dtype). */
    @Override
    public Tensor searchsorted_out(Tensor sortedSequence, Tensor self, boolean outInt32, boolean right, String side,
            Tensor sorter, Tensor out) {
        Tensor result = searchsorted(sortedSequence, self, outInt32, right, side, sorter);
        ScalarType dtype = out.dtype();
        if (!(dtype == ScalarType.Int64 && !outInt32 || dtype == ScalarType.Int32 && outInt32)) {
            throw new IllegalArgumentException("torch.searchsorted(): output tensor's dtype is wrong, it can only be"
                    + " Int(int32) or Long(int64) depending on whether out_int32 flag is True, but we got output tensor's"
                    + " dtype " + dtype.c10Name() + " and out_int32 flag is " + (outInt32 ? "True" : "False"));
        }
        return ResultIntoOut.copy(result, out);
    }

    @Override
    public Tensor bucketize_out(Tensor self, Tensor boundaries, boolean outInt32, boolean right, Tensor out) {
        if (boundaries.dim() != 1) {
            throw new IllegalArgumentException("boundaries tensor must be 1 dimension, but got dim(" + boundaries.dim()
                    + ")");
        }
        return Torch.searchsorted_out(out, boundaries, self, outInt32, right, null, null);
    }

    @Override
    public Tensor bucketize(Tensor self, Tensor boundaries, boolean outInt32, boolean right) {
        if (boundaries.dim() != 1) {
            throw new IllegalArgumentException("boundaries tensor must be 1 dimension, but got dim(" + boundaries.dim()
                    + ")");
        }
        return Torch.searchsorted(boundaries, self, outInt32, right, null, null);
    }

    @Override
    public Tensor bucketize(org.jitdispatch.runtime.Scalar self, Tensor boundaries, boolean outInt32, boolean right) {
        return Torch.bucketize(Elementwise.wrappedScalarTensor(self), boundaries, outInt32, right);
    }

    private static boolean checkSide(boolean right, String side) {
        if (side == null) {
            return right;
        }
        if (!side.equals("left") && !side.equals("right")) {
            throw new IllegalArgumentException("torch.searchsorted(): side can only be 'left' or 'right' but got " + side);
        }
        if (right && side.equals("left")) {
            throw new IllegalArgumentException("torch.searchsorted(): side and right can't be set to opposites, got side"
                    + " of left while right was True");
        }
        return side.equals("right");
    }

    /** For each value, the first boundary above it ({@code upper}) or at or above it, in the value's row. */
    private static Tensor search(Tensor sequence, Tensor self, boolean upper, boolean outInt32, boolean oneD) {
        double[] bounds = sequence.contiguous().toDoubleArray();
        double[] values = self.contiguous().toDoubleArray();
        int rowLength = (int) sequence.size(-1);
        int valuesPerRow = self.dim() == 0 ? 1 : (int) self.size(-1);
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            int base = oneD || valuesPerRow == 0 ? 0 : (i / valuesPerRow) * rowLength;
            double v = values[i];
            int lo = 0;
            int hi = rowLength;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                double b = bounds[base + mid];
                // ATen's cus_upper_bound and cus_lower_bound: a comparison with NaN is false, so the search
                // passes over a NaN boundary and a NaN value goes past every boundary
                boolean goRight = upper ? !(b > v) : !(b >= v);
                if (goRight) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            out[i] = lo;
        }
        Tensor result = Tensor.FACTORY.fromArray(out, out.length).reshape(self.sizes());
        return outInt32 ? result.to(ScalarType.Int32) : result;
    }

    // ---------------------------------------------------------------- tril_indices, triu_indices

    @Override
    public Tensor tril_indices(long row, long col, long offset, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        return triangle(row, col, offset, dtype, device, true);
    }

    @Override
    public Tensor triu_indices(long row, long col, long offset, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        return triangle(row, col, offset, dtype, device, false);
    }

    /** ATen's get_tril_size: the elements of a row x col lower triangle with diagonal offset, in closed form. */
    private static long trilSize(long row, long col, long offset) {
        if (row == 0 || col == 0) {
            return 0;
        }
        long rowPlusOffset = saturatedSum(row, offset);
        long firstRow = offset > 0 ? Math.min(col, saturatedSum(1, offset)) : (rowPlusOffset > 0 ? 1 : 0);
        long lastRow = Math.max(0, Math.min(col, rowPlusOffset));
        long rows = Math.max(0, Math.min(row, rowPlusOffset));
        long trapezoidRows = lastRow - firstRow + 1;
        long size = Math.multiplyExact(firstRow + lastRow, trapezoidRows) >> 1;
        long rectangleRows = rows - trapezoidRows;
        if (rectangleRows > 0) {
            size = Math.addExact(size, Math.multiplyExact(rectangleRows, col));
        }
        return size;
    }

    /** a + b, or Long.MAX_VALUE / MIN_VALUE where it overflows (only compared with sizes here). */
    private static long saturatedSum(long a, long b) {
        long sum = a + b;
        if (((a ^ sum) & (b ^ sum)) < 0) {
            return a > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
        return sum;
    }

    /** The (row, col) coordinates, row by row, of the lower (col - row <= offset) or upper (>= offset) triangle. */
    private static Tensor triangle(long row, long col, long offset, ScalarType dtype, Device device, boolean lower) {
        if (row < 0) {
            throw new IllegalArgumentException("row must be non-negative, got" + row);
        }
        if (col < 0) {
            throw new IllegalArgumentException("col must be non-negative, got" + col);
        }
        ScalarType type = dtype == null ? ScalarType.Int64 : dtype;
        if (type != ScalarType.Int64 && type != ScalarType.Int32) {
            throw Elementwise.notImplemented(lower ? "tril_indices" : "triu_indices", type);
        }
        // beyond [-row, col] the offset selects no more and no fewer elements
        long o = Math.max(-row, Math.min(col, offset));
        long count;
        try {
            count = lower ? trilSize(row, col, o) : Math.subtractExact(Math.multiplyExact(row, col), trilSize(row, col, o - 1));
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException((lower ? "tril" : "triu") + "_indices: a " + row + " x " + col
                    + " matrix has more elements than a tensor can hold");
        }
        Storage storage = Storage.allocate(ScalarType.Int64, 2 * count); // refuses an absurd size
        long[] coords = (long[]) storage.data();
        int n = (int) count;
        int k = 0;
        // rows before the first one with an element (lower) or from the first one without (upper) add nothing
        for (long r = lower ? Math.max(0, -o) : 0; r < row && k < n; r++) {
            long from = lower ? 0 : Math.max(0, r + o);
            long to = lower ? Math.min(col, r + o + 1) : col;
            for (long c = from; c < to; c++) {
                coords[k] = r;
                coords[n + k] = c;
                k++;
            }
        }
        Tensor result = Tensor.FACTORY.fromArray(coords, 2, n).to(type);
        return device == null ? result : result.to(null, null, device, null, false, false, null);
    }
}
