package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.LoopDtype;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.iter.TensorIteratorConfig;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Activation kernels and their backward operators (ATen's Activation.cpp): {@code threshold_backward},
 * the gradient of relu and threshold, with PyTorch 1.13's TORCH_META_FUNC and the CPU threshold kernel.
 *
 * <p>One liberty, as elsewhere: the kernel has no bool loop, which ATen reports only after the out=
 * tensor has been resized; the meta reports it instead, so that a failing call leaves every tensor
 * untouched.
 *
 * <p>gelu ('none' and 'tanh'), silu, leaky_relu and hardtanh with their backward operators: 1.13's
 * GeluKernel.cpp and Activation.cpp. Float32 is computed in double and rounded once (ATen computes in float);
 * integer and bool inputs have no loop ({@code "GeluKernelImpl" not implemented for 'Long'}), which, as for
 * threshold_backward, the meta reports before anything is written. gelu's {@code approximate} is checked in
 * the meta too (ATen checks it in the impl, after resizing out). hardtanh is not structured in 1.13: it is
 * clamp with the limits as integers for integer inputs, so it runs on meta tensors through clamp's meta.
 */
public final class Activations implements ActivationsDeclarations {

    /**
     * TORCH_META_FUNC(threshold_backward): an elementwise op over {@code (self, grad_output)}, promoted to
     * their common dtype and cast to the output's; overlap is allowed, as threshold is idempotent.
     */
    @Override
    public void meta_threshold_backward(TensorIterator op, Tensor gradOutput, Tensor self, Scalar threshold) {
        op.build(new TensorIteratorConfig().checkMemOverlap(false).addOutput(op.maybeGetOutput(0)).addInput(self)
                .addInput(gradOutput).allowCpuScalars(true).promoteInputsToCommonDtype(true)
                .castCommonDtypeToOutputs(true).enforceSafeCastingToOutput(true));
        if (!op.isMeta()) {
            if (op.commonDtype() == ScalarType.Bool) {
                throw Elementwise.notImplemented("threshold_cpu", ScalarType.Bool);
            }
            ScalarConversions.check(threshold, op.commonDtype());
        }
    }

    /** threshold_kernel with value 0: {@code self <= threshold ? 0 : grad_output}, in the common dtype. */
    @Override
    public void threshold_backward_out(TensorIterator op, Tensor gradOutput, Tensor self, Scalar threshold,
            Tensor gradInput) {
        switch (LoopDtype.of(op.commonDtype())) {
            case Float32 -> UfuncKernels.threshold_float(op, (float) ScalarConversions.toDouble(threshold));
            case Float64 -> UfuncKernels.threshold_double(op, ScalarConversions.toDouble(threshold));
            default -> {
                long t = ScalarConversions.toLong(threshold);
                UfuncKernels.threshold_long(op, op.commonDtype() == ScalarType.Int32 ? (int) t : t);
            }
        }
    }

    // ---------------------------------------------------------------- shared loops

    /** Floating dtypes only (float16 and bfloat16 computed in float32): the metas refuse others on CPU. */
    private static void requireFloating(TensorIterator op, String kernel) {
        if (!op.isMeta()) {
            ScalarType dtype = op.commonDtype();
            if (!dtype.isFloatingPoint()) {
                throw Elementwise.notImplemented(kernel, dtype);
            }
        }
    }

    // ---------------------------------------------------------------- gelu

    /** get_gelutype_enum: true for 'tanh', false for 'none'. */
    static boolean geluTanh(String approximate) {
        if (approximate.equals("none")) {
            return false;
        }
        if (approximate.equals("tanh")) {
            return true;
        }
        throw new IllegalArgumentException("approximate argument must be either none or tanh.");
    }

    @Override
    public void meta_gelu(TensorIterator op, Tensor self, String approximate) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        if (!op.isMeta()) {
            geluTanh(approximate);
        }
        requireFloating(op, "GeluKernelImpl");
    }

    @Override
    public void gelu_out(TensorIterator op, Tensor self, String approximate, Tensor out) {
        if (geluTanh(approximate)) {
            UfuncKernels.gelu_tanh(op, op.commonDtype());
        } else {
            UfuncKernels.gelu(op, op.commonDtype());
        }
    }

    @Override
    public void meta_gelu_backward(TensorIterator op, Tensor gradOutput, Tensor self, String approximate) {
        op.buildBinaryOp(op.maybeGetOutput(0), gradOutput, self);
        if (!op.isMeta()) {
            geluTanh(approximate);
        }
        requireFloating(op, "GeluBackwardKernelImpl");
    }

    @Override
    public void gelu_backward_out(TensorIterator op, Tensor gradOutput, Tensor self, String approximate,
            Tensor gradInput) {
        if (geluTanh(approximate)) {
            UfuncKernels.gelu_tanh_backward(op, op.commonDtype());
        } else {
            UfuncKernels.gelu_backward(op, op.commonDtype());
        }
    }

    // ---------------------------------------------------------------- silu

    @Override
    public void meta_silu(TensorIterator op, Tensor self) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        requireFloating(op, "silu_cpu");
    }

    /** x / (1 + exp(-x)). */
    @Override
    public void silu_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.silu(op, op.commonDtype());
    }

    @Override
    public void meta_silu_backward(TensorIterator op, Tensor gradOutput, Tensor self) {
        op.buildBinaryOp(op.maybeGetOutput(0), gradOutput, self);
        requireFloating(op, "silu_backward_cpu");
    }

    /** dy * s * (1 + x * (1 - s)) with s = sigmoid(x). */
    @Override
    public void silu_backward_out(TensorIterator op, Tensor gradOutput, Tensor self, Tensor gradInput) {
        UfuncKernels.silu_backward(op, op.commonDtype());
    }

    // ---------------------------------------------------------------- leaky_relu

    @Override
    public void meta_leaky_relu(TensorIterator op, Tensor self, Scalar negativeSlope) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        requireFloating(op, "leaky_relu_cpu");
        if (!op.isMeta()) {
            ScalarConversions.check(negativeSlope, op.commonDtype());
        }
    }

    /** x > 0 ? x : x * negative_slope (NaN stays NaN), with the slope in the dtype. */
    @Override
    public void leaky_relu_out(TensorIterator op, Tensor self, Scalar negativeSlope, Tensor out) {
        double slope = slope(op, negativeSlope);
        if (op.commonDtype() == ScalarType.Float32) {
            UfuncKernels.leaky_relu_float(op, (float) slope);
        } else {
            UfuncKernels.leaky_relu_double(op, slope);
        }
    }

    /** negval_.to&lt;scalar_t&gt;(): a float32 loop multiplies by the slope rounded to float. */
    private static double slope(TensorIterator op, Scalar value) {
        double v = ScalarConversions.toDouble(value);
        return op.commonDtype() == ScalarType.Float32 ? (float) v : v;
    }

    @Override
    public void meta_leaky_relu_backward(TensorIterator op, Tensor gradOutput, Tensor self, Scalar negativeSlope,
            boolean selfIsResult) {
        if (selfIsResult && ScalarConversions.toDouble(negativeSlope) < 0.0) {
            throw new IllegalArgumentException("In-place leakyReLu backward calculation is triggered with a negative slope"
                    + " which is not supported. This is caused by calling in-place forward function with a negative slope,"
                    + " please call out-of-place version instead. File an issue at https://github.com/pytorch/pytorch if"
                    + " you do require supporting in-place leakRelu backward calculation with negative slope");
        }
        op.buildBinaryOp(op.maybeGetOutput(0), self, gradOutput);
        requireFloating(op, "leaky_relu_backward_cpu");
        if (!op.isMeta()) {
            ScalarConversions.check(negativeSlope, op.commonDtype());
        }
    }

    /** self > 0 ? grad : grad * negative_slope (operands: self, then grad_output). */
    @Override
    public void leaky_relu_backward_out(TensorIterator op, Tensor gradOutput, Tensor self, Scalar negativeSlope,
            boolean selfIsResult, Tensor gradInput) {
        double slope = slope(op, negativeSlope);
        if (op.commonDtype() == ScalarType.Float32) {
            UfuncKernels.leaky_relu_backward_float(op, (float) slope);
        } else {
            UfuncKernels.leaky_relu_backward_double(op, slope);
        }
    }

    // ---------------------------------------------------------------- hardtanh (not structured in PyTorch 1.13)

    @Override
    public Tensor hardtanh(Tensor self, Scalar minVal, Scalar maxVal) {
        Tensor result = Torch.empty_like(self);
        return Torch.hardtanh_out(result, self, minVal, maxVal);
    }

    @Override
    public Tensor hardtanh_(Tensor self, Scalar minVal, Scalar maxVal) {
        return Torch.hardtanh_out(self, self, minVal, maxVal);
    }

    /** clamp_out(self, min, max), the limits made integers for integer inputs ("legacy behavior": no promotion). */
    @Override
    public Tensor hardtanh_out(Tensor self, Scalar minVal, Scalar maxVal, Tensor out) {
        if (self.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("Bool inputs not supported for hardtanh");
        }
        Scalar min = minVal;
        Scalar max = maxVal;
        if (self.dtype().isIntegral(false)) {
            min = Scalar.of(minVal.toLong());
            max = Scalar.of(maxVal.toLong());
        }
        return Torch.clamp_out(out, self, min, max);
    }

    @Override
    public Tensor hardtanh_backward(Tensor gradOutput, Tensor self, Scalar minVal, Scalar maxVal) {
        TensorIterator it = TensorIterator.functional(Tensor.FACTORY);
        it.buildBinaryOp(null, gradOutput, self);
        hardtanhBackward(it, minVal, maxVal);
        return (Tensor) it.output(0);
    }

    @Override
    public Tensor hardtanh_backward_out(Tensor gradOutput, Tensor self, Scalar minVal, Scalar maxVal,
            Tensor gradInput) {
        TensorIterator it = TensorIterator.out(Tensor.FACTORY, gradInput);
        it.buildBinaryOp(gradInput, gradOutput, self);
        hardtanhBackward(it, minVal, maxVal);
        it.finish();
        return gradInput;
    }

    /**
     * hardtanh_backward_kernel (its dispatch is named "hardshrink_backward_cpu" in 1.13): {@code self <= min ||
     * self >= max ? 0 : grad}. A NaN self passes the gradient in float32 but gives 0 in float64, as 1.13's CPU
     * loops do (its double loop keeps {@code min < self < max}); the dtype and the limits are checked before
     * the output is resized.
     */
    private static void hardtanhBackward(TensorIterator it, Scalar minVal, Scalar maxVal) {
        if (it.isMeta()) {
            it.commit();
            return;
        }
        requireFloating(it, "hardshrink_backward_cpu");
        ScalarConversions.check(minVal, it.commonDtype());
        ScalarConversions.check(maxVal, it.commonDtype());
        it.commit();
        double min = slope(it, minVal);
        double max = slope(it, maxVal);
        if (it.commonDtype() == ScalarType.Float32) {
            UfuncKernels.hardtanh_backward_float(it, (float) min, (float) max);
        } else {
            UfuncKernels.hardtanh_backward_double(it, min, max);
        }
    }
}
