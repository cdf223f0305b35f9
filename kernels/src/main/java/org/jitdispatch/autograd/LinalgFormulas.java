package org.jitdispatch.autograd;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * derivatives.yaml helpers of the linear-algebra operators (PyTorch's FunctionsManual: the backward of the
 * inverse, the determinants, solve and Cholesky), for real matrices, built from operators so that their
 * gradients are differentiable again where PyTorch's are.
 */
public final class LinalgFormulas {
    private LinalgFormulas() {
    }

    /** linalg_inv_ex: {@code -A^{-T} grad A^{-T}}. */
    public static Tensor inverseBackward(Tensor grad, Tensor inverse) {
        Tensor inverseT = inverse.transpose(-2, -1);
        return Torch.neg(Torch.matmul(inverseT, Torch.matmul(grad, inverseT)));
    }

    /**
     * _linalg_det: {@code grad * det * A^{-T}}, the cofactor matrix scaled by the gradient where A is invertible.
     * Where a determinant is zero the gradient is zero, as PyTorch 1.13 computes it (its formula scales by the
     * determinant there too), rather than the cofactor matrix.
     */
    public static Tensor detBackward(Tensor grad, Tensor det, Tensor a) {
        Tensor scale = grad.mul(det).unsqueeze(-1).unsqueeze(-1);
        Tensor gradient = scale.mul(Torch.linalg_inv_ex(a, false)[0].transpose(-2, -1));
        Tensor singular = Torch.eq(det, Scalar.of(0.0));
        if (singular.any().toDoubleArray()[0] == 0) {
            return gradient;
        }
        return Torch.where(singular.unsqueeze(-1).unsqueeze(-1), Torch.zeros_like(gradient, null, null, null, null, null),
                gradient);
    }

    /** _linalg_slogdet: {@code grad_logabsdet * A^{-T}} (the sign of a real determinant has no gradient). */
    public static Tensor slogdetBackward(Tensor gradLogAbsDet, Tensor a) {
        return gradLogAbsDet.unsqueeze(-1).unsqueeze(-1).mul(Torch.linalg_inv_ex(a, false)[0].transpose(-2, -1));
    }

    /**
     * _linalg_solve_ex: with {@code X = A^{-1} B}, {@code gB = A^{-T} gX} and {@code gA = -gB X^T} (for
     * {@code left=false}, {@code X = B A^{-1}}, {@code gB = gX A^{-T}} and {@code gA = -X^T gB}); B as a vector
     * is a column. The engine sums each over the batch dims broadcasting added.
     */
    public static Tensor[] solveBackward(Tensor grad, Tensor result, Tensor a, Tensor b, boolean left, boolean[] mask) {
        boolean vector = b.dim() == 1 || b.dim() == a.dim() - 1
                && java.util.Arrays.equals(b.sizes(), java.util.Arrays.copyOf(a.sizes(), a.dim() - 1));
        Tensor gradB = Torch.linalg_solve(a.transpose(-2, -1), grad, left);
        Tensor gradA = null;
        if (mask[0]) {
            Tensor x = vector ? result.unsqueeze(-1) : result;
            Tensor g = vector ? gradB.unsqueeze(-1) : gradB;
            gradA = Torch.neg(left ? Torch.matmul(g, x.transpose(-2, -1)) : Torch.matmul(x.transpose(-2, -1), g));
        }
        return new Tensor[] {gradA, mask[1] ? gradB : null};
    }

    /**
     * linalg_cholesky_ex (Murray, arXiv 1602.07527, as PyTorch's cholesky_backward): with {@code phi} the lower
     * triangle of {@code L^T gL} with its diagonal halved, {@code gA = L^{-T} phi L^{-1}}, symmetrized.
     */
    public static Tensor choleskyBackward(Tensor grad, boolean upper, Tensor l) {
        Tensor lower = upper ? l.transpose(-2, -1) : l;
        Tensor gradLower = upper ? grad.transpose(-2, -1) : grad;
        Tensor lowerInverse = Torch.linalg_inv_ex(lower, false)[0];
        Tensor phi = Torch.tril(Torch.matmul(lower.transpose(-2, -1), gradLower), 0);
        phi = phi.sub(Torch.diag_embed(phi.diagonal(0, -2, -1), 0, -2, -1).mul(Scalar.of(0.5)));
        Tensor gradA = Torch.matmul(Torch.matmul(lowerInverse.transpose(-2, -1), phi), lowerInverse);
        return gradA.add(gradA.transpose(-2, -1)).mul(Scalar.of(0.5));
    }

