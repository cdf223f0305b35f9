package org.example.lazy;

import java.util.List;
import org.jitdispatch.Tensor;

/** Data moved to the lazy device: a CPU tensor the graph reads as it is (a leaf of the graph). */
final class DataValue extends LazyValue {
    private final Tensor data;

    DataValue(Tensor data) {
        this.data = data;
    }

    @Override
    List<LazyValue> inputs() {
        return List.of();
    }

    @Override
    String describe() {
        return "device_data(" + data.dtype() + java.util.Arrays.toString(data.sizes()) + ")";
    }

    @Override
    protected Tensor computeOnCpu() {
        return data;
    }
}
