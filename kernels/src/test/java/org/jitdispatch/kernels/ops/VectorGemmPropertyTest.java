package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.cpu.FloatPackedGemm;
import org.jitdispatch.kernels.cpu.VectorKernels;
import org.jitdispatch.kernels.ops.GemmPropertyTest.Layout;
import org.jitdispatch.kernels.parallel.Parallel;

/**
 * The Vector API's packed GEMM against the scalar packed kernel ({@link FloatGemm#packed}) on the same random
 * products: sizes on either side of the micro-tile (6 rows, two vectors of columns: 32 with 512-bit vectors,
 * 16 with 256-bit ones) and of the blocks (256 deep, 512 wide), operands and results row-major, transposed,
 * padded or with gaps, at random offsets.
 *
 * <p>The tolerance: every element within {@code 1e-5 * sum_p |a_ip b_pj|} of the sum computed in double (the
 * scalar kernel's own bound in {@link GemmPropertyTest}), and within twice that of the scalar kernel's value;
 * the two differ only by the fused multiply-add's rounding. Nothing outside the result is written. Runs in
 * the test JVM with the vector module (surefire execution {@code vector-kernels}).
 */
class VectorGemmPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final int[] SIZES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64,
        65, 97, 255, 256, 257, 511, 512, 513, 600};

    private static final FloatPackedGemm VECTOR = VectorKernels.floatPackedGemm();

    /**
     * Which products leave a native BLAS for the Vector API's kernel: only with 512-bit vectors, and only large ones
     * (a convolution's narrow products stay on BLAS).
     */
    @net.jqwik.api.Example
    void onlyLargeProductsWithWideVectorsLeaveANativeBlas() {
        FloatPackedGemm kernel = VectorKernels.floatPackedGemm();
        assertNotNull(kernel, "this JVM must run with --add-modules jdk.incubator.vector");
        boolean wide = kernel.vectorBits() >= 512;
        org.junit.jupiter.api.Assertions.assertEquals(wide, FloatGemm.vectorBeforeNative(256, 256, 256));
        org.junit.jupiter.api.Assertions.assertEquals(wide, FloatGemm.vectorBeforeNative(64, 64, 64));
        org.junit.jupiter.api.Assertions.assertFalse(FloatGemm.vectorBeforeNative(16, 72, 196), "conv2's forward");
        org.junit.jupiter.api.Assertions.assertFalse(FloatGemm.vectorBeforeNative(8, 784, 9), "conv1's weight gradient");
        org.junit.jupiter.api.Assertions.assertFalse(FloatGemm.vectorBeforeNative(64, 32, 32), "too few multiply-adds");
        org.junit.jupiter.api.Assertions.assertFalse(DoubleGemm.vectorBeforeNative(256, 256, 256), "float64 has none");
    }

    @Property(tries = 300)
    void theVectorKernelMatchesTheScalarOne(@ForAll long seed) {
        assertNotNull(VECTOR, "this JVM must run with --add-modules jdk.incubator.vector");
        Random rnd = new Random(seed);
        int[] dims = {pick(rnd), pick(rnd), Math.max(Gemm.MIN_PACKED_COLUMNS, pick(rnd))};
        while ((long) dims[0] * dims[1] * dims[2] > 2_000_000) {
            if (dims[0] >= dims[2]) {
                dims[0] = dims[0] / 2 + 1;
            } else {
                dims[2] = Math.max(Gemm.MIN_PACKED_COLUMNS, dims[2] / 2 + 1);
            }
        }
        int m = dims[0];
        int k = dims[1];
        int n = dims[2];
        Layout la = new Layout(rnd, m, k);
        Layout lb = new Layout(rnd, k, n);
        Layout lc = new Layout(rnd, m, n);
        float[] a = values(rnd, la.storage);
        float[] b = values(rnd, lb.storage);
        float[] scalar = new float[lc.storage];
        Arrays.fill(scalar, Float.NaN);
        float[] vector = scalar.clone();
        FloatGemm.packed(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, scalar, lc.off, lc.s0, lc.s1, m, k, n);
        VECTOR.packed(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, vector, lc.off, lc.s0, lc.s1, m, k, n);
        String what = m + "x" + k + " @ " + k + "x" + n + ", a " + la + ", b " + lb + ", c " + lc;
        float[] outside = vector.clone();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double exact = 0;
                double magnitude = 0;
                for (int p = 0; p < k; p++) {
                    double product = (double) a[la.at(i, p)] * b[lb.at(p, j)];
                    exact += product;
                    magnitude += Math.abs(product);
                }
                int at = lc.at(i, j);
                float got = vector[at];
                float expected = scalar[at];
                double bound = 1e-5 * magnitude + 1e-30;
                int row = i;
                int column = j;
                double inDouble = exact;
                assertTrue(Math.abs(got - exact) <= bound,
                        () -> what + " (" + row + ", " + column + "): " + got + " vs " + inDouble + " in double");
                assertTrue(Math.abs(got - expected) <= 2 * bound,
                        () -> what + " (" + row + ", " + column + "): " + got + " vs " + expected + " (scalar)");
                outside[at] = Float.NaN;
            }
        }
        float[] untouched = new float[outside.length];
        Arrays.fill(untouched, Float.NaN);
        assertArrayEquals(untouched, outside, what + ": wrote outside the result");
    }

    @Property(tries = 100)
    void mmThroughTheDispatcherTakesItOnOneThreadAndOnTwo(@ForAll long seed) {
        assertNotNull(VECTOR);
        Random rnd = new Random(seed);
        int previous = Parallel.getNumThreads();
        Parallel.setNumThreads(1 + rnd.nextInt(2));
        try {
            int m = 1 + rnd.nextInt(300);
            int k = 1 + rnd.nextInt(300);
            int n = Gemm.MIN_PACKED_COLUMNS + rnd.nextInt(300);
            Layout la = new Layout(rnd, m, k);
            Layout lb = new Layout(rnd, k, n);
            Layout lc = new Layout(rnd, m, n);
            float[] a = values(rnd, la.storage);
            float[] b = values(rnd, lb.storage);
            float[] c = new float[lc.storage];
            FloatGemm.strided(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, c, lc.off, lc.s0, lc.s1, m, k, n);
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    double exact = 0;
                    double magnitude = 0;
                    for (int p = 0; p < k; p++) {
                        double product = (double) a[la.at(i, p)] * b[lb.at(p, j)];
                        exact += product;
                        magnitude += Math.abs(product);
                    }
                    float got = c[lc.at(i, j)];
                    double e = exact;
                    assertTrue(Math.abs(got - exact) <= 1e-5 * magnitude + 1e-30, () -> got + " vs " + e);
                }
            }
        } finally {
            Parallel.setNumThreads(previous);
        }
    }

    private static int pick(Random rnd) {
        return rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(40) : SIZES[rnd.nextInt(SIZES.length)];
    }

    private static float[] values(Random rnd, int length) {
        float[] v = new float[length];
        for (int i = 0; i < length; i++) {
            v[i] = rnd.nextInt(10) == 0 ? 0f : (float) rnd.nextGaussian();
        }
        return v;
    }
}
