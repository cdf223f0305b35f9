package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.cpu.NativeBlas;
import org.jitdispatch.kernels.parallel.Parallel;
import org.junit.jupiter.api.Test;

/**
 * Products shared between a single-threaded native BLAS and the Java kernels ({@code FloatGemm.withNative}),
 * against the Java kernels alone and a sum in double, on the same random large products: shapes wider or
 * taller (split by columns or by rows), operands and results row-major, transposed, padded or with gaps (which
 * BLAS refuses, so the Java kernels take all of it), float32 and float64, on two and three threads.
 *
 * <p>Every element is within {@code 1e-5 * sum |a_ip b_pj|} ({@code 1e-13} for float64) of the sum in double; the
 * Java kernels' share is, to the bit, the in-order sum they give alone; the native share is, to the bit, what one
 * native call of that share gives; the same product twice gives the same bits; and nothing outside the result
 * is written. Runs in the native-blas execution, whose JVM calls the machine's {@code libblas.so.3}; on a machine
 * without one, or with a BLAS that runs threads of its own, no product is shared and the property has nothing to
 * check.
 */
class SharedNativeGemmPropertyTest {
    static {
        AtenLibrary.load();
    }

    @Property(tries = 24)
    void aSharedProductIsEachSidesOwnAndNearTheExactSum(@ForAll long seed) {
        NativeBlas blas = NativeBlas.current();
        if (blas == null || !blas.exclusive()) {
            return; // nothing is shared: the Java kernels, or a BLAS with threads of its own, take whole products
        }
        Random rnd = new Random(seed);
        int m = 64 + rnd.nextInt(336);
        int n = 64 + rnd.nextInt(336);
        int k = Math.max(1, (int) ((Gemm.MIN_SHARED_MULTIPLY_ADDS + rnd.nextInt(1 << 22)) / ((long) m * n)) + 1);
        GemmPropertyTest.Layout la = new GemmPropertyTest.Layout(rnd, m, k);
        GemmPropertyTest.Layout lb = new GemmPropertyTest.Layout(rnd, k, n);
        GemmPropertyTest.Layout lc = new GemmPropertyTest.Layout(rnd, m, n);
        int threads = 2 + rnd.nextInt(2);
        boolean floats = rnd.nextInt(3) > 0;
        int previous = Parallel.getNumThreads();
        Parallel.setNumThreads(threads);
        try {
            if (floats) {
                checkFloats(blas, rnd, m, k, n, la, lb, lc, threads);
            } else {
                checkDoubles(blas, rnd, m, k, n, la, lb, lc, threads);
            }
        } finally {
            Parallel.setNumThreads(previous);
        }
    }

