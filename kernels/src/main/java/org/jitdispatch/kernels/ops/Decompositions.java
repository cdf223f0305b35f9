package org.jitdispatch.kernels.ops;

import java.util.concurrent.atomic.AtomicBoolean;
import org.jitdispatch.LinAlgError;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.linalg.HouseholderQr;
import org.jitdispatch.kernels.linalg.SymmetricEigen;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.ScalarType;

/**
 * The symmetric eigen-decomposition and QR over batches of matrices, as PyTorch 1.13's BatchLinearAlgebra.cpp
 * composes them: the CPU kernels ({@code _linalg_eigh}, {@code linalg_qr}) decompose each matrix in double
 * ({@link SymmetricEigen}, {@link HouseholderQr}) and round to the input's dtype; {@code linalg_eigh},
 * {@code linalg_eigvalsh} and the legacy {@code qr} are composites over them. Their gradients are in
 * derivatives.yaml ({@code org.jitdispatch.autograd.LinalgFormulas}).
 *
 * <p>Eigenvectors are defined up to the sign of each column; LAPACK's signs come from its own reflectors and these
 * may differ from them (README, "Where we differ").
 */
public final class Decompositions implements DecompositionsDeclarations {

    // ------------------------------------------------------------------------------------ CPU kernels

    @Override
    public Tensor[] _linalg_eigh(Tensor a, String uplo, boolean computeV) {
        LinearSolvers.checkSquare(a, "linalg.eigh", "A");
        boolean upper = parseUplo(uplo);
        requireFloatOrDouble(a, "linalg_eigh_cpu");
        MatrixBatch batch = new MatrixBatch(a);
        int n = batch.rows;
        double[] values = new double[batch.count * n];
        double[] vectors = computeV ? new double[batch.values.length] : null;
        int[] info = new int[batch.count];
        for (int b = 0; b < batch.count; b++) {
            info[b] = SymmetricEigen.decompose(batch.values, b * batch.matrix, n, upper, values, b * n, vectors,
                    b * batch.matrix);
        }
        for (int b = 0; b < info.length; b++) {
            if (info[b] != 0) {
                throw new LinAlgError("linalg.eigh" + batchElement(a, b) + ": The algorithm failed to converge because"
                        + " the input matrix is ill-conditioned or has too many repeated eigenvalues (error code: "
                        + info[b] + ").");
            }
        }
        Tensor eigenvectors = computeV ? batch.matrices(vectors, a.sizes())
                : Tensor.FACTORY.fromArray(new double[0], 0).to(a.dtype());
        return new Tensor[] {batch.vectors(values, n), eigenvectors};
    }

    /**
     * Householder QR: {@code 'reduced'} gives Q {@code m x k} and R {@code k x n} ({@code k = min(m, n)}),
     * {@code 'complete'} Q {@code m x m} and R {@code m x n}, {@code 'r'} R alone (Q empty). R's signs are LAPACK's.
     */
    @Override
    public Tensor[] linalg_qr(Tensor a, String mode) {
        LinearSolvers.checkMatrix(a, "linalg.qr", "A");
        if (!a.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("linalg.qr: Expected a floating point or complex tensor as input. Got "
                    + a.dtype().c10Name());
        }
        boolean computeQ = !mode.equals("r");
        boolean complete = mode.equals("complete");
        if (computeQ && !complete && !mode.equals("reduced")) {
            throw new IllegalArgumentException("qr received unrecognized mode '" + mode
                    + "' but expected one of 'reduced' (default), 'r', or 'complete'");
        }
        requireFloatOrDouble(a, "geqrf_cpu");
        MatrixBatch batch = new MatrixBatch(a);
        int m = batch.rows;
        int n = batch.columns;
        int k = Math.min(m, n);
        int qColumns = complete ? m : k;
        int rRows = complete ? m : k;
        double[] tau = new double[k];
        double[] q = new double[computeQ ? batch.count * m * qColumns : 0];
        double[] r = new double[batch.count * rRows * n];
        for (int b = 0; b < batch.count; b++) {
            int off = b * batch.matrix;
            HouseholderQr.factor(batch.values, off, m, n, tau, 0);
            for (int i = 0; i < Math.min(rRows, m); i++) {
                for (int j = i; j < n; j++) {
                    r[b * rRows * n + i * n + j] = batch.values[off + i * n + j];
                }
            }
            if (computeQ) {
                HouseholderQr.formQ(batch.values, off, m, n, tau, 0, q, b * m * qColumns, qColumns);
            }
        }
        Tensor qTensor = computeQ ? batch.matrices(q, batch.sizes(m, qColumns))
                : Tensor.FACTORY.fromArray(new double[0], 0).to(a.dtype());
        return new Tensor[] {qTensor, batch.matrices(r, batch.sizes(rRows, n))};
    }

    // ------------------------------------------------------------------------------------- composites

    @Override
    public Tensor[] linalg_eigh(Tensor self, String uplo) {
        return Torch._linalg_eigh(self, uplo, true);
    }

    /** The eigenvectors are computed only when a gradient may be asked for, which needs them (as 1.13 does). */
    @Override
    public Tensor linalg_eigvalsh(Tensor self, String uplo) {
        return Torch._linalg_eigh(self, uplo, mayRequireGrad(self))[0];
    }

    private static final AtomicBoolean QR_WARNED = new AtomicBoolean();

    /** The deprecated {@code torch.qr}: {@code linalg_qr} in mode 'reduced' ({@code some}) or 'complete'. */
    @Override
    public Tensor[] qr(Tensor self, boolean some) {
        if (QR_WARNED.compareAndSet(false, true)) {
            Warnings.warn("torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future PyTorch"
                    + " release.\nThe boolean parameter 'some' has been replaced with a string parameter 'mode'.\n"
                    + "Q, R = torch.qr(A, some)\nshould be replaced with\n"
                    + "Q, R = torch.linalg.qr(A, 'reduced' if some else 'complete')");
        }
        return Torch.linalg_qr(self, some ? "reduced" : "complete");
    }

    // -------------------------------------------------------------------------------------- helpers

    /** PyTorch's {@code _may_require_fw_or_bw_grad}: grad mode is on and the tensor requires grad. */
    static boolean mayRequireGrad(Tensor t) {
        return org.jitdispatch.autograd.GradMode.isEnabled() && t.requiresGrad();
    }

    private static boolean parseUplo(String uplo) {
        if (uplo.length() == 1) {
            char c = Character.toUpperCase(uplo.charAt(0));
            if (c == 'L' || c == 'U') {
                return c == 'U';
            }
        }
        throw new IllegalArgumentException("Expected UPLO argument to be 'L' or 'U', but got " + uplo);
    }

    /** The kernels' dtypes: float32 and float64 (ATen's dispatch names the kernel otherwise). */
    static void requireFloatOrDouble(Tensor t, String kernel) {
        if (t.dtype() != ScalarType.Float32 && t.dtype() != ScalarType.Float64) {
            throw Elementwise.notImplemented(kernel, t.dtype());
        }
    }

    /** {@code ": (Batch element b)"} for a batch of matrices, nothing for one matrix, as _linalg_check_errors. */
    static String batchElement(Tensor a, int b) {
        return a.dim() == 2 ? "" : ": (Batch element " + b + ")";
    }
}
