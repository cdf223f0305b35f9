package org.jitdispatch.kernels.linalg;

/**
 * The singular value decomposition {@code A = U diag(S) V^T} by one-sided Jacobi (Hestenes' method; Demmel and
 * Veselic, "Jacobi's method is more accurate than QR", 1992), in double.
 *
 * <p>Plane rotations applied to the columns of A (and accumulated into V) make every pair of columns orthogonal;
 * the singular values are then the columns' norms and U's columns the columns normalized. Why this rather than
 * LAPACK's {@code gesdd} (bidiagonalization, then divide and conquer): it is short, and its singular values are
 * accurate to a few ulps relative to each value, not only to {@code ||A||}; U and V are orthonormal to working
 * precision. A wide matrix is decomposed through its transpose. The singular values come out descending, as
 * LAPACK's. Singular vectors are defined up to sign (a pair {@code u_i, v_i} may both be negated) and, for a
 * repeated singular value, up to a rotation within its subspace: these may differ from LAPACK's there.
 */
public final class JacobiSvd {
    /** Sweeps before giving up; one-sided Jacobi converges in far fewer for finite matrices. */
    private static final int MAX_SWEEPS = 80;
    /** Columns whose cosine is below this count as orthogonal. */
    private static final double TOLERANCE = 1e-15;

    private JacobiSvd() {
    }

    /**
     * Decomposes the row-major {@code m x n} matrix at {@code a[off..]} (left as it was). Writes the
     * {@code k = min(m, n)} descending singular values to {@code s[sOff..]}; when {@code u} is not null, the
     * row-major {@code m x uColumns} U ({@code uColumns} is k, or m for the full decomposition) to
     * {@code u[uOff..]} and the row-major {@code vhRows x n} V^T ({@code vhRows} k or n) to {@code vh[vhOff..]}.
     * Columns beyond the rank complete U and V^T to orthonormal bases.
     *
     * @return 0, or 1 when the rotations did not converge
     */
    public static int decompose(double[] a, int off, int m, int n, double[] s, int sOff, double[] u, int uOff,
            int uColumns, double[] vh, int vhOff, int vhRows) {
        if (m >= n) {
            return tall(a, off, m, n, false, s, sOff, u, uOff, uColumns, vh, vhOff, vhRows);
        }
        // A^T = U' S V'^T, so A = V' S U'^T: A's U is V', A's V^T is U'^T
        double[] vPrime = u == null ? null : new double[m * m];
        double[] uPrime = u == null ? null : new double[n * vhRows];
        int info = tall(a, off, n, m, true, s, sOff, uPrime, 0, vhRows, vPrime, 0, m);
        if (u != null) {
            for (int i = 0; i < m; i++) {
                for (int c = 0; c < uColumns; c++) {
                    u[uOff + i * uColumns + c] = vPrime[c * m + i];
                }
            }
            for (int r = 0; r < vhRows; r++) {
                for (int j = 0; j < n; j++) {
                    vh[vhOff + r * n + j] = uPrime[j * vhRows + r];
                }
            }
        }
        return info;
    }

