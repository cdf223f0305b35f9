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

    /**
     * TORCH_META_FUNC(threshold): threshold_backward's iterator over {@code (self, self)}; threshold and value
     * converted to the common dtype (ATen converts them in the kernel, after resizing out).
     */
    @Override
    public void meta_threshold(TensorIterator op, Tensor self, Scalar threshold, Scalar value) {
        op.build(new TensorIteratorConfig().checkMemOverlap(false).addOutput(op.maybeGetOutput(0)).addInput(self)
                .addInput(self).allowCpuScalars(true).promoteInputsToCommonDtype(true)
                .castCommonDtypeToOutputs(true).enforceSafeCastingToOutput(true));
        if (!op.isMeta()) {
            if (op.commonDtype() == ScalarType.Bool || op.commonDtype() == ScalarType.Float16) {
                // threshold's CPU kernel has neither a bool nor (in 1.13) a float16 loop
                throw Elementwise.notImplemented("threshold_cpu", op.commonDtype());
            }
            ScalarConversions.check(threshold, op.commonDtype());
            ScalarConversions.check(value, op.commonDtype());
        }
    }

    /** threshold_kernel: {@code x <= threshold ? value : x}, in the common dtype. */
    @Override
    public void threshold_out(TensorIterator op, Tensor self, Scalar threshold, Scalar value, Tensor out) {
        switch (LoopDtype.of(op.commonDtype())) {
            case Float32 -> UfuncKernels.threshold_value_float(op, (float) ScalarConversions.toDouble(threshold),
                    (float) ScalarConversions.toDouble(value));
            case Float64 -> UfuncKernels.threshold_value_double(op, ScalarConversions.toDouble(threshold),
                    ScalarConversions.toDouble(value));
            default -> {
                long t = ScalarConversions.toLong(threshold);
                long v = ScalarConversions.toLong(value);
                boolean int32 = op.commonDtype() == ScalarType.Int32;
                UfuncKernels.threshold_value_long(op, int32 ? (int) t : t, int32 ? (int) v : v);
            }
        }
    }

    // ---------------------------------------------------------------- shared loops

    /** Floating dtypes only (float16 and bfloat16 computed in float32): the metas refuse others on CPU. */
    static void requireFloating(TensorIterator op, String kernel) {
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
    // ---------------------------------------------------------------- softplus

    @Override
    public void meta_softplus(TensorIterator op, Tensor self, Scalar beta, Scalar threshold) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        requireFloating(op, "softplus_cpu");
        checkScalars(op, beta, threshold);
    }

    /** {@code x * beta > threshold ? x : log1p(exp(x * beta)) / beta}, beta and threshold in the dtype. */
    @Override
    public void softplus_out(TensorIterator op, Tensor self, Scalar beta, Scalar threshold, Tensor out) {
        double b = slope(op, beta);
        double t = slope(op, threshold);
        if (op.commonDtype() == ScalarType.Float64) {
            UfuncKernels.softplus_double(op, b, t);
        } else {
            UfuncKernels.softplus_float(op, (float) b, (float) t);
        }
    }

    @Override
    public void meta_softplus_backward(TensorIterator op, Tensor gradOutput, Tensor self, Scalar beta,
            Scalar threshold) {
        op.buildBinaryOp(op.maybeGetOutput(0), gradOutput, self);
        requireFloating(op, "softplus_backward_cpu");
        checkScalars(op, beta, threshold);
    }

    @Override
    public void softplus_backward_out(TensorIterator op, Tensor gradOutput, Tensor self, Scalar beta,
            Scalar threshold, Tensor gradInput) {
        double b = slope(op, beta);
        double t = slope(op, threshold);
        if (op.commonDtype() == ScalarType.Float64) {
            UfuncKernels.softplus_backward_double(op, b, t);
        } else {
            UfuncKernels.softplus_backward_float(op, (float) b, (float) t);
        }
    }

    // ---------------------------------------------------------------- elu, selu, celu

    @Override
    public void meta_elu(TensorIterator op, Tensor self, Scalar alpha, Scalar scale, Scalar inputScale) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        requireFloating(op, "elu_cpu");
        checkScalars(op, alpha, scale, inputScale);
    }

    /** {@code x <= 0 ? expm1(x * input_scale) * alpha * scale : x * scale}, the coefficients in the dtype. */
    @Override
    public void elu_out(TensorIterator op, Tensor self, Scalar alpha, Scalar scale, Scalar inputScale, Tensor out) {
        eluLoop(op, alpha, scale, inputScale, false);
    }

    @Override
    public void meta_elu_backward(TensorIterator op, Tensor gradOutput, Scalar alpha, Scalar scale,
            Scalar inputScale, boolean isResult, Tensor selfOrResult) {
        if (isResult && ScalarConversions.toDouble(alpha) < 0.0) {
            throw new IllegalArgumentException("In-place elu backward calculation is triggered with a negative slope which"
                    + " is not supported. This is caused by calling in-place forward function with a negative slope,"
                    + " please call out-of-place version instead.");
        }
        op.buildBinaryOp(op.maybeGetOutput(0), gradOutput, selfOrResult);
        requireFloating(op, "elu_backward_cpu");
        checkScalars(op, alpha, scale, inputScale);
    }

    /**
     * From the input: {@code x <= 0 ? g * input_scale * negcoef * exp(x * input_scale) : g * scale}; from the
     * result y ({@code is_result}): {@code y <= 0 ? g * input_scale * (y + negcoef) : g * scale}.
     */
    @Override
    public void elu_backward_out(TensorIterator op, Tensor gradOutput, Scalar alpha, Scalar scale,
            Scalar inputScale, boolean isResult, Tensor selfOrResult, Tensor gradInput) {
        eluLoop(op, alpha, scale, inputScale, true, isResult);
    }

    private static void eluLoop(TensorIterator op, Scalar alpha, Scalar scale, Scalar inputScale, boolean backward) {
        eluLoop(op, alpha, scale, inputScale, backward, false);
    }

    /** negcoef = alpha * scale computed in the dtype, as ATen's {@code alpha.to<scalar_t>() * scale.to<scalar_t>()}. */
    private static void eluLoop(TensorIterator op, Scalar alpha, Scalar scale, Scalar inputScale, boolean backward,
            boolean fromResult) {
        double a = slope(op, alpha);
        double pos = slope(op, scale);
        double in = slope(op, inputScale);
        if (op.commonDtype() == ScalarType.Float64) {
            double neg = a * pos;
            if (!backward) {
                UfuncKernels.elu_double(op, neg, pos, in);
            } else if (fromResult) {
                UfuncKernels.elu_backward_result_double(op, neg, pos, in);
            } else {
                UfuncKernels.elu_backward_double(op, neg, pos, in);
            }
        } else {
            float neg = (float) a * (float) pos;
            if (!backward) {
                UfuncKernels.elu_float(op, neg, (float) pos, (float) in);
            } else if (fromResult) {
                UfuncKernels.elu_backward_result_float(op, neg, (float) pos, (float) in);
            } else {
                UfuncKernels.elu_backward_float(op, neg, (float) pos, (float) in);
            }
        }
    }

    /** SELU's constants, as Activation.cpp writes them. */
    private static final double SELU_ALPHA = 1.6732632423543772848170429916717;
    private static final double SELU_SCALE = 1.0507009873554804934193349852946;

    @Override
    public Tensor selu(Tensor self) {
        return Torch.elu(self, Scalar.of(SELU_ALPHA), Scalar.of(SELU_SCALE), Scalar.of(1));
    }

    @Override
    public Tensor selu_(Tensor self) {
        return Torch.elu_(self, Scalar.of(SELU_ALPHA), Scalar.of(SELU_SCALE), Scalar.of(1));
    }

    /** elu(self, alpha, 1, 1 / alpha); alpha 0 refused with ATen's message. */
    @Override
    public Tensor celu(Tensor self, Scalar alpha) {
        return Torch.elu(self, alpha, Scalar.of(1.0), Scalar.of(celuInputScale(alpha)));
    }

    @Override
    public Tensor celu_(Tensor self, Scalar alpha) {
        return Torch.elu_(self, alpha, Scalar.of(1.0), Scalar.of(celuInputScale(alpha)));
    }

    private static double celuInputScale(Scalar alpha) {
        double a = ScalarConversions.toDouble(alpha);
        if (a == 0) {
            throw new IllegalArgumentException("ZeroDivisionError: alpha cannot be 0 for CELU");
        }
        return 1.0 / a;
    }

    /** hardtanh(self, 0, 6). */
    @Override
    public Tensor relu6(Tensor self) {
        return Torch.hardtanh(self, Scalar.of(0), Scalar.of(6));
    }

    @Override
    public Tensor relu6_(Tensor self) {
        return Torch.hardtanh_(self, Scalar.of(0), Scalar.of(6));
    }

    // ---------------------------------------------------------------- hardswish (not structured in PyTorch 1.13)

    @Override
    public Tensor hardswish(Tensor self) {
        TensorIterator it = TensorIterator.functional(Tensor.FACTORY);
        it.buildUnaryOp(null, self);
        hardswishLoop(it);
        return (Tensor) it.output(0);
    }

    @Override
    public Tensor hardswish_out(Tensor self, Tensor out) {
        TensorIterator it = TensorIterator.out(Tensor.FACTORY, out);
        it.buildUnaryOp(out, self);
        hardswishLoop(it);
        it.finish();
        return out;
    }

    @Override
    public Tensor hardswish_(Tensor self) {
        return hardswish_out(self, self);
    }

    /** {@code x * min(max(x + 3, 0), 6) / 6}; the dtype is checked before the output is resized. */
    private static void hardswishLoop(TensorIterator it) {
        if (!it.isMeta()) {
            requireFloating(it, "hardswish_cpu");
        }
        it.commit();
        if (!it.isMeta()) {
            UfuncKernels.hardswish(it, it.commonDtype());
        }
    }

    /** {@code x < -3 ? 0 : x <= 3 ? g * (x / 3 + 0.5) : g}. */
    @Override
    public Tensor hardswish_backward(Tensor gradOutput, Tensor self) {
        TensorIterator it = TensorIterator.functional(Tensor.FACTORY);
        it.buildBinaryOp(null, gradOutput, self);
        if (!it.isMeta()) {
            requireFloating(it, "hardswish_backward_cpu");
        }
        it.commit();
        if (!it.isMeta()) {
            UfuncKernels.hardswish_backward(it, it.commonDtype());
        }
        return (Tensor) it.output(0);
    }

    // ---------------------------------------------------------------- hardsigmoid, mish

    @Override
    public void meta_hardsigmoid(TensorIterator op, Tensor self) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        requireFloating(op, "hardsigmoid_cpu");
    }

    /** {@code min(max(x + 3, 0), 6) / 6}. */
    @Override
    public void hardsigmoid_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.hardsigmoid(op, op.commonDtype());
    }

    @Override
    public void meta_hardsigmoid_backward(TensorIterator op, Tensor gradOutput, Tensor self) {
        op.buildBinaryOp(op.maybeGetOutput(0), gradOutput, self);
        requireFloating(op, "hardsigmoid_backward");
    }

    /** {@code -3 < x < 3 ? g * (1.0f / 6) : 0} (ATen's float constant, also for double). */
    @Override
    public void hardsigmoid_backward_out(TensorIterator op, Tensor gradOutput, Tensor self, Tensor gradInput) {
        UfuncKernels.hardsigmoid_backward(op, op.commonDtype());
    }

    @Override
    public void meta_mish(TensorIterator op, Tensor self) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        requireFloating(op, "mish_cpu");
    }

    /** {@code x * tanh(log1p(exp(x)))}. */
    @Override
    public void mish_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.mish(op, op.commonDtype());
    }

    @Override
    public Tensor mish_backward(Tensor gradOutput, Tensor self) {
        TensorIterator it = TensorIterator.functional(Tensor.FACTORY);
        it.buildBinaryOp(null, gradOutput, self);
        if (!it.isMeta()) {
            requireFloating(it, "mish_backward_cpu");
        }
        it.commit();
        if (!it.isMeta()) {
            UfuncKernels.mish_backward(it, it.commonDtype());
        }
        return (Tensor) it.output(0);
    }

    /** ATen converts each Scalar to the dtype ({@code to<scalar_t>()}), refusing one out of its range. */
    private static void checkScalars(TensorIterator op, Scalar... values) {
        if (!op.isMeta()) {
            for (Scalar v : values) {
                ScalarConversions.check(v, op.commonDtype());
            }
        }
    }
}
