package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.CommonDtypeCasts;
import org.jitdispatch.kernels.iter.LoopDtype;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.iter.TensorIteratorConfig;
import org.jitdispatch.kernels.structured.TypeMetaNames;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * where and clamp: PyTorch 1.13's TensorCompare.cpp with the loops of TensorCompareKernel.cpp and
 * BinaryOpsKernel.cpp (maximum, minimum).
 *
 * <p>where is not structured in PyTorch 1.13: self and other are promoted to their result type, the
 * condition must be bool, and the kernel (which builds its TensorIterator before touching data) also
 * serves meta tensors. clamp with Scalar bounds promotes self with the bounds as wrapped numbers and is a
 * unary op; clamp.Tensor is a ternary TensorIterator op with safe casting to the output.
 *
 * <p>where's loop is one method per loop family ({@code whereFloat}, {@code whereDouble}, {@code whereLong},
 * {@code whereBoolean}) behind a switch on the dtype. HotSpot compiles a method together with all it inlines,
 * so a method holding every family's loop kept C2 busy several times as long as each of these does, and its
 * profile mixed the dtypes; one method per family gives short compilations and single-dtype profiles.
 */
public final class TernaryOps implements TernaryOpsDeclarations {

    // ---------------------------------------------------------------- where

    @Override
    public Tensor where(Tensor condition, Tensor self, Tensor other) {
        ScalarType result = Elementwise.resultType(self, other);
        checkCondition(condition);
        TensorIterator it = TensorIterator.functional(Tensor.FACTORY);
        it.build(whereConfig(null, condition, self, other).declareStaticDtype(result));
        it.commit();
        whereLoop(it);
        return (Tensor) it.output(0);
    }

    @Override
    public Tensor where_self_out(Tensor condition, Tensor self, Tensor other, Tensor out) {
        checkCondition(condition);
        // PyTorch 1.13 fails an internal assert here; later releases refuse with this message
        ScalarType result = Elementwise.resultType(self, other);
        if (out.dtype() != result) {
            throw new IllegalArgumentException("Expected out type to be " + result.c10Name() + " but got "
                    + out.dtype().c10Name());
        }
        TensorIterator it = TensorIterator.out(Tensor.FACTORY, out);
        it.build(whereConfig(out, condition, self, other));
        it.commit();
        whereLoop(it);
        it.finish();
        return out;
    }

    private static void checkCondition(TensorImpl condition) {
        if (condition.dtype() != ScalarType.Bool) {
            throw new IllegalArgumentException("where expected condition to be a boolean tensor, but got a tensor with"
                    + " dtype " + condition.dtype().c10Name());
        }
    }

    /**
     * No promotion in the iterator: the loop reads self and other converted to the output's dtype, which
     * is what ATen's self.to(result_type) and other.to(result_type) give it.
     */
    private static TensorIteratorConfig whereConfig(TensorImpl out, TensorImpl condition, TensorImpl self, TensorImpl other) {
        return new TensorIteratorConfig().checkAllSameDtype(false).addOutput(out).addInput(condition).addInput(self)
                .addInput(other);
    }

    /** The loop of the output's dtype: where's inputs are read converted to it, not promoted. */
    private static void whereLoop(TensorIterator it) {
        if (!it.isMeta()) {
            UfuncKernels.where(it, it.dtype(0));
        }
    }

    // ---------------------------------------------------------------- clamp (Scalar bounds)

    /**
     * TORCH_META_FUNC(clamp): the bounds take part in type promotion as wrapped numbers (an int tensor
     * clamped to 0.5 becomes float32), which in-place clamping may not do; then a unary op on self
     * converted to that type.
     */
    @Override
    public void meta_clamp(TensorIterator op, Tensor self, Scalar min, Scalar max) {
        if (min == null && max == null) {
            throw new IllegalArgumentException("torch.clamp: At least one of 'min' or 'max' must not be None");
        }
        ScalarType result = self.dtype();
        if (!result.isFloatingPoint()) {
            ResultType state = new ResultType().add(self.dtype(), self.dim(), self.isWrappedNumber());
            if (min != null) {
                state.add(min);
            }
            if (max != null) {
                state.add(max);
            }
            result = state.result();
            if (result != self.dtype() && op.maybeGetOutput(0) == self) {
                throw new IllegalArgumentException("result type " + result.c10Name()
                        + " can't be cast to the desired output type " + TypeMetaNames.of(self.dtype()));
            }
        }
        op.buildUnaryOp(op.maybeGetOutput(0), Elementwise.toDtype(self, result));
        if (op.isMeta() || (min != null && max != null && (Elementwise.isNaN(min) || Elementwise.isNaN(max)))) {
            return;
        }
        ScalarType dtype = op.commonDtype();
        if (dtype == ScalarType.Bool) {
            throw Elementwise.notImplemented(min != null && max != null ? "clamp_scalar_cpu"
                    : max != null ? "clamp_max_scalar_cpu" : "clamp_min_scalar_cpu", dtype);
        }
        if (min != null) {
            Elementwise.checkConvert(min, dtype);
        }
        if (max != null) {
            Elementwise.checkConvert(max, dtype);
        }
    }