    /**
     * The decomposition of a {@code rows x cols} matrix with {@code rows >= cols}: the one at {@code a[off..]},
     * or its transpose when {@code transposed} (then {@code a} holds a {@code cols x rows} row-major matrix).
     */
    private static int tall(double[] a, int off, int rows, int cols, boolean transposed, double[] s, int sOff,
            double[] u, int uOff, int uColumns, double[] vh, int vhOff, int vhRows) {
        // the working columns, each contiguous
        double[][] w = new double[cols][rows];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                w[j][i] = transposed ? a[off + j * rows + i] : a[off + i * cols + j];
            }
        }
        // the rotations work on squared norms and dot products: bring the largest entry near 1 (by a power of two,
        // which is exact) so that they neither overflow nor underflow, and scale the singular values back
        double largest = 0;
        for (double[] column : w) {
            for (double x : column) {
                largest = Math.max(largest, Math.abs(x));
            }
        }
        double scale = largest > 0 ? Math.scalb(1.0, -Math.getExponent(largest)) : 1;
        for (double[] column : w) {
            for (int i = 0; i < rows; i++) {
                column[i] *= scale;
            }
        }
        double[][] v = new double[cols][cols];
        for (int j = 0; j < cols; j++) {
            v[j][j] = 1;
        }
        int info = orthogonalizeColumns(w, v);
        double[] norms = new double[cols];
        for (int j = 0; j < cols; j++) {
            norms[j] = norm(w[j]);
        }
        int[] order = descending(norms);
        for (int k = 0; k < cols; k++) {
            s[sOff + k] = norms[order[k]] / scale;
        }
        if (u == null) {
            return info;
        }
        double[][] uColumnsOut = new double[uColumns][];
        for (int k = 0; k < cols; k++) {
            double sigma = norms[order[k]];
            if (sigma > 0) {
                double[] column = w[order[k]].clone();
                for (int i = 0; i < rows; i++) {
                    column[i] /= sigma;
                }
                uColumnsOut[k] = column;
            }
        }
        complete(uColumnsOut, rows);
        for (int i = 0; i < rows; i++) {
            for (int c = 0; c < uColumns; c++) {
                u[uOff + i * uColumns + c] = uColumnsOut[c][i];
            }
        }
        // V is square (cols x cols), vhRows == cols here
        for (int k = 0; k < vhRows; k++) {
            double[] column = v[order[k]];
            for (int j = 0; j < cols; j++) {
                vh[vhOff + k * cols + j] = column[j];
            }
        }
        return info;
    }

    /** Jacobi sweeps over every pair of columns of {@code w} until all are orthogonal, rotating v's along. */
    private static int orthogonalizeColumns(double[][] w, double[][] v) {
        int cols = w.length;
        double[] squaredNorms = new double[cols];
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            // each sweep starts from exact squared norms; within it a rotation updates them as it changes the
            // 2 x 2 Gram matrix, which saves two of the three dot products per pair
            for (int j = 0; j < cols; j++) {
                squaredNorms[j] = dot(w[j], w[j]);
            }
            boolean rotated = false;
            for (int p = 0; p < cols - 1; p++) {
                for (int q = p + 1; q < cols; q++) {
                    double alpha = squaredNorms[p];
                    double beta = squaredNorms[q];
                    double gamma = dot(w[p], w[q]);
                    // a column whose squared norm is not a normal double is below 1e-154 of the largest entry
                    // (brought near 1 above): it stays as it is, since rotating it against another only makes
                    // rounding noise smaller and smaller, into the subnormals, without ever making it orthogonal
                    if (gamma == 0 || alpha < Double.MIN_NORMAL || beta < Double.MIN_NORMAL
                            || Math.abs(gamma) <= TOLERANCE * Math.sqrt(alpha) * Math.sqrt(beta)) {
                        continue;
                    }
                    rotated = true;
                    // the rotation that diagonalizes the 2 x 2 Gram matrix [[alpha, gamma], [gamma, beta]]
                    double zeta = (beta - alpha) / (2 * gamma);
                    double t = Math.abs(zeta) > 1e150 ? 1 / (2 * zeta)
                            : Math.copySign(1, zeta) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
                    double c = 1 / Math.sqrt(1 + t * t);
                    double sn = c * t;
                    rotate(w[p], w[q], c, sn);
                    rotate(v[p], v[q], c, sn);
                    squaredNorms[p] = Math.max(alpha - t * gamma, 0);
                    squaredNorms[q] = beta + t * gamma;
                }
            }
            if (!rotated) {
                return 0;
            }
        }
        return 1;
    }

    private static void rotate(double[] x, double[] y, double c, double s) {
        for (int i = 0; i < x.length; i++) {
            double xi = x[i];
            double yi = y[i];
            x[i] = c * xi - s * yi;
            y[i] = s * xi + c * yi;
        }
    }

    /**
     * Fills the missing (null) columns of an orthonormal set of {@code rows}-vectors: each is the first unit vector
     * {@code e_i} that is not yet in the span, with its projections on the columns so far taken out twice
     * (Gram-Schmidt with reorthogonalization).
     */
    static void complete(double[][] columns, int rows) {
        int candidate = 0;
        for (int c = 0; c < columns.length; c++) {
            if (columns[c] != null) {
                continue;
            }
            while (true) {
                double[] x = new double[rows];
                x[candidate++] = 1;
                for (int pass = 0; pass < 2; pass++) {
                    for (double[] other : columns) {
                        if (other != null) {
                            double d = dot(other, x);
                            for (int i = 0; i < rows; i++) {
                                x[i] -= d * other[i];
                            }
                        }
                    }
                }
                double length = norm(x);
                // a unit vector keeps at least 1/sqrt(rows) of its length outside a subspace that misses it
                if (length > 0.5 / Math.sqrt(rows)) {
                    for (int i = 0; i < rows; i++) {
                        x[i] /= length;
                    }
                    columns[c] = x;
                    break;
                }
            }
        }
    }

    private static double dot(double[] x, double[] y) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[i] * y[i];
        }
        return sum;
    }

    private static double norm(double[] x) {
        double largest = 0;
        for (double e : x) {
            largest = Math.max(largest, Math.abs(e));
        }
        if (largest == 0 || !Double.isFinite(largest)) {
            return largest;
        }
        double sum = 0;
        for (double e : x) {
            double scaled = e / largest;
            sum += scaled * scaled;
        }
        return largest * Math.sqrt(sum);
    }

    /** The indices of {@code values} in descending order of value, ties in index order. */
    private static int[] descending(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(values[y], values[x]));
        int[] out = new int[order.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = order[i];
        }
        return out;
    }
}
