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

/** mm, bmm, dot, mv and matmul through the generated API (the golden vectors cover PyTorch's cases). */
class LinearAlgebraTest {
    private static Tensor arange(int n, long... sizes) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = i;
        }
        return Torch.tensor(v, sizes);
    }

    /** Small integers (i % 7 - 3) in float32, whose products and sums are exact. */
    private static Tensor pattern(int n, long... sizes) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = i % 7 - 3;
        }
        return Torch.tensor(v, sizes);
    }

    private static Tensor meta(long... sizes) {
        return Tensor.FACTORY.empty(sizes, ScalarType.Float32, Device.META);
    }

    /** Reference product of row-major matrices. */
    private static float[] product(float[] a, float[] b, int m, int k, int n) {
        float[] c = new float[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int p = 0; p < k; p++) {
                    s += a[i * k + p] * b[p * n + j];
                }
                c[i * n + j] = (float) s;
            }
        }
        return c;
    }

    @Test
    void mmMultipliesStridedMatrices() {
        Tensor a = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
        Tensor b = Torch.tensor(new float[] {7, 8, 9, 10, 11, 12}, 3, 2);
        Tensor c = a.mm(b);
        assertArrayEquals(new long[] {2, 2}, c.sizes());
        assertArrayEquals(new float[] {58, 64, 139, 154}, c.toFloatArray());
        // the same product from transposed storage
        Tensor at = Torch.tensor(new float[] {1, 4, 2, 5, 3, 6}, 3, 2).transpose(0, 1);
        Tensor bt = Torch.tensor(new float[] {7, 9, 11, 8, 10, 12}, 2, 3).transpose(0, 1);
        assertArrayEquals(new float[] {58, 64, 139, 154}, at.mm(bt).toFloatArray());
        Tensor big = pattern(40 * 30, 40, 30);
        Tensor other = pattern(30 * 20, 30, 20);
        assertArrayEquals(product(big.toFloatArray(), other.toFloatArray(), 40, 30, 20), Torch.mm(big, other).toFloatArray());
        Tensor columnMajor = Torch.mm(other.transpose(0, 1), big.transpose(0, 1));
        assertArrayEquals(product(big.toFloatArray(), other.toFloatArray(), 40, 30, 20),
                columnMajor.transpose(0, 1).toFloatArray(), "(A B)^T = B^T A^T");
    }

    @Test
    void integerProductsWrapLikeCpp() {
        Tensor a = Torch.tensor(new int[] {1 << 30, 1 << 30}, 1, 2);
        Tensor b = Torch.tensor(new int[] {4, 1}, 2, 1);
        assertEquals((1 << 30) * 5, a.mm(b).item().toLong());
        assertEquals(ScalarType.Int32, a.mm(b).dtype());
    }

    @Test
    void mmErrors() {
        Tensor a = arange(6, 2, 3);
        assertEquals("mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)",
                assertThrows(IllegalArgumentException.class, () -> a.mm(arange(20, 4, 5))).getMessage());
        assertEquals("self must be a matrix",
                assertThrows(IllegalArgumentException.class, () -> arange(3, 3).mm(a)).getMessage());
        Tensor bools = Torch.tensor(new boolean[] {true, false, true, true}, 2, 2);
        assertEquals("\"addmm_impl_cpu_\" not implemented for 'Bool'",
                assertThrows(IllegalArgumentException.class, () -> bools.mm(bools)).getMessage());
        Tensor out = Torch.tensor(new float[] {1, 2, 3});
        assertThrows(IllegalArgumentException.class, () -> Torch.mm_out(out, a, Torch.tensor(new double[6], 3, 2)));
        assertArrayEquals(new long[] {3}, out.sizes(), "a failing mm.out leaves out untouched");
        assertArrayEquals(new float[] {1, 2, 3}, out.toFloatArray());
    }

    @Test
    void bmmChecksBatches() {
        Tensor a = arange(12, 2, 2, 3);
        Tensor b = arange(12, 2, 3, 2);
        Tensor c = a.bmm(b);
        assertArrayEquals(new long[] {2, 2, 2}, c.sizes());
        float[] second = product(new float[] {6, 7, 8, 9, 10, 11}, new float[] {6, 7, 8, 9, 10, 11}, 2, 3, 2);
        float[] all = c.toFloatArray();
        assertArrayEquals(second, java.util.Arrays.copyOfRange(all, 4, 8));
        assertEquals("Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3].",
                assertThrows(IllegalArgumentException.class, () -> a.bmm(arange(18, 3, 3, 2))).getMessage());
    }

    @Test
    void structuredProductsInferShapesOnMetaTensors() {
        Tensor c = meta(5, 3).mm(meta(3, 7));
        assertTrue(c.isMeta());
        assertArrayEquals(new long[] {5, 7}, c.sizes());
        assertArrayEquals(new long[] {7, 1}, c.strides());
        assertEquals("mat1 and mat2 shapes cannot be multiplied (5x3 and 4x7)",
                assertThrows(IllegalArgumentException.class, () -> meta(5, 3).mm(meta(4, 7))).getMessage());
        Tensor mixed = meta(2, 3).mm(Tensor.FACTORY.empty(new long[] {3, 4}, ScalarType.Float64, Device.META));
        assertEquals(ScalarType.Float32, mixed.dtype(), "dtype errors are the CPU kernel's, not meta's");
        assertArrayEquals(new long[] {4, 2, 6}, meta(4, 2, 3).bmm(meta(4, 3, 6)).sizes());
        assertArrayEquals(new long[] {2, 3, 2, 4}, meta(2, 1, 2, 3).matmul(meta(3, 3, 4)).sizes());
        assertArrayEquals(new long[] {2, 2, 4}, meta(2, 3).matmul(meta(2, 3, 4)).sizes());
        assertArrayEquals(new long[0], meta(3).matmul(meta(3)).sizes());
    }

    @Test
    void matmulBroadcastsBatches() {
        Tensor a = arange(12, 2, 1, 2, 3);
        Tensor b = arange(18, 3, 3, 2);
        Tensor c = a.matmul(b);
        assertArrayEquals(new long[] {2, 3, 2, 2}, c.sizes());
        assertArrayEquals(new long[] {12, 4, 2, 1}, c.strides());
        // batch (1, 2) of the result is a[1, 0] @ b[2]
        float[] expected = product(new float[] {6, 7, 8, 9, 10, 11}, new float[] {12, 13, 14, 15, 16, 17}, 2, 3, 2);
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(c.toFloatArray(), 20, 24));
        assertEquals(5.0, Torch.matmul(arange(3, 3), arange(3, 3)).item().toDouble(), "1-D @ 1-D is dot");
        assertArrayEquals(new float[] {5, 14}, Torch.matmul(arange(6, 2, 3), arange(3, 3)).toFloatArray(), "mv");
        assertArrayEquals(new long[] {2, 2}, Torch.matmul(arange(3, 3), arange(12, 2, 3, 2)).sizes(), "folded");
        assertEquals("The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
                assertThrows(IllegalArgumentException.class, () -> arange(12, 2, 2, 3).matmul(arange(18, 3, 3, 2)))
                        .getMessage());
        assertEquals("both arguments to matmul need to be at least 1D, but they are 0D and 1D",
                assertThrows(IllegalArgumentException.class,
                        () -> arange(1, 1).view().matmul(arange(3, 3))).getMessage());
    }

    @Test
    void matmulOutResizesOnlyAfterSuccess() {
        Tensor out = Torch.tensor(new float[] {1, 2, 3, 4, 5});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.matmul_out(out, arange(12, 2, 2, 3), arange(4, 2, 2)));
        assertEquals("mat1 and mat2 shapes cannot be multiplied (4x3 and 2x2)", e.getMessage());
        assertArrayEquals(new long[] {5}, out.sizes(), "PyTorch resizes out first; here it stays as it was");
        List<String> warnings = Warnings.capture(() -> assertSame(out, Torch.matmul_out(out, arange(12, 2, 2, 3),
                arange(6, 3, 2))));
        assertEquals(1, warnings.size(), "resized once, with PyTorch's warning");
        assertArrayEquals(new long[] {2, 2, 2}, out.sizes());
        assertArrayEquals(Torch.matmul(arange(12, 2, 2, 3), arange(6, 3, 2)).toFloatArray(), out.toFloatArray());
        Tensor wrongType = Tensor.FACTORY.empty(new long[] {0}, ScalarType.Int64, Device.CPU);
        assertEquals("Expected out tensor to have dtype float, but got long int instead",
                assertThrows(IllegalArgumentException.class,
                        () -> Torch.matmul_out(wrongType, arange(12, 2, 2, 3), arange(6, 3, 2))).getMessage());
        assertArrayEquals(new long[] {0}, wrongType.sizes());
    }
}
