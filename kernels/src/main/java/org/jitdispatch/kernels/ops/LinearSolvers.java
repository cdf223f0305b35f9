package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.LinAlgError;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.kernels.linalg.DenseLu;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Inverse, determinants, solve and Cholesky over batches of square matrices, as PyTorch 1.13's
 * BatchLinearAlgebra.cpp composes them: the CPU kernels ({@code linalg_inv_ex}, {@code _linalg_det},
 * {@code _linalg_slogdet}, {@code _linalg_solve_ex}, {@code linalg_cholesky_ex}) factor each matrix with
 * {@link DenseLu} in double and round the results to the input's dtype; the public operators are composites over
 * them that raise {@link LinAlgError} from the returned {@code info} as {@code _linalg_check_errors} does. Their
 * gradients are in derivatives.yaml ({@code org.jitdispatch.autograd.LinalgFormulas}).
 *
 * <p>LAPACK factors float32 matrices in float32; these factor them in double, so results are within float32's
 * rounding of PyTorch's rather than equal to them, and closer to the exact ones.
 */
public final class LinearSolvers implements LinearSolversDeclarations {

    // ------------------------------------------------------------------------------------ CPU kernels

    @Override
    public Tensor[] linalg_inv_ex(Tensor a, boolean checkErrors) {
        checkSquare(a, "linalg.inv", "A");
        checkFloating(a, "linalg.inv", false);
        // ATen's linalg_inv_ex is linalg_solve_ex(A, I), which factors A^T when A is contiguous (see there)
        boolean factorTranspose = a.isContiguous();
        MatrixBatch batch = new MatrixBatch(factorTranspose ? a.transpose(-2, -1) : a);
        double[] result = new double[batch.values.length];
        int[] info = new int[batch.count];
        int[] pivots = new int[batch.rows];
        for (int b = 0; b < batch.count; b++) {
            int off = b * batch.matrix;
            info[b] = DenseLu.factor(batch.values, off, batch.rows, pivots);
            for (int i = 0; i < batch.rows; i++) {
                result[off + i * batch.rows + i] = 1;
            }
            if (factorTranspose) {
                DenseLu.solveTransposed(batch.values, off, batch.rows, pivots, result, off, batch.rows);
            } else {
                DenseLu.solve(batch.values, off, batch.rows, pivots, result, off, batch.rows);
            }
        }
        Tensor infoTensor = batch.infoTensor(info);
        if (checkErrors) {
            checkErrors(info, "linalg.inv_ex", a.dim() == 2);
        }
        return new Tensor[] {batch.matrices(result, a.sizes()), infoTensor};
    }

    @Override
    public Tensor[] _linalg_det(Tensor a) {
        checkSquare(a, "linalg.det", "A");
        checkFloating(a, "linalg.det", false);
        Factored f = factorEach(a);
        double[] det = new double[f.batch.count];
        for (int b = 0; b < det.length; b++) {
            det[b] = DenseLu.determinant(f.lu, b * f.batch.matrix, f.batch.rows, f.pivots(b));
        }
        return new Tensor[] {f.batch.scalars(det), f.luTensor(), f.pivotsTensor()};
    }

    @Override
    public Tensor[] _linalg_slogdet(Tensor a) {
        checkSquare(a, "linalg.slogdet", "A");
        checkFloating(a, "linalg.slogdet", false);
        Factored f = factorEach(a);
        double[] sign = new double[f.batch.count];
        double[] logAbs = new double[f.batch.count];
        int n = f.batch.rows;
        for (int b = 0; b < sign.length; b++) {
            int off = b * f.batch.matrix;
            int[] pivots = f.pivots(b);
            double s = 1;
            double sum = 0;
            for (int j = 0; j < n; j++) {
                double u = f.lu[off + j * n + j];
                // ATen's sgn: (0 < u) - (u < 0), 0 for NaN
                s *= (0 < u ? 1 : 0) - (u < 0 ? 1 : 0);
                if (pivots[j] != j) {
                    s = -s;
                }
                sum += Math.log(Math.abs(u));
            }
            sign[b] = s;
            logAbs[b] = sum;
        }
        return new Tensor[] {f.batch.scalars(sign), f.batch.scalars(logAbs), f.luTensor(), f.pivotsTensor()};
    }