    /**
     * linalg_solve_triangular: {@code gB} solves the transposed triangle (the other one) for the gradient, and
     * {@code gA = -gB X^T} ({@code -X^T gB} on the right) keeps only the triangle A's values were read from.
     */
    public static Tensor[] solveTriangularBackward(Tensor grad, Tensor a, Tensor result, boolean upper, boolean left,
            boolean unitriangular, boolean[] mask) {
        Tensor gradB = Torch.linalg_solve_triangular(a.transpose(-2, -1), grad, !upper, left, unitriangular);
        Tensor gradA = null;
        if (mask[0]) {
            Tensor xT = result.transpose(-2, -1);
            gradA = Torch.neg(left ? Torch.matmul(gradB, xT) : Torch.matmul(xT, gradB));
            long diagonal = unitriangular ? 1 : 0;
            gradA = upper ? Torch.triu(gradA, diagonal) : Torch.tril(gradA, -diagonal);
        }
        return new Tensor[] {gradA, mask[1] ? gradB : null};
    }

    /**
     * cholesky_solve: {@code gB = cholesky_solve(grad, L)}, and for the factor {@code -(C + C^T) L} ({@code -U (C +
     * C^T)} with upper), {@code C = gB X^T}, as PyTorch's cholesky_solve_backward (a full matrix, not a triangle).
     */
    public static Tensor[] choleskySolveBackward(Tensor grad, Tensor b, Tensor factor, Tensor result, boolean upper) {
        Tensor gradB = Torch.cholesky_solve(grad, factor, upper);
        Tensor common = Torch.matmul(gradB, result.transpose(-2, -1));
        common = common.add(common.transpose(-2, -1));
        Tensor gradFactor = Torch.neg(upper ? Torch.matmul(factor, common) : Torch.matmul(common, factor));
        return new Tensor[] {gradB, gradFactor};
    }

    /** cholesky_inverse: {@code -(A^{-1} (g + g^T) A^{-1}) L} ({@code -U (...)} with upper), as PyTorch's. */
    public static Tensor choleskyInverseBackward(Tensor grad, Tensor factor, boolean upper, Tensor inverse) {
        Tensor common = grad.add(grad.transpose(-2, -1));
        common = Torch.matmul(inverse, Torch.matmul(common, inverse));
        return Torch.neg(upper ? Torch.matmul(factor, common) : Torch.matmul(common, factor));
    }

    /**
     * _linalg_eigh (1.13's linalg_eig_backward for a hermitian A): with {@code gL}, {@code gV} the gradients of the
     * eigenvalues and eigenvectors (either may be absent), {@code gA = V (skew(V^T gV) / E + diag(gL)) V^T}, where
     * {@code skew(X) = (X - X^T) / 2} projects onto the rotations that keep V orthogonal and {@code E_ij = L_j - L_i}
     * (ones on its diagonal). Depends on the eigenvectors only through sign-invariant products, so it is the same
     * whatever sign each column of V has.
     */
    public static Tensor eighBackward(Tensor gL, Tensor gV, Tensor eigenvalues, Tensor eigenvectors) {
        if (gL == null && gV == null) {
            return null;
        }
        Tensor v = eigenvectors;
        Tensor vT = v.transpose(-2, -1);
        if (gV == null) {
            // eigvalsh: V diag(gL) V^T
            return Torch.matmul(v.mul(gL.unsqueeze(-2)), vT);
        }
        Tensor vTgV = Torch.matmul(vT, gV);
        Tensor skew = vTgV.sub(vTgV.transpose(-2, -1)).mul(Scalar.of(0.5));
        Tensor e = eigenvalues.unsqueeze(-2).sub(eigenvalues.unsqueeze(-1));
        e = e.add(Torch.diag_embed(Torch.ones_like(eigenvalues, null, null, null, null, null), 0, -2, -1));
        Tensor inner = skew.div(e);
        if (gL != null) {
            // skew's diagonal is zero, so this sets the diagonal to gL as PyTorch's copy_ does
            inner = inner.add(Torch.diag_embed(gL, 0, -2, -1));
        }
        return Torch.matmul(v, Torch.matmul(inner, vT));
    }

