package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * What PyTorch 1.13 computes from the singular values and the symmetric eigen-decomposition, written over
 * {@code linalg_svd}, {@code linalg_svdvals}, {@code linalg_eigh} and {@code linalg_eigvalsh} as its
 * BatchLinearAlgebra.cpp and LinearAlgebra.cpp write them: the pseudo-inverse ({@code linalg_pinv}, {@code pinverse}),
 * the numerical rank ({@code linalg_matrix_rank}), least squares ({@code linalg_lstsq}) and the condition number
 * ({@code linalg_cond}). Tolerances follow 1.13's {@code get_atol_rtol}: singular values above
 * {@code max(atol, rtol * sigma_max)} count, rtol defaulting to {@code eps * max(m, n)} when no atol is given.
 */
public final class DecompositionComposites implements DecompositionCompositesDeclarations {

    // ---------------------------------------------------------------------------------- pseudo-inverse

    /**
     * The pseudo-inverse {@code V diag(1/S) U^T} over the singular values above the tolerance ({@code U diag(1/w)
     * U^T} over the eigenvalues, by magnitude, with {@code hermitian}); its gradient is 1.13's pinv_backward.
     */
    @Override
    public Tensor linalg_pinv(Tensor self, Tensor atol, Tensor rtol, boolean hermitian) {
        ScalarType t = self.dtype();
        if (t != ScalarType.Float32 && t != ScalarType.Float64 || self.dim() < 2) {
            throw new IllegalArgumentException("linalg.pinv(" + t.c10Name() + "{" + Arrays.toString(self.sizes())
                    + "}): expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types");
        }
        Tensor[] tolerances = tolerances(self, atol, rtol);
        if (self.numel() == 0) {
            long[] sizes = self.sizes().clone();
            sizes[sizes.length - 1] = self.size(self.dim() - 2);
            sizes[sizes.length - 2] = self.size(self.dim() - 1);
            return Torch.zeros(sizes, t);
        }
        Tensor zero = Torch.zeros(new long[0], t);
        if (!hermitian) {
            Tensor[] usv = Torch.linalg_svd(self, false, null);
            Tensor s = usv[1];
            Tensor tol = threshold(tolerances, s.narrow(-1, 0, 1));
            Tensor sInverse = Torch.where(Torch.gt(s, tol), Torch.reciprocal(s), zero).to(t);
            return Torch.matmul(usv[2].transpose(-2, -1), sInverse.unsqueeze(-1).mul(usv[0].transpose(-2, -1)));
        }
        Tensor[] eigen = Torch.linalg_eigh(self, "L");
        Tensor w = eigen[0];
        Tensor magnitudes = Torch.abs(w);
        Tensor tol = threshold(tolerances, Torch.amax(magnitudes, new long[] {-1}, true));
        Tensor wInverse = Torch.where(Torch.gt(magnitudes, tol), Torch.reciprocal(w), zero).to(t);
        return Torch.matmul(eigen[1].mul(wInverse.unsqueeze(-2)), eigen[1].transpose(-2, -1));
    }

    @Override
    public Tensor linalg_pinv(Tensor self, Double atol, Double rtol, boolean hermitian) {
        Tensor[] tolerances = tolerances(self, atol, rtol);
        return Torch.linalg_pinv(self, tolerances[0], tolerances[1], hermitian);
    }

    /** NumPy's {@code rcond}: a relative tolerance alone. */
    @Override
    public Tensor linalg_pinv(Tensor self, double rcond, boolean hermitian) {
        return Torch.linalg_pinv(self, (Double) 0.0, (Double) rcond, hermitian);
    }

    @Override
    public Tensor linalg_pinv(Tensor self, Tensor rcond, boolean hermitian) {
        return Torch.linalg_pinv(self, Torch.zeros(new long[0], ScalarType.Float64), rcond, hermitian);
    }

    @Override
    public Tensor pinverse(Tensor self, double rcond) {
        return Torch.linalg_pinv(self, rcond, false);
    }

    // ---------------------------------------------------------------------------------------- rank

