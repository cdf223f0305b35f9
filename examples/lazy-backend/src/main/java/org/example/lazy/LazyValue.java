package org.example.lazy;

import java.util.Arrays;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.BackendData;
import org.jitdispatch.runtime.TensorImpl;

/**
 * One value of the lazy graph: what a lazy tensor holds (its {@code backendData}) instead of a storage.
 * Values are immutable: an in-place operation on a lazy tensor gives the tensor a new value, and every
 * value computes its CPU data at most once, the first time something reads it.
 */
abstract class LazyValue implements BackendData {
    private final int id = LazyGraph.nextId();
    private Tensor computed;

    /** The values this one is computed from. */
    abstract List<LazyValue> inputs();

    /** One line of the graph listing, e.g. {@code aten::mm(%1, %2)}. */
    abstract String describe();

    /** Computes the CPU data; called once. */
    protected abstract Tensor computeOnCpu();

    final int id() {
        return id;
    }

    /** The value's data as a CPU tensor, computed (with its inputs) on first use. */
    final Tensor cpu() {
        if (computed == null) {
            computed = computeOnCpu();
            LazyGraph.countExecution();
        }
        return computed;
    }

    final boolean isComputed() {
        return computed != null;
    }

    @Override
    public final TensorImpl readOnCpu(TensorImpl tensor) {
        return cpu();
    }

    @Override
    public final Object viewOf(TensorImpl base, TensorImpl view) {
        return new ViewValue((Tensor) base, this, view.sizes(), view.strides(), view.storageOffset());
    }

    /** The value a lazy tensor holds; an error naming the tensor when it holds none. */
    static LazyValue of(TensorImpl lazyTensor) {
        if (lazyTensor.backendData() instanceof LazyValue v) {
            return v;
        }
        throw new IllegalStateException("a " + lazyTensor.device() + " tensor of sizes " + Arrays.toString(lazyTensor.sizes())
                + " has no lazy value: it was not made by the lazy backend");
    }
}
