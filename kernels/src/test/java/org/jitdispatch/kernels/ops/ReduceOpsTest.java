package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/** sum, mean, amax, amin and argmax through the generated API (the golden vectors cover PyTorch's cases). */
class ReduceOpsTest {
    private static final long[] ALL = new long[0];

    private static Tensor arange(int n, long... sizes) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = i;
        }
        return Torch.tensor(v, sizes);
    }

    private static Tensor meta(ScalarType dtype, long... sizes) {
        return Tensor.FACTORY.empty(sizes, dtype, Device.META);
    }

    @Test
    void sumOverDimsKeepdimAndNegativeDims() {
        Tensor x = arange(24, 2, 3, 4);
        Tensor s = x.sum(new long[] {0, -1}, false);
        assertArrayEquals(new long[] {3}, s.sizes());
        // sum over i, k of (12 i + 4 j + k) = 2*4*4j + (12*4 + 2*6) = 32 j + 60
        assertArrayEquals(new float[] {60, 92, 124}, s.toFloatArray());
        Tensor kept = x.sum(new long[] {1}, true);
        assertArrayEquals(new long[] {2, 1, 4}, kept.sizes());
        assertArrayEquals(new long[] {4, 4, 1}, kept.strides());
        assertEquals(276.0, x.sum().item().toDouble());
        assertEquals(276.0, x.sum((long[]) null, false).item().toDouble(), "dim=None reduces every dim");
        assertEquals(276.0, x.sum(ALL, false).item().toDouble(), "dim=[] reduces every dim in 1.13");
    }

    @Test
    void sumDtypes() {
        Tensor ints = Torch.tensor(new int[] {Integer.MAX_VALUE, 5});
        Tensor promoted = ints.sum();
        assertEquals(ScalarType.Int64, promoted.dtype(), "integral sums are int64 unless a dtype is given");
        assertEquals(Integer.MAX_VALUE + 5L, promoted.item().toLong());
        Tensor wrapped = ints.sum(ScalarType.Int32);
        assertEquals(ScalarType.Int32, wrapped.dtype());
        assertEquals(Integer.MIN_VALUE + 4L, wrapped.item().toLong(), "an int32 sum wraps");
        Tensor truncated = Torch.tensor(new float[] {1.7f, 1.7f, -0.5f}).sum(ScalarType.Int32);
        assertEquals(2, truncated.item().toLong(), "the input is cast to the sum's dtype element by element");
        assertEquals(ScalarType.Int64, Torch.tensor(new boolean[] {true, true, false}).sum().dtype());
        assertEquals(2, Torch.tensor(new boolean[] {true, true, false}).sum().item().toLong());
    }

    @Test
    void floatSumOfManyElementsIsAccurate() {
        int n = 1_000_000;
        float[] v = new float[n];
        java.util.Arrays.fill(v, 0.1f);
        Tensor x = Torch.tensor(v, 1000, 1000);
        double exact = n * (double) 0.1f;
        assertEquals(exact, x.sum().item().toDouble(), exact * 1e-6);
        Tensor rows = x.sum(new long[] {0}, false);
        assertEquals(1000 * (double) 0.1f, rows.toFloatArray()[999], 1e-3);
        Tensor cols = x.transpose(0, 1).sum(new long[] {1}, false);
        assertEquals(1000 * (double) 0.1f, cols.toFloatArray()[0], 1e-3);
    }

    @Test
    void emptyReductions() {
        Tensor empty = arange(0, 0, 3);
        assertEquals(0.0, empty.sum().item().toDouble());
        assertTrue(Double.isNaN(empty.mean().item().toDouble()));
        assertArrayEquals(new float[] {0, 0, 0}, empty.sum(0).toFloatArray());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> empty.amax());
        assertEquals("amax(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim"
                + " with the 'dim' argument.", e.getMessage());
        IndexOutOfBoundsException dim0 = assertThrows(IndexOutOfBoundsException.class, () -> empty.amin(0));
        assertEquals("amin(): Expected reduction dim 0 to have non-zero size.", dim0.getMessage());
        assertArrayEquals(new long[] {0}, empty.amax(1).sizes());
    }

    @Test
    void dimErrors() {
        Tensor x = arange(6, 2, 3);
        assertEquals("dim 0 appears multiple times in the list of dims",
                assertThrows(IllegalArgumentException.class, () -> x.sum(0, -2)).getMessage());
        assertEquals("Dimension out of range (expected to be in range of [-2, 1], but got 2)",
                assertThrows(IndexOutOfBoundsException.class, () -> x.mean(2)).getMessage());
        assertEquals("mean(): could not infer output dtype. Input dtype must be either a floating point or complex"
                        + " dtype. Got: Long",
                assertThrows(IllegalArgumentException.class, () -> Torch.tensor(new long[] {1, 2}).mean()).getMessage());
    }

    @Test
    void amaxAminPropagateNaN() {
        Tensor x = Torch.tensor(new float[] {1, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}, 2, 2);
        float[] max = x.amax(1).toFloatArray();
        assertTrue(Float.isNaN(max[0]));
        assertEquals(Float.POSITIVE_INFINITY, max[1]);
        float[] min = x.amin(0).toFloatArray();
        assertEquals(1f, min[0]);
        assertTrue(Float.isNaN(min[1]));
        Tensor b = Torch.tensor(new boolean[] {true, false, true, true}, 2, 2);
        assertArrayEquals(new boolean[] {false, true}, b.amin(1).toBooleanArray());
        assertArrayEquals(new boolean[] {true, true}, b.amax(0).toBooleanArray());
    }

    @Test
    void argmaxTiesNaNAndFlattening() {
        Tensor ties = Torch.tensor(new long[] {1, 3, 3, 2, 2, 1}, 2, 3);
        assertArrayEquals(new long[] {1, 0}, ties.argmax(1L).toLongArray(), "first occurrence wins");
        assertEquals(1, ties.argmax().item().toLong(), "dim=None: index into the flattened tensor");
        assertArrayEquals(new long[] {1, 1}, ties.argmax(null, true).sizes());
        Tensor nan = Torch.tensor(new float[] {1, Float.NaN, 3, Float.NaN, 2, Float.NaN}, 2, 3);
        assertArrayEquals(new long[] {1, 0}, nan.argmax(1L).toLongArray(), "the first NaN is the maximum");
        assertArrayEquals(new long[] {1, 0, 0}, ties.transpose(0, 1).argmax(1L).toLongArray(), "strided input");
    }

    @Test
    void structuredReductionsInferShapesOnMetaTensors() {
        Tensor m = meta(ScalarType.Float32, 2, 3, 4);
        Tensor s = m.sum(new long[] {1}, true);
        assertTrue(s.isMeta());
        assertArrayEquals(new long[] {2, 1, 4}, s.sizes());
        assertArrayEquals(new long[] {4, 4, 1}, s.strides());
        assertEquals(ScalarType.Float32, s.dtype());
        Tensor all = meta(ScalarType.Int32, 2, 3).sum();
        assertArrayEquals(new long[0], all.sizes());
        assertEquals(ScalarType.Int64, all.dtype());
        assertArrayEquals(new long[] {3}, m.mean(0, -1).sizes());
        assertArrayEquals(new long[] {2, 4}, m.amax(1).sizes());
        Tensor idx = meta(ScalarType.Bool, 2, 3).argmax(0L, true);
        assertEquals(ScalarType.Int64, idx.dtype(), "no kernel runs on meta tensors, so bool is fine");
        assertArrayEquals(new long[] {1, 3}, idx.sizes());
        Tensor out = meta(ScalarType.Int64, 0);
        assertSame(out, Torch.mean_out(out, m, new long[] {0}, false), "meta out= of an integral dtype is allowed");
        assertArrayEquals(new long[] {3, 4}, out.sizes());
    }

    @Test
    void outVariantsResizeAndCheckDtypes() {
        Tensor x = arange(6, 2, 3);
        Tensor out = Torch.tensor(new float[] {9, 9, 9, 9, 9});
        List<String> warnings = Warnings.capture(() -> assertSame(out, Torch.sum_out(out, x, 1)));
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("An output with one or more elements was resized since it had shape [5]"));
        assertArrayEquals(new float[] {3, 12}, out.toFloatArray());

        Tensor strided = Torch.tensor(new float[6], 3, 2).transpose(0, 1);
        Torch.amax_out(strided, Torch.tensor(new float[] {1, 5, 2, 4, 3, 6, 0, 0, 7, 1, 1, 1}, 2, 2, 3), 1);
        assertArrayEquals(new long[] {1, 2}, strided.strides(), "a correctly sized out keeps its strides");
        assertArrayEquals(new float[] {4, 5, 6, 1, 1, 7}, strided.toFloatArray());

        Tensor intOut = Torch.tensor(new long[] {7, 7, 7});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.mean_out(intOut, x, 0));
        assertEquals("result type Float can't be cast to the desired output type Long", e.getMessage());
        assertArrayEquals(new long[] {7, 7, 7}, intOut.toLongArray(), "a failing out= call leaves out untouched");

        Tensor idxOut = Tensor.FACTORY.empty(new long[] {0}, ScalarType.Int64, Device.CPU);
        assertThrows(IllegalArgumentException.class,
                () -> Torch.argmax_out(idxOut, Torch.tensor(new boolean[] {true, false}, 1, 2), 1L));
        assertArrayEquals(new long[] {0}, idxOut.sizes(), "not resized before the bool error");

        Tensor total = Torch.tensor(new long[] {0});
        Torch.sum_out(total, Torch.tensor(new float[] {1.5f, 2.5f}));
        assertArrayEquals(new long[0], total.sizes(), "sum.out: out takes the 0-dim shape of the sum");
        assertEquals(4, total.item().toLong(), "and its value, cast to out's dtype");
    }
}
