package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.Autograd;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The margin, ranking and embedding losses and Poisson's negative log-likelihood, written over other operators as
 * ATen 1.13's Loss.cpp writes them, so autograd differentiates them through those operators: {@code
 * margin_ranking_loss}, {@code hinge_embedding_loss}, {@code cosine_embedding_loss}, {@code triplet_margin_loss},
 * {@code poisson_nll_loss}, {@code soft_margin_loss} and {@code multi_margin_loss} (the last two have kernels in
 * ATen; here they are composites whose gradients are the kernels' formulas). {@code reduction} is ATen's enum: 0
 * none, 1 mean, 2 sum.
 */
public final class MarginLosses implements MarginLossesDeclarations {
    /** ATen's EPSILON for the cosine of two embeddings: squared norms are offset by it. */
    private static final double COSINE_EPSILON = 1e-12;

    @Override
    public Tensor margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, double margin, long reduction) {
        Tensor output = target.neg().mul(input1.sub(input2)).add(Scalar.of(margin)).clamp_min(Scalar.of(0));
        return reduced(output, reduction);
    }

    @Override
    public Tensor hinge_embedding_loss(Tensor self, Tensor target, double margin, long reduction) {
        Tensor zeros = Torch.zeros_like(self);
        // ATen's (margin - self) is empty_like(self).fill_(margin).sub_(self): in self's dtype, an integer self
        // truncating the margin (and its integer loss then refused by a mean)
        Tensor marginClamp = Torch.empty_like(self).fill_(Scalar.of(margin)).sub_(self).clamp_min(Scalar.of(0));
        Tensor outputMargin = Torch.where(target.ne(Scalar.of(1)), marginClamp, zeros);
        Tensor outputSelf = Torch.where(target.ne(Scalar.of(-1)), self, zeros);
        return reduced(outputMargin.add(outputSelf), reduction);
    }

    @Override
    public Tensor cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, double margin, long reduction) {
        int targetDim = target.dim();
        if (targetDim > 1) {
            throw new IllegalArgumentException("0D or 1D target tensor expected, multi-target not supported");
        }
        boolean batched = targetDim == 1;
        if (batched ? input1.dim() != 2 || input2.dim() != 2 : input1.dim() != 1 || input2.dim() != 1) {
            throw new IllegalArgumentException((batched ? "1D target tensor expects 2D" : "0D target tensor expects 1D")
                    + " input tensors, but found inputs with sizes " + Arrays.toString(input1.sizes()) + " and "
                    + Arrays.toString(input2.sizes()) + ".");
        }
        long[] dim = {targetDim};
        Tensor prodSum = Torch.sum(input1.mul(input2), dim, false, null);
        Tensor magSquare1 = Torch.sum(input1.mul(input1), dim, false, null).add(Scalar.of(COSINE_EPSILON));
        Tensor magSquare2 = Torch.sum(input2.mul(input2), dim, false, null).add(Scalar.of(COSINE_EPSILON));
        Tensor cos = prodSum.div(magSquare1.mul(magSquare2).sqrt());
        Tensor zeros = Torch.zeros_like(cos);
        Tensor pos = Torch.rsub(cos, Scalar.of(1));
        Tensor neg = cos.sub(Scalar.of(margin)).clamp_min(Scalar.of(0));
        Tensor outputPos = Torch.where(target.eq(Scalar.of(1)), pos, zeros);
        Tensor outputNeg = Torch.where(target.eq(Scalar.of(-1)), neg, zeros);
        return reduced(outputPos.add(outputNeg), reduction);
    }

    @Override
    public Tensor triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative, double margin, double p,
            double eps, boolean swap, long reduction) {
        int a = anchor.dim();
        int pd = positive.dim();
        int n = negative.dim();
        if (a != pd || pd != n) {
            throw new IllegalArgumentException("All inputs should have same dimension but got " + a + "D, " + pd + "D and "
                    + n + "D inputs.");
        }
        Tensor distPos = Torch.pairwise_distance(anchor, positive, p, eps, false);
        Tensor distNeg = Torch.pairwise_distance(anchor, negative, p, eps, false);
        if (swap) {
            distNeg = Torch.min(distNeg, Torch.pairwise_distance(positive, negative, p, eps, false));
        }
        Tensor output = distPos.add(Scalar.of(margin)).sub(distNeg).clamp_min(Scalar.of(0));
        return reduced(output, reduction);
    }

    @Override
    public Tensor poisson_nll_loss(Tensor input, Tensor target, boolean logInput, boolean full, double eps,
            long reduction) {
        Tensor loss = logInput ? input.exp().sub(target.mul(input))
                : input.sub(target.mul(input.add(Scalar.of(eps)).log()));
        if (full) {
            // Stirling's approximation of log(target!), for targets above 1
            Tensor stirling = target.mul(target.log()).sub(target)
                    .add(target.mul(Scalar.of(2 * Math.PI)).log().mul(Scalar.of(0.5)));
            loss = loss.add(stirling.masked_fill(target.le(Scalar.of(1)), Scalar.of(0)));
        }
        return reduced(loss, reduction);
    }

    @Override
    public Tensor soft_margin_loss(Tensor self, Tensor target, long reduction) {
        // 1.13's derivatives.yaml has no formula for target: its autograd kernel refuses it first
        Autograd.checkNoRequiresGrad(target, "target", "soft_margin_loss");
        Tensor loss = reduced(self.neg().mul(target).exp().log1p(), reduction);
        if (!self.dtype().isFloatingPoint()) {
            // ATen computes into an output of the input's dtype
            throw new IllegalArgumentException("result type " + loss.dtype().c10Name()
                    + " can't be cast to the desired output type " + self.dtype().c10Name());
        }
        return loss;
    }

    /**
     * For each sample, the mean over the other classes {@code j} of {@code max(0, margin - x[y] + x[j])^p}, each
     * scaled by {@code weight[y]}: ATen's kernel, as operators, with its checks in its order (p, shapes, dtypes,
     * then the targets' range). A term is differentiated only where it is positive, as the kernel's backward does.
     * {@code p} is truncated to an integer, as ATen's {@code toLong()} does.
     */
    @Override
    public Tensor multi_margin_loss(Tensor self, Tensor target, Scalar p, Scalar margin, Tensor weight,
            long reduction) {
        long power = p.toLong();
        if (power != 1 && power != 2) {
            throw new IllegalArgumentException("only p == 1 and p == 2 supported");
        }
        int nd = self.dim();
        if (!(nd == 2 && self.size(1) != 0 || nd == 1 && self.size(0) != 0 || nd == 0)) {
            throw new IllegalArgumentException("Expected non-empty vector or matrix with optional 0-dim batch size, but"
                    + " got: " + Arrays.toString(self.sizes()));
        }
        long frames = nd <= 1 ? 1 : self.size(0);
        long classes = nd == 0 ? 1 : self.size(nd - 1);
        if (!(target.dim() <= 1 && target.numel() == frames)) {
            throw new IllegalArgumentException("inconsistent target size, got: " + Arrays.toString(target.sizes()));
        }
        if (weight != null && !(weight.dim() <= 1 && weight.numel() == classes)) {
            // ATen 1.13 reads such a weight out of bounds; later releases refuse it with this message
            throw new IllegalArgumentException("inconsistent weight size, expected " + classes + " but got "
                    + Arrays.toString(weight.sizes()));
        }
        if (!self.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented("multi_margin_loss_cpu_kernel", self.dtype());
        }
        for (Tensor t : new Tensor[] {target, weight}) {
            ScalarType expected = t == target ? ScalarType.Int64 : self.dtype();
            if (t != null && t.dtype() != expected) {
                throw new IllegalArgumentException("expected scalar type " + expected.c10Name() + " but found "
                        + t.dtype().c10Name());
            }
        }
        Tensor x = self.reshape(new long[] {frames, classes});
        Tensor y = target.reshape(new long[] {frames, 1});
        if (frames > 0) {
            long least = Torch.min(y).item().toLong();
            long most = Torch.max(y).item().toLong();
            if (least < 0 || most >= classes) {
                throw new IndexOutOfBoundsException("target out of range");
            }
        }
        Tensor chosen = x.gather(1, y, false);
        Tensor z = x.sub(chosen).add(margin);
        Tensor positive = Torch.where(z.gt(Scalar.of(0)), z, Torch.zeros_like(z));
        Tensor terms = power == 2 ? positive.mul(positive) : positive;
        if (weight != null) {
            terms = terms.mul(weight.reshape(new long[] {classes}).index_select(0, y.reshape(new long[] {frames}))
                    .unsqueeze(1));
        }
        Tensor others = Torch.ones_like(terms).scatter(1, y, Scalar.of(0));
        Tensor perSample = Torch.sum(terms.mul(others), new long[] {1}, false, null).div(Scalar.of(classes));
        if (reduction == 0) {
            // one loss per sample, or a 0-dim one for a 0-dim target
            return target.dim() > 0 ? perSample : perSample.reshape(new long[0]);
        }
        return reduced(perSample, reduction);
    }

    private static Tensor reduced(Tensor loss, long reduction) {
        return reduction == 1 ? loss.mean() : reduction == 2 ? loss.sum() : loss;
    }
}
