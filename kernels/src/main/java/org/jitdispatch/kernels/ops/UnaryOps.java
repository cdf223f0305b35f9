package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.generated.UfuncLoops;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * neg, abs, exp, log, sqrt, relu, sigmoid and tanh: PyTorch 1.13's UnaryOps.cpp and Activation.cpp with
 * the loops of UnaryOpsKernel.cpp. neg keeps the dtype (build_unary_op: out= must match it); exp, log,
 * sqrt, sigmoid and tanh compute integers in float32 (build_unary_float_op). abs and relu are not
 * structured in PyTorch 1.13; their kernels build the TensorIterator themselves and skip the loop for
 * meta tensors, so they serve the Meta key too.
 *
 * <p>The loops are written once in ufuncs.yaml and generated per (op, loop type) into {@code UfuncKernels}.
 * Float32 math is computed in double and rounded once, which is at least as accurate as ATen's vectorized
 * float versions.
 */
public final class UnaryOps implements UnaryOpsDeclarations {

    // ---------------------------------------------------------------- neg

    @Override
    public void meta_neg(TensorIterator op, Tensor self) {
        if (self.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("Negation, the `-` operator, on a bool tensor is not supported. If you are"
                    + " trying to invert a mask, use the `~` or `logical_not()` operator instead.");
        }
        op.buildUnaryOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void neg_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.neg(op, op.commonDtype());
    }

    // ---------------------------------------------------------------- abs

    /** CompositeExplicitAutograd, as in PyTorch: abs_out into a new empty tensor. */
    @Override
    public Tensor abs(Tensor self) {
        Tensor result = Tensor.FACTORY.empty(new long[] {0}, self.dtype(), self.device());
        return Torch.abs_out(result, self);
    }

    @Override
    public Tensor abs_(Tensor self) {
        return Torch.abs_out(self, self);
    }

    /** unary_op_impl_out with abs_stub; the dtype check of the kernel is made before {@code out} is resized. */
    @Override
    public Tensor abs_out(Tensor self, Tensor out) {
        TensorIterator it = TensorIterator.out(Tensor.FACTORY, out);
        it.buildUnaryOp(out, self);
        if (it.isMeta()) {
            it.commit();
            return out;
        }
        ScalarType dtype = it.dtype(0);
        if (dtype == ScalarType.Bool) {
            throw Elementwise.notImplemented("abs_cpu", dtype);
        }
        it.commit();
        UfuncKernels.abs(it, it.commonDtype());
        it.finish();
        return out;
    }

    // ---------------------------------------------------------------- exp, log, sqrt, sigmoid, tanh

    @Override
    public void meta_exp(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void exp_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.exp(op, op.commonDtype());
    }

    @Override
    public void meta_log(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void log_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.log(op, op.commonDtype());
    }

    @Override
    public void meta_sqrt(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void sqrt_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.sqrt(op, op.commonDtype());
    }

    @Override
    public void meta_sigmoid(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    /** 1 / (1 + exp(-x)). */
    @Override
    public void sigmoid_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.sigmoid(op, op.commonDtype());
    }

    @Override
    public void meta_tanh(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void tanh_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.tanh(op, op.commonDtype());
    }

    // ---------------------------------------------------------------- relu

    /** Activation.cpp: clamp_min(self, 0), whose meta (build_unary_op) keeps the dtype. */
    @Override
    public Tensor relu(Tensor self) {
        checkReluInput(self);
        if (takesReluFastPath(self)) {
            Tensor result = new Tensor(self, Storage.allocate(self.dtype(), self.numel()), self.dtype());
            reluFastPath(result, self);
            return result;
        }
        return reluThroughIterator(self);
    }

    /** relu's general path: TensorIterator's unary loop, for any strides and dtypes. */
    static Tensor reluThroughIterator(Tensor self) {
        TensorIterator it = TensorIterator.functional(Tensor.FACTORY);
        it.buildUnaryOp(null, self);
        it.commit();
        reluLoop(it);
        return (Tensor) it.output(0);
    }

    /** clamp_min_(self, 0). */
    @Override
    public Tensor relu_(Tensor self) {
        checkReluInput(self);
        if (takesReluFastPath(self)) {
            reluFastPath(self, self);
            return self;
        }
        TensorIterator it = TensorIterator.inplace(Tensor.FACTORY, self);
        it.buildUnaryOp(self, self);
        it.commit();
        reluLoop(it);
        it.finish();
        return self;
    }

    /**
     * relu's fast path: a contiguous float32 or float64 CPU tensor is one run, computed by the generated
     * ufunc loop with the general loop's expression (and written in place for relu_, as TensorIterator
     * would write a contiguous self), or for float32 by {@link VectorActivationRuns} when the CPU capability is
     * VECTOR (the same bits). Property-tested against the general loop.
     */
    static boolean takesReluFastPath(Tensor self) {
        return self.device().type() == DeviceType.CPU && self.isContiguous() && self.numel() > 0
                && (self.dtype() == ScalarType.Float32 || self.dtype() == ScalarType.Float64);
    }

    static void reluFastPath(Tensor out, Tensor self) {
        if (self.dtype() == ScalarType.Float32) {
            if (VectorActivationRuns.ENABLED) {
                VectorActivationRuns.relu(out, self);
            } else {
                UfuncLoops.relu_Float32(out, self);
            }
        } else {
            UfuncLoops.relu_Float64(out, self);
        }
    }

    private static void checkReluInput(Tensor self) {
        if (self.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("Boolean inputs not supported for relu");
        }
    }

    /** std::max(a, 0): NaN and -0.0 pass through, as in clamp_min's kernel. */
    private static void reluLoop(TensorIterator it) {
        if (!it.isMeta()) {
            UfuncKernels.relu(it, it.commonDtype());
        }
    }
}