    /** A NaN bound (with both bounds given) fills the result with NaN; std::min/std::max otherwise. */
    @Override
    public void clamp_out(TensorIterator op, Tensor self, Scalar min, Scalar max, Tensor out) {
        if (min != null && max != null && (Elementwise.isNaN(min) || Elementwise.isNaN(max))) {
            Elementwise.fill(op, op.dtype(0), Double.NaN);
            return;
        }
        switch (LoopDtype.of(op.commonDtype())) {
            case Float32 -> {
                // the bounds as float, as ATen's min.to<float>() makes them; the form is chosen on those
                float lo = min == null ? Float.NaN : (float) min.toDouble();
                float hi = max == null ? Float.NaN : (float) max.toDouble();
                switch (ClampForm.of(min == null ? null : (double) lo, max == null ? null : (double) hi)) {
                    case MIN_MAX -> UfuncKernels.clamp_scalar_min_max_float(op, lo, hi);
                    case RELU_THEN_MIN -> UfuncKernels.clamp_scalar_relu_min_float(op, hi);
                    case SELECTS -> UfuncKernels.clamp_scalar_float(op, lo, hi);
                    case MAX -> UfuncKernels.clamp_min_scalar_max_float(op, lo);
                    case RELU -> UfuncKernels.relu_float(op);
                    case MIN_SELECT -> UfuncKernels.clamp_min_scalar_float(op, lo);
                    case MIN -> UfuncKernels.clamp_max_scalar_min_float(op, hi);
                    case NEGATED_RELU -> UfuncKernels.clamp_max_negative_zero_float(op);
                    case MAX_SELECT -> UfuncKernels.clamp_max_scalar_float(op, hi);
                }
            }
            case Float64 -> {
                double lo = min == null ? Double.NaN : min.toDouble();
                double hi = max == null ? Double.NaN : max.toDouble();
                switch (ClampForm.of(min == null ? null : lo, max == null ? null : hi)) {
                    case MIN_MAX -> UfuncKernels.clamp_scalar_min_max_double(op, lo, hi);
                    case RELU_THEN_MIN -> UfuncKernels.clamp_scalar_relu_min_double(op, hi);
                    case SELECTS -> UfuncKernels.clamp_scalar_double(op, lo, hi);
                    case MAX -> UfuncKernels.clamp_min_scalar_max_double(op, lo);
                    case RELU -> UfuncKernels.relu_double(op);
                    case MIN_SELECT -> UfuncKernels.clamp_min_scalar_double(op, lo);
                    case MIN -> UfuncKernels.clamp_max_scalar_min_double(op, hi);
                    case NEGATED_RELU -> UfuncKernels.clamp_max_negative_zero_double(op);
                    case MAX_SELECT -> UfuncKernels.clamp_max_scalar_double(op, hi);
                }
            }
            // the bounds as scalar_t, as ATen's min.to<scalar_t>() makes them: uint8's -2 is 254
            default -> UfuncKernels.clamp_scalar_long(op,
                    min == null ? Long.MIN_VALUE : CommonDtypeCasts.wrap(min.toLong(), op.commonDtype()),
                    max == null ? Long.MAX_VALUE : CommonDtypeCasts.wrap(max.toLong(), op.commonDtype()));
        }
    }

    // ---------------------------------------------------------------- clamp (Tensor bounds)

    @Override
    public void meta_clamp_Tensor(TensorIterator op, Tensor self, Tensor min, Tensor max) {
        if (min == null && max == null) {
            throw new IllegalArgumentException("torch.clamp: At least one of 'min' or 'max' must not be None");
        }
        TensorIteratorConfig config = new TensorIteratorConfig().addOutput(op.maybeGetOutput(0)).addInput(self)
                .promoteInputsToCommonDtype(true).castCommonDtypeToOutputs(true).enforceSafeCastingToOutput(true);
        if (min != null) {
            config.addInput(min);
        }
        if (max != null) {
            config.addInput(max);
        }
        op.build(config);
        if (!op.isMeta() && min != null && max != null && op.commonDtype() == ScalarType.Bool) {
            throw Elementwise.notImplemented("clamp_cpu", ScalarType.Bool);
        }
    }

    /** clamp_stub with both bounds (a NaN bound gives NaN), else maximum_stub (min) or minimum_stub (max). */
    @Override
    public void clamp_Tensor_out(TensorIterator op, Tensor self, Tensor min, Tensor max, Tensor out) {
        if (min != null && max != null) {
            UfuncKernels.clamp(op, op.commonDtype());
        } else {
            if (min != null) {
                UfuncKernels.clamp_min(op, op.commonDtype());
            } else {
                UfuncKernels.clamp_max(op, op.commonDtype());
            }
        }
    }

}
