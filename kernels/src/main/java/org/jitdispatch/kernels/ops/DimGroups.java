package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * A tensor's elements in groups for a reduction or a scan: the dims not in {@code reduced} pick a group
 * (in row-major order, the order of the reduced output's elements with or without keepdim), the reduced
 * dims run within it (row-major as well). Holds each group's first storage offset and the offsets within a
 * group (for a group along one dim, its stride), not every element's offset; kernels read and write
 * through the storage, any dtype, any strides, or through the arrays where {@link #step()} says the
 * elements of a group are evenly spaced.
 */
final class DimGroups {
    final int groups;
    final int size;
    final Storage storage;
    /** The storage offset of each group's first element (its kept dims' position), in row-major group order. */
    private final long[] bases;
    /**
     * Each element's offset within its group (its reduced dims' position), the same for every group; null when
     * the group is one dim, whose elements are {@link #stride} apart.
     */
    private final long[] within;
    /** The distance between a group's consecutive elements when {@link #within} is null. */
    private final long stride;

    private DimGroups(TensorImpl t, boolean[] reduced) {
        int nd = t.dim();
        int keptDims = 0;
        for (int d = 0; d < nd; d++) {
            keptDims += reduced[d] ? 0 : 1;
        }
        long[] keptSizes = new long[keptDims];
        long[] keptStrides = new long[keptDims];
        long[] reducedSizes = new long[nd - keptDims];
        long[] reducedStrides = new long[nd - keptDims];
        for (int d = 0, k = 0, r = 0; d < nd; d++) {
            if (reduced[d]) {
                reducedSizes[r] = t.size(d);
                reducedStrides[r++] = t.stride(d);
            } else {
                keptSizes[k] = t.size(d);
                keptStrides[k++] = t.stride(d);
            }
        }
        this.storage = t.storage();
        long inner = TensorGeometry.numel(reducedSizes);
        this.size = Math.toIntExact(inner);
        this.groups = Math.toIntExact(TensorGeometry.numel(keptSizes));
        this.bases = size == 0 || groups == 0 ? new long[0]
                : t.asStrided(keptSizes, keptStrides, t.storageOffset()).elementOffsets();
        if (reducedSizes.length == 1) {
            this.within = null;
            this.stride = reducedStrides[0];
        } else {
            this.within = size == 0 || groups == 0 ? new long[0]
                    : t.asStrided(reducedSizes, reducedStrides, 0).elementOffsets();
            this.stride = 0;
        }
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
        return bases[g] + (within == null ? k * stride : within[k]);
    }

    /** The storage offset of group {@code g}'s first element. */
    long base(int g) {
        return bases[g];
    }

    /**
     * The distance between consecutive elements of a group when they are evenly spaced (groups along one dim, or
     * along dims that merge into one run), else -1.
     */
    long step() {
        if (size <= 1) {
            return 1;
        }
        if (within == null) {
            return stride;
        }
        long step = within[1] - within[0];
        for (int k = 2; k < size; k++) {
            if (within[k] - within[k - 1] != step) {
                return -1;
            }
        }
        return step;
    }

    double getDouble(int g, int k) {
        return storage.getDouble(offset(g, k));
    }

    long getLong(int g, int k) {
        return storage.getLong(offset(g, k));
    }
}
