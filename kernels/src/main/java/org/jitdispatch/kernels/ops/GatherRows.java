package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.reduce.RowWalk;

/**
 * gather a row at a time: {@code out[i..., j] = self[i..., index[i..., j], ...]} with the position in self computed
 * once per row of the index (the dims before the last) and stepped along it, and a plain typed loop within the row,
 * where the general walk computes every element's three offsets from its full position. The index was checked
 * against self's size along dim by gather's meta function.
 */
final class GatherRows {
    private GatherRows() {
    }

    /** {@code out = gather(self, dim, index)} for an index of self's dims (at least one). */
    static void gather(Tensor self, int dim, Tensor index, Tensor out) {
        int nd = index.dim();
        int last = nd - 1;
        long[] indices = index.storage().longs();
        long dimStride = self.stride(dim);
        // along the row, self moves by its last stride, unless the row runs along dim itself (then only the index moves it)
        int selfStep = dim == last ? 0 : (int) self.stride(last);
        Object src = self.storage().data();
        Object dst = out.storage().data();
        RowWalk rows = new RowWalk(index.sizes(), index.strides(), index.storageOffset(), out.strides(), out.storageOffset());
        while (rows.next()) {
            long base = self.storageOffset();
            for (int k = 0; k < last; k++) {
                if (k != dim) {
                    base += rows.index(k) * self.stride(k);
                }
            }
            row(src, (int) base, selfStep, (int) dimStride, indices, (int) rows.a(), rows.aStep(), dst, (int) rows.b(),
                    rows.bStep(), rows.length());
        }
    }

    private static void row(Object src, int base, int step, int dimStride, long[] index, int at, int indexStep, Object dst,
            int to, int toStep, int n) {
        if (src instanceof float[] a) {
            float[] b = (float[]) dst;
            for (int j = 0; j < n; j++) {
                b[to + j * toStep] = a[base + j * step + (int) index[at + j * indexStep] * dimStride];
            }
        } else if (src instanceof double[] a) {
            double[] b = (double[]) dst;
            for (int j = 0; j < n; j++) {
                b[to + j * toStep] = a[base + j * step + (int) index[at + j * indexStep] * dimStride];
            }
        } else if (src instanceof long[] a) {
            long[] b = (long[]) dst;
            for (int j = 0; j < n; j++) {
                b[to + j * toStep] = a[base + j * step + (int) index[at + j * indexStep] * dimStride];
            }
        } else if (src instanceof int[] a) {
            int[] b = (int[]) dst;
            for (int j = 0; j < n; j++) {
                b[to + j * toStep] = a[base + j * step + (int) index[at + j * indexStep] * dimStride];
            }
        } else if (src instanceof short[] a) {
            short[] b = (short[]) dst;
            for (int j = 0; j < n; j++) {
                b[to + j * toStep] = a[base + j * step + (int) index[at + j * indexStep] * dimStride];
            }
        } else if (src instanceof byte[] a) {
            byte[] b = (byte[]) dst;
            for (int j = 0; j < n; j++) {
                b[to + j * toStep] = a[base + j * step + (int) index[at + j * indexStep] * dimStride];
            }
        } else {
            boolean[] a = (boolean[]) src;
            boolean[] b = (boolean[]) dst;
            for (int j = 0; j < n; j++) {
                b[to + j * toStep] = a[base + j * step + (int) index[at + j * indexStep] * dimStride];
            }
        }
    }
}
