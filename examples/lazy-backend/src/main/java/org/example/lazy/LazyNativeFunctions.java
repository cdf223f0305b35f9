package org.example.lazy;

import org.jitdispatch.Tensor;
import org.jitdispatch.autograd.Autograd;
import org.jitdispatch.autograd.GradMode;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The lazy backend's kernels: the operators listed in {@code lazy_native_functions.yaml}, with the
 * signatures of the generated {@link LazyNativeFunctionsDeclarations}. Computations record a graph value
 * ({@link LazyGraph#record}) and return at once; {@code copy_} moves data on and off the device.
 */
public final class LazyNativeFunctions implements LazyNativeFunctionsDeclarations {

    // ---- factories: a lazy tensor whose value is the factory itself, run on the CPU when needed ----

    @Override
    public Tensor empty(long[] size, ScalarType dtype, Layout layout, Device device, Boolean pin_memory,
                        MemoryFormat memory_format) {
        return LazyGraph.record("aten::empty.memory_format", size, dtype, layout, device, pin_memory, memory_format);
    }

    @Override
    public Tensor empty_strided(long[] size, long[] stride, ScalarType dtype, Layout layout, Device device,
                                Boolean pin_memory) {
        return LazyGraph.record("aten::empty_strided", size, stride, dtype, layout, device, pin_memory);
    }

    /**
     * Transfers and in-place updates. Into a lazy tensor: the tensor gets a new value (the CPU source
     * captured as device data, or the lazy source converted to its sizes and dtype). Out of a lazy tensor
     * into a CPU one: the source's graph runs, and its data is copied.
     */
    @Override
    public Tensor copy_(Tensor self, Tensor src, boolean non_blocking) {
        if (!LazyGraph.isLazy(self)) {
            return self.copy_(LazyValue.of(src).cpu(), non_blocking);
        }
        if (self.backendData() instanceof ViewValue) {
            throw new UnsupportedOperationException("lazy backend: copy_ into a view of a lazy tensor is not supported"
                    + " (writes through views need functionalization)");
        }
        if (!LazyGraph.isLazy(src)) {
            Tensor data = Tensor.FACTORY.emptyStrided(self.sizes(), self.strides(), self.dtype(), Device.CPU);
            self.setBackendData(new DataValue(data.copy_(src, non_blocking)));
            return self;
        }
        self.setBackendData(new CopyValue(LazyValue.of(src), self.sizes(), self.strides(), self.dtype()));
        return self;
    }

    // ---- computations ----

    @Override
    public Tensor add(Tensor self, Tensor other, Scalar alpha) {
        return LazyGraph.record("aten::add.Tensor", self, other, alpha);
    }

    @Override
    public Tensor sub(Tensor self, Tensor other, Scalar alpha) {
        return LazyGraph.record("aten::sub.Tensor", self, other, alpha);
    }

    @Override
    public Tensor mul(Tensor self, Tensor other) {
        return LazyGraph.record("aten::mul.Tensor", self, other);
    }

    @Override
    public Tensor mm(Tensor self, Tensor mat2) {
        return LazyGraph.record("aten::mm", self, mat2);
    }

    @Override
    public Tensor sum(Tensor self, ScalarType dtype) {
        return LazyGraph.record("aten::sum", self, dtype);
    }

    @Override
    public Tensor sum(Tensor self, long[] dim, boolean keepdim, ScalarType dtype) {
        return LazyGraph.record("aten::sum.dim_IntList", self, dim, keepdim, dtype);
    }

    /** A view: its geometry from the Meta kernel, its value a view of self's ({@link ViewValue}). */
    @Override
    public Tensor view(Tensor self, long[] size) {
        Tensor meta = new Tensor(null, self.dtype(), Device.META, self.sizes(), self.strides(), self.storageOffset())
                .view(size);
        return self.asStrided(meta.sizes(), meta.strides(), meta.storageOffset());
    }

    /**
     * relu for the AutogradLazy key (listed under {@code autograd:}): records the forward, and when the
     * input requires grad, a {@link LazyReluBackward} node, the way a backend with its own derivative does.
     */
    @Override
    public Tensor relu(Tensor self) {
        Tensor result = LazyGraph.record("aten::relu", self);
        if (GradMode.isEnabled() && Autograd.requiresGrad(self)) {
            LazyReluBackward node = new LazyReluBackward(Autograd.collectNextEdges(self), result);
            Autograd.setHistory(result, node, 0);
        }
        return result;
    }
}
