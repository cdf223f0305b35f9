package org.jitdispatch.kernels.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ludovic.netlib.blas.NativeBLAS;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Torch;
import org.junit.jupiter.api.Test;

/**
 * How {@link NativeBlas} chooses a library and maps strided row-major operands onto BLAS's column-major
 * arguments. The products themselves are checked against a loop in double on whatever {@code libblas.so.3}
 * this machine has (CI installs OpenBLAS); on a machine with none, those properties are skipped.
 */
class NativeBlasTest {
    @Test
    void theModeIsReadFromTheProperty() {
        assertEquals(NativeBlas.Mode.AUTO, NativeBlas.mode(null));
        assertEquals(NativeBlas.Mode.AUTO, NativeBlas.mode(" "));
        assertEquals(NativeBlas.Mode.NATIVE, NativeBlas.mode("Native"));
        assertEquals(NativeBlas.Mode.JAVA, NativeBlas.mode(" java "));
        assertEquals(NativeBlas.Mode.AUTO, NativeBlas.mode("mkl"), "an unknown value is ignored");
    }

    /** Run in the default test JVM (-Djitdispatch.blas=java) and in the native-blas one (=native). */
    @Test
    void theChoiceFollowsTheProperty() {
        NativeBlas.Mode mode = NativeBlas.mode(System.getProperty(NativeBlas.PROPERTY));
        if (mode == NativeBlas.Mode.JAVA) {
            assertNull(NativeBlas.current());
            assertEquals("java (-Djitdispatch.blas=java)", Torch.get_blas());
        } else if (mode == NativeBlas.Mode.NATIVE && nativeLibraryLoads()) {
            assertNotNull(NativeBlas.current());
            assertTrue(Torch.get_blas().startsWith("native: /"), Torch.get_blas());
        }
    }

    @Test
    void onlyOptimizedLibrariesAreTakenByDefault() {
        assertTrue(NativeBlas.optimized("/usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas-r0.3.21.so"));
        assertTrue(NativeBlas.optimized("/opt/intel/oneapi/mkl/lib/libmkl_rt.so.2"));
        assertTrue(NativeBlas.optimized("/usr/lib/x86_64-linux-gnu/blis-openmp/libblas.so.3"));
        assertFalse(NativeBlas.optimized("/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0"),
                "Debian's reference BLAS");
        assertFalse(NativeBlas.threaded("/usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas-r0.3.21.so"));
        assertTrue(NativeBlas.threaded("/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0"));
        assertTrue(NativeBlas.threaded("/usr/lib/x86_64-linux-gnu/openblas-openmp/libopenblas.so.0"));
    }

    @Test
    void theLibraryIsFoundAmongTheMappedFiles() {
        List<String> maps = List.of(
                "7f0000000000-7f0000001000 r--p 00000000 00:2a 123 /usr/lib/jvm/java-17/lib/server/libjvm.so",
                "7f0000002000-7f0000003000 r-xp 00000000 00:2a 456 /tmp/jniloader123/libnetlibblasjni.so",
                "7f0000004000-7f0000005000 r-xp 00000000 00:2a 789 /usr/lib/x86_64-linux-gnu/openblas-serial/"
                        + "libopenblas-r0.3.21.so",
                "7f0000006000-7f0000007000 rw-p 00000000 00:00 0 [heap]");
        assertEquals("/usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas-r0.3.21.so", NativeBlas.mappedLibrary(maps));
        assertNull(NativeBlas.mappedLibrary(maps.subList(0, 2)));
        assertEquals("/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0", NativeBlas.mappedLibrary(List.of(
                "7f0000004000-7f0000005000 r-xp 00000000 00:2a 789 /usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0")));
    }

    @Test
    void leadingDimensions() {
        // a 3x4 row-major matrix with padded rows; its transpose, a 4x3 view with column stride 5
        assertEquals(5, NativeBlas.rowMajorLd(5, 1, 3, 4));
        assertEquals(0, NativeBlas.rowMajorLd(3, 1, 3, 4), "rows that overlap");
        assertEquals(5, NativeBlas.colMajorLd(1, 5, 4, 3));
        assertEquals(0, NativeBlas.colMajorLd(2, 5, 4, 3), "a step along both dims");
        assertEquals(4, NativeBlas.rowMajorLd(0, 1, 1, 4), "one row: its stride does not matter");
        assertEquals(3, NativeBlas.colMajorLd(1, 0, 3, 1), "one column: likewise");
        assertEquals(0, NativeBlas.rowMajorLd(0, 1, 3, 4), "an expanded operand");
        assertEquals(5, NativeBlas.ld(5, 1, 3, 4, true));
        assertEquals(-5, NativeBlas.ld(1, 5, 4, 3, true), "transposed: 'T'");
        assertEquals(5, NativeBlas.ld(1, 5, 4, 3, false));
        assertEquals(0, NativeBlas.ld(2, 5, 4, 3, false));
    }