    @Override
    public Tensor[] _linalg_solve_ex(Tensor a, Tensor b, boolean left, boolean checkErrors) {
        checkFloating(a, "linalg.solve", true);
        if (a.dtype() != b.dtype()) {
            throw new IllegalArgumentException("linalg.solve: Expected A and B to have the same dtype, but found A of type "
                    + a.dtype().c10Name() + " and B of type " + b.dtype().c10Name() + " instead");
        }
        boolean vector = isVectorRhs(a, b);
        Tensor rhs = vector ? b.unsqueeze(-1) : b;
        checkSquare(a, "linalg.solve", "A");
        checkMatrix(rhs, "linalg.solve", "B");
        int n = (int) a.size(a.dim() - 1);
        long rhsRows = rhs.size(rhs.dim() - 2);
        long rhsColumns = rhs.size(rhs.dim() - 1);
        if ((left ? rhsRows : rhsColumns) != n) {
            throw new IllegalArgumentException("linalg.solve: Incompatible shapes of A and B for the equation "
                    + (left ? "AX = B" : "XA = B") + " (" + n + "x" + n + " and " + rhsRows + "x" + rhsColumns + ")");
        }
        if (!left && vector) {
            throw new IllegalArgumentException("linalg.solve: Vector broadcasting of the left hand side is not supported"
                    + " for left=False. In this case linalg.solve is equivalent to B / A.squeeze(-1)");
        }
        long[] batchSizes = Broadcast.inferSize(batchOf(rhs), batchOf(a));
        Tensor aFull = Torch.broadcast_to(a, concat(batchSizes, n, n));
        Tensor bFull = Torch.broadcast_to(rhs, concat(batchSizes, rhsRows, rhsColumns));
        // ATen factors A^T when A is contiguous (its memory is then A^T's column-major layout, which LAPACK reads
        // without a copy) and solves with the transposed factors; the factors, pivots and info (the index of the
        // first zero pivot) are those of the matrix factored. X A = B is A^T X^T = B^T.
        boolean factorTranspose = a.isContiguous();
        boolean transposedSolve = left == factorTranspose;
        Tensor rhsMatrices = left ? bFull : bFull.transpose(-2, -1);
        Factored f = factorEach(factorTranspose ? aFull.transpose(-2, -1) : aFull);
        MatrixBatch rhsBatch = new MatrixBatch(rhsMatrices);
        int m = (int) rhsMatrices.size(rhsMatrices.dim() - 1);
        int[] info = new int[f.batch.count];
        for (int i = 0; i < f.batch.count; i++) {
            info[i] = f.info[i];
            if (transposedSolve) {
                DenseLu.solveTransposed(f.lu, i * f.batch.matrix, n, f.pivots(i), rhsBatch.values, i * n * m, m);
            } else {
                DenseLu.solve(f.lu, i * f.batch.matrix, n, f.pivots(i), rhsBatch.values, i * n * m, m);
            }
        }
        Tensor x;
        if (vector) {
            // ATen lays the solution out as B: its last two dims (a batch dim and the vector) column-major
            long[] sizes = Arrays.copyOf(rhsMatrices.sizes(), rhsMatrices.dim() - 1);
            x = sizes.length >= 2 ? rhsBatch.matrices(rhsBatch.values, sizes)
                    : Tensor.FACTORY.fromArray(rhsBatch.values, sizes).to(a.dtype());
        } else {
            x = rhsBatch.matrices(rhsBatch.values, rhsMatrices.sizes());
            if (!left) {
                x = x.transpose(-2, -1);
            }
        }
        if (checkErrors) {
            checkErrors(info, "torch.linalg.solve_ex", a.dim() == 2);
        }
        return new Tensor[] {x, f.luTensor(), f.pivotsTensor(), f.batch.infoTensor(info)};
    }