    private static void checkFloats(NativeBlas blas, Random rnd, int m, int k, int n, GemmPropertyTest.Layout la,
            GemmPropertyTest.Layout lb, GemmPropertyTest.Layout lc, int threads) {
        String what = m + "x" + k + " @ " + k + "x" + n + ", a " + la + ", b " + lb + ", c " + lc + ", " + threads
                + " threads, float32";
        float[] a = new float[la.storage];
        float[] b = new float[lb.storage];
        for (int i = 0; i < a.length; i++) {
            a[i] = (float) rnd.nextGaussian();
        }
        for (int i = 0; i < b.length; i++) {
            b[i] = (float) rnd.nextGaussian();
        }
        float[] c = new float[lc.storage];
        Arrays.fill(c, Float.NaN);
        FloatGemm.strided(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, c, lc.off, lc.s0, lc.s1, m, k, n);
        float[] again = new float[lc.storage];
        Arrays.fill(again, Float.NaN);
        FloatGemm.strided(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, again, lc.off, lc.s0, lc.s1, m, k, n);
        assertArrayEquals(c, again, what + ": the same product twice");

        Split split = new Split(m, n, threads);
        int rows = split.byColumns ? m : split.nativePart;
        int cols = split.byColumns ? split.nativePart : n;
        // BLAS's share is shared when BLAS takes its layout (a view whose last row ends early may be refused whole)
        boolean blasTakesIt = blas.accepts(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, c, lc.off, lc.s0,
                lc.s1, rows, k, cols);
        float[] nativeShare = new float[lc.storage];
        if (blasTakesIt) {
            assertTrue(blas.gemm(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, nativeShare, lc.off, lc.s0, lc.s1,
                    rows, k, cols));
        }
        float[] expected = new float[lc.storage];
        Arrays.fill(expected, Float.NaN);
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
                double sum = exact;
                assertTrue(Math.abs(got - exact) <= 1e-5 * magnitude, () -> what + ": " + got + " vs " + sum);
                float own = blasTakesIt && split.isNative(i, j) ? nativeShare[at] : inOrder;
                int row = i;
                int column = j;
                assertEquals(Float.floatToIntBits(own), Float.floatToIntBits(got),
                        () -> what + ": element (" + row + ", " + column + ")");
                expected[at] = got;
            }
        }
        assertArrayEquals(expected, c, what + ": wrote outside the result");
    }

    private static void checkDoubles(NativeBlas blas, Random rnd, int m, int k, int n, GemmPropertyTest.Layout la,
            GemmPropertyTest.Layout lb, GemmPropertyTest.Layout lc, int threads) {
        String what = m + "x" + k + " @ " + k + "x" + n + ", a " + la + ", b " + lb + ", c " + lc + ", " + threads
                + " threads, float64";
        double[] a = new double[la.storage];
        double[] b = new double[lb.storage];
        for (int i = 0; i < a.length; i++) {
            a[i] = rnd.nextGaussian();
        }
        for (int i = 0; i < b.length; i++) {
            b[i] = rnd.nextGaussian();
        }
        double[] c = new double[lc.storage];
        Arrays.fill(c, Double.NaN);
        DoubleGemm.strided(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, c, lc.off, lc.s0, lc.s1, m, k, n);
        Split split = new Split(m, n, threads);
        int rows = split.byColumns ? m : split.nativePart;
        int cols = split.byColumns ? split.nativePart : n;
        // BLAS's share is shared when BLAS takes its layout (a view whose last row ends early may be refused whole)
        boolean blasTakesIt = blas.accepts(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, c, lc.off, lc.s0,
                lc.s1, rows, k, cols);
        double[] nativeShare = new double[lc.storage];
        if (blasTakesIt) {
            assertTrue(blas.gemm(a, la.off, la.s0, la.s1, b, lb.off, lb.s0, lb.s1, nativeShare, lc.off, lc.s0, lc.s1,
                    rows, k, cols));
        }
        double[] expected = new double[lc.storage];
        Arrays.fill(expected, Double.NaN);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double inOrder = 0;
                double magnitude = 0;
                for (int p = 0; p < k; p++) {
                    double term = a[la.at(i, p)] * b[lb.at(p, j)];
                    inOrder += term;
                    magnitude += Math.abs(term);
                }
                int at = lc.at(i, j);
                double got = c[at];
                double sum = inOrder;
                assertTrue(Math.abs(got - inOrder) <= 1e-13 * magnitude, () -> what + ": " + got + " vs " + sum);
                double own = blasTakesIt && split.isNative(i, j) ? nativeShare[at] : inOrder;
                int row = i;
                int column = j;
                assertEquals(Double.doubleToLongBits(own), Double.doubleToLongBits(got),
                        () -> what + ": element (" + row + ", " + column + ")");
                expected[at] = got;
            }
        }
        assertArrayEquals(expected, c, what + ": wrote outside the result");
    }

    /** The split is a multiple of its unit, leaves each side at least one, and gives the native BLAS more. */
    @Test
    void theNativeShareIsMostOfTheProduct() {
        for (int threads = 2; threads <= 8; threads++) {
            for (int length = 64; length <= 2048; length += 7) {
                for (boolean byColumns : new boolean[] {true, false}) {
                    int unit = Gemm.sharedUnit(byColumns);
                    int part = Gemm.nativePart(length, threads, unit);
                    assertEquals(0, part % unit);
                    assertTrue(part >= unit && part <= length - unit, length + " on " + threads + ": " + part);
                }
            }
        }
        assertEquals(768, Gemm.nativePart(1024, 2, 16), "three quarters on two threads");
    }

    /** Where the native share lies: the first columns when c is at least as wide as tall, else the first rows. */
    private static final class Split {
        final boolean byColumns;
        final int nativePart;

        Split(int m, int n, int threads) {
            byColumns = n >= m;
            nativePart = Gemm.nativePart(byColumns ? n : m, threads, Gemm.sharedUnit(byColumns));
        }

        boolean isNative(int i, int j) {
            return byColumns ? j < nativePart : i < nativePart;
        }
    }
}
