package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.ScalarType;

/**
 * special_erfcx, special_log_ndtr and special_ndtri: structured unary float ops as PyTorch 1.13's (integer inputs
 * give float results; float16 and bfloat16 refused, as 1.13's CPU kernels have only float and double loops),
 * over {@link NormalDistribution}.
 */
public final class NormalFunctions implements NormalFunctionsDeclarations {

    @Override
    public void meta_special_erfcx(TensorIterator op, Tensor self) {
        floatOnly(op, self, "erfcx_cpu");
    }

    @Override
    public void special_erfcx_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.erfcx(op, op.commonDtype());
    }

    @Override
    public void meta_special_log_ndtr(TensorIterator op, Tensor self) {
        floatOnly(op, self, "log_ndtr_cpu");
    }

    @Override
    public void special_log_ndtr_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.log_ndtr(op, op.commonDtype());
    }

    @Override
    public void meta_special_ndtri(TensorIterator op, Tensor self) {
        floatOnly(op, self, "ndtri_cpu");
    }

    @Override
    public void special_ndtri_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.ndtri(op, op.commonDtype());
    }

    private static void floatOnly(TensorIterator op, Tensor self, String kernel) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
        ScalarType dtype = op.commonDtype();
        if (!op.isMeta() && (dtype == ScalarType.Float16 || dtype == ScalarType.BFloat16)) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }
}