    @Override
    public Tensor[] linalg_cholesky_ex(Tensor self, boolean upper, boolean checkErrors) {
        checkSquare(self, "linalg.cholesky", "A");
        checkFloating(self, "linalg.cholesky", false);
        Tensor[] result = choleskyFactors(self, upper);
        if (checkErrors) {
            checkErrors(intsOf(result[1]), "linalg.cholesky_ex", self.dim() == 2);
        }
        return result;
    }

    /**
     * {@code A X = B} (or {@code X A = B}) for the triangle of A that {@code upper} names, B's and A's batch dims
     * broadcast; the other triangle is never read, and with {@code unitriangular} neither is the diagonal.
     */
    @Override
    public Tensor linalg_solve_triangular(Tensor a, Tensor b, boolean upper, boolean left, boolean unitriangular) {
        String api = "linalg.solve_triangular";
        checkSquare(a, api, "A");
        checkMatrix(b, api, "B");
        int n = (int) a.size(a.dim() - 1);
        long rows = b.size(b.dim() - 2);
        long columns = b.size(b.dim() - 1);
        if ((left ? rows : columns) != n) {
            throw new IllegalArgumentException(api + ": Incompatible shapes of A and B for the equation "
                    + (left ? "AX = B" : "XA = B") + " (" + n + "x" + n + " and " + rows + "x" + columns + ")");
        }
        requireSolverDtype(a, "triangular_solve_cpu");
        long[] batch = Broadcast.inferSize(batchOf(b), batchOf(a));
        MatrixBatch system = new MatrixBatch(Torch.broadcast_to(a, concat(batch, n, n)));
        // X A = B is A^T X^T = B^T: the transposed triangle, solved for the rows of B^T
        Tensor rhs = Torch.broadcast_to(b, concat(batch, rows, columns));
        MatrixBatch values = new MatrixBatch(left ? rhs : rhs.transpose(-2, -1));
        int m = (int) (left ? columns : rows);
        for (int i = 0; i < system.count; i++) {
            DenseLu.solveTriangular(system.values, i * system.matrix, n, upper, !left, unitriangular, values.values,
                    i * n * m, m);
        }
        long[] sizes = concat(batch, rows, columns);
        double[] x = left ? values.values : transposeEach(values.values, n, m);
        return system.matrices(x, sizes);
    }

    /** {@code A X = B} with A given by its Cholesky factor ({@code A = L L^T}, or {@code U^T U} with upper). */
    @Override
    public Tensor cholesky_solve(Tensor b, Tensor factor, boolean upper) {
        if (b.dim() < 2) {
            throw new IllegalArgumentException("b should have at least 2 dimensions, but has " + b.dim()
                    + " dimensions instead");
        }
        if (factor.dim() < 2) {
            throw new IllegalArgumentException("u should have at least 2 dimensions, but has " + factor.dim()
                    + " dimensions instead");
        }
        if (b.dtype() != factor.dtype()) {
            throw new IllegalArgumentException("Expected b and A to have the same dtype, but found b of type "
                    + b.dtype().c10Name() + " and A of type " + factor.dtype().c10Name() + " instead.");
        }
        long n = factor.size(factor.dim() - 1);
        if (factor.size(factor.dim() - 2) != n) {
            throw new IllegalArgumentException("A must be batches of square matrices, but they are "
                    + factor.size(factor.dim() - 2) + " by " + n + " matrices");
        }
        long rows = b.size(b.dim() - 2);
        long columns = b.size(b.dim() - 1);
        if (rows != n) {
            throw new IllegalArgumentException("Incompatible matrix sizes for cholesky_solve: each A matrix is " + n
                    + " by " + n + " but each b matrix is " + rows + " by " + columns);
        }
        long[] batch = Broadcast.inferSize(batchOf(b), batchOf(factor));
        requireSolverDtype(b, "cholesky_solve_cpu");
        MatrixBatch system = new MatrixBatch(Torch.broadcast_to(factor, concat(batch, n, n)));
        MatrixBatch values = new MatrixBatch(Torch.broadcast_to(b, concat(batch, rows, columns)));
        int m = (int) columns;
        for (int i = 0; i < system.count; i++) {
            // L Y = B, then L^T X = Y (U^T Y = B, then U X = Y)
            int off = i * system.matrix;
            int bOff = i * (int) n * m;
            DenseLu.solveTriangular(system.values, off, (int) n, upper, upper, false, values.values, bOff, m);
            DenseLu.solveTriangular(system.values, off, (int) n, upper, !upper, false, values.values, bOff, m);
        }
        return values.matrices(values.values, concat(batch, rows, columns));
    }