    /**
     * linalg_qr (1.13's linalg_qr_backward, real case), with {@code M = gR R^T - Q^T gQ} (the absent gradient's
     * term left out): for {@code m >= n}, {@code gA = (Q copyltu(M) + gQ) R^{-T}}, {@code copyltu} mirroring M's
     * upper triangle (PyTorch's {@code syminvadj(triu(M))}); for {@code m < n}, with {@code R = [R1 | R2]},
     * {@code gA = [Q tril(-M + M^T) R1^{-T} | 0] + Q gR}. Q must have been computed, and a complete factorization of
     * a tall matrix leaves part of Q undetermined, so neither has a derivative.
     */
    public static Tensor qrBackward(Tensor gQ, Tensor gR, Tensor q, Tensor r, String mode) {
        if (mode.equals("r")) {
            throw new IllegalArgumentException("The derivative of linalg.qr depends on Q, which is not computed when"
                    + " mode='r'. Please use linalg.qr(A, mode='reduced') if you are going to differentiate through"
                    + " linalg.qr.");
        }
        long m = q.size(q.dim() - 2);
        long n = r.size(r.dim() - 1);
        if (!mode.equals("reduced") && m > n) {
            throw new IllegalArgumentException("The QR decomposition is not differentiable when mode='complete' and"
                    + " nrows > ncols.");
        }
        if (gQ == null && gR == null) {
            return null;
        }
        Tensor qT = q.transpose(-2, -1);
        Tensor gA;
        if (gQ != null) {
            gA = Torch.neg(Torch.matmul(qT, gQ));
            if (gR != null) {
                gA = Torch.matmul(gR, r.transpose(-2, -1)).add(gA);
            }
        } else {
            gA = Torch.matmul(gR, r.transpose(-2, -1));
        }
        if (m >= n) {
            Tensor upper = Torch.triu(gA, 0);
            Tensor mirrored = upper.add(upper.transpose(-2, -1));
            mirrored = mirrored.sub(Torch.diag_embed(upper.diagonal(0, -2, -1), 0, -2, -1));
            gA = Torch.matmul(q, mirrored);
            if (gQ != null) {
                gA = gA.add(gQ);
            }
            return Torch.linalg_solve_triangular(r.transpose(-2, -1), gA, false, false, false);
        }
        Tensor negated = Torch.neg(gA);
        gA = Torch.matmul(q, Torch.tril(negated.sub(negated.transpose(-2, -1)), 0));
        gA = Torch.linalg_solve_triangular(r.narrow(-1, 0, m).transpose(-2, -1), gA, false, false, false);
        long[] rest = r.sizes().clone();
        rest[rest.length - 1] = n - m;
        gA = Torch.cat(new Tensor[] {gA, Torch.zeros(rest, gA.dtype(), null, null, null)}, -1);
        if (gR != null) {
            gA = gA.add(Torch.matmul(q, gR));
        }
        return gA;
    }

    /**
     * _linalg_svd (1.13's svd_backward, real case; the full decomposition's extra columns of U and rows of V^H,
     * which do not determine A, narrowed away first as 1.13's derivatives.yaml does). With {@code k = min(m, n)}
     * distinct singular values and {@code E_ij = S_j^2 - S_i^2} (ones on its diagonal):
     * {@code gA = U [(skew(U^T gU) S + S skew(V^T gV)) / E + diag(gS)] V^T}, {@code skew(X) = X - X^T}, plus for a
     * tall A {@code (I - U U^T) gU S^{-1} V^T} and for a wide one {@code U S^{-1} gV^T (I - V V^T)}. Only
     * products {@code u_i v_i^T} of the vectors enter, so the gradient does not depend on their signs.
     */
    public static Tensor svdBackward(Tensor gU, Tensor gS, Tensor gVh, Tensor u, Tensor s, Tensor vh,
            boolean fullMatrices) {
        if (gU == null && gS == null && gVh == null) {
            return null;
        }
        long k = s.size(s.dim() - 1);
        if (fullMatrices) {
            gU = gU == null ? null : gU.narrow(-1, 0, k);
            gVh = gVh == null ? null : gVh.narrow(-2, 0, k);
            u = u.narrow(-1, 0, k);
            vh = vh.narrow(-2, 0, k);
        }
        long m = u.size(u.dim() - 2);
        long n = vh.size(vh.dim() - 1);
        Tensor uT = u.transpose(-2, -1);
        Tensor v = vh.transpose(-2, -1);
        if (gU == null && gVh == null) {
            // svdvals: U diag(gS) V^T
            return m >= n ? Torch.matmul(u, gS.unsqueeze(-1).mul(vh)) : Torch.matmul(u.mul(gS.unsqueeze(-2)), vh);
        }
        Tensor uTgU = null;
        if (gU != null) {
            uTgU = Torch.matmul(uT, gU);
            uTgU = uTgU.sub(uTgU.transpose(-2, -1));
        }
        Tensor vTgV = null;
        if (gVh != null) {
            vTgV = Torch.matmul(vh, gVh.transpose(-2, -1));
            vTgV = vTgV.sub(vTgV.transpose(-2, -1));
        }
        Tensor s2 = s.mul(s);
        Tensor e = s2.unsqueeze(-2).sub(s2.unsqueeze(-1));
        e = e.add(Torch.diag_embed(Torch.ones_like(s), 0, -2, -1));
        Tensor gA;
        if (gU != null && gVh != null) {
            gA = uTgU.mul(s.unsqueeze(-2)).add(s.unsqueeze(-1).mul(vTgV)).div(e);
        } else if (gU != null) {
            gA = uTgU.mul(s.unsqueeze(-2).div(e));
        } else {
            gA = s.unsqueeze(-1).mul(vTgV).div(e);
        }
        if (gS != null) {
            gA = gA.add(Torch.diag_embed(gS, 0, -2, -1));
        }
        if (m > n && gU != null) {
            gA = Torch.matmul(u, gA);
            Tensor gUSinv = gU.div(s.unsqueeze(-2));
            gA = gA.add(gUSinv).sub(Torch.matmul(u, Torch.matmul(uT, gUSinv)));
            return Torch.matmul(gA, vh);
        }
        if (m < n && gVh != null) {
            gA = Torch.matmul(gA, vh);
            Tensor sInvgVh = gVh.div(s.unsqueeze(-1));
            gA = gA.add(sInvgVh).sub(Torch.matmul(Torch.matmul(sInvgVh, v), vh));
            return Torch.matmul(u, gA);
        }
        return m >= n ? Torch.matmul(u, Torch.matmul(gA, vh)) : Torch.matmul(Torch.matmul(u, gA), vh);
    }

