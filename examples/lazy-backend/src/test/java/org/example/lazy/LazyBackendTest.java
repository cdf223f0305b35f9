package org.example.lazy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.backend.CpuFallback;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorTesting;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The lazy backend on its own: recording without computing, reading data, in-place and out= variants, views. */
class LazyBackendTest {
    @BeforeAll
    static void install() {
        LazyBackend.install();
    }

    @BeforeEach
    void resetCounts() {
        CpuFallback.resetCounts();
    }

    static Tensor matrix(int rows, int cols, double scale) {
        double[] data = new double[rows * cols];
        for (int i = 0; i < data.length; i++) {
            data[i] = Math.sin(i * 0.7 + scale) * scale;
        }
        return Tensor.FACTORY.fromArray(data, rows, cols).to(ScalarType.Float32);
    }

    @Test
    void operatorsRecordAGraphAndComputeNothingUntilTheDataIsRead() {
        Tensor x = matrix(4, 3, 1.0);
        Tensor w = matrix(3, 2, 0.5);
        Tensor lx = LazyBackend.lazy(x);
        Tensor lw = LazyBackend.lazy(w);
        long before = LazyGraph.executions();

        Tensor y = lx.mm(lw).add(lx.mm(lw));

        assertEquals(before, LazyGraph.executions(), "recording ran something");
        assertEquals(DeviceType.Lazy, y.device().type());
        assertNull(y.storage());
        assertArrayEquals(new long[] {4, 2}, y.sizes());
        assertArrayEquals(new long[] {2, 1}, y.strides());
        assertEquals(ScalarType.Float32, y.dtype());
        assertFalse(LazyGraph.isComputed(y));

        Tensor onCpu = y.cpu();

        assertTrue(LazyGraph.executions() > before);
        assertTrue(LazyGraph.isComputed(y));
        assertEquals(DeviceType.CPU, onCpu.device().type());
        TensorTesting.assertClose(onCpu, x.mm(w).add(x.mm(w)), 1e-6, 1e-6);
    }

    @Test
    void sizesDtypeAndStridesComeFromTheMetaFunctionsWithTypePromotionAndBroadcasting() {
        Tensor a = LazyBackend.lazy(Tensor.FACTORY.fromArray(new long[] {1, 2, 3, 4}, 4, 1));
        Tensor b = LazyBackend.lazy(Tensor.FACTORY.fromArray(new double[] {0.5, 1.5, 2.5}, 3));
        Tensor sum = a.add(b);
        assertArrayEquals(new long[] {4, 3}, sum.sizes());
        assertEquals(ScalarType.Float64, sum.dtype());
        Tensor t = sum.transpose(0, 1);
        assertArrayEquals(new long[] {3, 4}, t.sizes());
        assertArrayEquals(new long[] {1, 3}, t.strides());
        TensorTesting.assertClose(t.cpu(), Torch.add(a.cpu(), b.cpu()).transpose(0, 1), 0, 0);
    }

    @Test
    void itemAndArrayReadersRunTheGraph() {
        Tensor x = LazyBackend.lazy(Tensor.FACTORY.fromArray(new double[] {1, 2, 3, 4}, 2, 2));
        Tensor total = x.mul(x).sum();
        assertEquals(30.0, total.item().toDouble(), 0);
        assertArrayEquals(new double[] {1, 4, 9, 16}, x.mul(x).toDoubleArray(), 0);
    }

    @Test
    void inPlaceAndOutVariantsAreGeneratedFromTheFunctionalKernelWithoutFallingBack() {
        Tensor a = LazyBackend.lazy(Tensor.FACTORY.fromArray(new double[] {1, 2, 3}, 3));
        Tensor b = LazyBackend.lazy(Tensor.FACTORY.fromArray(new double[] {10, 20, 30}, 3));
        Tensor returned = a.add_(b);
        assertTrue(returned == a);
        assertArrayEquals(new double[] {11, 22, 33}, a.toDoubleArray(), 0);

        Tensor out = LazyBackend.lazy(Tensor.FACTORY.fromArray(new double[0], 0));
        Torch.add_out(out, a, b);
        assertArrayEquals(new long[] {3}, out.sizes());
        assertArrayEquals(new double[] {21, 42, 63}, out.toDoubleArray(), 0);
        assertEquals(0, CpuFallback.count("aten::add_.Tensor"));
        assertEquals(0, CpuFallback.count("aten::add.out"));
    }

    @Test
    void aFailedInPlaceCallLeavesItsTensorUntouched() {
        Tensor a = LazyBackend.lazy(Tensor.FACTORY.fromArray(new double[] {1, 2, 3}, 3));
        Tensor wide = LazyBackend.lazy(Tensor.FACTORY.fromArray(new double[] {1, 2, 3, 4, 5, 6}, 2, 3));
        Object before = a.backendData();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.add_(wide));
        assertEquals("aten::add_.Tensor: output with shape [3] doesn't match the broadcast shape [2, 3]", e.getMessage());
        assertTrue(before == a.backendData());
        assertArrayEquals(new double[] {1, 2, 3}, a.toDoubleArray(), 0);
    }

    @Test
    void viewsSeeTheirBaseAndRefuseToReadABaseWrittenSince() {
        Tensor x = LazyBackend.lazy(Tensor.FACTORY.fromArray(new double[] {1, 2, 3, 4, 5, 6}, 2, 3));
        Tensor v = x.view(new long[] {3, 2});
        assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6}, v.toDoubleArray(), 0);
        Tensor late = x.view(new long[] {6});
        x.add_(x);
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, late::toDoubleArray);
        assertTrue(e.getMessage().contains("written in place after the view was taken"), e.getMessage());
    }

    @Test
    void aGraphThousandsOfOperatorsDeepIsComputedWithoutADeepStack() {
        Tensor one = LazyBackend.lazy(Tensor.FACTORY.fromArray(new double[] {1}, 1));
        Tensor x = LazyBackend.lazy(Tensor.FACTORY.fromArray(new double[] {0}, 1));
        for (int i = 0; i < 20_000; i++) {
            x = x.add(one);
        }
        assertEquals(20_000.0, x.toDoubleArray()[0], 0);
    }

    @Test
    void theGraphCanBePrinted() {
        Tensor x = LazyBackend.lazy(matrix(2, 2, 1.0));
        Tensor y = x.mm(x).add(x);
        String text = LazyGraph.toText(y);
        assertTrue(text.contains("aten::mm(%"), text);
        assertTrue(text.contains("aten::add.Tensor(%"), text);
        assertTrue(text.contains("copy(") || text.contains("device_data(Float32[2, 2])"), text);
        assertTrue(text.endsWith("outputs: %" + text.lines().filter(l -> l.startsWith("%")).reduce((p, q) -> q)
                .orElseThrow().split(" ")[0].substring(1) + " Float32[2, 2]\n"), text);
        y.cpu();
        assertTrue(LazyGraph.toText(y).contains("# computed"));
    }

    @Test
    void movingToTheLazyDeviceAndBackGoesThroughTheBackendsOwnKernels() {
        Tensor x = matrix(3, 3, 2.0);
        Tensor back = LazyBackend.lazy(x).to(Device.CPU);
        TensorTesting.assertClose(back, x, 0, 0);
        assertEquals(0, CpuFallback.count("aten::_to_copy"));
        assertEquals(0, CpuFallback.count("aten::copy_"));
    }
}
