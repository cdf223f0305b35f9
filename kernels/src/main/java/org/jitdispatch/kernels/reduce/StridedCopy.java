package org.jitdispatch.kernels.reduce;

import java.util.Arrays;
import org.jitdispatch.kernels.parallel.ParallelArrays;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;

/**
 * Element-wise copies between tensors of the same sizes and any strides, converting between dtypes the
 * way C++'s {@code static_cast} does (as ATen's copy_ does): floating to integral truncates toward zero,
 * anything to bool is "not zero". What the reductions and matrix products need until copy_ is an
 * operator of its own; meta tensors have no data, so copies to or from them do nothing.
 */
public final class StridedCopy {
    private StridedCopy() {
    }

    /** Copies {@code src} into {@code dst} (same sizes), converting to dst's dtype. */
    public static void copy(TensorImpl src, TensorImpl dst) {
        if (!src.sameSizes(dst)) {
            throw new IllegalArgumentException("copy: sizes " + Arrays.toString(src.sizes()) + " and "
                    + Arrays.toString(dst.sizes()) + " differ");
        }
        if (src.isMeta() || dst.isMeta() || dst.numel() == 0) {
            return;
        }
        Storage s = src.storage();
        Storage d = dst.storage();
        if (src.dtype() == dst.dtype() && src.isContiguous() && dst.isContiguous()) {
            ParallelArrays.copy(s.data(), (int) src.storageOffset(), d.data(), (int) dst.storageOffset(), (int) src.numel());
            return;
        }
        boolean floating = src.dtype().isFloatingPoint();
        boolean typed = src.dtype() == dst.dtype()
                || src.dtype() == ScalarType.Float64 && dst.dtype() == ScalarType.Float32;
        // both in row-major order, each row a counted loop: no per-element offset arrays
        RowWalk rows = new RowWalk(dst.sizes(), src.strides(), src.storageOffset(), dst.strides(), dst.storageOffset());
        while (rows.next()) {
            if (typed) {
                copyRow(s.data(), (int) rows.a(), rows.aStep(), d.data(), (int) rows.b(), rows.bStep(), rows.length());
            } else {
                long f = rows.a();
                long t = rows.b();
                for (int k = 0; k < rows.length(); k++, f += rows.aStep(), t += rows.bStep()) {
                    if (floating) {
                        d.setDouble(t, s.getDouble(f));
                    } else {
                        d.setLong(t, s.getLong(f));
                    }
                }
            }
        }
    }

    /**
     * Copies the elements of a {@code sizes} shape between two arrays of one type, read at {@code srcStrides} from
     * {@code srcOffset} (strides may be negative: a flipped read) and written at {@code dstStrides} from
     * {@code dstOffset}, row by row.
     */
    public static void copyStrided(Object src, long srcOffset, long[] srcStrides, Object dst, long dstOffset,
            long[] dstStrides, long[] sizes) {
        RowWalk rows = new RowWalk(sizes, srcStrides, srcOffset, dstStrides, dstOffset);
        while (rows.next()) {
            copyRow(src, (int) rows.a(), rows.aStep(), dst, (int) rows.b(), rows.bStep(), rows.length());
        }
    }

    /**
     * One row of a copy between arrays of one type, or from double to float (what a kernel that computes
     * float32 in double writes back): one switch a row, a plain loop or an arraycopy within it.
     */
    static void copyRow(Object src, int from, int ss, Object dst, int to, int ds, int n) {
        if (ss == 1 && ds == 1 && src.getClass() == dst.getClass()) {
            System.arraycopy(src, from, dst, to, n);
            return;
        }
        if (src instanceof double[] a && dst instanceof float[] b) {
            for (int k = 0; k < n; k++, from += ss, to += ds) {
                b[to] = (float) a[from];
            }
        } else if (src instanceof float[] a && dst instanceof float[] b) {
            for (int k = 0; k < n; k++, from += ss, to += ds) {
                b[to] = a[from];
            }
        } else if (src instanceof double[] a && dst instanceof double[] b) {
            for (int k = 0; k < n; k++, from += ss, to += ds) {
                b[to] = a[from];
            }
        } else if (src instanceof long[] a && dst instanceof long[] b) {
            for (int k = 0; k < n; k++, from += ss, to += ds) {
                b[to] = a[from];
            }
        } else if (src instanceof int[] a && dst instanceof int[] b) {
            for (int k = 0; k < n; k++, from += ss, to += ds) {
                b[to] = a[from];
            }
        } else if (src instanceof short[] a && dst instanceof short[] b) {
            for (int k = 0; k < n; k++, from += ss, to += ds) {
                b[to] = a[from];
            }
        } else if (src instanceof byte[] a && dst instanceof byte[] b) {
            for (int k = 0; k < n; k++, from += ss, to += ds) {
                b[to] = a[from];
            }
        } else {
            boolean[] a = (boolean[]) src;
            boolean[] b = (boolean[]) dst;
            for (int k = 0; k < n; k++, from += ss, to += ds) {
                b[to] = a[from];
            }
        }
    }

    /** A new contiguous tensor made by {@code factory} holding {@code src}'s values as {@code dtype}. */
    public static <T extends TensorImpl> T contiguousCopy(TensorImpl src, ScalarType dtype, TensorFactory<T> factory) {
        T out = factory.empty(src.sizes(), dtype, src.device());
        copy(src, out);
        return out;
    }
}
