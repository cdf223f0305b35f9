package org.jitdispatch.kernels.linalg;

/**
 * The eigen-decomposition {@code A = V diag(w) V^T} of a real symmetric matrix by the cyclic Jacobi method
 * (Rutishauser's rotations, as in Golub and Van Loan, section 8.5), in double.
 *
 * <p>Why Jacobi rather than LAPACK's {@code syevd} (Householder tridiagonalization, then divide and conquer): it is
 * short, needs no deflation logic, and its eigenvalues are accurate to a small multiple of the machine epsilon
 * relative to {@code ||A||} (better for the small ones, which Jacobi finds to high relative accuracy when A is
 * well scaled); its eigenvectors are orthonormal to working precision. It costs about {@code 6 n^3} flops per sweep
 * and converges quadratically, in 6 to 10 sweeps for the matrices a tensor library meets. The eigenvalues come out
 * ascending, as LAPACK's. Eigenvectors are defined up to sign (and, for a repeated eigenvalue, up to a rotation
 * within its eigenspace): LAPACK's choice comes from its reflectors and cannot be reproduced by another algorithm,
 * so these agree with PyTorch's only up to the sign of each column.
 */
public final class SymmetricEigen {
    /** Sweeps before giving up; Jacobi converges in far fewer unless the matrix holds NaN or infinity. */
    private static final int MAX_SWEEPS = 60;

    private SymmetricEigen() {
    }

    /**
     * Decomposes the {@code n x n} row-major symmetric matrix at {@code a[off..]}, reading only its lower triangle
     * (or upper, with {@code upper}), as LAPACK's {@code UPLO} does. Writes the ascending eigenvalues to
     * {@code w[wOff..wOff+n)} and, when {@code v} is not null, the eigenvectors as the columns of the row-major
     * {@code n x n} matrix at {@code v[vOff..]}. {@code a} is left as it was.
     *
     * @return 0, or the number of off-diagonal entries that had not vanished after {@link #MAX_SWEEPS} sweeps (the
     *     algorithm failed to converge: a matrix with NaN or infinite entries)
     */
    public static int decompose(double[] a, int off, int n, boolean upper, double[] w, int wOff, double[] v, int vOff) {
        double[] s = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double x = upper ? a[off + j * n + i] : a[off + i * n + j];
                s[i * n + j] = x;
                s[j * n + i] = x;
            }
        }
        // the eigenvectors as rows (V^T), so that a rotation updates two contiguous rows
        double[] vectors = new double[n * n];
        for (int i = 0; i < n; i++) {
            vectors[i * n + i] = 1;
        }
        int info = rotateToDiagonal(s, n, vectors);
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = s[i * n + i];
        }
        int[] order = ascending(values);
        for (int k = 0; k < n; k++) {
            w[wOff + k] = values[order[k]];
        }
        if (v != null) {
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < n; k++) {
                    v[vOff + i * n + k] = vectors[order[k] * n + i];
                }
            }
        }
        return info;
    }

    /**
     * Jacobi sweeps over every off-diagonal pair until the off-diagonal part vanishes: each rotation zeroes one
     * entry {@code s[p][q]} and is accumulated into the rows of {@code vectors} (V^T).
     */
    private static int rotateToDiagonal(double[] s, int n, double[] vectors) {
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = 0;
            for (int p = 0; p < n; p++) {
                for (int q = p + 1; q < n; q++) {
                    off += Math.abs(s[p * n + q]);
                }
            }
            if (off == 0) {
                return 0;
            }
            if (!Double.isFinite(off)) {
                break;
            }
            for (int p = 0; p < n - 1; p++) {
                for (int q = p + 1; q < n; q++) {
                    double apq = s[p * n + q];
                    if (apq == 0) {
                        continue;
                    }
                    double app = s[p * n + p];
                    double aqq = s[q * n + q];
                    // an entry below the diagonal's rounding is set to zero rather than rotated (it cannot change
                    // the eigenvalues): after a few sweeps this is how the iteration ends
                    double tiny = 100 * Math.abs(apq);
                    if (sweep > 3 && Math.abs(app) + tiny == Math.abs(app) && Math.abs(aqq) + tiny == Math.abs(aqq)) {
                        s[p * n + q] = 0;
                        s[q * n + p] = 0;
                        continue;
                    }
                    rotate(s, n, vectors, p, q, app, aqq, apq);
                }
            }
        }
        int left = 0;
        for (int p = 0; p < n; p++) {
            for (int q = p + 1; q < n; q++) {
                if (s[p * n + q] != 0) {
                    left++;
                }
            }
        }
        return Math.max(left, 1);
    }

    /** The rotation in the (p, q) plane that zeroes {@code s[p][q]}, by Rutishauser's stable formulas. */
    private static void rotate(double[] s, int n, double[] vectors, int p, int q, double app, double aqq, double apq) {
        double theta = (aqq - app) / (2 * apq);
        // the smaller root of t^2 + 2 theta t - 1 = 0, |t| <= 1; for a huge theta, 1 / (2 theta) without overflow
        double t = Math.abs(theta) > 1e150 ? 1 / (2 * theta)
                : Math.copySign(1, theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        double c = 1 / Math.sqrt(t * t + 1);
        double sn = t * c;
        double tau = sn / (1 + c);
        s[p * n + p] = app - t * apq;
        s[q * n + q] = aqq + t * apq;
        s[p * n + q] = 0;
        s[q * n + p] = 0;
        for (int r = 0; r < n; r++) {
            if (r != p && r != q) {
                // s stays symmetric, so rows p and q (contiguous) hold columns p and q
                double arp = s[p * n + r];
                double arq = s[q * n + r];
                double newP = arp - sn * (arq + tau * arp);
                double newQ = arq + sn * (arp - tau * arq);
                s[r * n + p] = newP;
                s[p * n + r] = newP;
                s[r * n + q] = newQ;
                s[q * n + r] = newQ;
            }
            double vrp = vectors[p * n + r];
            double vrq = vectors[q * n + r];
            vectors[p * n + r] = vrp - sn * (vrq + tau * vrp);
            vectors[q * n + r] = vrq + sn * (vrp - tau * vrq);
        }
    }

    /** The indices of {@code values} in ascending order of value, ties in index order. */
    static int[] ascending(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
        int[] out = new int[order.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = order[i];
        }
        return out;
    }
}
