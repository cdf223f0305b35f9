package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * A tensor's elements in groups for a reduction or a scan: the dims not in {@code reduced} pick a group
 * (in row-major order, the order of the reduced output's elements with or without keepdim), the reduced
 * dims run within it (row-major as well). Holds the storage offsets only; kernels read and write through
 * the storage, any dtype, any strides.
 */
final class DimGroups {
    final int groups;
    final int size;
    final Storage storage;
    private final long[] offsets;

    private DimGroups(TensorImpl t, boolean[] reduced) {
        int nd = t.dim();
        long[] sizes = new long[nd];
        long[] strides = new long[nd];
        int k = 0;
        long inner = 1;
        for (int pass = 0; pass < 2; pass++) {
            for (int d = 0; d < nd; d++) {
                if (reduced[d] == (pass == 1)) {
                    sizes[k] = t.size(d);
                    strides[k++] = t.stride(d);
                    if (pass == 1) {
                        inner *= t.size(d);
                    }
                }
            }
        }
        this.storage = t.storage();
        this.offsets = nd == 0 ? new long[] {t.storageOffset()}
                : t.asStrided(sizes, strides, t.storageOffset()).elementOffsets();
        this.size = Math.toIntExact(inner);
        this.groups = size == 0 ? Math.toIntExact(TensorGeometry.numel(keptSizes(t, reduced))) : offsets.length / size;
    }

    /** Groups along every dim in {@code reduced} (its length is t's dim; a 0-dim tensor is one group of one). */
    static DimGroups of(TensorImpl t, boolean[] reduced) {
        return new DimGroups(t, reduced);
    }

    /** Groups along one dim (none for a 0-dim tensor: one group of one). */
    static DimGroups along(TensorImpl t, int dim) {
        boolean[] reduced = new boolean[t.dim()];
        if (t.dim() > 0) {
            reduced[dim] = true;
        }
        return new DimGroups(t, reduced);
    }

    /** The storage offset of element {@code k} of group {@code g}. */
    long offset(int g, int k) {
        return offsets[g * size + k];
    }

    double getDouble(int g, int k) {
        return storage.getDouble(offsets[g * size + k]);
    }

    long getLong(int g, int k) {
        return storage.getLong(offsets[g * size + k]);
    }

    private static long[] keptSizes(TensorImpl t, boolean[] reduced) {
        long[] kept = new long[t.dim()];
        int n = 0;
        for (int d = 0; d < t.dim(); d++) {
            if (!reduced[d]) {
                kept[n++] = t.size(d);
            }
        }
        return java.util.Arrays.copyOf(kept, n);
    }
}
