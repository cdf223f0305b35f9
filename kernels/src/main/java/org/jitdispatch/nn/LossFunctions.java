package org.jitdispatch.nn;

import java.util.Arrays;
import java.util.function.BinaryOperator;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Scalar;

/**
 * The loss functions of {@code torch.nn.functional}; reach them through {@link Functional}. Reductions are
 * PyTorch's strings, {@code "mean"} (the default), {@code "sum"} and {@code "none"}; the deprecated
 * {@code size_average} and {@code reduce} arguments are left out. A weight of {@code null} is PyTorch's None.
 */
abstract class LossFunctions extends ActivationFunctions {
    LossFunctions() {
    }

    // ---- classification ----

    /** {@code F.cross_entropy(input, target)}: class indices or class probabilities as the target. */
    public static Tensor cross_entropy(Tensor input, Tensor target) {
        return cross_entropy(input, target, null, -100, "mean", 0.0);
    }

    /** {@code F.cross_entropy(input, target, reduction=reduction)}. */
    public static Tensor cross_entropy(Tensor input, Tensor target, String reduction) {
        return cross_entropy(input, target, null, -100, reduction, 0.0);
    }

    /**
     * {@code F.cross_entropy(input, target, weight, ignore_index=ignoreIndex, reduction=reduction,
     * label_smoothing=labelSmoothing)}: the {@code cross_entropy_loss} operator, which takes class indices
     * (ignoring {@code ignoreIndex}) or per-class probabilities of the input's shape.
     */
    public static Tensor cross_entropy(Tensor input, Tensor target, Tensor weight, long ignoreIndex, String reduction,
            double labelSmoothing) {
        return Torch.cross_entropy_loss(input, target, weight, reduction(reduction), ignoreIndex, labelSmoothing);
    }

    /** {@code F.nll_loss(input, target)}: input holds log-probabilities, target class indices. */
    public static Tensor nll_loss(Tensor input, Tensor target) {
        return nll_loss(input, target, null, -100, "mean");
    }

    /** {@code F.nll_loss(input, target, weight, ignore_index=ignoreIndex, reduction=reduction)}. */
    public static Tensor nll_loss(Tensor input, Tensor target, Tensor weight, long ignoreIndex, String reduction) {
        return Torch.nll_loss_nd(input, target, weight, reduction(reduction), ignoreIndex);
    }

    /** {@code F.binary_cross_entropy(input, target)}: input holds probabilities. */
    public static Tensor binary_cross_entropy(Tensor input, Tensor target) {
        return binary_cross_entropy(input, target, null, "mean");
    }

    /**
     * {@code F.binary_cross_entropy(input, target, weight, reduction=reduction)}: target of the input's size; the
     * weight broadcast to it.
     */
    public static Tensor binary_cross_entropy(Tensor input, Tensor target, Tensor weight, String reduction) {
        long reductionEnum = reduction(reduction);
        if (!Arrays.equals(target.sizes(), input.sizes())) {
            throw new IllegalArgumentException("Using a target size (" + NormChecks.torchSize(target.sizes())
                    + ") that is different to the input size (" + NormChecks.torchSize(input.sizes())
                    + ") is deprecated. Please ensure they have the same size.");
        }
        if (weight != null) {
            weight = weight.expand(Broadcast.inferSize(target.sizes(), weight.sizes()));
        }
        return Torch.binary_cross_entropy(input, target, weight, reductionEnum);
    }

    /** {@code F.binary_cross_entropy_with_logits(input, target)}: input holds logits. */
    public static Tensor binary_cross_entropy_with_logits(Tensor input, Tensor target) {
        return binary_cross_entropy_with_logits(input, target, null, "mean", null);
    }

    /**
     * {@code F.binary_cross_entropy_with_logits(input, target, weight, reduction=reduction, pos_weight=posWeight)}:
     * {@code posWeight} weighs the positive term, one per class (broadcast along the last dim).
     */
    public static Tensor binary_cross_entropy_with_logits(Tensor input, Tensor target, Tensor weight,
            String reduction, Tensor posWeight) {
        long reductionEnum = reduction(reduction);
        if (!Arrays.equals(target.sizes(), input.sizes())) {
            throw new IllegalArgumentException("Target size (" + NormChecks.torchSize(target.sizes())
                    + ") must be the same as input size (" + NormChecks.torchSize(input.sizes()) + ")");
        }
        return Torch.binary_cross_entropy_with_logits(input, target, weight, posWeight, reductionEnum);
    }