    /** The inverse of {@code A = L L^T} (or {@code U^T U}) from its factor, refused where a diagonal entry is zero. */
    @Override
    public Tensor cholesky_inverse(Tensor self, boolean upper) {
        checkSquare(self, "cholesky_inverse", "A");
        requireSolverDtype(self, "cholesky_inverse_out_cpu");
        MatrixBatch batch = new MatrixBatch(self);
        int n = batch.rows;
        int[] info = new int[batch.count];
        double[] result = new double[batch.values.length];
        for (int b = 0; b < batch.count; b++) {
            int off = b * batch.matrix;
            for (int j = 0; j < n && info[b] == 0; j++) {
                if (batch.values[off + j * n + j] == 0) {
                    info[b] = j + 1;
                }
            }
            for (int i = 0; i < n; i++) {
                result[off + i * n + i] = 1;
            }
            DenseLu.solveTriangular(batch.values, off, n, upper, upper, false, result, off, n);
            DenseLu.solveTriangular(batch.values, off, n, upper, !upper, false, result, off, n);
        }
        checkErrors(info, "cholesky_inverse", self.dim() == 2);
        return batch.matrices(result, self.sizes());
    }

    // ------------------------------------------------------------------------------------- composites

    @Override
    public Tensor linalg_inv(Tensor a) {
        Tensor[] r = Torch.linalg_inv_ex(a, false);
        checkErrors(intsOf(r[1]), "linalg.inv", a.dim() == 2);
        return r[0];
    }

    @Override
    public Tensor inverse(Tensor self) {
        return Torch.linalg_inv(self);
    }

    @Override
    public Tensor linalg_det(Tensor a) {
        return Torch._linalg_det(a)[0];
    }

    @Override
    public Tensor det(Tensor self) {
        return Torch.linalg_det(self);
    }

    @Override
    public Tensor[] linalg_slogdet(Tensor a) {
        Tensor[] r = Torch._linalg_slogdet(a);
        return new Tensor[] {r[0], r[1]};
    }

    @Override
    public Tensor[] slogdet(Tensor self) {
        return Torch.linalg_slogdet(self);
    }

    @Override
    public Tensor logdet(Tensor self) {
        checkSquare(self, "logdet", "A");
        checkFloating(self, "logdet", false);
        Tensor[] r = Torch.linalg_slogdet(self);
        Tensor negative = Torch.eq(r[0], Scalar.of(-1.0));
        return Torch.where(negative, Scalar.of(Double.NaN), r[1]);
    }

    @Override
    public Tensor[] linalg_solve_ex(Tensor a, Tensor b, boolean left, boolean checkErrors) {
        Tensor[] r = Torch._linalg_solve_ex(a, b, left, checkErrors);
        return new Tensor[] {r[0], r[3]};
    }

    @Override
    public Tensor linalg_solve(Tensor a, Tensor b, boolean left) {
        Tensor[] r = Torch.linalg_solve_ex(a, b, left, false);
        checkErrors(intsOf(r[1]), "torch.linalg.solve", a.dim() == 2);
        return r[0];
    }

