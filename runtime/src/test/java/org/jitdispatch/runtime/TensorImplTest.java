package org.jitdispatch.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchKeySet;
import org.junit.jupiter.api.Test;

class TensorImplTest {
    private static final TensorFactory<TensorImpl> T = TensorFactory.IMPL;

    @Test
    void fromArrayIsContiguousRowMajor() {
        TensorImpl t = T.fromArray(new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
        assertArrayEquals(new long[] {2, 3}, t.sizes());
        assertArrayEquals(new long[] {3, 1}, t.strides());
        assertEquals(6, t.numel());
        assertEquals(ScalarType.Float32, t.dtype());
        assertTrue(t.isContiguous());
        assertEquals(DispatchKeySet.of(DispatchKey.CPU), t.keySet());
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, t.toFloatArray());
    }

    @Test
    void fromArrayCopiesItsInput() {
        float[] data = {1, 2};
        TensorImpl t = T.fromArray(data);
        data[0] = 42;
        assertEquals(1.0f, t.toFloatArray()[0]);
    }

    @Test
    void shapeMustMatchData() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> T.fromArray(new float[] {1, 2, 3}, 2, 2));
        assertEquals("shape [2, 2] is invalid for input of size 3", e.getMessage());
    }

    @Test
    void transposedViewSharesStorageAndReadsInLogicalOrder() {
        TensorImpl t = T.fromArray(new int[] {1, 2, 3, 4, 5, 6}, 2, 3);
        TensorImpl tt = t.asStrided(new long[] {3, 2}, new long[] {1, 3}, 0);
        assertSame(t.storage(), tt.storage());
        assertFalse(tt.isContiguous());
        assertArrayEquals(new int[] {1, 4, 2, 5, 3, 6}, tt.toIntArray());
        t.storage().setLong(1, 20);
        assertArrayEquals(new long[] {1, 4, 20, 5, 3, 6}, tt.toLongArray());
    }

    @Test
    void sliceViewWithOffsetAndBroadcastStride() {
        TensorImpl t = T.fromArray(new double[] {0, 1, 2, 3, 4, 5});
        TensorImpl odd = t.asStrided(new long[] {3}, new long[] {2}, 1);
        assertArrayEquals(new double[] {1, 3, 5}, odd.toDoubleArray());
        TensorImpl expanded = t.asStrided(new long[] {2, 3}, new long[] {0, 1}, 2);
        assertArrayEquals(new double[] {2, 3, 4, 2, 3, 4}, expanded.toDoubleArray());
    }

    @Test
    void viewOutsideStorageIsRejected() {
        TensorImpl t = T.fromArray(new float[] {1, 2, 3});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> t.asStrided(new long[] {2}, new long[] {3}, 0));
        assertTrue(e.getMessage().contains("require a storage of at least 4 elements, but the storage has 3"),
                e.getMessage());
        TensorImpl ok = t.asStrided(new long[] {2}, new long[] {2}, 0);
        assertArrayEquals(new float[] {1, 3}, ok.toFloatArray());
    }

    @Test
    void itemAndScalarTensors() {
        assertEquals(Scalar.of(2.5), T.scalarTensor(Scalar.of(2.5), ScalarType.Float64).item());
        TensorImpl f = T.scalarTensor(Scalar.of(2.5));
        assertEquals(ScalarType.Float32, f.dtype());
        assertEquals(0, f.dim());
        assertEquals(ScalarType.Int64, T.scalarTensor(Scalar.of(3)).dtype());
        assertEquals(Scalar.of(true), T.scalarTensor(Scalar.of(true)).item());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> T.fromArray(new float[] {1, 2}).item());
        assertEquals("a Tensor with 2 elements cannot be converted to Scalar", e.getMessage());
    }

    @Test
    void metaTensorsHaveGeometryButNoData() {
        TensorImpl m = T.empty(new long[] {4, 5}, ScalarType.Float32, Device.META);
        assertNull(m.storage());
        assertTrue(m.isMeta());
        assertArrayEquals(new long[] {5, 1}, m.strides());
        assertEquals(DispatchKeySet.of(DispatchKey.Meta), m.keySet());
        assertThrows(UnsupportedOperationException.class, m::toFloatArray);
        assertEquals("tensor(..., device='meta', size=(4, 5))", m.toString());
        assertEquals("tensor(..., device='meta', size=(), dtype=torch.int64)",
                T.empty(new long[0], ScalarType.Int64, Device.META).toString());
    }

    @Test
    void resizeGrowsStorageAndKeepsContents() {
        TensorImpl t = T.fromArray(new float[] {1, 2});
        t.resize(new long[] {2, 2});
        assertArrayEquals(new long[] {2, 2}, t.sizes());
        assertArrayEquals(new float[] {1, 2, 0, 0}, t.toFloatArray());
    }

    @Test
    void negativeSizesAndBadDimsHavePyTorchMessages() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> T.empty(new long[] {2, -1}, ScalarType.Float32, Device.CPU));
        assertEquals("empty: Trying to create tensor with negative dimension -1: [2, -1]", e.getMessage());
        TensorImpl t = T.fromArray(new float[] {1, 2, 3, 4}, 2, 2);
        assertEquals(2, t.size(-1));
        IndexOutOfBoundsException d = assertThrows(IndexOutOfBoundsException.class, () -> t.size(2));
        assertEquals("Dimension out of range (expected to be in range of [-2, 1], but got 2)", d.getMessage());
    }

    @Test
    void autogradKeyCanBeAddedButBackendKeyFollowsDevice() {
        TensorImpl t = T.fromArray(new float[] {1});
        t.setKeyPresent(DispatchKey.AutogradCPU, true);
        assertEquals(DispatchKey.AutogradCPU, t.keySet().highestPriorityKey());
        t.setKeyPresent(DispatchKey.AutogradCPU, false);
        assertEquals(DispatchKeySet.of(DispatchKey.CPU), t.keySet());
        assertThrows(IllegalArgumentException.class, () -> t.setKeyPresent(DispatchKey.Meta, true));
    }

    @Test
    void toStringIsPyTorchsRepr() {
        // PyTorch's own strings (more in the kernels module's TensorReprGoldenTest)
        assertEquals("tensor([[1., 2.],\n        [3., 4.]])", T.fromArray(new float[] {1, 2, 3, 4}, 2, 2).toString());
        assertEquals("tensor([ True, False])", T.fromArray(new boolean[] {true, false}).toString());
        assertEquals("tensor([0.5000, 0.2500], dtype=torch.float64)", T.fromArray(new double[] {0.5, 0.25}).toString());
        assertEquals("tensor(15)", T.fromArray(new long[] {15}).asStrided(new long[0], new long[0], 0).toString());
        assertEquals("tensor([], size=(0, 3))", T.empty(new long[] {0, 3}, ScalarType.Float32, Device.CPU).toString());
    }

    @Test
    void aTensorWithAStorageOnAnotherDeviceShowsItsValuesAndDevice() {
        TensorImpl cpu = T.fromArray(new float[] {1, 2});
        TensorImpl other = new TensorImpl(cpu.storage(), ScalarType.Float32, Device.of(DeviceType.PrivateUse1, 0),
                new long[] {2}, new long[] {1}, 0);
        assertEquals("tensor([1., 2.], device='privateuseone:0')", other.toString());
    }

    @Test
    void assertCloseUsesToleranceAndExactIntegers() {
        TensorImpl a = T.fromArray(new float[] {1f, 2f});
        TensorTesting.assertClose(a, T.fromArray(new float[] {1f, 2.000001f}));
        AssertionError e = assertThrows(AssertionError.class,
                () -> TensorTesting.assertClose(a, T.fromArray(new float[] {1f, 2.1f})));
        assertTrue(e.getMessage().startsWith("Tensor-likes are not close!"), e.getMessage());
        assertThrows(AssertionError.class,
                () -> TensorTesting.assertClose(T.fromArray(new long[] {1}), T.fromArray(new long[] {2})));
        assertThrows(AssertionError.class,
                () -> TensorTesting.assertClose(a, T.fromArray(new double[] {1, 2})));
        assertTrue(TensorTesting.isClose(T.fromArray(new double[] {Double.NaN}), T.fromArray(new double[] {Double.NaN}), 0, 0));
    }

    @Test
    void emptyTensorsAreContiguousWhateverTheirStrides() {
        assertTrue(TensorGeometry.isContiguous(new long[] {0, 3}, new long[] {3, 2}));
        assertFalse(TensorGeometry.isContiguous(new long[] {2, 3}, new long[] {1, 2}));
        assertTrue(TensorGeometry.isContiguous(new long[] {2, 1}, new long[] {1, 7}), "size-1 dims have any stride");
    }
}
