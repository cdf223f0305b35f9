package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The activations, softmax family and dropouts of {@code torch.nn.functional}; reach them through
 * {@link Functional}. An {@code inplace} flag, where PyTorch has one, calls the operator's in-place form.
 */
abstract class ActivationFunctions {
    ActivationFunctions() {
    }

    // ---- softmax family ----

    /** {@code F.softmax(input, dim)}. The dim is required (PyTorch's implicit-dim form is deprecated). */
    public static Tensor softmax(Tensor input, long dim) {
        return input.softmax(dim);
    }

    /** {@code F.softmax(input, dim, dtype=dtype)}: the input is cast to {@code dtype} first. */
    public static Tensor softmax(Tensor input, long dim, ScalarType dtype) {
        return dtype == null ? input.softmax(dim) : input.softmax(dim, dtype);
    }

    /** {@code F.log_softmax(input, dim)}. */
    public static Tensor log_softmax(Tensor input, long dim) {
        return input.log_softmax(dim);
    }

    /** {@code F.log_softmax(input, dim, dtype=dtype)}. */
    public static Tensor log_softmax(Tensor input, long dim, ScalarType dtype) {
        return dtype == null ? input.log_softmax(dim) : input.log_softmax(dim, dtype);
    }

    /** {@code F.softmin(input, dim)}: {@code softmax(-input)}. */
    public static Tensor softmin(Tensor input, long dim) {
        return input.neg().softmax(dim);
    }

    /** {@code F.softmin(input, dim, dtype=dtype)}. */
    public static Tensor softmin(Tensor input, long dim, ScalarType dtype) {
        return dtype == null ? input.neg().softmax(dim) : input.neg().softmax(dim, dtype);
    }

    /** {@code F.gumbel_softmax(logits)}: tau 1, soft samples along the last dim. */
    public static Tensor gumbel_softmax(Tensor logits) {
        return gumbel_softmax(logits, 1, false, -1);
    }

    /**
     * {@code F.gumbel_softmax(logits, tau, hard, dim=dim)}: {@code softmax((logits + g) / tau)} for Gumbel noise
     * {@code g = -log(Exp(1))} drawn from the default generator (so a seeded run draws PyTorch's noise); with
     * {@code hard}, the one-hot of each sample's argmax in the forward pass and the soft sample's gradient in the
     * backward. PyTorch's deprecated {@code eps} is left out.
     */
    public static Tensor gumbel_softmax(Tensor logits, double tau, boolean hard, long dim) {
        Tensor gumbels = Torch.empty_like(logits).exponential_().log().neg();
        Tensor ySoft = logits.add(gumbels).div(Scalar.of(tau)).softmax(dim);
        if (!hard) {
            return ySoft;
        }
        Tensor index = ySoft.max(dim, true)[1];
        Tensor yHard = Torch.zeros_like(logits).scatter_(dim, index, Scalar.of(1.0));
        return yHard.sub(ySoft.detach()).add(ySoft);
    }

    // ---- elementwise activations ----

    /** {@code F.relu(input)}. */
    public static Tensor relu(Tensor input) {
        return Torch.relu(input);
    }

    /** {@code F.relu(input, inplace)}. */
    public static Tensor relu(Tensor input, boolean inplace) {
        return inplace ? Torch.relu_(input) : Torch.relu(input);
    }

    /** {@code F.relu6(input)}: {@code min(max(0, x), 6)}. */
    public static Tensor relu6(Tensor input) {
        return Torch.relu6(input);
    }

    /** {@code F.relu6(input, inplace)}. */
    public static Tensor relu6(Tensor input, boolean inplace) {
        return inplace ? Torch.relu6_(input) : Torch.relu6(input);
    }

    /** {@code F.leaky_relu(input)}: negative slope 0.01. */
    public static Tensor leaky_relu(Tensor input) {
        return leaky_relu(input, 0.01, false);
    }

    /** {@code F.leaky_relu(input, negative_slope, inplace)}. */
    public static Tensor leaky_relu(Tensor input, double negativeSlope, boolean inplace) {
        Scalar slope = Scalar.of(negativeSlope);
        return inplace ? Torch.leaky_relu_(input, slope) : Torch.leaky_relu(input, slope);
    }

