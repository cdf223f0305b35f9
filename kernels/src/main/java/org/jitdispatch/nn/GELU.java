package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * The Gaussian error linear unit ({@code torch.nn.GELU}): {@code x * Phi(x)}, exactly ({@code "none"}) or with
 * the tanh approximation ({@code "tanh"}).
 */
public final class GELU extends Module {
    private final String approximate;

    public GELU() {
        this("none");
    }

    public GELU(String approximate) {
        if (!approximate.equals("none") && !approximate.equals("tanh")) {
            throw new IllegalArgumentException("approximate argument must be either none or tanh.");
        }
        this.approximate = approximate;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.gelu(input, approximate);
    }

    @Override
    protected String extraRepr() {
        return "approximate=" + PyRepr.of(approximate);
    }
}
