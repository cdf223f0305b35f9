package org.jitdispatch.kernels.linalg;

/**
 * LAPACK's unblocked factorizations and solves on one row-major {@code n x n} matrix of doubles: the LU
 * factorization with partial pivoting ({@code getf2}), solves with its factors ({@code getrs}) and the
 * Cholesky factorization ({@code potf2}), and triangular solves ({@code trtrs}). They run in double whatever the tensor's dtype; the callers round.
 */
public final class DenseLu {
    private DenseLu() {
    }

    /**
     * Factors {@code a} (row-major, {@code n x n}, from {@code off}) in place into {@code P A = L U}: U on and above
     * the diagonal, L's multipliers below it (its unit diagonal implied). Row {@code j} was swapped with row
     * {@code pivots[j]} (0-based) at step {@code j}: the row of the column's largest magnitude, the first of
     * equal ones. Returns LAPACK's info: 0, or the 1-based index of the first zero pivot, past which the
     * factorization still completes (its column below the diagonal is zero).
     */
    public static int factor(double[] a, int off, int n, int[] pivots) {
        int info = 0;
        for (int j = 0; j < n; j++) {
            int p = j;
            double max = Math.abs(a[off + j * n + j]);
            for (int i = j + 1; i < n; i++) {
                double v = Math.abs(a[off + i * n + j]);
                if (v > max) {
                    max = v;
                    p = i;
                }
            }
            pivots[j] = p;
            double pivot = a[off + p * n + j];
            if (pivot != 0) {
                if (p != j) {
                    swapRows(a, off, n, j, p);
                }
                for (int i = j + 1; i < n; i++) {
                    a[off + i * n + j] /= pivot;
                }
            } else if (info == 0) {
                info = j + 1;
            }
            // every row is updated, a zero multiplier too, as the BLAS update does: 0 times a NaN or an
            // infinity in the pivot's row is NaN, so the matrix's NaN reaches the factors (and the determinant)
            for (int i = j + 1; i < n; i++) {
                double l = a[off + i * n + j];
                int row = off + i * n;
                int top = off + j * n;
                for (int k = j + 1; k < n; k++) {
                    a[row + k] -= l * a[top + k];
                }
            }
        }
        return info;
    }

    /** The determinant from {@link #factor}'s result: the product of U's diagonal, negated once per row swap. */
    public static double determinant(double[] lu, int off, int n, int[] pivots) {
        double det = 1;
        for (int j = 0; j < n; j++) {
            det *= lu[off + j * n + j];
            if (pivots[j] != j) {
                det = -det;
            }
        }
        return det;
    }