    /** {@code F.elu(input)}: alpha 1. */
    public static Tensor elu(Tensor input) {
        return elu(input, 1.0, false);
    }

    /** {@code F.elu(input, alpha, inplace)}. */
    public static Tensor elu(Tensor input, double alpha, boolean inplace) {
        return inplace ? Torch.elu_(input, Scalar.of(alpha)) : Torch.elu(input, Scalar.of(alpha));
    }

    /** {@code F.selu(input)}. */
    public static Tensor selu(Tensor input) {
        return Torch.selu(input);
    }

    /** {@code F.selu(input, inplace)}. */
    public static Tensor selu(Tensor input, boolean inplace) {
        return inplace ? Torch.selu_(input) : Torch.selu(input);
    }

    /** {@code F.celu(input)}: alpha 1. */
    public static Tensor celu(Tensor input) {
        return celu(input, 1.0, false);
    }

    /** {@code F.celu(input, alpha, inplace)}. */
    public static Tensor celu(Tensor input, double alpha, boolean inplace) {
        return inplace ? Torch.celu_(input, Scalar.of(alpha)) : Torch.celu(input, Scalar.of(alpha));
    }

    /** {@code F.gelu(input)}: the exact form, with erf. */
    public static Tensor gelu(Tensor input) {
        return Torch.gelu(input);
    }

    /** {@code F.gelu(input, approximate)}: {@code approximate} is {@code "none"} or {@code "tanh"}. */
    public static Tensor gelu(Tensor input, String approximate) {
        return Torch.gelu(input, approximate);
    }

    /** {@code F.silu(input)}: {@code x * sigmoid(x)}. */
    public static Tensor silu(Tensor input) {
        return Torch.silu(input);
    }

    /** {@code F.silu(input, inplace)}. */
    public static Tensor silu(Tensor input, boolean inplace) {
        return inplace ? Torch.silu_(input) : Torch.silu(input);
    }

    /** {@code F.mish(input)}: {@code x * tanh(softplus(x))}. */
    public static Tensor mish(Tensor input) {
        return Torch.mish(input);
    }

    /** {@code F.mish(input, inplace)}. */
    public static Tensor mish(Tensor input, boolean inplace) {
        return inplace ? Torch.mish_(input) : Torch.mish(input);
    }

    /** {@code F.hardswish(input)}. */
    public static Tensor hardswish(Tensor input) {
        return Torch.hardswish(input);
    }

    /** {@code F.hardswish(input, inplace)}. */
    public static Tensor hardswish(Tensor input, boolean inplace) {
        return inplace ? Torch.hardswish_(input) : Torch.hardswish(input);
    }

    /** {@code F.hardsigmoid(input)}. */
    public static Tensor hardsigmoid(Tensor input) {
        return Torch.hardsigmoid(input);
    }

    /** {@code F.hardsigmoid(input, inplace)}. */
    public static Tensor hardsigmoid(Tensor input, boolean inplace) {
        return inplace ? Torch.hardsigmoid_(input) : Torch.hardsigmoid(input);
    }

    /** {@code F.hardtanh(input)}: clamped to [-1, 1]. */
    public static Tensor hardtanh(Tensor input) {
        return hardtanh(input, -1.0, 1.0, false);
    }

    /** {@code F.hardtanh(input, min_val, max_val, inplace)}. */
    public static Tensor hardtanh(Tensor input, double minVal, double maxVal, boolean inplace) {
        Scalar min = Scalar.of(minVal);
        Scalar max = Scalar.of(maxVal);
        return inplace ? Torch.hardtanh_(input, min, max) : Torch.hardtanh(input, min, max);
    }

    /** {@code F.logsigmoid(input)}: {@code log(sigmoid(x))}, the {@code log_sigmoid} operator. */
    public static Tensor logsigmoid(Tensor input) {
        return Torch.log_sigmoid(input);
    }