    @Override
    public Tensor linalg_cholesky(Tensor self, boolean upper) {
        Tensor[] r = Torch.linalg_cholesky_ex(self, upper, false);
        checkErrors(intsOf(r[1]), "linalg.cholesky", self.dim() == 2);
        return r[0];
    }

    @Override
    public Tensor cholesky(Tensor self, boolean upper) {
        Warnings.warn("torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a future"
                + " PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\nL = torch.linalg.cholesky(A)\nand\n"
                + "U = torch.cholesky(A, upper=True)\nshould be replaced with\nU = torch.linalg.cholesky(A).mH().\n"
                + "This transform will produce equivalent results for all valid (symmetric positive definite) inputs.");
        if (self.numel() == 0) {
            return Torch.empty_like(self, null, null, null, null, null);
        }
        checkSquare(self, "cholesky", "A");
        if (!self.dtype().isFloatingPoint() || self.dtype() == ScalarType.Float16 || self.dtype() == ScalarType.BFloat16) {
            throw Elementwise.notImplemented("cholesky_cpu", self.dtype());
        }
        Tensor[] r = Torch.linalg_cholesky_ex(self, upper, false);
        checkErrors(intsOf(r[1]), "cholesky", self.dim() == 2);
        return r[0];
    }

    // -------------------------------------------------------------------------------------- helpers

