package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * {@code x > 0 ? x : a * x} with a learnt slope {@code a} ({@code torch.nn.PReLU}): one slope shared by every
 * channel, or one per channel (dim 1 of the input), each starting at {@code init} (0.25 by default).
 */
public final class PReLU extends Module {
    private final long numParameters;
    private final Tensor weight;

    public PReLU() {
        this(1, 0.25);
    }

    public PReLU(long numParameters, double init) {
        this(numParameters, init, ScalarType.Float32);
    }

    public PReLU(long numParameters, double init, ScalarType dtype) {
        this.numParameters = numParameters;
        this.weight = registerParameter("weight", Torch.full(new long[] {numParameters}, Scalar.of(init), dtype, null,
                null, null));
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.prelu(input, weight);
    }

    public Tensor weight() {
        return weight;
    }

    @Override
    protected String extraRepr() {
        return "num_parameters=" + numParameters;
    }
}
