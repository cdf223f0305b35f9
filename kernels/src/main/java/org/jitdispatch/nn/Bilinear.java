package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * {@code y = x1^T A x2 + b} for every output feature ({@code torch.nn.Bilinear}): weight {@code [out, in1, in2]}
 * and bias {@code [out]}, both drawn uniform in +-1/sqrt(in1) as PyTorch's {@code reset_parameters} does.
 */
public final class Bilinear extends Module {
    private final Tensor weight;
    private final Tensor bias;
    private final long in1;
    private final long in2;
    private final long out;

    public Bilinear(long in1, long in2, long out) {
        this(in1, in2, out, true, ScalarType.Float32, null);
    }

    public Bilinear(long in1, long in2, long out, boolean bias, ScalarType dtype, Generator generator) {
        this.weight = registerParameter("weight", Torch.empty(new long[] {out, in1, in2}, dtype, null, null, null, null));
        this.bias = bias ? registerParameter("bias", Torch.empty(new long[] {out}, dtype, null, null, null, null)) : null;
        double bound = 1 / Math.sqrt(in1);
        Init.uniform_(weight, -bound, bound, generator);
        if (bias) {
            Init.uniform_(this.bias, -bound, bound, generator);
        }
        this.in1 = in1;
        this.in2 = in2;
        this.out = out;
    }

    /** A bilinear layer has two inputs: call {@link #forward(Tensor, Tensor)}. */
    @Override
    public Tensor forward(Tensor input) {
        throw new UnsupportedOperationException("Bilinear.forward takes two inputs: call forward(input1, input2)");
    }

    public Tensor forward(Tensor input1, Tensor input2) {
        return Functional.bilinear(input1, input2, weight, bias);
    }

    public Tensor weight() {
        return weight;
    }

    public Tensor bias() {
        return bias;
    }

    @Override
    protected String extraRepr() {
        return "in1_features=" + in1 + ", in2_features=" + in2 + ", out_features=" + out + ", bias="
                + PyRepr.of(bias != null);
    }
}