    /** {@code F.softplus(input)}: beta 1, threshold 20. */
    public static Tensor softplus(Tensor input) {
        return Torch.softplus(input);
    }

    /** {@code F.softplus(input, beta, threshold)}: linear where {@code beta * x > threshold}. */
    public static Tensor softplus(Tensor input, double beta, double threshold) {
        return Torch.softplus(input, Scalar.of(beta), Scalar.of(threshold));
    }

    /** {@code F.softsign(input)}: {@code x / (|x| + 1)}. */
    public static Tensor softsign(Tensor input) {
        return input.div(input.abs().add(Scalar.of(1)));
    }

    /** {@code F.tanhshrink(input)}: {@code x - tanh(x)}. */
    public static Tensor tanhshrink(Tensor input) {
        return input.sub(input.tanh());
    }

    /** {@code F.softshrink(input)}: lambda 0.5. */
    public static Tensor softshrink(Tensor input) {
        return Torch.softshrink(input);
    }

    /** {@code F.softshrink(input, lambd)}. */
    public static Tensor softshrink(Tensor input, double lambd) {
        return Torch.softshrink(input, Scalar.of(lambd));
    }

    /** {@code F.hardshrink(input)}: lambda 0.5. */
    public static Tensor hardshrink(Tensor input) {
        return Torch.hardshrink(input);
    }

    /** {@code F.hardshrink(input, lambd)}. */
    public static Tensor hardshrink(Tensor input, double lambd) {
        return Torch.hardshrink(input, Scalar.of(lambd));
    }

    /** {@code F.threshold(input, threshold, value)}: {@code value} where {@code x <= threshold}. */
    public static Tensor threshold(Tensor input, double threshold, double value) {
        return threshold(input, threshold, value, false);
    }

    /** {@code F.threshold(input, threshold, value, inplace)}. */
    public static Tensor threshold(Tensor input, double threshold, double value, boolean inplace) {
        Scalar t = Scalar.of(threshold);
        Scalar v = Scalar.of(value);
        return inplace ? Torch.threshold_(input, t, v) : Torch.threshold(input, t, v);
    }

    /** {@code F.glu(input)}: halves along the last dim. */
    public static Tensor glu(Tensor input) {
        return glu(input, -1);
    }

    /** {@code F.glu(input, dim)}: {@code a * sigmoid(b)} for the two halves of {@code dim}. */
    public static Tensor glu(Tensor input, long dim) {
        if (input.dim() == 0) {
            throw new IllegalArgumentException("glu does not support scalars because halving size must be even");
        }
        return Torch.glu(input, dim);
    }

    /** {@code F.prelu(input, weight)}: a learned slope per channel (or one for all). */
    public static Tensor prelu(Tensor input, Tensor weight) {
        return Torch.prelu(input, weight);
    }

    /** {@code F.rrelu(input)}: eval mode, so the slope is {@code (lower + upper) / 2} = (1/8 + 1/3) / 2. */
    public static Tensor rrelu(Tensor input) {
        return rrelu(input, 1.0 / 8, 1.0 / 3, false, false);
    }

    /**
     * {@code F.rrelu(input, lower, upper, training, inplace)}: while training, each negative element's slope is
     * drawn from U(lower, upper) with the default generator.
     */
    public static Tensor rrelu(Tensor input, double lower, double upper, boolean training, boolean inplace) {
        Scalar lo = Scalar.of(lower);
        Scalar hi = Scalar.of(upper);
        return inplace ? Torch.rrelu_(input, lo, hi, training) : Torch.rrelu(input, lo, hi, training);
    }

    /** {@code F.sigmoid(input)}, deprecated in PyTorch (with its warning) for {@code torch.sigmoid}. */
    public static Tensor sigmoid(Tensor input) {
        Warnings.warn("nn.functional.sigmoid is deprecated. Use torch.sigmoid instead.");
        return input.sigmoid();
    }

    /** {@code F.tanh(input)}, deprecated in PyTorch (with its warning) for {@code torch.tanh}. */
    public static Tensor tanh(Tensor input) {
        Warnings.warn("nn.functional.tanh is deprecated. Use torch.tanh instead.");
        return input.tanh();
    }

