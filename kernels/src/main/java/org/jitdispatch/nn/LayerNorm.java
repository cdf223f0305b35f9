package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/** Layer normalization over the last dims ({@code torch.nn.LayerNorm}): weight ones and bias zeros at first. */
public final class LayerNorm extends Module {
    private final long[] normalizedShape;
    private final double eps;
    private final Tensor weight;
    private final Tensor bias;

    public LayerNorm(long... normalizedShape) {
        this(normalizedShape, 1e-5, true, ScalarType.Float32);
    }

    public LayerNorm(long[] normalizedShape, double eps, boolean elementwiseAffine, ScalarType dtype) {
        this.normalizedShape = normalizedShape.clone();
        this.eps = eps;
        this.weight = elementwiseAffine ? registerParameter("weight", Torch.ones(normalizedShape, dtype, null, null, null))
                : null;
        this.bias = elementwiseAffine ? registerParameter("bias", Torch.zeros(normalizedShape, dtype, null, null, null))
                : null;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.layer_norm(input, normalizedShape, weight, bias, eps);
    }

    @Override
    protected String extraRepr() {
        return PyRepr.tuple(normalizedShape) + ", eps=" + PyRepr.of(eps) + ", elementwise_affine="
                + PyRepr.of(weight != null);
    }
}
