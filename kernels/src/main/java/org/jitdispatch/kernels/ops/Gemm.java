package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.kernels.reduce.Reduction;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The matrix product under mm, bmm, mv and dot: {@code c = a @ b} for 2-D strided tensors of one dtype
 * (float32, float64, int32, int64). Each element is accumulated in its own dtype, as ATen's gemm does
 * (float32 in float32, integers wrapping), and in order of k, with a separate multiply and add: every
 * path here gives the same bits as the plain i-k-j loop {@link #floats}.
 *
 * <p>Float32 and float64 products of some size go to a packed, cache-blocked kernel in the manner of
 * GotoBLAS: for each block of {@link #DEPTH} rows of {@code b} and up to {@link #FLOAT_COLUMNS} (float64:
 * {@link #DOUBLE_COLUMNS}) of its columns, the block is copied ("packed") through {@code b}'s strides into
 * a panel of separate row arrays that stays in the L2 cache; then two rows of {@code c} at a time are
 * accumulated in two tile rows that stay in L1, each pass of the micro-kernel adding four rows of the
 * panel, scaled by four elements of {@code a} read through its strides. The micro-kernel's loop is one
 * that C2's superword vectorizes: each operand is its own array with the same index, so it can prove them
 * apart (one array read at several offsets is not vectorized by JDK 17). The panel and tile rows are
 * per-thread scratch, allocated once per thread. {@code a}, {@code b} and {@code c} may have any strides
 * (transposed operands are read in place, a transposed out= is written in place). A narrow {@code b}
 * (fewer than {@link #MIN_PACKED_COLUMNS} columns: mv, dot) takes sums over k, four rows at a time.
 *
 * <p>Products of more than {@link #GRAIN_MULTIPLY_ADDS} multiply-adds are split between threads by
 * {@link Parallel}, over blocks of rows of {@code c} (or of columns, when {@code c} has more columns than
 * rows), so no two threads write one element and every element is computed as on one thread. Integers
 * keep the i-k-j loop, with a {@code b} whose rows are not contiguous copied first and a {@code c} whose
 * rows are not contiguous computed in a scratch matrix and copied in.
 */
final class Gemm {
    /** Rows of b (columns of a) per packed block: the depth of one pass over a tile. */
    static final int DEPTH = 256;
    /** Columns of b per packed float32 block: 256 x 512 floats, 512 KiB, for the L2 cache. */
    static final int FLOAT_COLUMNS = 512;
    /** Columns of b per packed float64 block: 256 x 256 doubles, 512 KiB. */
    static final int DOUBLE_COLUMNS = 256;
    /** b narrower than this skips packing: its rows are too short for vectors. */
    static final int MIN_PACKED_COLUMNS = 16;
    /** Products with fewer multiply-adds than this keep the plain loop, cheaper than packing. */
    static final long MIN_PACKED_MULTIPLY_ADDS = 1 << 12;
    /**
     * The grain of a product, in multiply-adds, below which it stays on the caller's thread: ATen's 32,768
     * elements scaled by 16, about 10 to 20 microseconds of work, more than it costs to start a region.
     */
    static final long GRAIN_MULTIPLY_ADDS = Parallel.GRAIN_SIZE * 16;
    /** Columns of c per unit when a product is split over columns. */
    private static final int COLUMN_UNIT = 16;

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private Gemm() {
    }

    static void multiply(TensorImpl a, TensorImpl b, TensorImpl c) {
        int m = Math.toIntExact(a.size(0));
        int k = Math.toIntExact(a.size(1));
        int n = Math.toIntExact(b.size(1));
        if (c.isMeta() || m == 0 || n == 0) {
            return;
        }
        if (k == 0) {
            Reduction.fillZeros(c);
            return;
        }
        ScalarType dtype = c.dtype();
        if (a.dtype() != dtype || b.dtype() != dtype) {
            throw new IllegalArgumentException("gemm of " + a.dtype() + " and " + b.dtype() + " into " + dtype);
        }
        if ((dtype == ScalarType.Float32 || dtype == ScalarType.Float64)
                && (long) m * k * n >= MIN_PACKED_MULTIPLY_ADDS) {
            strided(dtype, a, b, c, m, k, n);
            return;
        }
        TensorImpl bRows = b.stride(1) == 1 || n == 1 ? b : StridedCopy.contiguousCopy(b, dtype, TensorFactory.IMPL);
        boolean direct = (c.stride(1) == 1 || n == 1) && (m == 1 || c.stride(0) >= n);
        TensorImpl target = direct ? c : TensorFactory.IMPL.empty(new long[] {m, n}, dtype, c.device());

        int aOff = (int) a.storageOffset();
        int as0 = (int) a.stride(0);
        int as1 = (int) a.stride(1);
        int bOff = (int) bRows.storageOffset();
        int bs0 = (int) bRows.stride(0);
        int cOff = (int) target.storageOffset();
        int cs0 = (int) target.stride(0);
        switch (dtype) {
            case Float32:
                floats(a.storage().floats(), aOff, as0, as1, bRows.storage().floats(), bOff, bs0, 1,
                        target.storage().floats(), cOff, cs0, m, k, n);
                break;
            case Float64:
                doubles(a.storage().doubles(), aOff, as0, as1, bRows.storage().doubles(), bOff, bs0, 1,
                        target.storage().doubles(), cOff, cs0, m, k, n);
                break;
            case Int32:
                ints(a.storage().ints(), aOff, as0, as1, bRows.storage().ints(), bOff, bs0,
                        target.storage().ints(), cOff, cs0, m, k, n);
                break;
            case Int64:
                longs(a.storage().longs(), aOff, as0, as1, bRows.storage().longs(), bOff, bs0,
                        target.storage().longs(), cOff, cs0, m, k, n);
                break;
            default:
                throw new IllegalArgumentException("no gemm for " + dtype);
        }
        if (!direct) {
            StridedCopy.copy(target, c);
        }
    }

    /** Float32 or float64 {@code c = a @ b} read and written through every operand's strides, in parallel. */
    private static void strided(ScalarType dtype, TensorImpl a, TensorImpl b, TensorImpl c, int m, int k, int n) {
        int aOff = (int) a.storageOffset();
        int as0 = (int) a.stride(0);
        int as1 = (int) a.stride(1);
        int bOff = (int) b.storageOffset();
        int bs0 = (int) b.stride(0);
        int bs1 = (int) b.stride(1);
        int cOff = (int) c.storageOffset();
        int cs0 = (int) c.stride(0);
        int cs1 = (int) c.stride(1);
        if (dtype == ScalarType.Float32) {
            stridedFloats(a.storage().floats(), aOff, as0, as1, b.storage().floats(), bOff, bs0, bs1,
                    c.storage().floats(), cOff, cs0, cs1, m, k, n);
        } else {
            stridedDoubles(a.storage().doubles(), aOff, as0, as1, b.storage().doubles(), bOff, bs0, bs1,
                    c.storage().doubles(), cOff, cs0, cs1, m, k, n);
        }
    }

    /**
     * Float32 {@code c = a @ b}, any strides, split between threads over rows of c, or over columns when c is
     * wider than it is tall; each share is computed by {@link #packedFloats} (or {@link #narrowFloats}).
     */
    static void stridedFloats(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
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
        if (work <= GRAIN_MULTIPLY_ADDS || Parallel.getNumThreads() == 1 || Parallel.inParallelRegion()) {
            floatsShare(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n);
        } else if (m >= n) {
            long grain = divideRoundingUp(GRAIN_MULTIPLY_ADDS, (long) k * n);
            Parallel.parallelFor(0, m, grain, (from, to) -> floatsShare(a, aOff + (int) from * as0, as0, as1,
                    b, bOff, bs0, bs1, c, cOff + (int) from * cs0, cs0, cs1, (int) (to - from), k, n));
        } else {
            long units = divideRoundingUp(n, COLUMN_UNIT);
            long grain = divideRoundingUp(GRAIN_MULTIPLY_ADDS, (long) m * k * COLUMN_UNIT);
            Parallel.parallelFor(0, units, grain, (from, to) -> {
                int j0 = (int) from * COLUMN_UNIT;
                int j1 = (int) Math.min(n, to * COLUMN_UNIT);
                floatsShare(a, aOff, as0, as1, b, bOff + j0 * bs1, bs0, bs1, c, cOff + j0 * cs1, cs0, cs1,
                        m, k, j1 - j0);
            });
        }
    }

    private static void floatsShare(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        if (n < MIN_PACKED_COLUMNS) {
            narrowFloats(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n);
        } else {
            packedFloats(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n);
        }
    }

    /** As {@link #stridedFloats}, over doubles. */
    static void stridedDoubles(double[] a, int aOff, int as0, int as1, double[] b, int bOff, int bs0, int bs1,
            double[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        if (k == 0) {
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    c[cOff + i * cs0 + j * cs1] = 0.0;
                }
            }
            return;
        }
        long work = (long) m * k * n;
        if (work == 0) {
            return;
        }
        if (work <= GRAIN_MULTIPLY_ADDS || Parallel.getNumThreads() == 1 || Parallel.inParallelRegion()) {
            doublesShare(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n);
        } else if (m >= n) {
            long grain = divideRoundingUp(GRAIN_MULTIPLY_ADDS, (long) k * n);
            Parallel.parallelFor(0, m, grain, (from, to) -> doublesShare(a, aOff + (int) from * as0, as0, as1,
                    b, bOff, bs0, bs1, c, cOff + (int) from * cs0, cs0, cs1, (int) (to - from), k, n));
        } else {
            long units = divideRoundingUp(n, COLUMN_UNIT);
            long grain = divideRoundingUp(GRAIN_MULTIPLY_ADDS, (long) m * k * COLUMN_UNIT);
            Parallel.parallelFor(0, units, grain, (from, to) -> {
                int j0 = (int) from * COLUMN_UNIT;
                int j1 = (int) Math.min(n, to * COLUMN_UNIT);
                doublesShare(a, aOff, as0, as1, b, bOff + j0 * bs1, bs0, bs1, c, cOff + j0 * cs1, cs0, cs1,
                        m, k, j1 - j0);
            });
        }
    }

    private static void doublesShare(double[] a, int aOff, int as0, int as1, double[] b, int bOff, int bs0, int bs1,
            double[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        if (n < MIN_PACKED_COLUMNS) {
            narrowDoubles(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n);
        } else {
            packedDoubles(a, aOff, as0, as1, b, bOff, bs0, bs1, c, cOff, cs0, cs1, m, k, n);
        }
    }

    private static long divideRoundingUp(long x, long y) {
        return (x + y - 1) / y;
    }

    // ------------------------------------------------------------------------------------------ i-k-j

    /**
     * {@code c = a @ b} row by row, k outermost within a row: each element gets its products added in order
     * of k, and the adds of one row's elements are independent of each other, so they overlap in the
     * pipeline. {@code b} is read through its strides; {@code c}'s rows are contiguous, {@code cs0} apart.
     * The loop of small products and of mm's small-matrix fast path.
     */
    static void floats(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int m, int k, int n) {
        for (int i = 0; i < m; i++) {
            int cr = cOff + i * cs0;
            Arrays.fill(c, cr, cr + n, 0f);
            int ar = aOff + i * as0;
            for (int p = 0; p < k; p++) {
                float aip = a[ar + p * as1];
                int br = bOff + p * bs0;
                for (int j = 0; j < n; j++) {
                    c[cr + j] += aip * b[br + j * bs1];
                }
            }
        }
    }

    /** As {@link #floats}, over doubles. */
    static void doubles(double[] a, int aOff, int as0, int as1, double[] b, int bOff, int bs0, int bs1,
            double[] c, int cOff, int cs0, int m, int k, int n) {
        for (int i = 0; i < m; i++) {
            int cr = cOff + i * cs0;
            Arrays.fill(c, cr, cr + n, 0.0);
            int ar = aOff + i * as0;
            for (int p = 0; p < k; p++) {
                double aip = a[ar + p * as1];
                int br = bOff + p * bs0;
                for (int j = 0; j < n; j++) {
                    c[cr + j] += aip * b[br + j * bs1];
                }
            }
        }
    }

    private static void ints(int[] a, int aOff, int as0, int as1, int[] b, int bOff, int bs0,
            int[] c, int cOff, int cs0, int m, int k, int n) {
        for (int i = 0; i < m; i++) {
            int cr = cOff + i * cs0;
            Arrays.fill(c, cr, cr + n, 0);
            int ar = aOff + i * as0;
            for (int p = 0; p < k; p++) {
                int aip = a[ar + p * as1];
                int br = bOff + p * bs0;
                for (int j = 0; j < n; j++) {
                    c[cr + j] += aip * b[br + j];
                }
            }
        }
    }

    private static void longs(long[] a, int aOff, int as0, int as1, long[] b, int bOff, int bs0,
            long[] c, int cOff, int cs0, int m, int k, int n) {
        for (int i = 0; i < m; i++) {
            int cr = cOff + i * cs0;
            Arrays.fill(c, cr, cr + n, 0L);
            int ar = aOff + i * as0;
            for (int p = 0; p < k; p++) {
                long aip = a[ar + p * as1];
                int br = bOff + p * bs0;
                for (int j = 0; j < n; j++) {
                    c[cr + j] += aip * b[br + j];
                }
            }
        }
    }

    // ------------------------------------------------------------------------------------------ float32

    /**
     * {@code c = a @ b} over float32 with the packed kernel, {@code m} rows from {@code a}'s and {@code c}'s
     * offsets; {@code n >= }{@link #MIN_PACKED_COLUMNS}. One thread's share of a product.
     */
    static void packedFloats(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        Scratch scratch = SCRATCH.get();
        float[][] panel = scratch.floatPanel();
        float[] t0 = scratch.floatRow0;
        float[] t1 = scratch.floatRow1;
        for (int jc = 0; jc < n; jc += FLOAT_COLUMNS) {
            int nc = Math.min(FLOAT_COLUMNS, n - jc);
            for (int pc = 0; pc < k; pc += DEPTH) {
                int kc = Math.min(DEPTH, k - pc);
                boolean first = pc == 0;
                packFloats(b, bOff + pc * bs0 + jc * bs1, bs0, bs1, panel, kc, nc);
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
    private static void packFloats(float[] b, int off, int bs0, int bs1, float[][] panel, int kc, int nc) {
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
    static void narrowFloats(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
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

    // ------------------------------------------------------------------------------------------ float64

    /**
     * {@code c = a @ b} over float64 with the packed kernel, {@code m} rows from {@code a}'s and {@code c}'s
     * offsets; {@code n >= }{@link #MIN_PACKED_COLUMNS}. One thread's share of a product.
     */
    static void packedDoubles(double[] a, int aOff, int as0, int as1, double[] b, int bOff, int bs0, int bs1,
            double[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        Scratch scratch = SCRATCH.get();
        double[][] panel = scratch.doublePanel();
        double[] t0 = scratch.doubleRow0;
        double[] t1 = scratch.doubleRow1;
        for (int jc = 0; jc < n; jc += DOUBLE_COLUMNS) {
            int nc = Math.min(DOUBLE_COLUMNS, n - jc);
            for (int pc = 0; pc < k; pc += DEPTH) {
                int kc = Math.min(DEPTH, k - pc);
                boolean first = pc == 0;
                packDoubles(b, bOff + pc * bs0 + jc * bs1, bs0, bs1, panel, kc, nc);
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
    private static void packDoubles(double[] b, int off, int bs0, int bs1, double[][] panel, int kc, int nc) {
        for (int p = 0; p < kc; p++) {
            double[] row = panel[p];
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
    private static void loadTile(boolean first, double[] c, int off, int cs1, double[] t, int nc) {
        if (first) {
            Arrays.fill(t, 0, nc, 0.0);
        } else if (cs1 == 1) {
            System.arraycopy(c, off, t, 0, nc);
        } else {
            for (int j = 0; j < nc; j++, off += cs1) {
                t[j] = c[off];
            }
        }
    }

    private static void storeTile(double[] t, double[] c, int off, int cs1, int nc) {
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
    private static void rows2x4(double[] t0, double[] t1, double[] b0, double[] b1, double[] b2, double[] b3, int nc,
            double a00, double a01, double a02, double a03, double a10, double a11, double a12, double a13) {
        for (int j = 0; j < nc; j++) {
            double x0 = b0[j];
            double x1 = b1[j];
            double x2 = b2[j];
            double x3 = b3[j];
            t0[j] = (((t0[j] + a00 * x0) + a01 * x1) + a02 * x2) + a03 * x3;
            t1[j] = (((t1[j] + a10 * x0) + a11 * x1) + a12 * x2) + a13 * x3;
        }
    }

    private static void rows2x1(double[] t0, double[] t1, double[] b0, int nc, double a0, double a1) {
        for (int j = 0; j < nc; j++) {
            double x0 = b0[j];
            t0[j] += a0 * x0;
            t1[j] += a1 * x0;
        }
    }

    private static void row1x4(double[] t0, double[] b0, double[] b1, double[] b2, double[] b3, int nc,
            double a0, double a1, double a2, double a3) {
        for (int j = 0; j < nc; j++) {
            t0[j] = (((t0[j] + a0 * b0[j]) + a1 * b1[j]) + a2 * b2[j]) + a3 * b3[j];
        }
    }

    private static void row1x1(double[] t0, double[] b0, int nc, double a0) {
        for (int j = 0; j < nc; j++) {
            t0[j] += a0 * b0[j];
        }
    }

    /**
     * {@code c = a @ b} for a narrow {@code b} (mv's single column, say): each element a sum over k in order,
     * four rows at a time so that four sums are in flight.
     */
    static void narrowDoubles(double[] a, int aOff, int as0, int as1, double[] b, int bOff, int bs0, int bs1,
            double[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        int i = 0;
        for (; i + 3 < m; i += 4) {
            int ar = aOff + i * as0;
            for (int j = 0; j < n; j++) {
                double s0 = 0.0;
                double s1 = 0.0;
                double s2 = 0.0;
                double s3 = 0.0;
                int ap = ar;
                int bp = bOff + j * bs1;
                for (int p = 0; p < k; p++, ap += as1, bp += bs0) {
                    double x = b[bp];
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
                double s = 0.0;
                int ap = ar;
                int bp = bOff + j * bs1;
                for (int p = 0; p < k; p++, ap += as1, bp += bs0) {
                    s += a[ap] * b[bp];
                }
                c[cOff + i * cs0 + j * cs1] = s;
            }
        }
    }

    /** One thread's panels and tile rows, allocated on first use and kept. */
    private static final class Scratch {
        private float[][] floatPanel;
        final float[] floatRow0 = new float[FLOAT_COLUMNS];
        final float[] floatRow1 = new float[FLOAT_COLUMNS];
        private double[][] doublePanel;
        final double[] doubleRow0 = new double[DOUBLE_COLUMNS];
        final double[] doubleRow1 = new double[DOUBLE_COLUMNS];

        float[][] floatPanel() {
            if (floatPanel == null) {
                floatPanel = new float[DEPTH][FLOAT_COLUMNS];
            }
            return floatPanel;
        }

        double[][] doublePanel() {
            if (doublePanel == null) {
                doublePanel = new double[DEPTH][DOUBLE_COLUMNS];
            }
            return doublePanel;
        }
    }
}
