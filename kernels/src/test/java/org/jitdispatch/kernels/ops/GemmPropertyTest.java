package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * The packed GEMM against a straightforward loop, on random products: sizes 0, 1, primes, sizes on either
 * side of the blocks ({@link Gemm#DEPTH}, {@link FloatGemm#COLUMNS}, {@link Gemm#MIN_PACKED_COLUMNS}),
 * operands and results with random strides (row-major, transposed, padded rows, element gaps) and
 * offsets, float32 and float64, on one thread and on two.
 *
 * <p>Every element must be within {@code 1e-5 * sum_p |a_ip| |b_pj|} (float64: {@code 1e-13}) of the sum
 * computed in double (float64: in order), and in fact equal, to the bit, to the sum over k in order in the
 * operands' dtype: the packed kernel adds in the same order as the i-k-j loop. Elements of c's storage
 * outside the result are left as they were.
 */
class GemmPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final int[] SIZES = {0, 1, 2, 3, 5, 7, 13, 15, 16, 17, 31, 61, 64, 97, 127, 255, 256, 257, 263,
        511, 512, 513, 600};

    @Property(tries = 300)
    void packedGemmMatchesTheReferenceLoop(@ForAll long seed) {
        Random rnd = new Random(seed);
        int threads = 1 + rnd.nextInt(2);
        int previous = Parallel.getNumThreads();
        Parallel.setNumThreads(threads);
        try {
            Product product = new Product(rnd);
            if (rnd.nextBoolean()) {
                product.runFloats();
            } else {
                product.runDoubles();
            }
        } finally {
            Parallel.setNumThreads(previous);
        }
    }

    @Test
    void theProductsReachEveryPath() {
        int split = 0;
        int narrow = 0;
        int deep = 0;
        int wide = 0;
        for (long seed = 0; seed < 300; seed++) {
            Product p = new Product(new Random(seed * 0x9E3779B97F4A7C15L)); // consecutive seeds start alike
            long work = (long) p.m * p.k * p.n;
            split += work > Gemm.GRAIN_MULTIPLY_ADDS ? 1 : 0;
            narrow += p.n > 0 && p.n < Gemm.MIN_PACKED_COLUMNS && work > 0 ? 1 : 0;
            deep += p.k > Gemm.DEPTH && p.n >= Gemm.MIN_PACKED_COLUMNS ? 1 : 0;
            wide += p.n > FloatGemm.COLUMNS ? 1 : 0;
        }
        assertTrue(split > 20 && narrow > 20 && deep > 20 && wide > 10,
                split + " split, " + narrow + " narrow, " + deep + " deeper than a block, " + wide + " wider");
    }

    @Test
    void gemmThroughTensorsReadsTransposedOperandsInPlace() {
        Random rnd = new Random(7);
        int m = 67;
        int k = 300;
        int n = 41;
        float[] x = new float[m * k];
        float[] w = new float[n * k];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) rnd.nextGaussian();
        }
        for (int i = 0; i < w.length; i++) {
            w[i] = (float) rnd.nextGaussian();
        }
        Tensor a = org.jitdispatch.Torch.tensor(x, m, k);
        Tensor b = org.jitdispatch.Torch.tensor(w, n, k).transpose(0, 1); // a linear layer's weight
        Tensor c = Tensor.FACTORY.empty(new long[] {n, m}, ScalarType.Float32, a.device()).transpose(0, 1);
        Gemm.multiply(a, b, c);
        float[] expected = new float[m * n];
        FloatGemm.ikj(x, 0, k, 1, w, 0, 1, k, expected, 0, n, m, k, n);
        assertArrayEquals(expected, c.contiguous().toFloatArray());
    }

    /** A random product: sizes, layouts of a, b and c in storages with slack, and the values. */
    private static final class Product {
        final int m;
        final int k;
        final int n;
        final Layout la;
        final Layout lb;
        final Layout lc;
        final Random rnd;

        Product(Random rnd) {
            this.rnd = rnd;
            int[] dims = new int[3];
            for (int d = 0; d < 3; d++) {
                dims[d] = rnd.nextInt(4) == 0 ? rnd.nextInt(24) : SIZES[rnd.nextInt(SIZES.length)];
            }
            while ((long) dims[0] * dims[1] * dims[2] > 3_000_000) {
                // m or n first, so that deep products (k beyond a block) stay
                int largest = Math.max(dims[0], dims[2]) > 16 ? (dims[0] >= dims[2] ? 0 : 2) : 1;
                dims[largest] = dims[largest] / 2 + 1;
            }
            m = dims[0];
            k = dims[1];
            n = dims[2];
            la = new Layout(rnd, m, k);
            lb = new Layout(rnd, k, n);
            lc = new Layout(rnd, m, n);
        }

        void runFloats() {
            float[] a = new float[la.storage];
            float[] b = new float[lb.storage];
            float[] c = new float[lc.storage];
            fill(a);
            fill(b);
            Arrays.fill(c, Float.NaN);
            float[] before = c.clone();
            FloatGemm.strided(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, c, lc.off, lc.s0, lc.s1, m, k, n);
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    float inOrder = 0f;
                    double exact = 0;
                    double magnitude = 0;
                    for (int p = 0; p < k; p++) {
                        float x = a[la.at(i, p)];
                        float y = b[lb.at(p, j)];
                        inOrder += x * y;
                        exact += (double) x * y;
                        magnitude += Math.abs((double) x * y);
                    }
                    int at = lc.at(i, j);
                    float got = c[at];
                    double expected = exact;
                    assertTrue(Math.abs(got - expected) <= 1e-5 * magnitude + 1e-30,
                            () -> describe() + ": " + got + " vs " + expected);
                    assertEquals(Float.floatToIntBits(inOrder), Float.floatToIntBits(got), () -> describe());
                    before[at] = got;
                }
            }
            assertArrayEquals(before, c, () -> describe() + ": wrote outside the result");
        }

        void runDoubles() {
            double[] a = new double[la.storage];
            double[] b = new double[lb.storage];
            double[] c = new double[lc.storage];
            fill(a);
            fill(b);
            Arrays.fill(c, Double.NaN);
            double[] before = c.clone();
            DoubleGemm.strided(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, c, lc.off, lc.s0, lc.s1, m, k, n);
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    double inOrder = 0;
                    double magnitude = 0;
                    for (int p = 0; p < k; p++) {
                        double x = a[la.at(i, p)];
                        double y = b[lb.at(p, j)];
                        inOrder += x * y;
                        magnitude += Math.abs(x * y);
                    }
                    int at = lc.at(i, j);
                    double got = c[at];
                    assertTrue(Math.abs(got - inOrder) <= 1e-13 * magnitude + 1e-300, () -> describe());
                    assertEquals(Double.doubleToLongBits(inOrder), Double.doubleToLongBits(got), () -> describe());
                    before[at] = got;
                }
            }
            assertArrayEquals(before, c, () -> describe() + ": wrote outside the result");
        }

        private void fill(float[] v) {
            for (int i = 0; i < v.length; i++) {
                v[i] = rnd.nextInt(10) == 0 ? 0f : (float) rnd.nextGaussian();
            }
        }

        private void fill(double[] v) {
            for (int i = 0; i < v.length; i++) {
                v[i] = rnd.nextInt(10) == 0 ? 0.0 : rnd.nextGaussian();
            }
        }

        String describe() {
            return m + "x" + k + " @ " + k + "x" + n + ", a " + la + ", b " + lb + ", c " + lc + ", "
                    + Parallel.getNumThreads() + " threads";
        }
    }

    /** Strides and offset of a rows x cols matrix: row-major, column-major, padded, or with gaps. */
    static final class Layout {
        final int s0;
        final int s1;
        final int off;
        final int storage;

        Layout(Random rnd, int rows, int cols) {
            int gap = rnd.nextInt(4) == 0 ? 2 + rnd.nextInt(2) : 1;
            int pad = rnd.nextInt(3) == 0 ? rnd.nextInt(5) : 0;
            if (rnd.nextInt(3) == 0) { // column-major: a transposed view
                s0 = gap;
                s1 = gap * rows + pad;
            } else {
                s1 = gap;
                s0 = gap * cols + pad;
            }
            off = rnd.nextInt(3) == 0 ? rnd.nextInt(7) : 0;
            storage = off + (rows == 0 || cols == 0 ? 0 : (rows - 1) * s0 + (cols - 1) * s1 + 1) + rnd.nextInt(3);
        }

        int at(int i, int j) {
            return off + i * s0 + j * s1;
        }

        @Override
        public String toString() {
            return "strides [" + s0 + ", " + s1 + "] offset " + off;
        }
    }
}
