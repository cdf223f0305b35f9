package org.jitdispatch.autograd;

import org.jitdispatch.runtime.TensorImpl;

/**
 * The sizes, strides and storage offset of a tensor (at::TensorGeometry), saved by nodes that must rebuild
 * its layout in backward without keeping the tensor, whose data may be written in place meanwhile.
 */
public record SavedGeometry(long[] sizes, long[] strides, long storageOffset) {
    public static SavedGeometry of(TensorImpl t) {
        return new SavedGeometry(t.sizes(), t.strides(), t.storageOffset());
    }
}
