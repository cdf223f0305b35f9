package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/** Tensors with chosen layouts and known logical contents, and a reference for broadcast results. */
final class TestTensors {
    static final TensorFactory<TensorImpl> F = TensorFactory.IMPL;
    /** What storage outside a view holds: a value no test computes, so stray reads or writes show. */
    static final double GARBAGE = -777;

    private TestTensors() {
    }

    /**
     * A tensor of {@code dtype} with the given geometry whose logical (row-major) elements are
     * {@code values}; every storage element outside the view holds {@link #GARBAGE}.
     */
    static TensorImpl laidOut(ScalarType dtype, long[] sizes, long[] strides, long offset, double... values) {
        long need = TensorGeometry.requiredStorageSize(sizes, strides, offset);
        Storage storage = Storage.allocate(dtype, Math.max(need, offset + 1) + 3);
        for (long i = 0; i < storage.size(); i++) {
            storage.setDouble(i, dtype == ScalarType.Bool ? 0 : GARBAGE);
        }
        TensorImpl t = new TensorImpl(storage, dtype, Device.CPU, sizes, strides, offset);
        long[] offs = t.elementOffsets();
        if (offs.length != values.length) {
            throw new IllegalArgumentException(values.length + " values for " + offs.length + " elements");
        }
        for (int i = 0; i < offs.length; i++) {
            storage.setDouble(offs[i], values[i]);
        }
        return t;
    }

    static TensorImpl contiguous(ScalarType dtype, long[] sizes, double... values) {
        return laidOut(dtype, sizes, TensorGeometry.contiguousStrides(sizes), 0, values);
    }

    /** A 2-d tensor stored column-major (a transposed contiguous tensor), at storage offset {@code offset}. */
    static TensorImpl columnMajor(ScalarType dtype, long rows, long cols, long offset, double... values) {
        return laidOut(dtype, new long[] {rows, cols}, new long[] {1, rows}, offset, values);
    }

    static double[] range(int n, double start, double step) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = start + i * step;
        }
        return v;
    }

    /** The logical elements of {@code t} broadcast to {@code shape}, row-major. */
    static double[] broadcastValues(TensorImpl t, long[] shape) {
        int n = (int) TensorGeometry.numel(shape);
        double[] out = new double[n];
        long[] sizes = t.sizes();
        long[] strides = t.strides();
        int lead = shape.length - sizes.length;
        long[] index = new long[shape.length];
        for (int i = 0; i < n; i++) {
            long off = t.storageOffset();
            for (int d = 0; d < sizes.length; d++) {
                long idx = sizes[d] == 1 ? 0 : index[lead + d];
                off += idx * strides[d];
            }
            out[i] = t.storage().getDouble(off);
            for (int d = shape.length - 1; d >= 0; d--) {
                if (++index[d] < shape[d]) {
                    break;
                }
                index[d] = 0;
            }
        }
        return out;
    }
}
