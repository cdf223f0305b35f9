package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.iter.DoubleLoop;
import org.jitdispatch.kernels.iter.FloatLoop;
import org.jitdispatch.kernels.iter.LongLoop;
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
        switch (op.commonDtype()) {
            case Float32: {
                float t = (float) ScalarConversions.toDouble(threshold);
                FloatLoop c = op.floatLoop();
                while (c.next()) {
                    float[] o = c.out();
                    float[] x = c.in0();
                    float[] g = c.in1();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = x[i] <= t ? 0f : g[i];
                    }
                }
                break;
            }
            case Float64: {
                double t = ScalarConversions.toDouble(threshold);
                DoubleLoop c = op.doubleLoop();
                while (c.next()) {
                    double[] o = c.out();
                    double[] x = c.in0();
                    double[] g = c.in1();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = x[i] <= t ? 0.0 : g[i];
                    }
                }
                break;
            }
            default: {
                long t = ScalarConversions.toLong(threshold);
                if (op.commonDtype() == ScalarType.Int32) {
                    t = (int) t;
                }
                LongLoop c = op.longLoop();
                while (c.next()) {
                    long[] o = c.out();
                    long[] x = c.in0();
                    long[] g = c.in1();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = x[i] <= t ? 0L : g[i];
                    }
                }
            }
        }
    }
}