    // ---- in-place forms (PyTorch's F.relu_, F.elu_, ...) ----

    /** {@code F.relu_(input)}: relu in place. */
    public static Tensor relu_(Tensor input) {
        return Torch.relu_(input);
    }

    /** {@code F.elu_(input, alpha)}: elu in place. */
    public static Tensor elu_(Tensor input, double alpha) {
        return Torch.elu_(input, Scalar.of(alpha));
    }

    /** {@code F.selu_(input)}: selu in place. */
    public static Tensor selu_(Tensor input) {
        return Torch.selu_(input);
    }

    /** {@code F.celu_(input, alpha)}: celu in place. */
    public static Tensor celu_(Tensor input, double alpha) {
        return Torch.celu_(input, Scalar.of(alpha));
    }

    /** {@code F.leaky_relu_(input, negative_slope)}: leaky relu in place. */
    public static Tensor leaky_relu_(Tensor input, double negativeSlope) {
        return Torch.leaky_relu_(input, Scalar.of(negativeSlope));
    }

    /** {@code F.hardtanh_(input, min_val, max_val)}: hardtanh in place. */
    public static Tensor hardtanh_(Tensor input, double minVal, double maxVal) {
        return Torch.hardtanh_(input, Scalar.of(minVal), Scalar.of(maxVal));
    }

    /** {@code F.threshold_(input, threshold, value)}: threshold in place. */
    public static Tensor threshold_(Tensor input, double threshold, double value) {
        return Torch.threshold_(input, Scalar.of(threshold), Scalar.of(value));
    }

    /** {@code F.rrelu_(input, lower, upper, training)}: rrelu in place. */
    public static Tensor rrelu_(Tensor input, double lower, double upper, boolean training) {
        return Torch.rrelu_(input, Scalar.of(lower), Scalar.of(upper), training);
    }

    // ---- dropout ----

    /** {@code F.dropout(input)}: p 0.5, training (F.dropout's default, unlike the module's eval mode). */
    public static Tensor dropout(Tensor input) {
        return dropout(input, 0.5, true, false);
    }

    /** {@code F.dropout(input, p)}: training. */
    public static Tensor dropout(Tensor input, double p) {
        return dropout(input, p, true, false);
    }

    /** {@code F.dropout(input, p, training)}. */
    public static Tensor dropout(Tensor input, double p, boolean training) {
        return dropout(input, p, training, false);
    }

    /**
     * {@code F.dropout(input, p, training, inplace)}: while training, each element is zeroed with probability
     * {@code p} (default generator) and the rest scaled by {@code 1 / (1 - p)}.
     */
    public static Tensor dropout(Tensor input, double p, boolean training, boolean inplace) {
        checkProbability(p);
        return inplace ? Torch.dropout_(input, p, training) : Torch.dropout(input, p, training);
    }

    /** {@code F.dropout1d(input, p, training)}: whole channels of {@code [N, C, L]} or {@code [C, L]}. */
    public static Tensor dropout1d(Tensor input, double p, boolean training) {
        return dropout1d(input, p, training, false);
    }

    /** {@code F.dropout1d(input, p, training, inplace)}. */
    public static Tensor dropout1d(Tensor input, double p, boolean training, boolean inplace) {
        checkProbability(p);
        int dims = input.dim();
        if (dims != 2 && dims != 3) {
            throw new IllegalArgumentException("dropout1d: Expected 2D or 3D input, but received a " + dims
                    + "D input. Note that dropout1d exists to provide channel-wise dropout on inputs with 1 spatial"
                    + " dimension, a channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs).");
        }
        return batchedFeatureDropout(input, p, training, inplace, dims == 3);
    }

    /**
     * {@code F.dropout2d(input, p, training)}: whole channels of {@code [N, C, H, W]}; a 3-D input is taken as
     * {@code [N, C, L]}, as 1.13 does, with its warnings.
     */
    public static Tensor dropout2d(Tensor input, double p, boolean training) {
        return dropout2d(input, p, training, false);
    }