    @Test
    void aViewThatEndsEarlyIsRefused() {
        NativeBlas blas = nativeBlas();
        // columns 0..3 of a 3x6 matrix: its last row ends 2 elements before the storage would hold 3 whole rows
        float[] a = new float[16];
        float[] b = new float[16];
        Arrays.fill(a, 1f);
        Arrays.fill(b, 1f);
        float[] c = new float[9];
        assertFalse(blas.gemm(a, 0, 6, 1, b, 0, 4, 1, c, 0, 3, 1, 3, 4, 3));
        assertTrue(Arrays.equals(new float[9], c), "nothing written");
        assertTrue(blas.gemm(a, 0, 6, 1, b, 0, 4, 1, c, 0, 3, 1, 2, 4, 3), "two whole rows fit");
    }

    @Property(tries = 300)
    void floatProductsMatchALoopInDouble(@ForAll long seed) {
        NativeBlas blas = nativeBlas();
        Random rnd = new Random(seed);
        Product p = new Product(rnd);
        float[] a = randomFloats(rnd, p.a.storage);
        float[] b = randomFloats(rnd, p.b.storage);
        float[] c = new float[p.c.storage];
        Arrays.fill(c, Float.NaN);
        boolean taken = blas.gemm(a, p.a.off, p.a.s0, p.a.s1, b, p.b.off, p.b.s0, p.b.s1, c, p.c.off, p.c.s0, p.c.s1,
                p.m, p.k, p.n);
        assertProduct(p, taken, widened(a), widened(b), widened(c), Double.NaN, 1e-5);
    }

    @Property(tries = 200)
    void doubleProductsMatchALoopInDouble(@ForAll long seed) {
        NativeBlas blas = nativeBlas();
        Random rnd = new Random(seed);
        Product p = new Product(rnd);
        double[] a = randomDoubles(rnd, p.a.storage);
        double[] b = randomDoubles(rnd, p.b.storage);
        double[] c = new double[p.c.storage];
        Arrays.fill(c, Double.NaN);
        boolean taken = blas.gemm(a, p.a.off, p.a.s0, p.a.s1, b, p.b.off, p.b.s0, p.b.s1, c, p.c.off, p.c.s0, p.c.s1,
                p.m, p.k, p.n);
        assertProduct(p, taken, a, b, c, Double.NaN, 1e-13);
    }

    /**
     * BLAS took the product exactly when every layout is one it reads; then each element of {@code c} is within
     * {@code tolerance * sum |a_iq b_qj|} of the sum in double, and every other element of {@code c}'s storage
     * (all of them when BLAS refused) still holds {@code untouched}.
     */
    private static void assertProduct(Product p, boolean taken, double[] a, double[] b, double[] c, double untouched,
            double tolerance) {
        assertEquals(p.blasCanTakeIt(), taken, p::toString);
        double[] expected = new double[c.length];
        Arrays.fill(expected, untouched);
        for (int i = 0; i < p.m && taken; i++) {
            for (int j = 0; j < p.n; j++) {
                double exact = 0;
                double magnitude = 0;
                for (int q = 0; q < p.k; q++) {
                    double term = a[p.a.at(i, q)] * b[p.b.at(q, j)];
                    exact += term;
                    magnitude += Math.abs(term);
                }
                int at = p.c.at(i, j);
                double got = c[at];
                double sum = exact;
                assertTrue(Math.abs(got - sum) <= tolerance * magnitude + 1e-300, () -> p + ": " + got + " vs " + sum);
                expected[at] = got;
            }
        }
        assertTrue(Arrays.equals(expected, c), () -> p + (taken ? ": wrote outside the result" : ": wrote when refusing"));
    }