    /**
     * {@code A L L^T} factor of each matrix (its lower triangle read; with {@code upper}, {@code U^T U} from the
     * upper one), the other triangle zero, and each matrix's info.
     */
    private static Tensor[] choleskyFactors(Tensor self, boolean upper) {
        Tensor source = upper ? self.transpose(-2, -1) : self;
        MatrixBatch batch = new MatrixBatch(source);
        int n = batch.rows;
        int[] info = new int[batch.count];
        for (int b = 0; b < batch.count; b++) {
            int off = b * batch.matrix;
            info[b] = DenseLu.cholesky(batch.values, off, n);
            for (int i = 0; i < n; i++) {
                Arrays.fill(batch.values, off + i * n + i + 1, off + i * n + n, 0);
            }
        }
        double[] factor = batch.values;
        if (upper) {
            factor = new double[batch.values.length];
            for (int off = 0; off < factor.length; off += batch.matrix) {
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        factor[off + j * n + i] = batch.values[off + i * n + j];
                    }
                }
            }
        }
        return new Tensor[] {batch.matrices(factor, self.sizes()), batch.infoTensor(info)};
    }

    /**
     * Raises PyTorch's error for the first nonzero {@code info} (LAPACK's: a zero pivot's or a minor's 1-based
     * index), naming the batch element when the input was a batch, as {@code _linalg_check_errors} does.
     */
    static void checkErrors(int[] info, String api, boolean matrix) {
        for (int b = 0; b < info.length; b++) {
            if (info[b] <= 0) {
                continue;
            }
            String where = api + (matrix ? "" : ": (Batch element " + b + ")");
            if (api.contains("inv")) {
                throw new LinAlgError(where + ": The diagonal element " + info[b]
                        + " is zero, the inversion could not be completed because the input matrix is singular.");
            }
            if (api.contains("solve")) {
                throw new LinAlgError(where + ": The solver failed because the input matrix is singular.");
            }
            throw new LinAlgError(where + ": The factorization could not be completed because the input is not"
                    + " positive-definite (the leading minor of order " + info[b] + " is not positive-definite).");
        }
    }

    private static int[] intsOf(Tensor info) {
        long[] values = info.to(ScalarType.Int64).toLongArray();
        int[] ints = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            ints[i] = (int) values[i];
        }
        return ints;
    }

    static void checkMatrix(Tensor t, String api, String name) {
        if (t.dim() < 2) {
            throw new IllegalArgumentException(api + ": The input tensor " + name + " must have at least 2 dimensions.");
        }
    }

    static void checkSquare(Tensor t, String api, String name) {
        checkMatrix(t, api, name);
        long rows = t.size(t.dim() - 2);
        long columns = t.size(t.dim() - 1);
        if (rows != columns) {
            throw new IllegalArgumentException(api + ": " + name + " must be batches of square matrices, but they are "
                    + rows + " by " + columns + " matrices");
        }
    }

    static void checkFloating(Tensor t, String api, boolean lowPrecision) {
        ScalarType dtype = t.dtype();
        if (!dtype.isFloatingPoint()) {
            throw new IllegalArgumentException(api + ": Expected a floating point or complex tensor as input. Got "
                    + dtype.c10Name());
        }
        if (dtype != ScalarType.Float32 && dtype != ScalarType.Float64) {
            if (!lowPrecision) {
                throw new IllegalArgumentException(api + ": Low precision dtypes not supported. Got " + dtype.c10Name());
            }
            throw Elementwise.notImplemented("linalg_lu_factor_ex_out", dtype);
        }
    }

    /** The triangular kernels' dtypes: float32 and float64 (ATen's dispatch names the kernel otherwise). */
    private static void requireSolverDtype(Tensor t, String kernel) {
        if (t.dtype() != ScalarType.Float32 && t.dtype() != ScalarType.Float64) {
            throw Elementwise.notImplemented(kernel, t.dtype());
        }
    }

    /** Each {@code n x m} row-major matrix of {@code values} transposed to {@code m x n}. */
    private static double[] transposeEach(double[] values, int n, int m) {
        double[] t = new double[values.length];
        for (int off = 0; off < values.length; off += n * m) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    t[off + j * n + i] = values[off + i * m + j];
                }
            }
        }
        return t;
    }

    /** NumPy's rule for b as a vector: one dim, or A's sizes without the last. */
    static boolean isVectorRhs(Tensor a, Tensor b) {
        return b.dim() == 1 || b.dim() == a.dim() - 1
                && Arrays.equals(b.sizes(), Arrays.copyOf(a.sizes(), a.dim() - 1));
    }

    private static long[] batchOf(Tensor t) {
        return Arrays.copyOf(t.sizes(), t.dim() - 2);
    }

    private static long[] concat(long[] batch, long rows, long columns) {
        long[] sizes = Arrays.copyOf(batch, batch.length + 2);
        sizes[batch.length] = rows;
        sizes[batch.length + 1] = columns;
        return sizes;
    }

    private static Factored factorEach(Tensor a) {
        MatrixBatch batch = new MatrixBatch(a);
        int[] pivots = new int[batch.count * batch.rows];
        int[] info = new int[batch.count];
        int[] step = new int[batch.rows];
        for (int b = 0; b < batch.count; b++) {
            info[b] = DenseLu.factor(batch.values, b * batch.matrix, batch.rows, step);
            System.arraycopy(step, 0, pivots, b * batch.rows, batch.rows);
        }
        return new Factored(batch, batch.values, pivots, info);
    }

    /** Each matrix's LU factors, pivots (0-based) and info. */
    private static final class Factored {
        final MatrixBatch batch;
        final double[] lu;
        final int[] pivots;
        final int[] info;

        Factored(MatrixBatch batch, double[] lu, int[] pivots, int[] info) {
            this.batch = batch;
            this.lu = lu;
            this.pivots = pivots;
            this.info = info;
        }

        int[] pivots(int b) {
            return Arrays.copyOfRange(pivots, b * batch.rows, (b + 1) * batch.rows);
        }

        Tensor luTensor() {
            return batch.matrices(lu, batch.source.sizes());
        }

        /** LAPACK's pivots: 1-based int32. */
        Tensor pivotsTensor() {
            int[] oneBased = new int[pivots.length];
            for (int i = 0; i < pivots.length; i++) {
                oneBased[i] = pivots[i] + 1;
            }
            return Tensor.FACTORY.fromArray(oneBased, concatOne(batch.batchSizes(), batch.rows));
        }

        private static long[] concatOne(long[] batch, long last) {
            long[] sizes = Arrays.copyOf(batch, batch.length + 1);
            sizes[batch.length] = last;
            return sizes;
        }
    }
}
