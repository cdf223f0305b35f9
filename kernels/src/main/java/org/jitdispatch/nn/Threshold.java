package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code x <= threshold ? value : x} ({@code torch.nn.Threshold}). */
public final class Threshold extends Module {
    private final double threshold;
    private final double value;

    public Threshold(double threshold, double value) {
        this.threshold = threshold;
        this.value = value;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.threshold(input, threshold, value);
    }

    @Override
    protected String extraRepr() {
        return "threshold=" + PyRepr.of(threshold) + ", value=" + PyRepr.of(value);
    }
}