    /**
     * Solves {@code A X = B} in place over {@code b} ({@code n x m}, row-major, from {@code bOff}) with A's factors:
     * the rows of B swapped as A's were, then {@code L Y = P B} forward and {@code U X = Y} backward. A zero
     * pivot divides by zero (infinities and NaN), as LAPACK's {@code getrs} does.
     */
    public static void solve(double[] lu, int off, int n, int[] pivots, double[] b, int bOff, int m) {
        for (int j = 0; j < n; j++) {
            if (pivots[j] != j) {
                swapRows(b, bOff, m, j, pivots[j]);
            }
        }
        for (int i = 0; i < n; i++) {
            int row = bOff + i * m;
            for (int k = 0; k < i; k++) {
                double l = lu[off + i * n + k];
                int from = bOff + k * m;
                for (int c = 0; c < m; c++) {
                    b[row + c] -= l * b[from + c];
                }
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            int row = bOff + i * m;
            for (int k = i + 1; k < n; k++) {
                double u = lu[off + i * n + k];
                int from = bOff + k * m;
                for (int c = 0; c < m; c++) {
                    b[row + c] -= u * b[from + c];
                }
            }
            double d = lu[off + i * n + i];
            for (int c = 0; c < m; c++) {
                b[row + c] /= d;
            }
        }
    }

    /**
     * Solves {@code F^T X = B} in place over {@code b} with the factors of F ({@code P F = L U}), as LAPACK's
     * {@code getrs} with {@code trans = 'T'}: {@code U^T Y = B} forward, {@code L^T Z = Y} backward, then the
     * row swaps undone in reverse order.
     */
    public static void solveTransposed(double[] lu, int off, int n, int[] pivots, double[] b, int bOff, int m) {
        for (int i = 0; i < n; i++) {
            int row = bOff + i * m;
            for (int k = 0; k < i; k++) {
                double u = lu[off + k * n + i];
                int from = bOff + k * m;
                for (int c = 0; c < m; c++) {
                    b[row + c] -= u * b[from + c];
                }
            }
            double d = lu[off + i * n + i];
            for (int c = 0; c < m; c++) {
                b[row + c] /= d;
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            int row = bOff + i * m;
            for (int k = i + 1; k < n; k++) {
                double l = lu[off + k * n + i];
                int from = bOff + k * m;
                for (int c = 0; c < m; c++) {
                    b[row + c] -= l * b[from + c];
                }
            }
        }
        for (int j = n - 1; j >= 0; j--) {
            if (pivots[j] != j) {
                swapRows(b, bOff, m, j, pivots[j]);
            }
        }
    }

    /**
     * Factors the symmetric {@code a} ({@code n x n} from {@code off}) into {@code L L^T}, reading only its lower
     * triangle, and writes L there (the upper triangle is left as it was). Returns 0, or the 1-based order of the
     * first leading minor that is not positive-definite: its diagonal entry then holds the value whose square root
     * was refused, and the entries after it are left unfactored, as LAPACK's {@code potf2} leaves them.
     */
    public static int cholesky(double[] a, int off, int n) {
        for (int j = 0; j < n; j++) {
            int rowJ = off + j * n;
            double d = a[rowJ + j];
            for (int k = 0; k < j; k++) {
                d -= a[rowJ + k] * a[rowJ + k];
            }
            if (!(d > 0)) {
                a[rowJ + j] = d;
                return j + 1;
            }
            double l = Math.sqrt(d);
            a[rowJ + j] = l;
            for (int i = j + 1; i < n; i++) {
                int rowI = off + i * n;
                double s = a[rowI + j];
                for (int k = 0; k < j; k++) {
                    s -= a[rowI + k] * a[rowJ + k];
                }
                a[rowI + j] = s / l;
            }
        }
        return 0;
    }

    /**
     * Solves {@code T X = B} in place over {@code b} ({@code n x m} from {@code bOff}) for the triangle of {@code a}
     * ({@code n x n} from {@code off}) that {@code upper} names, read through its transpose when {@code transposed}
     * (so the lower triangle of a read transposed is an upper triangular T), with a unit diagonal when
     * {@code unit}; the other triangle is never read. A zero diagonal divides by zero, as LAPACK's {@code trtrs}.
     */
    public static void solveTriangular(double[] a, int off, int n, boolean upper, boolean transposed, boolean unit,
            double[] b, int bOff, int m) {
        // T[i][k] is a[i][k], or a[k][i] when transposed; T is upper triangular when upper != transposed
        boolean upperT = upper != transposed;
        for (int step = 0; step < n; step++) {
            int i = upperT ? n - 1 - step : step;
            int row = bOff + i * m;
            int from = upperT ? i + 1 : 0;
            int to = upperT ? n : i;
            for (int k = from; k < to; k++) {
                double t = transposed ? a[off + k * n + i] : a[off + i * n + k];
                if (t != 0) {
                    int source = bOff + k * m;
                    for (int c = 0; c < m; c++) {
                        b[row + c] -= t * b[source + c];
                    }
                }
            }
            if (!unit) {
                double d = a[off + i * n + i];
                for (int c = 0; c < m; c++) {
                    b[row + c] /= d;
                }
            }
        }
    }

    private static void swapRows(double[] a, int off, int width, int r, int s) {
        int x = off + r * width;
        int y = off + s * width;
        for (int c = 0; c < width; c++) {
            double t = a[x + c];
            a[x + c] = a[y + c];
            a[y + c] = t;
        }
    }
}