    /** {@code F.dropout2d(input, p, training, inplace)}. */
    public static Tensor dropout2d(Tensor input, double p, boolean training, boolean inplace) {
        checkProbability(p);
        int dims = input.dim();
        if (dims != 3 && dims != 4) {
            Warnings.warn("dropout2d: Received a " + dims + "-D input to dropout2d, which is deprecated and will"
                    + " result in an error in a future release. To retain the behavior and silence this warning,"
                    + " please use dropout instead. Note that dropout2d exists to provide channel-wise dropout on"
                    + " inputs with 2 spatial dimensions, a channel dimension, and an optional batch dimension"
                    + " (i.e. 3D or 4D inputs).");
        }
        if (dims == 3) {
            Warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout"
                    + " behavior is desired - input is interpreted as shape (N, C, L), where C is the channel dim."
                    + " This behavior will change in a future release to interpret the input as one without a batch"
                    + " dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout behavior, please"
                    + " switch to using dropout1d instead.");
        }
        return inplace ? Torch.feature_dropout_(input, p, training) : Torch.feature_dropout(input, p, training);
    }

    /** {@code F.dropout3d(input, p, training)}: whole channels of {@code [N, C, D, H, W]} or {@code [C, D, H, W]}. */
    public static Tensor dropout3d(Tensor input, double p, boolean training) {
        return dropout3d(input, p, training, false);
    }

    /** {@code F.dropout3d(input, p, training, inplace)}. */
    public static Tensor dropout3d(Tensor input, double p, boolean training, boolean inplace) {
        checkProbability(p);
        int dims = input.dim();
        if (dims != 4 && dims != 5) {
            Warnings.warn("dropout3d: Received a " + dims + "-D input to dropout3d, which is deprecated and will"
                    + " result in an error in a future release. To retain the behavior and silence this warning,"
                    + " please use dropout instead. Note that dropout3d exists to provide channel-wise dropout on"
                    + " inputs with 3 spatial dimensions, a channel dimension, and an optional batch dimension"
                    + " (i.e. 4D or 5D inputs).");
        }
        return batchedFeatureDropout(input, p, training, inplace, dims == 5);
    }

    /** {@code F.alpha_dropout(input, p, training)}: keeps a SELU network's mean and variance. */
    public static Tensor alpha_dropout(Tensor input, double p, boolean training) {
        return alpha_dropout(input, p, training, false);
    }

    /** {@code F.alpha_dropout(input, p, training, inplace)}. */
    public static Tensor alpha_dropout(Tensor input, double p, boolean training, boolean inplace) {
        checkProbability(p);
        return inplace ? Torch.alpha_dropout_(input, p, training) : Torch.alpha_dropout(input, p, training);
    }

    /** {@code F.feature_alpha_dropout(input, p, training)}: alpha dropout of whole channels. */
    public static Tensor feature_alpha_dropout(Tensor input, double p, boolean training) {
        return feature_alpha_dropout(input, p, training, false);
    }

    /** {@code F.feature_alpha_dropout(input, p, training, inplace)}. */
    public static Tensor feature_alpha_dropout(Tensor input, double p, boolean training, boolean inplace) {
        checkProbability(p);
        return inplace ? Torch.feature_alpha_dropout_(input, p, training)
                : Torch.feature_alpha_dropout(input, p, training);
    }

    /** feature_dropout over a batch of one when the input has none, in place if asked (unsqueeze_ and squeeze_). */
    private static Tensor batchedFeatureDropout(Tensor input, double p, boolean training, boolean inplace,
            boolean batched) {
        if (!batched) {
            input = inplace ? input.unsqueeze_(0) : input.unsqueeze(0);
        }
        Tensor result = inplace ? Torch.feature_dropout_(input, p, training)
                : Torch.feature_dropout(input, p, training);
        if (!batched) {
            result = inplace ? result.squeeze_(0) : result.squeeze(0);
        }
        return result;
    }

    private static void checkProbability(double p) {
        if (p < 0.0 || p > 1.0) {
            throw new IllegalArgumentException("dropout probability has to be between 0 and 1, but got " + p);
        }
    }
}
