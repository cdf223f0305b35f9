package org.jitdispatch.kernels.ops;

import java.util.concurrent.atomic.AtomicBoolean;
import org.jitdispatch.LinAlgError;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.linalg.HouseholderQr;
import org.jitdispatch.kernels.linalg.JacobiSvd;
import org.jitdispatch.kernels.linalg.SymmetricEigen;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.ScalarType;

/**
 * The symmetric eigen-decomposition, QR and the SVD over batches of matrices, as PyTorch 1.13's
 * BatchLinearAlgebra.cpp composes them: the CPU kernels ({@code _linalg_eigh}, {@code linalg_qr}, {@code _linalg_svd})
 * decompose each matrix in double ({@link SymmetricEigen}, {@link HouseholderQr}, {@link JacobiSvd}) and round to
 * the input's dtype; {@code linalg_eigh}, {@code linalg_eigvalsh}, {@code linalg_svd}, {@code linalg_svdvals} and
 * the legacy {@code qr} and {@code svd} are composites over them. Their gradients are in
 * derivatives.yaml ({@code org.jitdispatch.autograd.LinalgFormulas}).
 *
 * <p>Eigenvectors and singular vectors are defined up to sign; LAPACK's signs come from its own reflectors and
 * these may differ from them (README, "Where we differ"). QR's are LAPACK's.
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
        Tensor eigenvectors = computeV ? batch.matrices(vectors, a.sizes()) : notComputed(a.dtype());
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
        Tensor qTensor = computeQ ? batch.matrices(q, batch.sizes(m, qColumns)) : notComputed(a.dtype());
        return new Tensor[] {qTensor, batch.matrices(r, batch.sizes(rRows, n))};
    }

    /**
     * The SVD: S always (descending), U and V^H when {@code computeUv} ({@code m x k} and {@code k x n}, or
     * {@code m x m} and {@code n x n} with {@code fullMatrices}), else empty tensors.
     */
    @Override
    public Tensor[] _linalg_svd(Tensor a, boolean fullMatrices, boolean computeUv, String driver) {
        LinearSolvers.checkMatrix(a, "linalg.svd", "A");
        if (!a.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("linalg.svd: Expected a floating point or complex tensor as input. Got "
                    + a.dtype().c10Name());
        }
        if (driver != null) {
            throw new IllegalArgumentException("torch.linalg.svd: keyword argument `driver=` is only supported on CUDA"
                    + " inputs with cuSOLVER backend.");
        }
        requireFloatOrDouble(a, "linalg_svd_cpu");
        MatrixBatch batch = new MatrixBatch(a);
        int m = batch.rows;
        int n = batch.columns;
        int k = Math.min(m, n);
        int uColumns = fullMatrices ? m : k;
        int vhRows = fullMatrices ? n : k;
        double[] s = new double[batch.count * k];
        double[] u = computeUv ? new double[batch.count * m * uColumns] : null;
        double[] vh = computeUv ? new double[batch.count * vhRows * n] : null;
        for (int b = 0; b < batch.count; b++) {
            int off = b * batch.matrix;
            if (hasNaN(batch.values, off, batch.matrix)) {
                // LAPACK's gesdd refuses a NaN (info -4), which PyTorch reports so
                throw new LinAlgError("linalg.svd" + batchElement(a, b) + ": The algorithm failed to converge"
                        + " because the input matrix contained non-finite values.");
            }
            if (!allFinite(batch.values, off, batch.matrix)) {
                // an infinity: no decomposition exists (LAPACK returns NaN singular values and arbitrary vectors)
                java.util.Arrays.fill(s, b * k, (b + 1) * k, Double.NaN);
                if (computeUv) {
                    java.util.Arrays.fill(u, b * m * uColumns, (b + 1) * m * uColumns, Double.NaN);
                    java.util.Arrays.fill(vh, b * vhRows * n, (b + 1) * vhRows * n, Double.NaN);
                }
                continue;
            }
            int info = JacobiSvd.decompose(batch.values, off, m, n, s, b * k, u, b * m * uColumns, uColumns, vh,
                    b * vhRows * n, vhRows);
            if (info != 0) {
                throw new LinAlgError("linalg.svd" + batchElement(a, b) + ": The algorithm failed to converge because"
                        + " the input matrix is ill-conditioned or has too many repeated singular values (error code: "
                        + info + ").");
            }
        }
        return new Tensor[] {
            computeUv ? batch.matrices(u, batch.sizes(m, uColumns)) : notComputed(a.dtype()),
            batch.vectors(s, k),
            computeUv ? batch.matrices(vh, batch.sizes(vhRows, n)) : notComputed(a.dtype()),
        };
    }

    // ------------------------------------------------------------------------------------- composites

    @Override
    public Tensor[] linalg_svd(Tensor a, boolean fullMatrices, String driver) {
        return Torch._linalg_svd(a, fullMatrices, true, driver);
    }

    /** U and V^H are computed only when a gradient may be asked for, which needs them (as 1.13 does). */
    @Override
    public Tensor linalg_svdvals(Tensor a, String driver) {
        return Torch._linalg_svd(a, false, mayRequireGrad(a), driver)[1];
    }

    /**
     * The legacy {@code torch.svd}: V rather than V^H (a view of it), {@code some} the opposite of full_matrices;
     * without {@code compute_uv}, U and V are zeros of the full sizes, as 1.13 returns them.
     */
    @Override
    public Tensor[] svd(Tensor self, boolean some, boolean computeUv) {
        if (self.dim() < 2) {
            throw new IllegalArgumentException("linalg.svd: input should have at least 2 dimensions, but has "
                    + self.dim() + " dimensions instead");
        }
        Tensor u;
        Tensor s;
        Tensor vh;
        if (computeUv) {
            Tensor[] r = Torch.linalg_svd(self, !some, null);
            u = r[0];
            s = r[1];
            vh = r[2];
        } else {
            s = Torch.linalg_svdvals(self, null);
            long m = self.size(self.dim() - 2);
            long n = self.size(self.dim() - 1);
            long[] sizes = self.sizes().clone();
            sizes[sizes.length - 1] = m;
            u = Torch.zeros(sizes, self.dtype());
            sizes[sizes.length - 2] = n;
            sizes[sizes.length - 1] = n;
            vh = Torch.zeros(sizes, self.dtype());
        }
        return new Tensor[] {u, s, vh.transpose(-2, -1)};
    }


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

    private static boolean hasNaN(double[] values, int off, int length) {
        for (int i = off; i < off + length; i++) {
            if (Double.isNaN(values[i])) {
                return true;
            }
        }
        return false;
    }

    private static boolean allFinite(double[] values, int off, int length) {
        for (int i = off; i < off + length; i++) {
            if (!Double.isFinite(values[i])) {
                return false;
            }
        }
        return true;
    }

    /** What ATen returns for a factor it was asked not to compute: an empty vector of the input's dtype. */
    private static Tensor notComputed(ScalarType dtype) {
        return Tensor.FACTORY.fromArray(new double[0], 0).to(dtype);
    }

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