    /** {@code F.kl_div(input, target)}: mean over every element, with PyTorch's warning to prefer "batchmean". */
    public static Tensor kl_div(Tensor input, Tensor target) {
        return kl_div(input, target, "mean", false);
    }

    /**
     * {@code F.kl_div(input, target, reduction=reduction, log_target=logTarget)}: input holds log-probabilities;
     * {@code "batchmean"} is the sum divided by the batch size (dim 0), the KL divergence's definition.
     */
    public static Tensor kl_div(Tensor input, Tensor target, String reduction, boolean logTarget) {
        if (reduction.equals("mean")) {
            Warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the support size."
                    + "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
                    + "'mean' will be changed to behave the same as 'batchmean' in the next major release.");
        }
        long reductionEnum = reduction.equals("batchmean") ? 2 : reduction(reduction);
        Tensor reduced = Torch.kl_div(input, target, reductionEnum, logTarget);
        if (reduction.equals("batchmean") && input.dim() != 0) {
            reduced = reduced.div(Scalar.of(input.size(0)));
        }
        return reduced;
    }

    /** {@code F.poisson_nll_loss(input, target)}: input holds log-rates. */
    public static Tensor poisson_nll_loss(Tensor input, Tensor target) {
        return poisson_nll_loss(input, target, true, false, 1e-8, "mean");
    }

    /**
     * {@code F.poisson_nll_loss(input, target, log_input, full, eps=eps, reduction=reduction)}: {@code full} adds
     * Stirling's approximation of {@code log(target!)}.
     */
    public static Tensor poisson_nll_loss(Tensor input, Tensor target, boolean logInput, boolean full, double eps,
            String reduction) {
        checkReductionIsValid(reduction);
        return Torch.poisson_nll_loss(input, target, logInput, full, eps, reduction(reduction));
    }

    /** {@code F.gaussian_nll_loss(input, target, var)}. */
    public static Tensor gaussian_nll_loss(Tensor input, Tensor target, Tensor var) {
        return gaussian_nll_loss(input, target, var, false, 1e-6, "mean");
    }

    /**
     * {@code F.gaussian_nll_loss(input, target, var, full, eps, reduction)}: {@code 0.5 (log(var) + (input -
     * target)^2 / var)}, plus {@code 0.5 log(2 pi)} when {@code full}. The variance has the input's shape, or one
     * dim fewer, or a last dim of 1; it is clamped to {@code eps} from below, the clamp outside autograd.
     */
    public static Tensor gaussian_nll_loss(Tensor input, Tensor target, Tensor var, boolean full, double eps,
            String reduction) {
        long[] in = input.sizes();
        long[] v = var.sizes();
        if (!Arrays.equals(v, in)) {
            long[] leading = Arrays.copyOf(in, Math.max(0, in.length - 1));
            if (Arrays.equals(leading, v)) {
                var = Torch.unsqueeze(var, -1);
            } else if (!(v.length > 0 && Arrays.equals(leading, Arrays.copyOf(v, v.length - 1))
                    && v[v.length - 1] == 1)) {
                throw new IllegalArgumentException("var is of incorrect size");
            }
        }
        checkReductionIsValid(reduction);
        if (Torch.any(var.lt(Scalar.of(0))).item().toBoolean()) {
            throw new IllegalArgumentException("var has negative entry/entries");
        }
        var = var.clone(null);
        try (NoGrad g = NoGrad.enter()) {
            var.clamp_(Scalar.of(eps), null);
        }
        Tensor loss = Torch.log(var).add(input.sub(target).pow(Scalar.of(2)).div(var)).mul(Scalar.of(0.5));
        if (full) {
            loss = loss.add(Scalar.of(0.5 * Math.log(2 * Math.PI)));
        }
        return reduce(loss, reduction);
    }

    // ---- regression ----

    /** {@code F.mse_loss(input, target)}. */
    public static Tensor mse_loss(Tensor input, Tensor target) {
        return mse_loss(input, target, "mean");
    }

    /** {@code F.mse_loss(input, target, reduction=reduction)}: the two broadcast (with a warning if they differ). */
    public static Tensor mse_loss(Tensor input, Tensor target, String reduction) {
        Tensor[] expanded = broadcastWithWarning(input, target);
        return Torch.mse_loss(expanded[0], expanded[1], reduction(reduction));
    }

    /** {@code F.l1_loss(input, target)}. */
    public static Tensor l1_loss(Tensor input, Tensor target) {
        return l1_loss(input, target, "mean");
    }

    /** {@code F.l1_loss(input, target, reduction=reduction)}: the two broadcast (with a warning if they differ). */
    public static Tensor l1_loss(Tensor input, Tensor target, String reduction) {
        Tensor[] expanded = broadcastWithWarning(input, target);
        return Torch.l1_loss(expanded[0], expanded[1], reduction(reduction));
    }

    /** {@code F.smooth_l1_loss(input, target)}: beta 1. */
    public static Tensor smooth_l1_loss(Tensor input, Tensor target) {
        return smooth_l1_loss(input, target, "mean", 1.0);
    }

    /** {@code F.smooth_l1_loss(input, target, reduction=reduction, beta=beta)}: quadratic below {@code beta}. */
    public static Tensor smooth_l1_loss(Tensor input, Tensor target, String reduction, double beta) {
        Tensor[] expanded = broadcastWithWarning(input, target);
        return Torch.smooth_l1_loss(expanded[0], expanded[1], reduction(reduction), beta);
    }

    /** {@code F.huber_loss(input, target)}: delta 1. */
    public static Tensor huber_loss(Tensor input, Tensor target) {
        return huber_loss(input, target, "mean", 1.0);
    }

    /** {@code F.huber_loss(input, target, reduction, delta)}: quadratic below {@code delta}, linear above. */
    public static Tensor huber_loss(Tensor input, Tensor target, String reduction, double delta) {
        Tensor[] expanded = broadcastWithWarning(input, target);
        return Torch.huber_loss(expanded[0], expanded[1], reduction(reduction), delta);
    }

    // ---- margin and embedding losses ----

    /** {@code F.margin_ranking_loss(input1, input2, target)}: margin 0. */
    public static Tensor margin_ranking_loss(Tensor input1, Tensor input2, Tensor target) {
        return margin_ranking_loss(input1, input2, target, 0, "mean");
    }

    /**
     * {@code F.margin_ranking_loss(input1, input2, target, margin, reduction=reduction)}: {@code max(0, -target *
     * (input1 - input2) + margin)}; the three of one dimensionality.
     */
    public static Tensor margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, double margin,
            String reduction) {
        long reductionEnum = reduction(reduction);
        if (input1.dim() != input2.dim() || input1.dim() != target.dim()) {
            throw new IllegalArgumentException("margin_ranking_loss : All input tensors should have same dimension but"
                    + " got sizes: input1: " + NormChecks.torchSize(input1.sizes()) + ", input2: "
                    + NormChecks.torchSize(input2.sizes()) + ", target: " + NormChecks.torchSize(target.sizes()) + " ");
        }
        return Torch.margin_ranking_loss(input1, input2, target, margin, reductionEnum);
    }

    /** {@code F.hinge_embedding_loss(input, target)}: margin 1. */
    public static Tensor hinge_embedding_loss(Tensor input, Tensor target) {
        return hinge_embedding_loss(input, target, 1.0, "mean");
    }

    /** {@code F.hinge_embedding_loss(input, target, margin, reduction=reduction)}: targets of 1 and -1. */
    public static Tensor hinge_embedding_loss(Tensor input, Tensor target, double margin, String reduction) {
        return Torch.hinge_embedding_loss(input, target, margin, reduction(reduction));
    }

    /** {@code F.cosine_embedding_loss(input1, input2, target)}: margin 0. */
    public static Tensor cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target) {
        return cosine_embedding_loss(input1, input2, target, 0, "mean");
    }

    /** {@code F.cosine_embedding_loss(input1, input2, target, margin, reduction=reduction)}. */
    public static Tensor cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, double margin,
            String reduction) {
        return Torch.cosine_embedding_loss(input1, input2, target, margin, reduction(reduction));
    }

    /** {@code F.soft_margin_loss(input, target)}. */
    public static Tensor soft_margin_loss(Tensor input, Tensor target) {
        return soft_margin_loss(input, target, "mean");
    }

    /** {@code F.soft_margin_loss(input, target, reduction=reduction)}: {@code log(1 + exp(-target * input))}. */
    public static Tensor soft_margin_loss(Tensor input, Tensor target, String reduction) {
        return Torch.soft_margin_loss(input, target, reduction(reduction));
    }

    /** {@code F.multi_margin_loss(input, target)}: p 1, margin 1. */
    public static Tensor multi_margin_loss(Tensor input, Tensor target) {
        return multi_margin_loss(input, target, 1, 1.0, null, "mean");
    }

    /** {@code F.multi_margin_loss(input, target, p, margin, weight, reduction=reduction)}: p is 1 or 2. */
    public static Tensor multi_margin_loss(Tensor input, Tensor target, long p, double margin, Tensor weight,
            String reduction) {
        long reductionEnum = reduction(reduction);
        if (p != 1 && p != 2) {
            throw new IllegalArgumentException("only p == 1 and p == 2 supported");
        }
        if (weight != null && weight.dim() != 1) {
            throw new IllegalArgumentException("weight must be one-dimensional");
        }
        return Torch.multi_margin_loss(input, target, Scalar.of(p), Scalar.of(margin), weight, reductionEnum);
    }

    /** {@code F.multilabel_margin_loss(input, target)}. */
    public static Tensor multilabel_margin_loss(Tensor input, Tensor target) {
        return multilabel_margin_loss(input, target, "mean");
    }

    /**
     * {@code F.multilabel_margin_loss(input, target, reduction=reduction)}: each target row lists class indices,
     * ended by the first -1.
     */
    public static Tensor multilabel_margin_loss(Tensor input, Tensor target, String reduction) {
        return Torch.multilabel_margin_loss(input, target, reduction(reduction));
    }

    /** {@code F.multilabel_soft_margin_loss(input, target)}. */
    public static Tensor multilabel_soft_margin_loss(Tensor input, Tensor target) {
        return multilabel_soft_margin_loss(input, target, null, "mean");
    }

    /**
     * {@code F.multilabel_soft_margin_loss(input, target, weight, reduction=reduction)}: one logistic loss per
     * class, {@code -(y log sigmoid(x) + (1 - y) log sigmoid(-x))}, weighted, averaged over the classes.
     */
    public static Tensor multilabel_soft_margin_loss(Tensor input, Tensor target, Tensor weight, String reduction) {
        Tensor loss = target.mul(logsigmoid(input))
                .add(Torch.rsub(target, Scalar.of(1)).mul(logsigmoid(input.neg()))).neg();
        if (weight != null) {
            loss = loss.mul(weight);
        }
        long classDim = input.dim() - 1;
        long classes = input.size((int) classDim);
        loss = loss.sum(classDim).div(Scalar.of(classes));
        checkReductionIsValid(reduction);
        return reduce(loss, reduction);
    }

    /** {@code F.triplet_margin_loss(anchor, positive, negative)}: margin 1, p 2, eps 1e-6, no swap. */
    public static Tensor triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative) {
        return triplet_margin_loss(anchor, positive, negative, 1.0, 2, 1e-6, false, "mean");
    }

    /** {@code F.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, reduction=reduction)}. */
    public static Tensor triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative, double margin,
            double p, double eps, boolean swap, String reduction) {
        return Torch.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, reduction(reduction));
    }

    /** {@code F.triplet_margin_with_distance_loss(anchor, positive, negative)}: pairwise distance, margin 1. */
    public static Tensor triplet_margin_with_distance_loss(Tensor anchor, Tensor positive, Tensor negative) {
        return triplet_margin_with_distance_loss(anchor, positive, negative, null, 1.0, false, "mean");
    }

    /**
     * {@code F.triplet_margin_with_distance_loss(anchor, positive, negative, distance_function=distance,
     * margin=margin, swap=swap, reduction=reduction)}: {@code max(d(a, p) - d(a, n) + margin, 0)}, with
     * {@code d(a, n)} replaced by {@code min(d(a, n), d(p, n))} when {@code swap}. A null {@code distance} is
     * {@link Functional#pairwise_distance(Tensor, Tensor)}.
     */
    public static Tensor triplet_margin_with_distance_loss(Tensor anchor, Tensor positive, Tensor negative,
            BinaryOperator<Tensor> distance, double margin, boolean swap, String reduction) {
        BinaryOperator<Tensor> d = distance != null ? distance : Torch::pairwise_distance;
        Tensor positiveDist = d.apply(anchor, positive);
        Tensor negativeDist = d.apply(anchor, negative);
        if (swap) {
            negativeDist = Torch.min(negativeDist, d.apply(positive, negative));
        }
        Tensor output = Torch.clamp(positiveDist.sub(negativeDist).add(Scalar.of(margin)), Scalar.of(0.0));
        long reductionEnum = reduction(reduction);
        return reductionEnum == 1 ? output.mean() : reductionEnum == 2 ? output.sum() : output;
    }

    /**
     * {@code F.ctc_loss(log_probs, targets, input_lengths, target_lengths)}: blank 0, mean over the batch of each
     * loss divided by its target length.
     */
    public static Tensor ctc_loss(Tensor logProbs, Tensor targets, Tensor inputLengths, Tensor targetLengths) {
        return ctc_loss(logProbs, targets, inputLengths, targetLengths, 0, "mean", false);
    }

    /**
     * {@code F.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, reduction, zero_infinity)}:
     * {@code zeroInfinity} zeroes infinite losses (and their gradients).
     */
    public static Tensor ctc_loss(Tensor logProbs, Tensor targets, Tensor inputLengths, Tensor targetLengths,
            long blank, String reduction, boolean zeroInfinity) {
        return Torch.ctc_loss(logProbs, targets, inputLengths, targetLengths, blank, reduction(reduction),
                zeroInfinity);
    }

    /** {@code F.ctc_loss} with the lengths as arrays, as PyTorch also accepts them (tuples of ints). */
    public static Tensor ctc_loss(Tensor logProbs, Tensor targets, long[] inputLengths, long[] targetLengths,
            long blank, String reduction, boolean zeroInfinity) {
        return Torch.ctc_loss(logProbs, targets, inputLengths, targetLengths, blank, reduction(reduction),
                zeroInfinity);
    }

    // ---- helpers ----

    /** ATen's reduction enum for PyTorch's name (_Reduction.get_enum), refusing an unknown one. */
    static long reduction(String reduction) {
        return Loss.reductionEnum(reduction);
    }

    /** The check of the losses PyTorch writes in Python, with their message. */
    private static void checkReductionIsValid(String reduction) {
        if (!reduction.equals("none") && !reduction.equals("mean") && !reduction.equals("sum")) {
            throw new IllegalArgumentException(reduction + " is not valid");
        }
    }

    private static Tensor reduce(Tensor loss, String reduction) {
        switch (reduction) {
            case "mean": return loss.mean();
            case "sum": return loss.sum();
            default: return loss;
        }
    }

    /** torch.broadcast_tensors(input, target), after the regression losses' warning about differing sizes. */
    private static Tensor[] broadcastWithWarning(Tensor input, Tensor target) {
        if (!Arrays.equals(target.sizes(), input.sizes())) {
            Warnings.warn("Using a target size (" + NormChecks.torchSize(target.sizes()) + ") that is different to the"
                    + " input size (" + NormChecks.torchSize(input.sizes()) + "). This will likely lead to incorrect"
                    + " results due to broadcasting. Please ensure they have the same size.");
        }
        return Torch.broadcast_tensors(new Tensor[] {input, target});
    }
}
