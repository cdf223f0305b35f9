package org.jitdispatch.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchKeySet;
import org.junit.jupiter.api.Test;

/** Tensors of external backends without a storage, and the {@link BackendData} hooks the runtime calls. */
class BackendDataTest {
    /** Keeps its data on a CPU tensor and records the views it was asked for. */
    private static final class HeldData implements BackendData {
        final TensorImpl cpu;
        final List<TensorImpl> views = new ArrayList<>();

        HeldData(TensorImpl cpu) {
            this.cpu = cpu;
        }

        @Override
        public TensorImpl readOnCpu(TensorImpl tensor) {
            return cpu.asStrided(tensor.sizes(), tensor.strides(), tensor.storageOffset());
        }

        @Override
        public Object viewOf(TensorImpl base, TensorImpl view) {
            views.add(view);
            return this;
        }
    }

    private static TensorImpl lazy(long... sizes) {
        return new TensorImpl(null, ScalarType.Float64, Device.LAZY, sizes, TensorGeometry.contiguousStrides(sizes), 0);
    }

    @Test
    void aBackendTensorMayHaveNoStorageButACpuTensorMust() {
        TensorImpl t = lazy(2, 3);
        assertNull(t.storage());
        assertEquals(DispatchKeySet.of(DispatchKey.Lazy), t.keySet());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TensorImpl(null, ScalarType.Float32, Device.CPU, new long[] {1}, new long[] {1}, 0));
        assertEquals("A cpu tensor needs a storage", e.getMessage());
        assertEquals("tensor(..., device='lazy', size=(2, 3), dtype=torch.float64)", t.toString());
    }

    @Test
    void readingTheDataOfAStoragelessTensorWithoutBackendDataIsAClearError() {
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> lazy(2).toDoubleArray());
        assertEquals("Cannot read the data of a lazy tensor directly (toDoubleArray): its backend keeps it; move it to"
                + " the CPU first with .cpu() or .to(Device.CPU)", e.getMessage());
    }

    @Test
    void readersAskTheBackendForTheCpuData() {
        TensorImpl t = lazy(2, 2);
        t.setBackendData(new HeldData(TensorFactory.IMPL.fromArray(new double[] {1, 2, 3, 4}, 2, 2)));
        assertArrayEquals(new double[] {1, 2, 3, 4}, t.toDoubleArray());
        assertArrayEquals(new long[] {1, 2, 3, 4}, t.toLongArray());
        // printing shows only the metadata: it does not make the backend compute or copy the data
        BackendData unread = new BackendData() {
            @Override
            public TensorImpl readOnCpu(TensorImpl tensor) {
                throw new AssertionError("toString read the data");
            }

            @Override
            public Object viewOf(TensorImpl base, TensorImpl view) {
                return this;
            }
        };
        TensorImpl quiet = lazy(2, 2);
        quiet.setBackendData(unread);
        assertEquals("tensor(..., device='lazy', size=(2, 2), dtype=torch.float64)", quiet.toString());
        TensorImpl one = lazy();
        one.setBackendData(new HeldData(TensorFactory.IMPL.fromArray(new double[] {7}).asStrided(new long[0], new long[0], 0)));
        assertEquals(7.0, one.item().toDouble());
    }

    @Test
    void viewsGetTheirStateFromTheBase() {
        TensorImpl t = lazy(2, 3);
        HeldData data = new HeldData(TensorFactory.IMPL.fromArray(new double[] {1, 2, 3, 4, 5, 6}, 2, 3));
        t.setBackendData(data);
        TensorImpl v = t.asStrided(new long[] {3, 2}, new long[] {1, 3}, 0);
        assertSame(data, v.backendData());
        assertEquals(List.of(v), data.views);
        assertSame(t.versionCounter(), v.versionCounter());
        assertArrayEquals(new double[] {1, 4, 2, 5, 3, 6}, v.toDoubleArray());
    }

    @Test
    void aBackendThatReadsTheWrongSizesIsReported() {
        TensorImpl t = lazy(3);
        TensorImpl twoElements = TensorFactory.IMPL.fromArray(new double[] {1, 2}, 2);
        t.setBackendData(new BackendData() {
            @Override
            public TensorImpl readOnCpu(TensorImpl tensor) {
                return twoElements;
            }

            @Override
            public Object viewOf(TensorImpl base, TensorImpl view) {
                return this;
            }
        });
        IllegalStateException e = assertThrows(IllegalStateException.class, t::toDoubleArray);
        assertEquals("the lazy backend read a tensor of sizes [3] as a cpu tensor of sizes [2]",
                e.getMessage());
    }
}