    /**
     * linalg_pinv (1.13's pinv_backward, real case): the derivative of the pseudo-inverse {@code P} of A, in the
     * order of products that keeps the intermediate matrices at the smaller of A's dimensions.
     */
    public static Tensor pinvBackward(Tensor grad, Tensor pinv, Tensor a) {
        long m = a.size(a.dim() - 2);
        long n = a.size(a.dim() - 1);
        Tensor pinvT = pinv.transpose(-2, -1);
        Tensor gradT = grad.transpose(-2, -1);
        if (m <= n) {
            Tensor k = Torch.matmul(gradT, pinv);
            Tensor kPinvT = Torch.matmul(k, pinvT);
            return Torch.neg(Torch.matmul(pinv, k).transpose(-2, -1)).add(kPinvT)
                    .sub(Torch.matmul(Torch.matmul(a, pinv), kPinvT))
                    .add(Torch.matmul(Torch.matmul(pinvT, pinv), gradT.sub(Torch.matmul(k, a))));
        }
        Tensor k = Torch.matmul(pinv, gradT);
        Tensor pinvTk = Torch.matmul(pinvT, k);
        return Torch.neg(Torch.matmul(k, pinv).transpose(-2, -1))
                .add(Torch.matmul(Torch.matmul(gradT.sub(Torch.matmul(a, k)), pinv), pinvT))
                .add(pinvTk)
                .sub(Torch.matmul(Torch.matmul(pinvTk, pinv), a));
    }

    /**
     * linalg_lstsq (1.13's linalg_lstsq_backward): the solution is {@code pinv(A) B}, so {@code gB = pinv(A)^T gX}
     * and A's gradient is pinv's for {@code gX B^T}; B as a vector is a column.
     */
    public static Tensor[] lstsqBackward(Tensor gX, Tensor a, Tensor b, boolean[] mask) {
        if (gX == null) {
            return new Tensor[] {null, null};
        }
        boolean vector = b.dim() == a.dim() - 1;
        Tensor g = vector ? gX.unsqueeze(-1) : gX;
        Tensor bMatrix = vector ? b.unsqueeze(-1) : b;
        Tensor pinv = Torch.linalg_pinv(a, (Tensor) null, (Tensor) null, false);
        Tensor gradA = mask[0] ? pinvBackward(Torch.matmul(g, bMatrix.transpose(-2, -1)), pinv, a) : null;
        Tensor gradB = null;
        if (mask[1]) {
            gradB = Torch.matmul(pinv.transpose(-2, -1), g);
            if (vector) {
                gradB = gradB.squeeze(-1);
            }
        }
        return new Tensor[] {gradA, gradB};
    }
}
