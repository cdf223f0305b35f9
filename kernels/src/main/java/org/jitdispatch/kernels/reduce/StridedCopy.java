package org.jitdispatch.kernels.reduce;

import java.util.Arrays;
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
        if (!Arrays.equals(src.sizes(), dst.sizes())) {
            throw new IllegalArgumentException("copy: sizes " + Arrays.toString(src.sizes()) + " and "
                    + Arrays.toString(dst.sizes()) + " differ");
        }
        if (src.isMeta() || dst.isMeta() || dst.numel() == 0) {
            return;
        }
        Storage s = src.storage();
        Storage d = dst.storage();
        if (src.dtype() == dst.dtype() && src.isContiguous() && dst.isContiguous()) {
            System.arraycopy(s.data(), (int) src.storageOffset(), d.data(), (int) dst.storageOffset(), (int) src.numel());
            return;
        }
        long[] from = src.elementOffsets();
        long[] to = dst.elementOffsets();
        if (src.dtype().isFloatingPoint()) {
            for (int i = 0; i < to.length; i++) {
                d.setDouble(to[i], s.getDouble(from[i]));
            }
        } else {
            for (int i = 0; i < to.length; i++) {
                d.setLong(to[i], s.getLong(from[i]));
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
