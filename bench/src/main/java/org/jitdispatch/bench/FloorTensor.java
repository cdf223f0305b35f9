package org.jitdispatch.bench;

import java.util.Arrays;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.VersionCounter;

/**
 * The least a correct JVM tensor can be, for the floor benchmarks: what {@code Torch.add} must allocate
 * (the tensor object, a storage object, the data array, sizes, strides and a version counter) and check
 * (sizes and dtypes), with nothing else. The yardstick every small-op benchmark is compared with.
 */
final class FloorTensor {
    /** A storage: an object around the array, as every tensor library that has views keeps one. */
    static final class FloorStorage {
        final float[] data;

        FloorStorage(float[] data) {
            this.data = data;
        }
    }

    final FloorStorage storage;
    final ScalarType dtype;
    final long[] sizes;
    final long[] strides;
    final long offset;
    final VersionCounter version;

    FloorTensor(FloorStorage storage, ScalarType dtype, long[] sizes, long[] strides, long offset) {
        this.storage = storage;
        this.dtype = dtype;
        this.sizes = sizes;
        this.strides = strides;
        this.offset = offset;
        this.version = new VersionCounter();
    }

    static FloorTensor vector(float[] data) {
        return new FloorTensor(new FloorStorage(data), ScalarType.Float32, new long[] {data.length}, new long[] {1}, 0);
    }

    /** {@code a + b}: checks, allocates the result and computes it. */
    static FloorTensor add(FloorTensor a, FloorTensor b) {
        check(a, b);
        int n = a.storage.data.length;
        float[] out = new float[n];
        float[] x = a.storage.data;
        float[] y = b.storage.data;
        for (int i = 0; i < n; i++) {
            out[i] = x[i] + y[i];
        }
        return new FloorTensor(new FloorStorage(out), a.dtype, a.sizes.clone(), a.strides.clone(), 0);
    }

    /** {@code out = a + b} into a preallocated result: checks and computes. */
    static FloorTensor addInto(FloorTensor out, FloorTensor a, FloorTensor b) {
        check(a, b);
        check(out, a);
        float[] o = out.storage.data;
        float[] x = a.storage.data;
        float[] y = b.storage.data;
        for (int i = 0; i < o.length; i++) {
            o[i] = x[i] + y[i];
        }
        return out;
    }

    private static void check(FloorTensor a, FloorTensor b) {
        if (a.dtype != b.dtype || !Arrays.equals(a.sizes, b.sizes)) {
            throw new IllegalArgumentException("sizes " + Arrays.toString(a.sizes) + " and " + Arrays.toString(b.sizes));
        }
    }
}
