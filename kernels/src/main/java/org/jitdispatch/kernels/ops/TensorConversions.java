package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.ScalarType;

/**
 * to and contiguous (ATen's TensorConversions.cpp and TensorProperties.cpp), composites over
 * empty_like, clone and copy_. Both return self itself when nothing would change, as PyTorch does.
 */
public final class TensorConversions implements TensorConversionsDeclarations {
    @Override
    public Tensor to(Tensor self, ScalarType dtype, Layout layout, Device device, Boolean pinMemory,
            boolean nonBlocking, boolean copy, MemoryFormat memoryFormat) {
        return toImpl(self, dtype, layout, device, pinMemory, nonBlocking, copy, memoryFormat);
    }

    @Override
    public Tensor to(Tensor self, Device device, ScalarType dtype, boolean nonBlocking, boolean copy,
            MemoryFormat memoryFormat) {
        return toImpl(self, dtype, null, device, null, nonBlocking, copy, memoryFormat);
    }

    @Override
    public Tensor to(Tensor self, ScalarType dtype, boolean nonBlocking, boolean copy, MemoryFormat memoryFormat) {
        return toImpl(self, dtype, null, null, null, nonBlocking, copy, memoryFormat);
    }

    @Override
    public Tensor to(Tensor self, Tensor other, boolean nonBlocking, boolean copy, MemoryFormat memoryFormat) {
        return toImpl(self, other.dtype(), Layout.Strided, other.device(), null, nonBlocking, copy, memoryFormat);
    }

    /** _to_copy: a copy_ into an empty_like with the requested options. */
    @Override
    public Tensor to_copy(Tensor self, ScalarType dtype, Layout layout, Device device, Boolean pinMemory,
            boolean nonBlocking, MemoryFormat memoryFormat) {
        Tensor result = Torch.empty_like(self, dtype, layout, device, pinMemory, memoryFormat);
        return result.copy_(self, nonBlocking);
    }

    /** to_impl: self when to_will_alias, else _to_copy through the dispatcher (so that autograd sees it). */
    private static Tensor toImpl(Tensor self, ScalarType dtype, Layout layout, Device device, Boolean pinMemory,
            boolean nonBlocking, boolean copy, MemoryFormat memoryFormat) {
        if (willAlias(self, dtype, layout, device, copy, memoryFormat)) {
            return self;
        }
        if (layout != null && layout != Layout.Strided) {
            throw new IllegalArgumentException("to(options) doesn't support converting to a different layout, but got"
                    + " self.layout being Strided and options.layout set as " + layout);
        }
        return Torch._to_copy(self, dtype, layout, device, pinMemory, nonBlocking, memoryFormat);
    }

    private static boolean willAlias(Tensor self, ScalarType dtype, Layout layout, Device device, boolean copy,
            MemoryFormat memoryFormat) {
        MemoryFormat format = memoryFormat != null ? memoryFormat : MemoryFormat.Preserve;
        return (dtype == null || dtype == self.dtype())
                && (layout == null || layout == Layout.Strided)
                && (device == null || device.equals(self.device()))
                && !copy
                && (format == MemoryFormat.Preserve || MemoryFormats.suggest(self) == format);
    }

    @Override
    public Tensor contiguous(Tensor self, MemoryFormat memoryFormat) {
        if (MemoryFormats.isContiguous(self, memoryFormat)) {
            return self;
        }
        if (memoryFormat == MemoryFormat.Preserve) {
            throw new IllegalArgumentException("preserve memory format is unsupported by the contiguous operator");
        }
        return self.clone(memoryFormat);
    }
}
