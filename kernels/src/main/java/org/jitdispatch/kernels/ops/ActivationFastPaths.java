package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncLoops;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The CPU fast paths of gelu and its gradient ({@code approximate='none'}, contiguous float32 operands of one
 * shape: {@link FloatGelu}'s runs, the general loop's values, in parallel chunks above the grain), of silu and its
 * gradient before JDK 21 (likewise, {@link FloatSigmoid}'s runs) and of
 * threshold_backward ({@code cpu_fast_path} in ops.yaml), relu's gradient: for the
 * operand shapes of {@link FastOperands} in float32 or float64, the generated ufunc loop computes
 * {@code self <= threshold ? 0 : grad_output}, exactly as {@link Activations}' kernel does (two float32
 * operands of one shape through {@link VectorActivationRuns} when the CPU capability is VECTOR, and relu's
 * gradient at one offset through {@link FloatReluGradient} when it is not, with the same bits); every other call
 * returns null having touched nothing.
 */
public final class ActivationFastPaths implements ActivationFastPathsDeclarations {

    @Override
    public Tensor gelu(Tensor out, Tensor self, String approximate) {
        return "none".equals(approximate) ? FloatRunPaths.unary(out, self, FloatGelu::gelu) : null;
    }

    @Override
    public Tensor gelu_backward(Tensor out, Tensor gradOutput, Tensor self, String approximate) {
        return "none".equals(approximate) ? FloatRunPaths.binary(out, gradOutput, self, FloatGelu::backward) : null;
    }

    /** silu before JDK 21: {@link FloatSigmoid}'s blocks, the general loop's bits. */
    @Override
    public Tensor silu(Tensor out, Tensor self) {
        return FloatExponential.BLOCKS ? FloatRunPaths.unary(out, self, FloatSigmoid::silu) : null;
    }

    /** silu's gradient before JDK 21, as {@link #silu}. */
    @Override
    public Tensor silu_backward(Tensor out, Tensor gradOutput, Tensor self) {
        return FloatExponential.BLOCKS ? FloatRunPaths.binary(out, gradOutput, self, FloatSigmoid::siluBackward) : null;
    }

    @Override
    public Tensor threshold_backward(Tensor out, Tensor gradOutput, Tensor self, Scalar threshold) {
        Tensor like = FastOperands.binaryResultLike(gradOutput, self, true);
        if (like == null || threshold.isBoolean()) {
            return null;
        }
        Tensor result = FastOperands.output(out, like, gradOutput, self);
        if (result == null) {
            return null;
        }
        if (like.dtype() == ScalarType.Float32) {
            double t = threshold.toDouble();
            if (Double.isFinite(t) && Math.abs(t) > Float.MAX_VALUE) {
                return null; // c10's overflow error, which the general path raises
            }
            if (VectorActivationRuns.ENABLED && gradOutput.dtype() == ScalarType.Float32 && gradOutput.isContiguous()
                    && self.isContiguous() && gradOutput.sameSizes(self)) {
                VectorActivationRuns.thresholdBackward(result, gradOutput, self, (float) t);
            } else if (FloatReluGradient.applies(result, gradOutput, self, (float) t)) {
                FloatReluGradient.run(result, gradOutput, self);
            } else {
                UfuncLoops.threshold_backward_Float32(result, gradOutput, self, (float) t);
            }
        } else {
            UfuncLoops.threshold_backward_Float64(result, gradOutput, self, threshold.toDouble());
        }
        return result;
    }
}
