package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.kernels.TypeTemplate;
import org.jitdispatch.kernels.cpu.FloatPackedGemm;
import org.jitdispatch.kernels.cpu.NativeBlas;
import org.jitdispatch.kernels.cpu.VectorKernels;
import org.jitdispatch.kernels.parallel.Parallel;

/**
 * The float32 matrix product kernels of {@link Gemm}: the packed, cache-blocked kernel and its micro-kernel,
 * the narrow kernel for mv and dot, and the i-k-j loop of small products, each element accumulated in float32
 * in order of k.
 */
@TypeTemplate
final class FloatGemm {
    /** Columns of b per packed block: {@link Gemm#DEPTH} rows of 2 KiB, a 512 KiB panel for the L2 cache. */
    static final int COLUMNS = 2048 / Float.BYTES;

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /**
     * The Vector API's packed kernel when the CPU capability is VECTOR and {@link VectorKernels} has one for this
     * element type (it has none for 64-bit elements), else null and {@link #packed} runs: a constant, so C2
     * keeps only one of the two.
     */
    private static final FloatPackedGemm VECTOR_PACKED = VectorKernels.floatPackedGemm();

    /** The machine's optimized BLAS, or null where the Java kernels run: a constant, as above. */
    private static final NativeBlas NATIVE = NativeBlas.current();

    /**
     * Whether the Vector API's packed kernel runs 512-bit vectors (AVX-512). There it takes large products from
     * a native BLAS ({@link #vectorBeforeNative}): on an AVX-512 machine whose OpenBLAS (Debian's 0.3.21 on an AMD
     * EPYC) ran its AVX2 kernels, it multiplied n x n matrices in 0.62 to 0.92 of OpenBLAS's time from n = 64 to
     * 1024 on one thread, and it splits a product between threads, which a single-threaded BLAS cannot
     * ({@link NativeBlas#exclusive()}).
     */
    private static final boolean WIDE_VECTORS = VECTOR_PACKED != null && VECTOR_PACKED.vectorBits() >= 512;

    private FloatGemm() {
    }

