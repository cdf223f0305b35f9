package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * hardshrink ({@code |x| <= lambd ? 0 : x}), softshrink ({@code x} moved lambd towards 0, 0 within lambd) and
 * their backward, structured TensorIterator kernels as PyTorch 1.13's Activation.cpp: float32, float64 and
 * bfloat16 only (ATen's dispatch names in the refusal), lambd converted to the dtype with c10's overflow check. Both backward
 * operators run ATen's one shrink_backward kernel: the gradient where {@code |x| > lambd}, else 0.
 */
public final class Shrinks implements ShrinksDeclarations {

    @Override
    public void meta_hardshrink(TensorIterator op, Tensor self, Scalar lambd) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        requireFloatingNotHalf(op, "hardshrink_cpu");
        checkLambd(op, lambd);
    }

    @Override
    public void hardshrink_out(TensorIterator op, Tensor self, Scalar lambd, Tensor out) {
        if (op.commonDtype() == ScalarType.Float64) {
            UfuncKernels.hardshrink_double(op, ScalarConversions.toDouble(lambd));
        } else {
            UfuncKernels.hardshrink_float(op, (float) ScalarConversions.toDouble(lambd));
        }
    }

    @Override
    public void meta_hardshrink_backward(TensorIterator op, Tensor gradOut, Tensor self, Scalar lambd) {
        op.buildBinaryOp(op.maybeGetOutput(0), gradOut, self);
        requireFloatingNotHalf(op, "shrink_backward_cpu");
        checkLambd(op, lambd);
    }

    @Override
    public void hardshrink_backward_out(TensorIterator op, Tensor gradOut, Tensor self, Scalar lambd, Tensor gradInput) {
        shrinkBackward(op, lambd);
    }

    /** TORCH_META_FUNC(softshrink): lambd must not be negative (nor NaN). */
    @Override
    public void meta_softshrink(TensorIterator op, Tensor self, Scalar lambd) {
        double l = ScalarConversions.toDouble(lambd);
        if (!(l >= 0)) {
            throw new IllegalArgumentException("lambda must be greater or equal to 0, but found to be "
                    + RangeFactories.formatDouble(l) + ".");
        }
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        requireFloatingNotHalf(op, "softshrink_cpu");
        checkLambd(op, lambd);
    }

    @Override
    public void softshrink_out(TensorIterator op, Tensor self, Scalar lambd, Tensor out) {
        if (op.commonDtype() == ScalarType.Float64) {
            UfuncKernels.softshrink_double(op, ScalarConversions.toDouble(lambd));
        } else {
            UfuncKernels.softshrink_float(op, (float) ScalarConversions.toDouble(lambd));
        }
    }

    @Override
    public void meta_softshrink_backward(TensorIterator op, Tensor gradOutput, Tensor self, Scalar lambd) {
        op.buildBinaryOp(op.maybeGetOutput(0), gradOutput, self);
        requireFloatingNotHalf(op, "shrink_backward_cpu");
        checkLambd(op, lambd);
    }

    @Override
    public void softshrink_backward_out(TensorIterator op, Tensor gradOutput, Tensor self, Scalar lambd,
            Tensor gradInput) {
        shrinkBackward(op, lambd);
    }

    private static void shrinkBackward(TensorIterator op, Scalar lambd) {
        if (op.commonDtype() == ScalarType.Float64) {
            UfuncKernels.shrink_backward_double(op, ScalarConversions.toDouble(lambd));
        } else {
            UfuncKernels.shrink_backward_float(op, (float) ScalarConversions.toDouble(lambd));
        }
    }

    /** ATen 1.13's CPU shrink kernels have float, double and bfloat16 loops: no float16. */
    private static void requireFloatingNotHalf(TensorIterator op, String kernel) {
        Activations.requireFloating(op, kernel);
        if (!op.isMeta() && op.commonDtype() == ScalarType.Float16) {
            throw Elementwise.notImplemented(kernel, ScalarType.Float16);
        }
    }

    /** The kernel's {@code lambd.to<scalar_t>()}, made before anything is written. */
    private static void checkLambd(TensorIterator op, Scalar lambd) {
        if (!op.isMeta()) {
            ScalarConversions.check(lambd, op.commonDtype());
        }
    }
}
