package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

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
        switch (kind) {
            case ALPHA:
                return Functional.alpha_dropout(input, p, train);
            case FEATURE_ALPHA:
                return Functional.feature_alpha_dropout(input, p, train);
            case DROPOUT1D:
                return Functional.dropout1d(input, p, train);
            case DROPOUT2D:
                return Functional.dropout2d(input, p, train);
            default:
                return Functional.dropout3d(input, p, train);
        }
    }

    @Override
    protected String reprName() {
        return kind == Kind.ALPHA ? "AlphaDropout" : kind == Kind.FEATURE_ALPHA ? "FeatureAlphaDropout"
                : kind == Kind.DROPOUT1D ? "Dropout1d" : kind == Kind.DROPOUT2D ? "Dropout2d" : "Dropout3d";
    }

    @Override
    protected String extraRepr() {
        return "p=" + PyRepr.of(p) + ", inplace=False";
    }
}