    /** The number of singular values (absolute eigenvalues, with {@code hermitian}) above the tolerance. */
    @Override
    public Tensor linalg_matrix_rank(Tensor input, Tensor atol, Tensor rtol, boolean hermitian) {
        if (input.dim() < 2) {
            throw new IllegalArgumentException("torch.linalg.matrix_rank: The input tensor input must have at least 2"
                    + " dimensions.");
        }
        boolean floating = input.dtype() == ScalarType.Float32 || input.dtype() == ScalarType.Float64;
        if (!floating && rtol == null) {
            // 1.13 fails first where it computes the default rtol from the dtype's epsilon
            throw new IllegalArgumentException("This function doesn't handle types other than float and double");
        }
        Tensor[] tolerances = tolerances(input, atol, rtol);
        if (input.numel() == 0) {
            return Torch.zeros(Arrays.copyOf(input.sizes(), input.dim() - 2), ScalarType.Int64);
        }
        if (!floating) {
            // then in the decomposition
            throw hermitian ? Elementwise.notImplemented("linalg_eigh_cpu", input.dtype())
                    : new IllegalArgumentException("linalg.svd: Expected a floating point or complex tensor as input."
                            + " Got " + input.dtype().c10Name());
        }
        Tensor s;
        Tensor largest;
        if (!hermitian) {
            s = Torch.linalg_svdvals(input, null);
            largest = s.narrow(-1, 0, 1);
        } else {
            s = Torch.abs(Torch.linalg_eigvalsh(input, "L"));
            largest = Torch.amax(s, new long[] {-1}, true);
        }
        return Torch.gt(s, threshold(tolerances, largest)).sum(new long[] {-1}, false, null);
    }

    @Override
    public Tensor linalg_matrix_rank(Tensor self, Double atol, Double rtol, boolean hermitian) {
        if (rtol == null && !(atol != null && atol > 0) && self.dtype() != ScalarType.Float32
                && self.dtype() != ScalarType.Float64) {
            // 1.13 fails first where it computes the default rtol from the dtype's epsilon
            throw new IllegalArgumentException("This function doesn't handle types other than float and double");
        }
        Tensor[] tolerances = tolerances(self, atol, rtol);
        return Torch.linalg_matrix_rank(self, tolerances[0], tolerances[1], hermitian);
    }

    /** {@code tol} as an absolute tolerance (the relative one 0). */
    @Override
    public Tensor linalg_matrix_rank(Tensor self, double tol, boolean hermitian) {
        return Torch.linalg_matrix_rank(self, (Double) tol, (Double) 0.0, hermitian);
    }

    @Override
    public Tensor linalg_matrix_rank(Tensor input, Tensor tol, boolean hermitian) {
        return Torch.linalg_matrix_rank(input, tol, Torch.zeros(new long[0], ScalarType.Float64), hermitian);
    }

    // ------------------------------------------------------------------------------- least squares

    /**
     * The least-squares solution of {@code A X = B} of minimum norm (B a matrix, or a vector when it has one dim
     * fewer), from the SVD over the singular values above {@code rcond * sigma_max}. What comes with it follows the
     * LAPACK driver PyTorch would call: the rank for 'gelsy' (the default), 'gelsd' and 'gelss', the singular values
     * for 'gelsd' and 'gelss', the residuals {@code ||A X - B||^2} per column for a tall A with every driver but
     * 'gelsy' (for 'gelsd' and 'gelss' only where every matrix has full rank); the others are empty. LAPACK's gelsy
     * finds the rank by QR with column pivoting, this by the singular values: they agree unless a singular value lies
     * at the tolerance itself.
     */
    @Override
    public Tensor[] linalg_lstsq(Tensor self, Tensor b, Double rcond, String driver) {
        String api = "torch.linalg.lstsq";
        if (self.dim() < 2) {
            throw new IllegalArgumentException(api + ": input must have at least 2 dimensions.");
        }
        if (b.dim() < 1) {
            throw new IllegalArgumentException(api + ": other must have at least 1 dimension.");
        }
        if (self.dtype() != b.dtype()) {
            throw new IllegalArgumentException(api + ": Expected input and other to have the same dtype, but got"
                    + " input's dtype " + self.dtype().c10Name() + " and other's dtype " + b.dtype().c10Name());
        }
        long dimDiff = self.dim() - b.dim();
        if (dimDiff < 0 || dimDiff > 1) {
            throw new IllegalArgumentException(api + ": input.dim() must be greater or equal to other.dim() and"
                    + " (input.dim() - other.dim()) <= 1");
        }
        boolean vector = dimDiff == 1;
        Tensor rhs = vector ? b.unsqueeze(-1) : b;
        if (self.size(self.dim() - 2) != rhs.size(rhs.dim() - 2)) {
            throw new IllegalArgumentException(vector ? api + ": input.size(-2) should match other.size(-1)"
                    : api + ": input.size(-2) should match other.size(-2)");
        }
        String chosen = driver == null ? "gelsy" : driver;
        if (!Arrays.asList("gels", "gelsy", "gelsd", "gelss").contains(chosen)) {
            throw new IllegalArgumentException(api + ": parameter `driver` should be one of (gels, gelsy, gelsd, gelss)");
        }
        if (self.dtype() != ScalarType.Float32 && self.dtype() != ScalarType.Float64) {
            throw new IllegalArgumentException("This function doesn't handle types other than float and double");
        }
        long m = self.size(self.dim() - 2);
        long n = self.size(self.dim() - 1);
        long[] batch = Broadcast.inferSize(Arrays.copyOf(self.sizes(), self.dim() - 2),
                Arrays.copyOf(rhs.sizes(), rhs.dim() - 2));
        Tensor a = Torch.broadcast_to(self, withMatrix(batch, m, n));
        long k = rhs.size(rhs.dim() - 1);
        Tensor bFull = Torch.broadcast_to(rhs, withMatrix(batch, m, k));
        // LAPACK takes a negative rcond as the machine precision; without one, 1.13 passes eps * max(m, n)
        double tolerance = rcond == null ? epsilon(self.dtype()) * Math.max(m, n)
                : rcond < 0 ? epsilon(self.dtype()) : rcond;

        Tensor[] usv = Torch.linalg_svd(a, false, null);
        Tensor s = usv[1];
        Tensor kept = Torch.gt(s, s.narrow(-1, 0, Math.min(1, s.size(s.dim() - 1))).mul(Scalar.of(tolerance)));
        Tensor sInverse = Torch.where(kept, Torch.reciprocal(s), Torch.zeros(new long[0], s.dtype()));
        Tensor x = Torch.matmul(usv[2].transpose(-2, -1),
                sInverse.unsqueeze(-1).mul(Torch.matmul(usv[0].transpose(-2, -1), bFull)));
        Tensor rank = kept.sum(new long[] {-1}, false, null);

        boolean ranked = !chosen.equals("gels");
        boolean withValues = chosen.equals("gelsd") || chosen.equals("gelss");
        Tensor residuals = empty(self.dtype());
        if (m > n && !chosen.equals("gelsy")) {
            boolean fullRank = !withValues || Torch.eq(rank, Scalar.of(n)).all().toDoubleArray()[0] != 0;
            if (fullRank) {
                Tensor r = Torch.matmul(a, x).sub(bFull);
                // B as a vector keeps its column's dim here (1.13 squeezes only the solution)
                residuals = r.mul(r).sum(new long[] {-2}, false, null);
            }
        }
        Tensor solution = lapackLayout(x, Math.max(m, n));
        if (vector) {
            solution = solution.squeeze(-1);
        }
        return new Tensor[] {
            solution,
            residuals,
            ranked ? rank : Torch.zeros(new long[] {0}, ScalarType.Int64),
            withValues ? s : empty(self.dtype()),
        };
    }

