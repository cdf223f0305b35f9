package org.jitdispatch.kernels.structured;

import org.jitdispatch.runtime.TensorImpl;

/**
 * Copies a proxy output into the out= or self tensor it stood in for (the {@code copy_} that torchgen
 * emits after impl). Both have the same sizes and dtype; only their strides differ. Proxies are rare, so
 * this walks element offsets rather than being fast.
 */
final class ProxyCopy {
    private ProxyCopy() {
    }

    static void copy(TensorImpl src, TensorImpl dst) {
        if (src.isMeta() || dst.isMeta()) {
            return; // no data: meta kernels only compute metadata
        }
        long[] from = src.elementOffsets();
        long[] to = dst.elementOffsets();
        Object s = src.storage().data();
        Object d = dst.storage().data();
        switch (dst.dtype()) {
            case Bool:
                for (int i = 0; i < to.length; i++) {
                    ((boolean[]) d)[(int) to[i]] = ((boolean[]) s)[(int) from[i]];
                }
                break;
            case Int32:
                for (int i = 0; i < to.length; i++) {
                    ((int[]) d)[(int) to[i]] = ((int[]) s)[(int) from[i]];
                }
                break;
            case Int64:
                for (int i = 0; i < to.length; i++) {
                    ((long[]) d)[(int) to[i]] = ((long[]) s)[(int) from[i]];
                }
                break;
            case Float32:
                for (int i = 0; i < to.length; i++) {
                    ((float[]) d)[(int) to[i]] = ((float[]) s)[(int) from[i]];
                }
                break;
            default:
                for (int i = 0; i < to.length; i++) {
                    ((double[]) d)[(int) to[i]] = ((double[]) s)[(int) from[i]];
                }
        }
    }
}