    private static double[] widened(float[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }

    /** The machine's libblas.so.3, whichever it is (the reference one too); the properties are skipped without one. */
    private static NativeBlas nativeBlas() {
        assumeTrue(nativeLibraryLoads(), "no native libblas.so.3 on this machine");
        return new NativeBlas(NativeBLAS.getInstance(), "libblas.so.3", false);
    }

    /**
     * Two threads repeating products of their own at once get the results one thread gets: Debian's
     * single-threaded OpenBLAS keeps its buffers in globals, and before calls to it were made one at a time, about
     * 3% of these products came back with the other thread's partial sums in them. Through {@code Torch.mm} on
     * two threads of the caller's (each product small enough to stay on its thread) and through a product that
     * {@code Gemm} would split between the intra-op threads.
     */
    @Test
    void productsFromSeveralThreadsAtOnceAreEachThreadsOwn() throws InterruptedException {
        NativeBlas blas = NativeBlas.current();
        assumeTrue(blas != null, "no native BLAS in this JVM");
        Random rnd = new Random(11);
        int threads = 2;
        float[][] a = new float[threads][];
        float[][] b = new float[threads][];
        float[][] expected = new float[threads][];
        for (int t = 0; t < threads; t++) {
            a[t] = randomFloats(rnd, 16 * 72);
            b[t] = randomFloats(rnd, 72 * 196);
            expected[t] = new float[16 * 196];
            assertTrue(blas.gemm(a[t], 0, 72, 1, b[t], 0, 196, 1, expected[t], 0, 196, 1, 16, 72, 196));
        }
        int[] wrong = new int[threads];
        Thread[] running = new Thread[threads];
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
        for (int t = 0; t < threads; t++) {
            int id = t;
            running[t] = new Thread(() -> {
                float[] c = new float[16 * 196];
                try {
                    start.await();
                } catch (InterruptedException | java.util.concurrent.BrokenBarrierException e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < 20_000; i++) {
                    blas.gemm(a[id], 0, 72, 1, b[id], 0, 196, 1, c, 0, 196, 1, 16, 72, 196);
                    wrong[id] += Arrays.equals(c, expected[id]) ? 0 : 1;
                }
            });
            running[t].start();
        }
        for (Thread t : running) {
            t.join();
        }
        assertEquals(0, wrong[0] + wrong[1], "products that came back wrong");

        int before = Torch.get_num_threads();
        try {
            Torch.manual_seed(3);
            org.jitdispatch.Tensor x = Torch.randn(256, 256);
            org.jitdispatch.Tensor y = Torch.randn(256, 256);
            Torch.set_num_threads(2);
            float[] first = Torch.mm(x, y).toFloatArray();
            for (int i = 0; i < 200; i++) {
                assertTrue(Arrays.equals(first, Torch.mm(x, y).toFloatArray()), "product " + i + " differs from the first");
            }
        } finally {
            Torch.set_num_threads(before);
        }
    }

    private static boolean nativeLibraryLoads() {
        try {
            return NativeBLAS.getInstance() != null;
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    private static float[] randomFloats(Random rnd, int length) {
        float[] v = new float[length];
        for (int i = 0; i < length; i++) {
            v[i] = (float) rnd.nextGaussian();
        }
        return v;
    }

    private static double[] randomDoubles(Random rnd, int length) {
        double[] v = new double[length];
        for (int i = 0; i < length; i++) {
            v[i] = rnd.nextGaussian();
        }
        return v;
    }

    /** A product of random sizes whose operands each get a random layout. */
    private static final class Product {
        final int m;
        final int k;
        final int n;
        final Layout a;
        final Layout b;
        final Layout c;

        Product(Random rnd) {
            m = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 70);
            k = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 70);
            n = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 70);
            a = new Layout(rnd, m, k);
            b = new Layout(rnd, k, n);
            c = new Layout(rnd, m, n);
        }

        /** Whether every operand is one BLAS can read: one unit stride and a leading dimension. */
        boolean blasCanTakeIt() {
            return a.usable() && b.usable() && c.usable();
        }

        @Override
        public String toString() {
            return m + "x" + k + " @ " + k + "x" + n + ", a " + a + ", b " + b + ", c " + c;
        }
    }

    /** Where a rows x cols matrix sits in its storage. */
    private static final class Layout {
        enum Kind {
            /** Rows contiguous, maybe padded. */
            ROWS,
            /** Columns contiguous (a transposed matrix), maybe padded. */
            COLUMNS,
            /** Every row the same (stride 0 between rows), as expand makes. */
            EXPANDED_ROWS,
            /** A step of 2 along both dims: nothing BLAS can read. */
            STEPPED
        }

        final Kind kind;
        final int rows;
        final int cols;
        final int off;
        final int s0;
        final int s1;
        final int storage;

        Layout(Random rnd, int rows, int cols) {
            this.rows = rows;
            int pick = rnd.nextInt(10);
            kind = pick < 4 ? Kind.ROWS : pick < 8 ? Kind.COLUMNS : pick < 9 ? Kind.EXPANDED_ROWS : Kind.STEPPED;
            int pad = rnd.nextBoolean() ? 0 : 1 + rnd.nextInt(5);
            off = rnd.nextBoolean() ? 0 : rnd.nextInt(7);
            switch (kind) {
                case ROWS:
                    s0 = cols + pad;
                    s1 = 1;
                    break;
                case COLUMNS:
                    s0 = 1;
                    s1 = rows + pad;
                    break;
                case EXPANDED_ROWS:
                    s0 = 0;
                    s1 = 1;
                    break;
                default:
                    s0 = 2 * cols + pad;
                    s1 = 2;
                    break;
            }
            this.cols = cols;
            // room for whole leading dimensions: netlib's bounds check asks for them (a view that ends before
            // them is refused; aViewThatEndsEarlyIsRefused)
            storage = off + rows * Math.max(1, s0) + cols * Math.max(1, s1) + (rnd.nextBoolean() ? 0 : rnd.nextInt(4));
        }

        /** Rows or columns contiguous, or a single row or column, which any stride can describe. */
        boolean usable() {
            return kind == Kind.ROWS || kind == Kind.COLUMNS || rows == 1 || cols == 1 && kind == Kind.STEPPED;
        }

        int at(int i, int j) {
            return off + i * s0 + j * s1;
        }

        @Override
        public String toString() {
            return kind + " off " + off + " strides (" + s0 + ", " + s1 + ") in " + storage;
        }
    }
}
