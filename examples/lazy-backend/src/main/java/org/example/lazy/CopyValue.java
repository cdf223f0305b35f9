package org.example.lazy;

import java.util.Arrays;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;

/**
 * {@code dst.copy_(src)} into a lazy tensor: src broadcast to dst's sizes and converted to dst's dtype,
 * with dst's strides.
 */
final class CopyValue extends LazyValue {
    private final LazyValue src;
    private final long[] sizes;
    private final long[] strides;
    private final ScalarType dtype;

    CopyValue(LazyValue src, long[] sizes, long[] strides, ScalarType dtype) {
        this.src = src;
        this.sizes = sizes.clone();
        this.strides = strides.clone();
        this.dtype = dtype;
    }

    @Override
    List<LazyValue> inputs() {
        return List.of(src);
    }

    @Override
    String describe() {
        return "copy(%" + src.id() + ", " + dtype + Arrays.toString(sizes) + ")";
    }

    @Override
    protected Tensor computeOnCpu() {
        Tensor dst = Tensor.FACTORY.emptyStrided(sizes, strides, dtype, Device.CPU);
        return dst.copy_(src.cpu());
    }
}
