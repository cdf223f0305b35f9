package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * median, nanmedian, kthvalue and mode along a dim (and median and nanmedian of all elements), as PyTorch 1.13's
 * Sorting.cpp defines them: the k-th smallest value of each slice, NaN above every number; median is the lower
 * of the two middle values, NaN when the slice has one (with the index of its first NaN), nanmedian that of the
 * values that are not NaN; mode the most frequent value (the smallest of equally frequent ones) with its last
 * index. Each is read from a stable sort of the slice; the values are gathered from self, so autograd passes
 * the gradient to the selected index, as PyTorch's value_selecting_reduction_backward does.
 *
 * <p>Among equal values PyTorch's index is whatever {@code std::nth_element} leaves there (its documentation
 * says it is not necessarily the first occurrence); here it is the k-th of the stable sort, so for a slice with
 * ties the index may differ from PyTorch's while the value is the same.
 */
public final class OrderStatistics implements OrderStatisticsDeclarations {

    @Override
    public Tensor median(Tensor self) {
        checkDtype(self, "median_cpu");
        if (self.numel() == 0) {
            return Torch.full(new long[0], Scalar.of(Double.NaN), self.dtype(), null, self.device(), null);
        }
        return Torch.median(self.reshape(new long[] {-1}), 0, false)[0];
    }

    @Override
    public Tensor[] median(Tensor self, long dim, boolean keepdim) {
        checkDtype(self, "median_out"); // along a dim ATen runs median's out= kernel, and names it
        return select(self, dim, keepdim, "median", Position.MEDIAN, 0);
    }

    @Override
    public Tensor nanmedian(Tensor self) {
        checkDtype(self, "nanmedian_cpu");
        if (self.numel() == 0) {
            return Torch.full(new long[0], Scalar.of(Double.NaN), self.dtype(), null, self.device(), null);
        }
        return Torch.nanmedian(self.reshape(new long[] {-1}), 0, false)[0];
    }

    @Override
    public Tensor[] nanmedian(Tensor self, long dim, boolean keepdim) {
        checkDtype(self, "median_out"); // nanmedian along a dim shares median's kernel, and its messages
        return select(self, dim, keepdim, "median", Position.NANMEDIAN, 0);
    }

