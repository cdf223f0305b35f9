package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;

/**
 * Dropout of whole channels and SELU-preserving dropout, as {@code torch.nn}'s {@code Dropout1d},
 * {@code Dropout2d}, {@code Dropout3d}, {@code AlphaDropout} and {@code FeatureAlphaDropout} (build them with the
 * factories, which carry those names): while training, each channel of each sample is zeroed (or, for the alpha
 * forms, set to SELU's saturation value) with probability {@code p}, the rest rescaled; the identity in eval mode.
 * The masks come from the default generator, as PyTorch's, and the functional forms' checks and warnings about
 * input dims are PyTorch 1.13's.
 */
public final class FeatureDropout extends Module {
    private enum Kind { DROPOUT1D, DROPOUT2D, DROPOUT3D, ALPHA, FEATURE_ALPHA }

    private final Kind kind;
    private final double p;

    private FeatureDropout(Kind kind, double p) {
        if (p < 0 || p > 1) {
            throw new IllegalArgumentException("dropout probability has to be between 0 and 1, but got " + p);
        }
        this.kind = kind;
        this.p = p;
    }

    /** {@code nn.Dropout1d}: channels of {@code [N, C, L]} or {@code [C, L]}. */
    public static FeatureDropout dropout1d(double p) {
        return new FeatureDropout(Kind.DROPOUT1D, p);
    }

    /** {@code nn.Dropout2d}: channels of {@code [N, C, H, W]} (a 3-D input is taken as {@code [N, C, L]}, as 1.13 does). */
    public static FeatureDropout dropout2d(double p) {
        return new FeatureDropout(Kind.DROPOUT2D, p);
    }

    /** {@code nn.Dropout3d}: channels of {@code [N, C, D, H, W]} or {@code [C, D, H, W]}. */
    public static FeatureDropout dropout3d(double p) {
        return new FeatureDropout(Kind.DROPOUT3D, p);
    }

    /** {@code nn.AlphaDropout}: elementwise, keeping a SELU network's mean and variance. */
    public static FeatureDropout alphaDropout(double p) {
        return new FeatureDropout(Kind.ALPHA, p);
    }

    /** {@code nn.FeatureAlphaDropout}: whole channels, keeping a SELU network's mean and variance. */
    public static FeatureDropout featureAlphaDropout(double p) {
        return new FeatureDropout(Kind.FEATURE_ALPHA, p);
    }

    @Override
    public Tensor forward(Tensor input) {
        boolean train = isTraining();
        int nd = input.dim();
        switch (kind) {
            case ALPHA:
                return Torch.alpha_dropout(input, p, train);
            case FEATURE_ALPHA:
                return Torch.feature_alpha_dropout(input, p, train);
            case DROPOUT1D:
                if (nd != 2 && nd != 3) {
                    throw new IllegalArgumentException("dropout1d: Expected 2D or 3D input, but received a " + nd
                            + "D input. Note that dropout1d exists to provide channel-wise dropout on inputs with 1"
                            + " spatial dimension, a channel dimension, and an optional batch dimension (i.e. 2D or 3D"
                            + " inputs).");
                }
                return batchedFeatureDropout(input, nd == 3, train);
            case DROPOUT2D:
                if (nd != 3 && nd != 4) {
                    Warnings.warn("dropout2d: Received a " + nd + "-D input to dropout2d, which is deprecated and will"
                            + " result in an error in a future release. To retain the behavior and silence this warning,"
                            + " please use dropout instead. Note that dropout2d exists to provide channel-wise dropout on"
                            + " inputs with 2 spatial dimensions, a channel dimension, and an optional batch dimension"
                            + " (i.e. 3D or 4D inputs).");
                }
                if (nd == 3) {
                    Warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout"
                            + " behavior is desired - input is interpreted as shape (N, C, L), where C is the channel"
                            + " dim. This behavior will change in a future release to interpret the input as one without"
                            + " a batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout"
                            + " behavior, please switch to using dropout1d instead.");
                }
                return Torch.feature_dropout(input, p, train);
            default:
                if (nd != 4 && nd != 5) {
                    Warnings.warn("dropout3d: Received a " + nd + "-D input to dropout3d, which is deprecated and will"
                            + " result in an error in a future release. To retain the behavior and silence this warning,"
                            + " please use dropout instead. Note that dropout3d exists to provide channel-wise dropout on"
                            + " inputs with 3 spatial dimensions, a channel dimension, and an optional batch dimension"
                            + " (i.e. 4D or 5D inputs).");
                }
                return batchedFeatureDropout(input, nd == 5, train);
        }
    }

    /** feature_dropout over a batch of one when the input has none. */
    private Tensor batchedFeatureDropout(Tensor input, boolean batched, boolean train) {
        Tensor result = Torch.feature_dropout(batched ? input : input.unsqueeze(0), p, train);
        return batched ? result : result.squeeze(0);
    }

    @Override
    public String toString() {
        String name = kind == Kind.ALPHA ? "AlphaDropout" : kind == Kind.FEATURE_ALPHA ? "FeatureAlphaDropout"
                : kind == Kind.DROPOUT1D ? "Dropout1d" : kind == Kind.DROPOUT2D ? "Dropout2d" : "Dropout3d";
        return name + "(p=" + p + ", inplace=False)";
    }
}
