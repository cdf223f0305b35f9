package org.jitdispatch.kernels.ops;

import org.jitdispatch.LinAlgError;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.linalg.SymmetricEigen;
import org.jitdispatch.runtime.ScalarType;

/**
 * The symmetric eigen-decomposition over batches of matrices, as PyTorch 1.13's BatchLinearAlgebra.cpp composes
 * it: the CPU kernel {@code _linalg_eigh} decomposes each matrix in double ({@link SymmetricEigen}) and rounds to
 * the input's dtype; {@code linalg_eigh} and {@code linalg_eigvalsh} are composites over it. Its gradient is in
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