    /**
     * The solution laid out as LAPACK leaves it in PyTorch's buffer: column-major matrices of {@code max(m, n)} rows
     * (B's space, overwritten by X), of which the first n are the solution.
     */
    private static Tensor lapackLayout(Tensor x, long rows) {
        long[] sizes = x.sizes().clone();
        long n = sizes[sizes.length - 2];
        sizes[sizes.length - 2] = sizes[sizes.length - 1];
        sizes[sizes.length - 1] = rows;
        Tensor buffer = Torch.zeros(sizes, x.dtype()).transpose(-2, -1);
        Tensor solution = buffer.narrow(-2, 0, n);
        solution.copy_(x, false);
        return solution;
    }

    // ----------------------------------------------------------------------------- condition number

    private static final java.util.Set<Double> COND_ORDERS = java.util.Set.of(1.0, -1.0, 2.0, -2.0,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);

    /**
     * The condition number in the norm {@code p} (2 when absent): {@code sigma_max / sigma_min} (its inverse for
     * -2), or {@code ||A|| ||A^-1||} for 1, -1, inf and -inf, infinite where A is singular; 0 for empty matrices.
     */
    @Override
    public Tensor linalg_cond(Tensor self, Scalar p) {
        if (self.dim() < 2) {
            throw new IllegalArgumentException("linalg.cond: The input tensor must have at least 2 dimensions.");
        }
        Scalar ord = p != null ? p : Scalar.of(2L);
        double value = ord.toDouble();
        if (!COND_ORDERS.contains(value)) {
            throw new IllegalArgumentException("linalg.cond got an invalid norm type: " + RangeFactories.formatDouble(value));
        }
        if (self.numel() == 0) {
            return Torch.zeros(Arrays.copyOf(self.sizes(), self.dim() - 2), self.dtype());
        }
        if (Math.abs(value) == 2) {
            Tensor s = Torch.linalg_svdvals(self, null);
            Tensor largest = s.narrow(-1, 0, 1);
            Tensor smallest = s.narrow(-1, s.size(s.dim() - 1) - 1, 1);
            return (value < 0 ? smallest.div(largest) : largest.div(smallest)).squeeze(-1);
        }
        LinearSolvers.checkSquare(self, "linalg.cond(ord=" + (Double.isInfinite(value) ? RangeFactories.formatDouble(value)
                : Long.toString((long) value)) + ")", "A");
        return condByInverse(self, ord, null);
    }

