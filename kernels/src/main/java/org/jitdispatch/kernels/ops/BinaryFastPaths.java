package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncLoops;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The CPU fast paths of add, sub, mul, div and pow by a number ({@code cpu_fast_path} in ops.yaml): for the operand shapes
 * of {@link FastOperands}, the result is computed by the generated ufunc loop of the op and dtype, with no
 * TensorIterator. They compute exactly what BinaryOps' kernels compute for the same arguments (the same
 * expression in the same Java type), and return null, having touched nothing, for every call they do not
 * take, including every call that the general path would refuse.
 */
public final class BinaryFastPaths implements BinaryFastPathsDeclarations {

    @Override
    public Tensor add(Tensor out, Tensor self, Tensor other, Scalar alpha) {
        return addOrSub(out, self, other, alpha, false);
    }

    /** ATen's sub is add with -alpha; bool operands are sub_check's errors, which the general path raises. */
    @Override
    public Tensor sub(Tensor out, Tensor self, Tensor other, Scalar alpha) {
        if (self.dtype() == ScalarType.Bool || other.dtype() == ScalarType.Bool) {
            return null;
        }
        return addOrSub(out, self, other, alpha, true);
    }

    @Override
    public Tensor mul(Tensor out, Tensor self, Tensor other) {
        Tensor like = FastOperands.binaryResultLike(self, other, false);
        Tensor result = like == null ? null : FastOperands.output(out, like, self, other);
        if (result == null) {
            return null;
        }
        switch (like.dtype()) {
            case Float32: UfuncLoops.mul_Float32(result, self, other); break;
            case Float64: UfuncLoops.mul_Float64(result, self, other); break;
            case Int32: UfuncLoops.mul_Int32(result, self, other); break;
            default: UfuncLoops.mul_Int64(result, self, other);
        }
        return result;
    }

    /** True division of floating operands (integral ones promote to a floating result: the general path). */
    @Override
    public Tensor div(Tensor out, Tensor self, Tensor other) {
        Tensor like = FastOperands.binaryResultLike(self, other, true);
        Tensor result = like == null ? null : FastOperands.output(out, like, self, other);
        if (result == null) {
            return null;
        }
        if (like.dtype() == ScalarType.Float32) {
            UfuncLoops.div_Float32(result, self, other);
        } else {
            UfuncLoops.div_Float64(result, self, other);
        }
        return result;
    }

    /**
     * {@code self ** exponent} of a contiguous floating tensor by a number other than 0 and 1 (those are a
     * fill and a copy in the general kernel), with the general kernel's own loop.
     */
    @Override
    public Tensor pow(Tensor out, Tensor self, Scalar exponent) {
        ScalarType dtype = self.dtype();
        if (self.device().type() != DeviceType.CPU || !self.isContiguous() || self.numel() == 0
                || (dtype != ScalarType.Float32 && dtype != ScalarType.Float64) || exponent.isBoolean()
                || Elementwise.scalarEquals(exponent, 0) || Elementwise.scalarEquals(exponent, 1)) {
            return null;
        }
        Tensor result = FastOperands.output(out, self, self, self);
        if (result == null) {
            return null;
        }
        int n = (int) self.numel();
        if (dtype == ScalarType.Float32) {
            FloatPow.pow(result.storage().floats(), (int) result.storageOffset(), self.storage().floats(),
                    (int) self.storageOffset(), n, exponent.toDouble());
        } else {
            DoublePow.pow(result.storage().doubles(), (int) result.storageOffset(), self.storage().doubles(),
                    (int) self.storageOffset(), n, exponent.toDouble());
        }
        return result;
    }

    private static Tensor addOrSub(Tensor out, Tensor self, Tensor other, Scalar alpha, boolean negate) {
        Tensor like = FastOperands.binaryResultLike(self, other, false);
        if (like == null || !alphaConverts(alpha, like.dtype())) {
            return null;
        }
        Tensor result = FastOperands.output(out, like, self, other);
        if (result == null) {
            return null;
        }
        if (!negate && alpha.isIntegral() && alpha.toLong() == 1) {
            plus(result, self, other, like.dtype());
            return result;
        }
        switch (like.dtype()) {
            case Float32: {
                float al = (float) alpha.toDouble();
                UfuncLoops.add_Float32(result, self, other, negate ? -al : al);
                break;
            }
            case Float64: {
                double al = alpha.toDouble();
                UfuncLoops.add_Float64(result, self, other, negate ? -al : al);
                break;
            }
            case Int32: {
                int al = (int) alpha.toLong();
                UfuncLoops.add_Int32(result, self, other, negate ? -al : al);
                break;
            }
            default: {
                long al = alpha.toLong();
                UfuncLoops.add_Int64(result, self, other, negate ? -al : al);
            }
        }
        return result;
    }

    /** {@code self + other}: add with alpha 1, whose {@code 1 * other} is {@code other} exactly in every dtype. */
    private static void plus(Tensor result, Tensor self, Tensor other, ScalarType dtype) {
        switch (dtype) {
            case Float32: UfuncLoops.plus_Float32(result, self, other); break;
            case Float64: UfuncLoops.plus_Float64(result, self, other); break;
            case Int32: UfuncLoops.plus_Int32(result, self, other); break;
            default: UfuncLoops.plus_Int64(result, self, other);
        }
    }

    /**
     * Whether alpha passes add's alpha_check and converts to the dtype without overflow; otherwise the
     * general path raises the error.
     */
    private static boolean alphaConverts(Scalar alpha, ScalarType dtype) {
        if (alpha.isBoolean()) {
            return false;
        }
        switch (dtype) {
            case Float64:
                return true;
            case Float32: {
                double d = alpha.toDouble();
                return !(Double.isFinite(d) && Math.abs(d) > Float.MAX_VALUE);
            }
            case Int32:
                return alpha.isIntegral() && alpha.toLong() == (int) alpha.toLong();
            default:
                return alpha.isIntegral();
        }
    }
}
