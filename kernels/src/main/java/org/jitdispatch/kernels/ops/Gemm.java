package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.kernels.reduce.Reduction;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The matrix product under mm, bmm, mv and dot: {@code c = a @ b} for 2-D strided tensors of one dtype
 * (float32, float64, int32, int64), with a straightforward i-k-j loop. Each element is accumulated in
 * its own dtype, as ATen's gemm does (float32 in float32, integers wrapping), in order of k.
 *
 * <p>{@code a} may have any strides. {@code b} is read row by row, so a {@code b} whose rows are not
 * contiguous is copied first; {@code c} is written row by row, so a {@code c} whose rows are not
 * contiguous (a transposed out=) is computed in a scratch matrix and copied in.
 */
final class Gemm {
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

    /**
     * {@code c = a @ b} row by row, k outermost within a row: each element gets its products added in order
     * of k, and the adds of one row's elements are independent of each other, so they overlap in the
     * pipeline. {@code b} is read through its strides; {@code c}'s rows are contiguous, {@code cs0} apart.
     * The loop of the general GEMM and of mm's small-matrix fast path.
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
}
