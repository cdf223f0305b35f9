package org.example.lazy;

import java.util.Arrays;
import java.util.List;
import org.jitdispatch.Tensor;

/**
 * A view of a lazy tensor (every aten view operator ends in {@code asStrided}, which asks the base's
 * value for this): the base's data seen with other sizes, strides and offset. In-place writes through
 * views are not modelled, so reading a view whose base was written in place since is an error rather
 * than stale data.
 */
final class ViewValue extends LazyValue {
    private final Tensor base;
    private final LazyValue baseValue;
    private final long[] sizes;
    private final long[] strides;
    private final long offset;

    ViewValue(Tensor base, LazyValue baseValue, long[] sizes, long[] strides, long offset) {
        this.base = base;
        this.baseValue = baseValue;
        this.sizes = sizes.clone();
        this.strides = strides.clone();
        this.offset = offset;
    }

    @Override
    List<LazyValue> inputs() {
        return List.of(baseValue);
    }

    @Override
    String describe() {
        return "as_strided(%" + baseValue.id() + ", size=" + Arrays.toString(sizes) + ", stride="
                + Arrays.toString(strides) + ", offset=" + offset + ")";
    }

    @Override
    protected Tensor computeOnCpu() {
        if (base.backendData() != baseValue) {
            throw new UnsupportedOperationException("lazy backend: the base of this view (sizes " + Arrays.toString(sizes)
                    + ") was written in place after the view was taken; writes through views are not supported");
        }
        return baseValue.cpu().asStrided(sizes, strides, offset);
    }
}