    @Override
    public Tensor linalg_cond(Tensor self, String p) {
        LinearSolvers.checkSquare(self, "linalg.cond(ord=" + p + ")", "A");
        if (!p.equals("fro") && !p.equals("nuc")) {
            throw new IllegalArgumentException("linalg.cond got an invalid norm type: " + p);
        }
        if (self.numel() == 0) {
            return Torch.zeros(Arrays.copyOf(self.sizes(), self.dim() - 2), self.dtype());
        }
        if (p.equals("nuc")) {
            // the nuclear norms of A and of A^-1 from one set of singular values (as 1.13, which so avoids
            // matrix_norm's refusal of infinities)
            Tensor s = Torch.linalg_svdvals(self, null);
            return s.sum(new long[] {-1}, false, null).mul(Torch.reciprocal(s).sum(new long[] {-1}, false, null));
        }
        return condByInverse(self, null, p);
    }

    /** {@code ||A|| ||A^-1||}, the inverse infinite where A is singular and 0 * inf taken as inf, as 1.13's helper. */
    private static Tensor condByInverse(Tensor self, Scalar ord, String strOrd) {
        Tensor[] inverse = Torch.linalg_inv_ex(self, false);
        Tensor singular = Torch.gt(inverse[1], Scalar.of(0L)).unsqueeze(-1).unsqueeze(-1);
        Tensor inv = Torch.where(singular, Scalar.of(Double.POSITIVE_INFINITY), inverse[0]);
        long[] dims = {-2, -1};
        Tensor result = ord != null
                ? Torch.linalg_matrix_norm(self, ord, dims, false, null).mul(Torch.linalg_matrix_norm(inv, ord, dims,
                        false, null))
                : Torch.linalg_matrix_norm(self, strOrd, dims, false, null).mul(Torch.linalg_matrix_norm(inv, strOrd,
                        dims, false, null));
        return Torch.nan_to_num(result, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
    }

    // -------------------------------------------------------------------------------------- helpers

    /**
     * 1.13's get_atol_rtol for tensor tolerances: atol 0 when absent, rtol {@code eps * max(m, n)} when absent,
     * unless a positive atol is given (then 0), both float64.
     */
    private static Tensor[] tolerances(Tensor input, Tensor atol, Tensor rtol) {
        Tensor absolute = atol != null ? atol : Torch.zeros(new long[0], ScalarType.Float64);
        Tensor relative = rtol;
        if (relative == null) {
            Tensor byDefault = Torch.full(new long[0], Scalar.of(defaultRtol(input)), ScalarType.Float64);
            relative = atol == null ? byDefault
                    : Torch.where(Torch.gt(atol, Scalar.of(0.0)), Torch.zeros(new long[0], ScalarType.Float64), byDefault);
        }
        return new Tensor[] {absolute, relative};
    }

    /** get_atol_rtol for float tolerances. */
    private static Tensor[] tolerances(Tensor input, Double atol, Double rtol) {
        double absolute = atol != null ? atol : 0.0;
        double relative = rtol != null ? rtol : absolute > 0 ? 0.0 : defaultRtol(input);
        return new Tensor[] {Torch.full(new long[0], Scalar.of(absolute), ScalarType.Float64),
            Torch.full(new long[0], Scalar.of(relative), ScalarType.Float64)};
    }

    private static double defaultRtol(Tensor input) {
        long m = input.dim() >= 2 ? input.size(input.dim() - 2) : 1;
        long n = input.dim() >= 1 ? input.size(input.dim() - 1) : 1;
        return epsilon(input.dtype()) * Math.max(m, n);
    }

    /** {@code max(atol, rtol * largest)}, one per matrix, shaped to compare with its values. */
    private static Tensor threshold(Tensor[] tolerances, Tensor largest) {
        return Torch.maximum(tolerances[0].unsqueeze(-1), tolerances[1].unsqueeze(-1).mul(largest));
    }

    /** The machine epsilon of the dtype (float64's for other dtypes, as the tolerance's own dtype). */
    private static double epsilon(ScalarType dtype) {
        return dtype == ScalarType.Float32 ? Math.ulp(1.0f) : Math.ulp(1.0);
    }

    private static Tensor empty(ScalarType dtype) {
        return Torch.zeros(new long[] {0}, dtype);
    }

    private static long[] withMatrix(long[] batch, long rows, long columns) {
        long[] sizes = Arrays.copyOf(batch, batch.length + 2);
        sizes[batch.length] = rows;
        sizes[batch.length + 1] = columns;
        return sizes;
    }
}