    /**
     * {@code c = a @ b}, any strides: one call of the native BLAS when there is one and it takes the layout (a
     * large product is shared between a single-threaded BLAS and the Java kernels on the other threads:
     * {@link #withNative}), else split between threads over rows
     * of c, or over columns when c is wider than it is tall, each share computed by {@link #packed} (or
     * {@link #narrow}).
     */
    static void strided(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        if (k == 0) {
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    c[cOff + i * cs0 + j * cs1] = 0f;
                }
            }
            return;
        }
        long work = (long) m * k * n;
        if (work == 0) {
            return;
        }
        if (NATIVE != null && !vectorBeforeNative(m, k, n)) {
            if (sharesWithNative(m, n, work)
                    ? withNative(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n)
                    : NATIVE.gemm(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n)) {
                return; // the whole product computed, natively or shared with the Java kernels
            }
        }
        if (work <= Gemm.GRAIN_MULTIPLY_ADDS || Parallel.getNumThreads() == 1 || Parallel.inParallelRegion()) {
            share(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n);
        } else if (m >= n) {
            long grain = Gemm.divideRoundingUp(Gemm.GRAIN_MULTIPLY_ADDS, (long) k * n);
            Parallel.parallelFor(0, m, grain, (from, to) -> share(a, aOff + (int) from * as0, as0, as1,
                    b, bOff, bs0, bs1, c, cOff + (int) from * cs0, cs0, cs1, (int) (to - from), k, n));
        } else {
            long units = Gemm.divideRoundingUp(n, Gemm.COLUMN_UNIT);
            long grain = Gemm.divideRoundingUp(Gemm.GRAIN_MULTIPLY_ADDS, (long) m * k * Gemm.COLUMN_UNIT);
            Parallel.parallelFor(0, units, grain, (from, to) -> {
                int j0 = (int) from * Gemm.COLUMN_UNIT;
                int j1 = (int) Math.min(n, to * Gemm.COLUMN_UNIT);
                share(a, aOff, as0, as1, b, bOff + j0 * bs1, bs0, bs1, c, cOff + j0 * cs1, cs0, cs1,
                        m, k, j1 - j0);
            });
        }
    }

    /**
     * Whether a product is shared between a single-threaded native BLAS and the Java kernels
     * ({@link #withNative}): only a build that must be called by one thread at a time ({@link
     * NativeBlas#exclusive()}), with a second thread to spare, outside a parallel region, and a product of at
     * least {@link Gemm#MIN_SHARED_MULTIPLY_ADDS} with room for a share of each.
     */
    private static boolean sharesWithNative(int m, int n, long work) {
        return NATIVE.exclusive() && work >= Gemm.MIN_SHARED_MULTIPLY_ADDS && Math.max(m, n) >= 4 * Gemm.COLUMN_UNIT
                && Parallel.getNumThreads() > 1 && !Parallel.inParallelRegion();
    }

    /**
     * {@code c = a @ b} with a single-threaded native BLAS on the caller's thread and the Java kernels on the
     * pool's: the native call takes the first {@link Gemm#nativeShare} of c's columns (of its rows, when c is
     * taller than it is wide), and the other threads split the rest between them. The split depends only on the
     * shape and the thread count, so a product gives the same bits every time; an element is computed by one of
     * the two (each within float rounding of the other, as {@link NativeBlas} says). False, with nothing written,
     * when BLAS does not take the layout.
     */
    private static boolean withNative(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        boolean byColumns = n >= m;
        int threads = Parallel.getNumThreads();
        int length = byColumns ? n : m;
        int unit = Gemm.sharedUnit(byColumns);
        int nativePart = Gemm.nativePart(length, threads, unit);
        // the native share first, on the caller's thread: when BLAS cannot take the layout nothing has been written
        if (byColumns ? !NATIVE.accepts(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, nativePart)
                : !NATIVE.accepts(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, nativePart, k, n)) {
            return false;
        }
        int javaPart = length - nativePart;
        int javaThreads = threads - 1;
        int javaUnits = (int) Gemm.divideRoundingUp(javaPart, unit);
        Parallel.forEachChunk(0, threads, 0, (chunk, from, to) -> {
            if (chunk == 0) {
                if (byColumns) {
                    NATIVE.gemm(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, nativePart);
                } else {
                    NATIVE.gemm(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, nativePart, k, n);
                }
                return;
            }
            int u0 = (int) ((long) javaUnits * (chunk - 1) / javaThreads);
            int u1 = (int) ((long) javaUnits * chunk / javaThreads);
            int p0 = nativePart + u0 * unit;
            int p1 = Math.min(length, nativePart + u1 * unit);
            if (p0 >= p1) {
                return;
            }
            if (byColumns) {
                share(a, aOff, as0, as1, b, bOff + p0 * bs1, bs0, bs1, c, cOff + p0 * cs1, cs0, cs1, m, k, p1 - p0);
            } else {
                share(a, aOff + p0 * as0, as0, as1, b, bOff, bs0, bs1, c, cOff + p0 * cs0, cs0, cs1, p1 - p0, k, n);
            }
        });
        return true;
    }

    /**
     * Whether a product goes to the Vector API's kernel even where a native BLAS would take it: with 512-bit
     * vectors, at least 32 in each dim and 64^3 multiply-adds. Narrower products (a convolution's: 8 or 16 output
     * channels, 9 or 72 columns per sample) stay on BLAS, whose small-matrix kernels the packed kernel does not
     * match (a CNN step with every product on the Java kernels took five times as long).
     */
    static boolean vectorBeforeNative(int m, int k, int n) {
        return WIDE_VECTORS && m >= 32 && k >= 32 && n >= 32 && (long) m * k * n >= 1 << 18;
    }

    private static void share(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        if (n < Gemm.MIN_PACKED_COLUMNS) {
            narrow(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n);
        } else if (VECTOR_PACKED != null) {
            VECTOR_PACKED.packed(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n);
        } else {
            packed(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n);
        }
    }

    /**
     * A small product into a {@code c} of contiguous rows ({@code cs0} apart): the i-k-j loop below
     * {@link Gemm#MIN_STRIDED_MULTIPLY_ADDS}, the native BLAS or the packed kernel from there (its micro-kernel
     * is vectorized; the i-k-j loop reads b and c at different offsets, which C2 does not vectorize). The same
     * bits either way with the scalar packed kernel (with the Vector API's or a native BLAS, within a rounding
     * per multiply-add), as {@link Gemm#multiply} decides alike.
     */
    static void small(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int m, int k, int n) {
        if ((long) m * k * n >= Gemm.MIN_STRIDED_MULTIPLY_ADDS) {
            strided(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, 1, m, k, n);
        } else {
            ikj(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, m, k, n);
        }
    }

    /**
     * {@code c = a @ b} row by row, k outermost within a row: each element gets its products added in order
     * of k, and the adds of one row's elements are independent of each other, so they overlap in the
     * pipeline. {@code b} is read through its strides; {@code c}'s rows are contiguous, {@code cs0} apart.
     * The loop of small products and of mm's small-matrix fast path.
     */
    static void ikj(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int m, int k, int n) {
        for (int i = 0; i < m; i++) {
            int cr = cOff + i * cs0;
            Arrays.fill(c, cr, cr + n, 0f);
            int ar = aOff + i * as0;
            for (int p = 0; p < k; p++) {
                float aip = a[ar + p * as1];
                int br = bOff + p * bs0;
                if (bs1 == 1) {
                    // unit stride: a loop C2 can vectorize (with a variable stride it stays scalar)
                    for (int j = 0; j < n; j++) {
                        c[cr + j] += aip * b[br + j];
                    }
                } else {
                    for (int j = 0; j < n; j++) {
                        c[cr + j] += aip * b[br + j * bs1];
                    }
                }
            }
        }
    }

    /**
     * {@code c = a @ b} over float32 with the packed kernel, {@code m} rows from {@code a}'s and {@code c}'s
     * offsets; {@code n >= }{@link Gemm#MIN_PACKED_COLUMNS}. One thread's share of a product.
     */
    static void packed(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        Scratch scratch = SCRATCH.get();
        float[][] panel = scratch.panel();
        float[] t0 = scratch.row0;
        float[] t1 = scratch.row1;
        for (int jc = 0; jc < n; jc += COLUMNS) {
            int nc = Math.min(COLUMNS, n - jc);
            for (int pc = 0; pc < k; pc += Gemm.DEPTH) {
                int kc = Math.min(Gemm.DEPTH, k - pc);
                boolean first = pc == 0;
                pack(b, bOff + pc * bs0 + jc * bs1, bs0, bs1, panel, kc, nc);
                int i = 0;
                for (; i + 1 < m; i += 2) {
                    int cr = cOff + i * cs0 + jc * cs1;
                    loadTile(first, c, cr, cs1, t0, nc);
                    loadTile(first, c, cr + cs0, cs1, t1, nc);
                    int ap = aOff + i * as0 + pc * as1;
                    int p = 0;
                    for (; p + 3 < kc; p += 4, ap += 4 * as1) {
                        int aq = ap + as0;
                        rows2x4(t0, t1, panel[p], panel[p + 1], panel[p + 2], panel[p + 3], nc,
                                a[ap], a[ap + as1], a[ap + 2 * as1], a[ap + 3 * as1],
                                a[aq], a[aq + as1], a[aq + 2 * as1], a[aq + 3 * as1]);
                    }
                    for (; p < kc; p++, ap += as1) {
                        rows2x1(t0, t1, panel[p], nc, a[ap], a[ap + as0]);
                    }
                    storeTile(t0, c, cr, cs1, nc);
                    storeTile(t1, c, cr + cs0, cs1, nc);
                }
                if (i < m) {
                    int cr = cOff + i * cs0 + jc * cs1;
                    loadTile(first, c, cr, cs1, t0, nc);
                    int ap = aOff + i * as0 + pc * as1;
                    int p = 0;
                    for (; p + 3 < kc; p += 4, ap += 4 * as1) {
                        row1x4(t0, panel[p], panel[p + 1], panel[p + 2], panel[p + 3], nc,
                                a[ap], a[ap + as1], a[ap + 2 * as1], a[ap + 3 * as1]);
                    }
                    for (; p < kc; p++, ap += as1) {
                        row1x1(t0, panel[p], nc, a[ap]);
                    }
                    storeTile(t0, c, cr, cs1, nc);
                }
            }
        }
    }

    /** Copies rows {@code [0, kc)}, columns {@code [0, nc)} of the strided {@code b} at {@code off} into the panel's rows. */
    private static void pack(float[] b, int off, int bs0, int bs1, float[][] panel, int kc, int nc) {
        for (int p = 0; p < kc; p++) {
            float[] row = panel[p];
            int src = off + p * bs0;
            if (bs1 == 1) {
                System.arraycopy(b, src, row, 0, nc);
            } else {
                for (int j = 0; j < nc; j++, src += bs1) {
                    row[j] = b[src];
                }
            }
        }
    }

    /** The tile row starts at zero for the first block of k, else at what the earlier blocks left in c. */
    private static void loadTile(boolean first, float[] c, int off, int cs1, float[] t, int nc) {
        if (first) {
            Arrays.fill(t, 0, nc, 0f);
        } else if (cs1 == 1) {
            System.arraycopy(c, off, t, 0, nc);
        } else {
            for (int j = 0; j < nc; j++, off += cs1) {
                t[j] = c[off];
            }
        }
    }

    private static void storeTile(float[] t, float[] c, int off, int cs1, int nc) {
        if (cs1 == 1) {
            System.arraycopy(t, 0, c, off, nc);
        } else {
            for (int j = 0; j < nc; j++, off += cs1) {
                c[off] = t[j];
            }
        }
    }

    /**
     * The micro-kernel: two rows of c take four rows of b, each element in order of k. Every operand is its
     * own array indexed alike, which is what lets C2's superword vectorize the loop.
     */
    private static void rows2x4(float[] t0, float[] t1, float[] b0, float[] b1, float[] b2, float[] b3, int nc,
            float a00, float a01, float a02, float a03, float a10, float a11, float a12, float a13) {
        for (int j = 0; j < nc; j++) {
            float x0 = b0[j];
            float x1 = b1[j];
            float x2 = b2[j];
            float x3 = b3[j];
            t0[j] = (((t0[j] + a00 * x0) + a01 * x1) + a02 * x2) + a03 * x3;
            t1[j] = (((t1[j] + a10 * x0) + a11 * x1) + a12 * x2) + a13 * x3;
        }
    }

    private static void rows2x1(float[] t0, float[] t1, float[] b0, int nc, float a0, float a1) {
        for (int j = 0; j < nc; j++) {
            float x0 = b0[j];
            t0[j] += a0 * x0;
            t1[j] += a1 * x0;
        }
    }

    private static void row1x4(float[] t0, float[] b0, float[] b1, float[] b2, float[] b3, int nc,
            float a0, float a1, float a2, float a3) {
        for (int j = 0; j < nc; j++) {
            t0[j] = (((t0[j] + a0 * b0[j]) + a1 * b1[j]) + a2 * b2[j]) + a3 * b3[j];
        }
    }

    private static void row1x1(float[] t0, float[] b0, int nc, float a0) {
        for (int j = 0; j < nc; j++) {
            t0[j] += a0 * b0[j];
        }
    }

    /**
     * {@code c = a @ b} for a narrow {@code b} (mv's single column, say): each element a sum over k in order,
     * four rows at a time so that four sums are in flight.
     */
    static void narrow(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        int i = 0;
        for (; i + 3 < m; i += 4) {
            int ar = aOff + i * as0;
            for (int j = 0; j < n; j++) {
                float s0 = 0f;
                float s1 = 0f;
                float s2 = 0f;
                float s3 = 0f;
                int ap = ar;
                int bp = bOff + j * bs1;
                for (int p = 0; p < k; p++, ap += as1, bp += bs0) {
                    float x = b[bp];
                    s0 += a[ap] * x;
                    s1 += a[ap + as0] * x;
                    s2 += a[ap + 2 * as0] * x;
                    s3 += a[ap + 3 * as0] * x;
                }
                int cp = cOff + i * cs0 + j * cs1;
                c[cp] = s0;
                c[cp + cs0] = s1;
                c[cp + 2 * cs0] = s2;
                c[cp + 3 * cs0] = s3;
            }
        }
        for (; i < m; i++) {
            int ar = aOff + i * as0;
            for (int j = 0; j < n; j++) {
                float s = 0f;
                int ap = ar;
                int bp = bOff + j * bs1;
                for (int p = 0; p < k; p++, ap += as1, bp += bs0) {
                    s += a[ap] * b[bp];
                }
                c[cOff + i * cs0 + j * cs1] = s;
            }
        }
    }

    /** One thread's panel and tile rows, allocated on first use and kept. */
    private static final class Scratch {
        private float[][] panel;
        final float[] row0 = new float[COLUMNS];
        final float[] row1 = new float[COLUMNS];

        float[][] panel() {
            if (panel == null) {
                panel = new float[Gemm.DEPTH][COLUMNS];
            }
            return panel;
        }
    }
}
