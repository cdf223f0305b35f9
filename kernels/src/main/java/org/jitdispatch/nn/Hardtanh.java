package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code x} clamped to {@code [minVal, maxVal]} ({@code torch.nn.Hardtanh}, [-1, 1] by default). */
public final class Hardtanh extends Module {
    private final double minVal;
    private final double maxVal;

    public Hardtanh() {
        this(-1.0, 1.0);
    }

    public Hardtanh(double minVal, double maxVal) {
        if (!(maxVal > minVal)) {
            throw new IllegalArgumentException("max_val must be larger than min_val"); // nn.Hardtanh's assert
        }
        this.minVal = minVal;
        this.maxVal = maxVal;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.hardtanh(input, minVal, maxVal, false);
    }

    @Override
    protected String extraRepr() {
        return "min_val=" + PyRepr.of(minVal) + ", max_val=" + PyRepr.of(maxVal);
    }
}
