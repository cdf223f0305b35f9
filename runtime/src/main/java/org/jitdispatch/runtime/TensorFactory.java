package org.jitdispatch.runtime;

import java.util.Objects;

/**
 * Makes tensors of one Java class from arrays, scalars or shapes. The runtime's own factory
 * ({@link #IMPL}) makes plain {@link TensorImpl}s; the kernels module makes one for its Tensor class, so
 * that there is one implementation of "array + shape to tensor".
 *
 * @param <T> the tensor class made
 */
public final class TensorFactory<T extends TensorImpl> {
    /** Creates a tensor of class T over a storage (null for meta) with the given geometry. */
    @FunctionalInterface
    public interface Constructor<T extends TensorImpl> {
        T create(Storage storage, ScalarType dtype, Device device, long[] sizes, long[] strides, long storageOffset);
    }

    public static final TensorFactory<TensorImpl> IMPL = of(TensorImpl::new);

    private final Constructor<T> constructor;

    private TensorFactory(Constructor<T> constructor) {
        this.constructor = Objects.requireNonNull(constructor, "constructor");
    }

    public static <T extends TensorImpl> TensorFactory<T> of(Constructor<T> constructor) {
        return new TensorFactory<>(constructor);
    }

    /** A tensor over an existing storage (shared, not copied). */
    public T wrap(Storage storage, long[] sizes, long[] strides, long storageOffset) {
        return constructor.create(storage, storage.dtype(), Device.CPU, sizes, strides, storageOffset);
    }

    /** An uninitialised (zero-filled on CPU) contiguous tensor; meta tensors get no storage. */
    public T empty(long[] sizes, ScalarType dtype, Device device) {
        return emptyStrided(sizes, TensorGeometry.contiguousStrides(sizes), dtype, device);
    }

    /**
     * A contiguous tensor of zeros: {@link #empty}, whose fresh CPU storage the JVM has already zeroed, so
     * nothing is written a second time (kernels that accumulate into a result start from this).
     */
    public T zeros(long[] sizes, ScalarType dtype, Device device) {
        return empty(sizes, dtype, device);
    }

    public T emptyStrided(long[] sizes, long[] strides, ScalarType dtype, Device device) {
        TensorGeometry.checkSizes("empty", sizes);
        Storage storage = device.type() == DeviceType.Meta
                ? null
                : Storage.allocate(dtype, TensorGeometry.requiredStorageSize(sizes, strides, 0));
        return constructor.create(storage, dtype, device, sizes, strides, 0);
    }

    /** Float32 tensor of {@code data} reshaped to {@code sizes} (1-D when no sizes are given). */
    public T fromArray(float[] data, long... sizes) {
        return fromStorage(Storage.wrap(data.clone()), data.length, sizes);
    }

    public T fromArray(double[] data, long... sizes) {
        return fromStorage(Storage.wrap(data.clone()), data.length, sizes);
    }

    public T fromArray(int[] data, long... sizes) {
        return fromStorage(Storage.wrap(data.clone()), data.length, sizes);
    }

    public T fromArray(long[] data, long... sizes) {
        return fromStorage(Storage.wrap(data.clone()), data.length, sizes);
    }

    public T fromArray(boolean[] data, long... sizes) {
        return fromStorage(Storage.wrap(data.clone()), data.length, sizes);
    }

    /** An Int8 tensor ({@code byte} is signed in Java; see {@link #fromArray(ScalarType, Object, long...)} for UInt8). */
    public T fromArray(byte[] data, long... sizes) {
        return fromStorage(Storage.wrap(data.clone()), data.length, sizes);
    }

    /** An Int16 tensor (see {@link #fromArray(ScalarType, Object, long...)} for Float16 and BFloat16 bits). */
    public T fromArray(short[] data, long... sizes) {
        return fromStorage(Storage.wrap(data.clone()), data.length, sizes);
    }

    /**
     * A tensor of {@code dtype} over a copy of {@code data}, an array of that dtype's storage type: a
     * {@code byte[]} for UInt8 (each byte read as unsigned) or Int8, a {@code short[]} for Int16 or for the
     * bits of Float16 or BFloat16 ({@link Half#fromFloat}, {@link BFloat16#fromFloat}).
     */
    public T fromArray(ScalarType dtype, Object data, long... sizes) {
        Storage storage = Storage.wrap(dtype, data);
        Storage copy = storage.copy();
        return fromStorage(copy, (int) copy.size(), sizes);
    }

    /**
     * A zero-dim tensor holding {@code value} as {@code dtype}; like {@code torch.tensor(value,
     * dtype=...)}.
     */
    public T scalarTensor(Scalar value, ScalarType dtype) {
        Storage s = Storage.allocate(dtype, 1);
        if (value.isFloatingPoint()) {
            s.setDouble(0, value.toDouble());
        } else {
            s.setLong(0, value.toLong());
        }
        return constructor.create(s, dtype, Device.CPU, new long[0], new long[0], 0);
    }

    /**
     * A zero-dim tensor with PyTorch's default dtype for the value: float32 for a floating value, int64
     * for an integer, bool for a boolean (as {@code torch.tensor(2.5)}).
     */
    public T scalarTensor(Scalar value) {
        ScalarType dtype = value.isFloatingPoint() ? ScalarType.Float32 : value.type();
        return scalarTensor(value, dtype);
    }

    private T fromStorage(Storage storage, int length, long[] sizes) {
        long[] shape = sizes.length == 0 ? new long[] {length} : sizes.clone();
        TensorGeometry.checkSizes("tensor", shape);
        if (TensorGeometry.numel(shape) != length) {
            throw new IllegalArgumentException("shape " + TensorGeometry.format(shape) + " is invalid for input of size "
                    + length);
        }
        return constructor.create(storage, storage.dtype(), Device.CPU, shape, TensorGeometry.contiguousStrides(shape), 0);
    }
}
