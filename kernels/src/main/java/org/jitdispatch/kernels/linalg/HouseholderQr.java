package org.jitdispatch.kernels.linalg;

/**
 * QR by Householder reflectors exactly as LAPACK's unblocked {@code geqr2} and {@code org2r} compute it, in double.
 *
 * <p>Why LAPACK's reflector: {@code dlarfg} turns {@code [alpha; x]} into {@code [beta; 0]} with
 * {@code beta = -sign(alpha) ||[alpha; x]||} (and leaves a column whose {@code x} is already zero alone), so R's
 * diagonal has the sign opposite to the pivot it replaced. Taking the same reflector makes Q and R those PyTorch
 * returns, signs included (a QR factorization is unique only up to the signs of R's rows). LAPACK's blocked
 * {@code geqrf} applies the same reflectors in another order, which changes only the rounding.
 */
public final class HouseholderQr {
    private HouseholderQr() {
    }

    /**
     * Factors the row-major {@code m x n} matrix at {@code a[off..]} in place: R on and above the diagonal, the
     * reflectors' vectors (their implicit leading 1 left out) below it, as geqrf leaves them; the reflectors'
     * scalars go to {@code tau[tauOff..tauOff+min(m, n))}.
     */
    public static void factor(double[] a, int off, int m, int n, double[] tau, int tauOff) {
        int k = Math.min(m, n);
        for (int j = 0; j < k; j++) {
            tau[tauOff + j] = reflector(a, off, m, n, j);
            applyReflector(a, off, m, n, j, tau[tauOff + j], a, off, n, j + 1, n);
        }
    }

    /**
     * dlarfg on column {@code j} from row {@code j} down: writes beta to the diagonal and the scaled vector below
     * it, returns tau (0 when nothing below the diagonal is nonzero: the reflector is the identity).
     */
    private static double reflector(double[] a, int off, int m, int n, int j) {
        double alpha = a[off + j * n + j];
        double xnorm = norm(a, off, m, n, j);
        if (xnorm == 0) {
            return 0;
        }
        // Fortran's SIGN(x, alpha): a -0.0 pivot counts as negative, as gfortran gives it
        double beta = -Math.copySign(Math.hypot(alpha, xnorm), alpha);
        double scale = 1 / (alpha - beta);
        for (int i = j + 1; i < m; i++) {
            a[off + i * n + j] *= scale;
        }
        a[off + j * n + j] = beta;
        return (beta - alpha) / beta;
    }

    /** The 2-norm of column {@code j} below the diagonal, scaled against overflow as dnrm2 is. */
    private static double norm(double[] a, int off, int m, int n, int j) {
        double largest = 0;
        for (int i = j + 1; i < m; i++) {
            largest = Math.max(largest, Math.abs(a[off + i * n + j]));
        }
        if (largest == 0 || !Double.isFinite(largest)) {
            return largest;
        }
        double sum = 0;
        for (int i = j + 1; i < m; i++) {
            double x = a[off + i * n + j] / largest;
            sum += x * x;
        }
        return largest * Math.sqrt(sum);
    }

    /**
     * Applies {@code H = I - tau v v^T}, v being column {@code j} of the factored matrix from row {@code j} down
     * (with its implicit 1 at row j), to rows {@code j..m} of columns {@code [from, to)} of the row-major matrix
     * {@code c} (row length {@code cn}).
     */
    private static void applyReflector(double[] v, int vOff, int m, int vn, int j, double tau, double[] c, int cOff,
            int cn, int from, int to) {
        if (tau == 0) {
            return;
        }
        for (int col = from; col < to; col++) {
            double w = c[cOff + j * cn + col];
            for (int i = j + 1; i < m; i++) {
                w += v[vOff + i * vn + j] * c[cOff + i * cn + col];
            }
            w *= tau;
            c[cOff + j * cn + col] -= w;
            for (int i = j + 1; i < m; i++) {
                c[cOff + i * cn + col] -= w * v[vOff + i * vn + j];
            }
        }
    }

    /**
     * The first {@code columns} columns of {@code Q = H_1 H_2 ... H_k} (as LAPACK's org2r forms them: applied to
     * the identity from the last reflector back) into the row-major {@code m x columns} matrix at
     * {@code q[qOff..]}; {@code factored} and {@code tau} as {@link #factor} left them.
     */
    public static void formQ(double[] factored, int off, int m, int n, double[] tau, int tauOff, double[] q, int qOff,
            int columns) {
        for (int i = 0; i < m; i++) {
            for (int c = 0; c < columns; c++) {
                q[qOff + i * columns + c] = i == c ? 1 : 0;
            }
        }
        int k = Math.min(m, n);
        for (int j = k - 1; j >= 0; j--) {
            // H_j changes only rows j.. of Q; the columns before j are still those of the identity there
            applyReflector(factored, off, m, n, j, tau[tauOff + j], q, qOff, columns, Math.min(j, columns), columns);
        }
    }
}
