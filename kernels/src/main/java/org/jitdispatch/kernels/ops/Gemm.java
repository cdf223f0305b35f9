package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.kernels.cpu.NativeBlas;
import org.jitdispatch.kernels.iter.LoopDtype;
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
 * path here gives the same bits as the plain i-k-j loop ({@link FloatGemm#ikj}), except float32's packed
 * kernel when the CPU capability is VECTOR ({@code VectorFloatGemm}, behind
 * {@link org.jitdispatch.kernels.cpu.VectorKernels}), whose fused multiply-adds round once per step of k.
 *
 * <p>Float32 and float64 products of some size go to a packed, cache-blocked kernel in the manner of
 * GotoBLAS ({@link FloatGemm}, and DoubleGemm generated from it): for each block of {@link #DEPTH} rows of
 * {@code b} and up to {@link FloatGemm#COLUMNS} of its columns (a 512 KiB panel of either type), the block is copied ("packed") through {@code b}'s strides into
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
    /** b narrower than this skips packing: its rows are too short for vectors. */
    static final int MIN_PACKED_COLUMNS = 16;
    /** Products with fewer multiply-adds than this keep the plain loop, cheaper than packing. */
    static final long MIN_PACKED_MULTIPLY_ADDS = 1 << 12;
    /**
     * Products with fewer multiply-adds than this keep the plain loop when a native BLAS computes the others: a
     * call through JNI costs about 150 ns, what the loop takes for a few hundred multiply-adds (linear's product
     * of one sample and a 784 x 4 weight took 3.6 µs in the loop and 0.5 µs in OpenBLAS).
     */
    static final long MIN_NATIVE_MULTIPLY_ADDS = 1 << 8;
    /** Where the float products leave the i-k-j loop: for the native BLAS or the packed kernel. */
    static final long MIN_STRIDED_MULTIPLY_ADDS = NativeBlas.current() != null ? MIN_NATIVE_MULTIPLY_ADDS
            : MIN_PACKED_MULTIPLY_ADDS;
    /**
     * The grain of a product, in multiply-adds, below which it stays on the caller's thread: ATen's 32,768
     * elements scaled by 16 for the Java kernels, about 10 to 20 microseconds of work, more than it costs to
     * start a region; scaled by 64 when a native BLAS computes, about as fast again per multiply-add (bmm of
     * four 64 x 64 products took 24 µs on one thread and 71 µs split between two, where waking the second
     * thread cost more than its share).
     */
    static final long GRAIN_MULTIPLY_ADDS = Parallel.GRAIN_SIZE * (NativeBlas.current() != null ? 64 : 16);
    /** Columns of c per unit when a product is split over columns. */
    static final int COLUMN_UNIT = 16;
    /**
     * Products from this many multiply-adds (256 x 256 x 256) are shared between a single-threaded native BLAS
     * and the Java kernels when there are threads to spare (see {@code FloatGemm.withNative}). Smaller ones are
     * one native call: there the Java kernel's share took longer than the native call saved (n x n on two
     * threads, against one call: 128, 36 µs alone, 78 µs shared; 192, 114 against 107 to 173).
     */
    static final long MIN_SHARED_MULTIPLY_ADDS = 1L << 24;
    /**
     * How much faster the native BLAS runs a share than one Java thread does, with both running at once: the
     * native call takes {@code r / (r + threads - 1)} of the product. Measured with Debian's OpenBLAS 0.3.21
     * (AVX2 kernels) against the scalar packed kernel on a 2-core AMD EPYC, n x n products with the native share
     * from 0.65 to 0.85 of the columns: best at 0.75 to 0.8 for n = 256 (266 and 238 µs against 274 µs native
     * alone), 0.75 at 384 (709 against 926 µs) and 0.7 to 0.75 at 1024 (13.7 and 14.0 ms against 18.6 ms).
     */
    static final double NATIVE_SPEED_RATIO = 3.0;

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
        ScalarType work = LoopDtype.widened(dtype);
        if (work != dtype) {
            // float16 and bfloat16 accumulate in float32 and round once; narrow integers in int64, which
            // wraps to the same low bits as their own arithmetic
            TensorImpl wide = TensorFactory.IMPL.empty(new long[] {m, n}, work, c.device());
            multiply(StridedCopy.contiguousCopy(a, work, TensorFactory.IMPL),
                    StridedCopy.contiguousCopy(b, work, TensorFactory.IMPL), wide);
            StridedCopy.copy(wide, c);
            return;
        }
        if ((dtype == ScalarType.Float32 || dtype == ScalarType.Float64)
                && (long) m * k * n >= MIN_STRIDED_MULTIPLY_ADDS) {
            strided(dtype, a, b, c, m, k, n);
            return;
        }
        // b's rows are copied contiguous for a vectorized inner loop, unless the float loop reads b in place
        // for less than the copy costs: a single row of c, or rows too narrow for vectors (linear's
        // transposed weight on a batch of one)
        boolean floating = dtype == ScalarType.Float32 || dtype == ScalarType.Float64;
        boolean inPlace = b.stride(1) == 1 || n == 1 || floating && (m == 1 || n < MIN_PACKED_COLUMNS);
        TensorImpl bRows = inPlace ? b : StridedCopy.contiguousCopy(b, dtype, TensorFactory.IMPL);
        boolean direct = (c.stride(1) == 1 || n == 1) && (m == 1 || c.stride(0) >= n);
        TensorImpl target = direct ? c : TensorFactory.IMPL.empty(new long[] {m, n}, dtype, c.device());

        int aOff = (int) a.storageOffset();
        int as0 = (int) a.stride(0);
        int as1 = (int) a.stride(1);
        int bOff = (int) bRows.storageOffset();
        int bs0 = (int) bRows.stride(0);
        int bs1 = (int) bRows.stride(1);
        int cOff = (int) target.storageOffset();
        int cs0 = (int) target.stride(0);
        switch (dtype) {
            case Float32:
                FloatGemm.ikj(a.storage().floats(), aOff, as0, as1, bRows.storage().floats(), bOff, bs0, bs1,
                        target.storage().floats(), cOff, cs0, m, k, n);
                break;
            case Float64:
                DoubleGemm.ikj(a.storage().doubles(), aOff, as0, as1, bRows.storage().doubles(), bOff, bs0, bs1,
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
            FloatGemm.strided(a.storage().floats(), aOff, as0, as1, b.storage().floats(), bOff, bs0, bs1,
                    c.storage().floats(), cOff, cs0, cs1, m, k, n);
        } else {
            DoubleGemm.strided(a.storage().doubles(), aOff, as0, as1, b.storage().doubles(), bOff, bs0, bs1,
                    c.storage().doubles(), cOff, cs0, cs1, m, k, n);
        }
    }

    /**
     * Whether products of {@code dtype} with {@code multiplyAdds} each are shared between a single-threaded native
     * BLAS and the Java kernels on a caller outside a parallel region; a caller that splits a batch between
     * threads leaves such products whole instead.
     */
    static boolean sharedWithNative(ScalarType dtype, long multiplyAdds) {
        NativeBlas blas = NativeBlas.current();
        return blas != null && blas.exclusive() && (dtype == ScalarType.Float32 || dtype == ScalarType.Float64)
                && multiplyAdds >= MIN_SHARED_MULTIPLY_ADDS && Parallel.getNumThreads() > 1;
    }

    /**
     * How many of a shared product's {@code length} columns (or rows) the native BLAS computes, on one of
     * {@code threads} threads: {@code r / (r + threads - 1)} of them with {@code r} = {@link
     * #NATIVE_SPEED_RATIO}, a multiple of {@code unit}, and at least a unit left to each side ({@code length}
     * is at least two units).
     */
    static int nativePart(int length, int threads, int unit) {
        double share = NATIVE_SPEED_RATIO / (NATIVE_SPEED_RATIO + threads - 1);
        int most = (length - unit) / unit * unit;
        return Math.min(most, Math.max(unit, (int) Math.round(length * share / unit) * unit));
    }

    /** The columns (16: whole vectors of the packed kernel) or rows (4) a shared product is cut at. */
    static int sharedUnit(boolean byColumns) {
        return byColumns ? COLUMN_UNIT : 4;
    }

    static long divideRoundingUp(long x, long y) {
        return (x + y - 1) / y;
    }

    // ------------------------------------------------------------------------------------------ i-k-j

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

    // ------------------------------------------------------------------------------------------ float64
}
