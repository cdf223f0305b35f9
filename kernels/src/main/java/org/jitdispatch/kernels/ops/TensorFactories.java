package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * Factories (ATen's TensorFactories.cpp): empty and empty_strided allocate, on the CPU or as meta
 * tensors; zeros, ones, full, the *_like factories and clone build on them through the dispatcher, the
 * way ATen calls at::empty. The generated BackendSelect kernels pick the CPU or Meta kernel from the
 * {@code device} argument.
 */
public final class TensorFactories implements TensorFactoriesDeclarations {
    private static final String EMPTY = "aten::empty.memory_format";
    private static final String EMPTY_STRIDED = "aten::empty_strided";

    // ---- empty and empty_strided: the allocating kernels

    @Override
    public Tensor empty_cpu(long[] size, ScalarType dtype, Layout layout, Device device, Boolean pinMemory,
            MemoryFormat memoryFormat) {
        FactoryOptions.checkPinMemory(pinMemory);
        return allocate(size, dtype, layout, Device.CPU, memoryFormat);
    }

    @Override
    public Tensor empty_meta(long[] size, ScalarType dtype, Layout layout, Device device, Boolean pinMemory,
            MemoryFormat memoryFormat) {
        return allocate(size, dtype, layout, Device.META, memoryFormat);
    }

    private static Tensor allocate(long[] size, ScalarType dtype, Layout layout, Device device, MemoryFormat memoryFormat) {
        FactoryOptions.checkStrided(EMPTY, layout);
        FactoryOptions.checkSizeNonnegative(size);
        FactoryOptions.checkContiguousStorageSize(size, FactoryOptions.dtypeOrDefault(dtype));
        if (device.type() == DeviceType.CPU && (memoryFormat == null || memoryFormat == MemoryFormat.Contiguous)) {
            // the common case: one geometry array, no strides array built and copied
            ScalarType t = FactoryOptions.dtypeOrDefault(dtype);
            return new Tensor(Storage.allocate(t, TensorGeometry.numel(size)), size);
        }
        long[] strides = MemoryFormats.strides(size, memoryFormat == null ? MemoryFormat.Contiguous : memoryFormat);
        return Tensor.FACTORY.emptyStrided(size, strides, FactoryOptions.dtypeOrDefault(dtype), device);
    }

    @Override
    public Tensor empty_strided_cpu(long[] size, long[] stride, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        FactoryOptions.checkPinMemory(pinMemory);
        return allocateStrided(size, stride, dtype, layout, Device.CPU);
    }

    @Override
    public Tensor empty_strided_meta(long[] size, long[] stride, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        return allocateStrided(size, stride, dtype, layout, Device.META);
    }

    private static Tensor allocateStrided(long[] size, long[] stride, ScalarType dtype, Layout layout, Device device) {
        FactoryOptions.checkStrided(EMPTY_STRIDED, layout);
        FactoryOptions.checkSizeNonnegative(size);
        FactoryOptions.checkStorageSize(size, stride);
        return Tensor.FACTORY.emptyStrided(size, stride, FactoryOptions.dtypeOrDefault(dtype), device);
    }

    /** empty.out: resizes out (keeping its strides when its sizes already match, as resize_ does). */
    @Override
    public Tensor empty_out(long[] size, MemoryFormat memoryFormat, Tensor out) {
        if (memoryFormat != null) {
            throw new IllegalArgumentException("'memory_format' argument is incompatible with 'out' tensor argument");
        }
        FactoryOptions.checkSizeNonnegative(size);
        resize(out, size);
        return out;
    }

    // ---- zeros, ones, full

    @Override
    public Tensor zeros(long[] size, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return fresh(Torch.empty(size, dtype, layout, device, pinMemory, null).zero_());
    }

    @Override
    public Tensor zeros_out(long[] size, Tensor out) {
        checkResizable(size);
        resize(out, size);
        return out.zero_();
    }

    @Override
    public Tensor ones(long[] size, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return full(size, Scalar.of(1.0), dtype, layout, device, pinMemory);
    }

    @Override
    public Tensor ones_out(long[] size, Tensor out) {
        return full_out(size, Scalar.of(1.0), out);
    }

    @Override
    public Tensor full(long[] size, Scalar fillValue, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        if (layout == Layout.Sparse) {
            throw new IllegalArgumentException("full(...) is not implemented for sparse layout");
        }
        return fresh(Torch.empty(size, dtype != null ? dtype : inferFullDtype(fillValue), layout, device, pinMemory,
                null).fill_(fillValue));
    }

    /** infer_full_options: bool values make bool tensors, integers int64, floating values the default dtype. */
    private static ScalarType inferFullDtype(Scalar value) {
        if (value.isBoolean()) {
            return ScalarType.Bool;
        }
        return value.isIntegral() ? ScalarType.Int64 : ResultType.DEFAULT_DTYPE;
    }

    @Override
    public Tensor full_out(long[] size, Scalar fillValue, Tensor out) {
        checkResizable(size);
        if (!out.isMeta()) {
            // fill_ would reject the value after the resize; reject it before, leaving out untouched
            ScalarConversions.check(fillValue, out.dtype());
        }
        resize(out, size);
        return out.fill_(fillValue);
    }

    // ---- the *_like factories and clone

    @Override
    public Tensor empty_like(Tensor self, ScalarType dtype, Layout layout, Device device, Boolean pinMemory,
            MemoryFormat memoryFormat) {
        if (layout != null && layout != Layout.Strided && memoryFormat != null) {
            throw new IllegalArgumentException("memory format option is only supported by strided tensors");
        }
        ScalarType resultDtype = dtype != null ? dtype : self.dtype();
        Device resultDevice = device != null ? device : self.device();
        MemoryFormat format = memoryFormat != null ? memoryFormat : MemoryFormat.Preserve;
        if (format == MemoryFormat.Preserve) {
            long[] strides = MemoryFormats.isNonOverlappingAndDense(self)
                    ? self.strides() : MemoryFormats.inferDenseStrides(self.sizes(), self.strides());
            return Torch.empty_strided(self.sizes(), strides, resultDtype, layout, resultDevice, pinMemory);
        }
        return Torch.empty(self.sizes(), resultDtype, layout, resultDevice, pinMemory, format);
    }

    @Override
    public Tensor zeros_like(Tensor self, ScalarType dtype, Layout layout, Device device, Boolean pinMemory,
            MemoryFormat memoryFormat) {
        return fresh(Torch.empty_like(self, dtype, layout, device, pinMemory, memoryFormat).zero_());
    }

    @Override
    public Tensor ones_like(Tensor self, ScalarType dtype, Layout layout, Device device, Boolean pinMemory,
            MemoryFormat memoryFormat) {
        return fresh(Torch.empty_like(self, dtype, layout, device, pinMemory, memoryFormat).fill_(Scalar.of(1.0)));
    }

    @Override
    public Tensor full_like(Tensor self, Scalar fillValue, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory, MemoryFormat memoryFormat) {
        return fresh(Torch.empty_like(self, dtype, layout, device, pinMemory, memoryFormat).fill_(fillValue));
    }

    /** A copy with self's strides when they are dense, else laid out as empty_like (or memory_format) says. */
    @Override
    public Tensor clone(Tensor self, MemoryFormat memoryFormat) {
        MemoryFormat format = memoryFormat != null ? memoryFormat : MemoryFormat.Preserve;
        Tensor result;
        if (format == MemoryFormat.Preserve && MemoryFormats.isNonOverlappingAndDense(self)) {
            result = Torch.empty_strided(self.sizes(), self.strides(), self.dtype(), null, self.device(), null);
        } else {
            result = Torch.empty_like(self, null, null, null, null, format);
        }
        return fresh(result.copy_(self));
    }

    /**
     * A tensor this kernel made and filled through in-place operators, at version 0: PyTorch's kernels make such
     * writes below ADInplaceOrView, where they count nothing.
     */
    static Tensor fresh(Tensor result) {
        result.forgetKernelWrites();
        return result;
    }

    /** resize_'s error for a negative size (its numel, computed as unsigned, overflows). */
    private static void checkResizable(long[] size) {
        for (long s : size) {
            if (s < 0) {
                throw new IllegalArgumentException("numel: integer multiplication overflow");
            }
        }
    }

    /**
     * c10's resize_ of a strided tensor: nothing changes when the sizes already match (strides included),
     * else contiguous strides at the same storage offset, the storage growing as needed.
     */
    static void resize(TensorImpl t, long[] size) {
        if (Arrays.equals(t.sizes(), size)) {
            return;
        }
        t.setGeometry(size, TensorGeometry.contiguousStrides(size), t.storageOffset());
    }
}
