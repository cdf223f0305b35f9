package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.dispatch.NotImplementedError;

/**
 * The TensorOptions arguments of factories ({@code dtype}, {@code layout}, {@code device},
 * {@code pin_memory}): their defaults and their checks. The device itself is read by the generated
 * BackendSelect kernels ({@code org.jitdispatch.kernels.BackendSelection}), which redispatch a factory
 * to the device's backend kernel, as in PyTorch.
 */
final class FactoryOptions {
    private FactoryOptions() {
    }

    /** torch.get_default_dtype() when no dtype is given. */
    static ScalarType dtypeOrDefault(ScalarType dtype) {
        return dtype != null ? dtype : ResultType.DEFAULT_DTYPE;
    }

    static Device deviceOrDefault(Device device) {
        return device != null ? device : Device.CPU;
    }

    /** Only strided tensors exist here; PyTorch's sparse and mkldnn layouts are other backends. */
    static void checkStrided(String op, Layout layout) {
        if (layout != null && layout != Layout.Strided) {
            throw new NotImplementedError(op + ": only the strided layout is supported, not " + layout.schemaName());
        }
    }

    /** c10's GetCPUAllocatorMaybePinned: pinned host memory comes from the CUDA allocator, which is absent. */
    static void checkPinMemory(Boolean pinMemory) {
        if (Boolean.TRUE.equals(pinMemory)) {
            throw new IllegalArgumentException("Pinned memory requires CUDA. PyTorch splits its backend into two shared"
                    + " libraries: a CPU library and a CUDA library; this error has occurred because you are trying to use"
                    + " some CUDA functionality, but the CUDA library has not been loaded by the dynamic linker for some"
                    + " reason.  The CUDA library MUST be loaded, EVEN IF you don't directly use any symbols from the CUDA"
                    + " library! One common culprit is a lack of -Wl,--no-as-needed in your link arguments; many dynamic"
                    + " linkers will delete dynamic library dependencies if you don't depend on any of their symbols.  You"
                    + " can check if this has occurred by using ldd on your binary to see if there is a dependency on"
                    + " *_cuda.so library.");
        }
    }

    /** ATen's check_size_nonnegative. */
    static void checkSizeNonnegative(long[] size) {
        for (long s : size) {
            if (s < 0) {
                throw new IllegalArgumentException("Trying to create tensor with negative dimension " + s + ": "
                        + Arrays.toString(size));
            }
        }
    }

    /**
     * ATen's computeStorageNbytesContiguous check: the bytes of a contiguous tensor of {@code size} (sizes
     * already non-negative) must fit in 64 bits, or "Storage size calculation overflowed with sizes=[...]".
     * As c10's safe_multiplies_u64, the product is taken in order and an overflow sticks: a size 0 after
     * sizes whose product overflowed does not make it fit ({@code [2^62, 4, 0]} fails, {@code [0, 2^62, 4]}
     * does not), so that numel is never computed past an overflow.
     */
    static void checkContiguousStorageSize(long[] size, ScalarType dtype) {
        long numel = 1;
        boolean overflowed = false;
        for (long s : size) {
            overflowed |= Math.multiplyHigh(numel, s) != 0;
            numel *= s;
            overflowed |= numel < 0;
        }
        long bytes = numel * dtype.itemSize();
        overflowed |= Math.multiplyHigh(numel, dtype.itemSize()) != 0 || bytes < 0;
        if (overflowed) {
            throw new IllegalArgumentException("Storage size calculation overflowed with sizes=" + Arrays.toString(size));
        }
    }

    /**
     * ATen's computeStorageNbytes checks for a strided allocation: as many strides as sizes, and a storage
     * size that fits in 64 bits (a negative stride over more than one element wraps around, as the
     * unsigned arithmetic of c10 does).
     */
    static void checkStorageSize(long[] size, long[] stride) {
        if (size.length != stride.length) {
            throw new IllegalArgumentException("dimensionality of sizes (" + size.length
                    + ") must match dimensionality of strides (" + stride.length + ")");
        }
        long total = 1;
        boolean overflowed = false;
        for (int i = 0; i < size.length; i++) {
            if (size[i] == 0) {
                return;
            }
            if (size[i] == 1) {
                continue;
            }
            if (stride[i] < 0) {
                overflowed = true;
                continue;
            }
            try {
                total = Math.addExact(total, Math.multiplyExact(stride[i], size[i] - 1));
            } catch (ArithmeticException e) {
                overflowed = true;
            }
        }
        if (overflowed) {
            throw new IllegalArgumentException("Storage size calculation overflowed with sizes=" + Arrays.toString(size)
                    + " and strides=" + Arrays.toString(stride));
        }
    }
}