    @Override
    public Tensor[] kthvalue(Tensor self, long k, long dim, boolean keepdim) {
        int d = self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim());
        checkReducible(self.dim() == 0 ? self.unsqueeze(0) : self, d, "kthvalue");
        long size = self.dim() == 0 ? 1 : self.size(d);
        if (k < 1 || k > size) {
            throw new IndexOutOfBoundsException("kthvalue(): selected number k out of range for dimension " + d);
        }
        checkDtype(self, "kthvalue_cpu"); // ATen's dispatch over dtypes comes after its checks of dim and k
        return select(self, dim, keepdim, "kthvalue", Position.KTH, k - 1);
    }

    @Override
    public Tensor[] mode(Tensor self, long dim, boolean keepdim) {
        int d = self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim());
        Tensor x = self.dim() == 0 ? self.unsqueeze(0) : self;
        checkReducible(x, d, "mode");
        Tensor[] sorted = Torch.sort(x, Boolean.TRUE, d, false);
        Tensor values = sorted[0].movedim(d, -1).contiguous();
        Tensor order = sorted[1].movedim(d, -1).contiguous();
        int n = (int) x.size(d);
        long[] idx = order.toLongArray();
        long[] best = new long[n == 0 ? 0 : idx.length / n];
        boolean integral = !x.dtype().isFloatingPoint();
        long[] asLongs = integral ? values.toLongArray() : null;
        double[] asDoubles = integral ? null : values.toDoubleArray();
        for (int s = 0; s < best.length; s++) {
            int base = s * n;
            int bestCount = 0;
            long bestIndex = 0;
            for (int i = 0; i < n; ) {
                int j = i;
                long last = idx[base + i];
                while (j + 1 < n && (integral ? asLongs[base + j + 1] == asLongs[base + i]
                        : asDoubles[base + j + 1] == asDoubles[base + i])) {
                    j++;
                    last = Math.max(last, idx[base + j]);
                }
                int count = j - i + 1;
                if (count > bestCount) { // strictly more: the smallest of equally frequent values wins
                    bestCount = count;
                    bestIndex = Math.max(last, idx[base + i]);
                }
                i = j + 1;
            }
            best[s] = bestIndex;
        }
        // the slices run in the row-major order of the other dims, which is that of the reduced shape
        Tensor indices = Torch.tensor(best, reducedSizes(x, d));
        return gathered(self, x, d, indices, keepdim);
    }

    /** Where each slice's value lies in its stable ascending sort. */
    private enum Position { MEDIAN, NANMEDIAN, KTH }

    private static Tensor[] select(Tensor self, long dim, boolean keepdim, String op, Position position, long k) {
        int d = self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim());
        Tensor x = self.dim() == 0 ? self.unsqueeze(0) : self;
        checkReducible(x, d, op);
        Tensor[] sorted = Torch.sort(x, Boolean.TRUE, d, false);
        long n = x.size(d);
        Tensor at;
        if (position == Position.KTH) {
            at = Torch.full(reducedSizes(x, d), Scalar.of(k), ScalarType.Int64, null, x.device(), null);
        } else {
            // NaN sorts last: the slice's numbers are its first (n - nans) sorted values
            Tensor nans = x.dtype().isFloatingPoint()
                    ? Torch.sum(Torch.isnan(x), new long[] {d}, true, null)
                    : Torch.zeros(reducedSizes(x, d), ScalarType.Int64, null, x.device());
            Tensor numbers = Torch.rsub(nans, Scalar.of(n), Scalar.of(1));
            if (position == Position.MEDIAN) {
                // the lower middle of the numbers, or the first NaN
                Tensor middle = Torch.floor_divide(Torch.sub(numbers, Scalar.of(1), Scalar.of(1)), Scalar.of(2));
                at = Torch.where(nans.gt(Scalar.of(0)), numbers, middle);
            } else {
                Tensor middle = Torch.floor_divide(Torch.sub(numbers, Scalar.of(1), Scalar.of(1)), Scalar.of(2));
                at = Torch.clamp(middle, Scalar.of(0), null); // all NaN: the first of them
            }
        }
        Tensor indices = sorted[1].gather(d, at, false);
        return gathered(self, x, d, indices, keepdim);
    }

    /** The values at the chosen indices, gathered from self (so autograd reaches them), with keepdim applied. */
    private static Tensor[] gathered(Tensor self, Tensor x, int d, Tensor indices, boolean keepdim) {
        Tensor values = x.gather(d, indices, false);
        if (self.dim() == 0) {
            return new Tensor[] {values.squeeze(0), indices.squeeze(0)};
        }
        if (!keepdim) {
            values = values.squeeze(d);
            indices = indices.squeeze(d);
        }
        return new Tensor[] {values, indices};
    }

    private static long[] reducedSizes(Tensor x, int d) {
        long[] sizes = x.sizes().clone();
        sizes[d] = 1;
        return sizes;
    }

    private static void checkReducible(Tensor x, int d, String op) {
        if (x.size(d) == 0 && x.numel() == 0 && hasOtherElements(x, d)) {
            throw new IndexOutOfBoundsException(op + "(): Expected reduction dim " + d + " to have non-zero size.");
        }
    }

    /** True when the dims other than d are all non-empty (ATen refuses a reduction over an empty dim then). */
    private static boolean hasOtherElements(Tensor x, int d) {
        for (int i = 0; i < x.dim(); i++) {
            if (i != d && x.size(i) == 0) {
                return false;
            }
        }
        return true;
    }

    private static void checkDtype(Tensor self, String kernel) {
        if (self.dtype() == ScalarType.Bool) {
            throw Elementwise.notImplemented(kernel, self.dtype());
        }
    }
}
