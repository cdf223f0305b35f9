package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.structured.TypeMetaNames;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Elementwise operators PyTorch 1.13 writes through other operators (TensorCompare.cpp, UnaryOps.cpp,
 * PointwiseOps.cpp, LinearAlgebra.cpp, Onehot.cpp), written here the same way: the predicates isnan, isinf
 * and isfinite, the logical operators, the one-sided clamps, square, addcmul and addcdiv, outer, lerp and
 * one_hot. Every result comes from the operators they call, so dtypes, broadcasting, errors and gradients are
 * those operators'.
 */
public final class ElementwiseComposites implements ElementwiseCompositesDeclarations {
    private static final Scalar ZERO = Scalar.of(0);

    /** {@code self != self}: true exactly at NaN (never for integers and bool). */
    @Override
    public Tensor isnan(Tensor self) {
        return Torch.ne(self, self);
    }

    /** Integers and bool are never infinite; a floating value is where {@code |self| == inf}. */
    @Override
    public Tensor isinf(Tensor self) {
        if (!self.dtype().isFloatingPoint()) {
            return Torch.zeros_like(self, ScalarType.Bool, null, null, null, null);
        }
        return Torch.eq(Torch.abs(self), Scalar.of(Double.POSITIVE_INFINITY));
    }

    /** Integers and bool are always finite; a floating value where {@code self == self && |self| != inf}. */
    @Override
    public Tensor isfinite(Tensor self) {
        if (!self.dtype().isFloatingPoint()) {
            return Torch.ones_like(self, ScalarType.Bool, null, null, null, null);
        }
        return Torch.mul(Torch.eq(self, self), Torch.ne(Torch.abs(self), Scalar.of(Double.POSITIVE_INFINITY)));
    }

    /** Every real dtype's values are real: ones of bool, in self's layout. */
    @Override
    public Tensor isreal(Tensor self) {
        return Torch.ones_like(self, ScalarType.Bool, null, null, null, MemoryFormat.Preserve);
    }

    /** self itself; a bool tensor is refused as 1.13 refuses it. */
    @Override
    public Tensor positive(Tensor self) {
        if (self.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("The `+` operator, on a bool tensor is not supported.");
        }
        return self;
    }

    /** A bool tensor, true where self is zero (NaN is not zero). */
    @Override
    public Tensor logical_not(Tensor self) {
        return Torch.eq(self, ZERO);
    }

    /** A bool tensor of the broadcast shape, true where both are nonzero. */
    @Override
    public Tensor logical_and(Tensor self, Tensor other) {
        return Torch.mul(Torch.ne(self, ZERO), Torch.ne(other, ZERO));
    }

    /** A bool tensor of the broadcast shape, true where either is nonzero (bool addition is or). */
    @Override
    public Tensor logical_or(Tensor self, Tensor other) {
        return Torch.add(Torch.ne(self, ZERO), Torch.ne(other, ZERO), Scalar.of(1));
    }

    /** A bool tensor of the broadcast shape, true where exactly one is nonzero. */
    @Override
    public Tensor logical_xor(Tensor self, Tensor other) {
        return Torch.ne(Torch.ne(self, ZERO), Torch.ne(other, ZERO));
    }

    @Override
    public Tensor clamp_min(Tensor self, Scalar min) {
        return Torch.clamp(self, min, null);
    }

    @Override
    public Tensor clamp_max(Tensor self, Scalar max) {
        return Torch.clamp(self, null, max);
    }

    /** {@code pow(self, 2)}, as ATen writes it. */
    @Override
    public Tensor square(Tensor self) {
        return Torch.pow(self, Scalar.of(2));
    }

    /**
     * {@code self + value * tensor1 * tensor2} in the dtype the three promote to; a floating value with integer
     * tensors is truncated, as ATen's {@code value.to<scalar_t>()} does.
     */
    @Override
    public Tensor addcmul(Tensor self, Tensor tensor1, Tensor tensor2, Scalar value) {
        ScalarType common = ResultType.resultType(self, tensor1, tensor2);
        Tensor product = Torch.mul(Torch.mul(as(tensor1, common), scalarIn(value, common)), as(tensor2, common));
        return Torch.add(self, product, Scalar.of(1));
    }

    /** {@code self + value * tensor1 / tensor2}; integer tensor1 and tensor2 are refused, as in PyTorch 1.13. */
    @Override
    public Tensor addcdiv(Tensor self, Tensor tensor1, Tensor tensor2, Scalar value) {
        checkAddcdiv(tensor1, tensor2);
        ScalarType common = ResultType.resultType(self, tensor1, tensor2);
        Tensor quotient = Torch.div(Torch.mul(as(tensor1, common), scalarIn(value, common)), as(tensor2, common));
        return Torch.add(self, quotient, Scalar.of(1));
    }

    /** {@code self.reshape(n, 1) * vec2}, both 1-d. */
    @Override
    public Tensor outer(Tensor self, Tensor vec2) {
        checkOneDim(self, "self");
        checkOneDim(vec2, "vec2");
        return Torch.mul(self.reshape(self.size(0), 1), vec2);
    }

    /**
     * ATen's lerp, {@code self + weight * (end - self)} for a weight of magnitude below 0.5, else
     * {@code end - (end - self) * (1 - weight)}, so that weights 0 and 1 give self and end exactly.
     */
    @Override
    public Tensor lerp(Tensor self, Tensor end, Scalar weight) {
        checkLerp(self, end, null);
        Tensor difference = Torch.sub(end, self, Scalar.of(1));
        double w = weight.toDouble();
        return Math.abs(w) < 0.5 ? Torch.add(self, difference, weight)
                : Torch.sub(end, difference, Scalar.of(1 - w));
    }

    /** As {@link #lerp(Tensor, Tensor, Scalar)}, the formula chosen per element by the weight's magnitude. */
    @Override
    public Tensor lerp(Tensor self, Tensor end, Tensor weight) {
        checkLerp(self, end, weight);
        Tensor difference = Torch.sub(end, self, Scalar.of(1));
        Tensor small = Torch.lt(Torch.abs(weight), Scalar.of(0.5));
        Tensor fromSelf = Torch.add(self, Torch.mul(weight, difference), Scalar.of(1));
        Tensor fromEnd = Torch.sub(end, Torch.mul(difference, Torch.sub(Torch.ones_like(weight, null, null, null,
                null, null), weight, Scalar.of(1))), Scalar.of(1));
        return Torch.where(small, fromSelf, fromEnd);
    }

    /** lerp's checks: its operands of self's dtype, which must be floating. */
    private static void checkLerp(Tensor self, Tensor end, Tensor weight) {
        if (end.dtype() != self.dtype()) {
            throw new IllegalArgumentException("expected dtype " + TypeMetaNames.of(self.dtype()) + " for `end` but got"
                    + " dtype " + TypeMetaNames.of(end.dtype()));
        }
        if (weight != null && weight.dtype() != self.dtype()) {
            throw new IllegalArgumentException("expected dtype " + TypeMetaNames.of(self.dtype())
                    + " for `weight` but got dtype " + TypeMetaNames.of(weight.dtype()));
        }
        if (!self.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented(weight == null ? "lerp_kernel_scalar" : "lerp_kernel_tensor", self.dtype());
        }
    }

    /**
     * ATen's one_hot: int64 class indices to a tensor with one more dim of {@code numClasses} (the largest index
     * plus one when -1), zeros with a one at each index.
     */
    @Override
    public Tensor one_hot(Tensor self, long numClasses) {
        if (self.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("one_hot is only applicable to index tensor.");
        }
        long[] sizes = self.sizes();
        long[] shape = Arrays.copyOf(sizes, sizes.length + 1);
        if (self.numel() == 0) {
            if (numClasses <= 0) {
                throw new IllegalArgumentException("Can not infer total number of classes from empty tensor.");
            }
            shape[sizes.length] = numClasses;
            return Torch.empty(shape, self.dtype(), null, self.device(), null, null);
        }
        if (Torch.min(self).toLongArray()[0] < 0) {
            throw new IllegalArgumentException("Class values must be non-negative.");
        }
        long max = Torch.max(self).toLongArray()[0];
        if (numClasses == -1) {
            numClasses = max + 1;
        } else if (numClasses <= max) {
            throw new IllegalArgumentException("Class values must be smaller than num_classes.");
        }
        shape[sizes.length] = numClasses;
        Tensor result = Torch.zeros(shape, self.dtype(), null, self.device(), null);
        return result.scatter_(-1, self.unsqueeze(-1), Scalar.of(1));
    }

    private static void checkOneDim(Tensor t, String name) {
        if (t.dim() != 1) {
            throw new IllegalArgumentException("outer: Expected 1-D argument " + name + ", but got " + t.dim() + "-D");
        }
    }

    private static Tensor as(Tensor t, ScalarType dtype) {
        return t.dtype() == dtype ? t : t.to(dtype);
    }

    /** The value as the computation's dtype sees it: truncated for an integer one. */
    private static Scalar scalarIn(Scalar value, ScalarType dtype) {
        if (value.isFloatingPoint() && !dtype.isFloatingPoint() && dtype != ScalarType.Bool) {
            return Scalar.of((long) value.toDouble());
        }
        return value;
    }
    // ---------------------------------------------------------------- where with Scalars, max/min of two, rsub

    /**
     * where with a Scalar for the other branch, a wrapped number as ATen makes it (it does not widen self); an
     * integer Scalar must fit an integer result dtype, as c10's checked conversion says (uint8 takes -2 as 254, not
     * 300), where the arithmetic operators wrap it unchecked.
     */
    @Override
    public Tensor where(Tensor condition, Tensor self, Scalar other) {
        checkScalarBranch(self, other);
        return Torch.where(condition, self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor where(Tensor condition, Scalar self, Tensor other) {
        checkScalarBranch(other, self);
        return Torch.where(condition, Elementwise.wrappedScalarTensor(self), other);
    }

    private static void checkScalarBranch(Tensor tensor, Scalar value) {
        ScalarType result = ResultType.resultType(tensor, value);
        if (!result.isFloatingPoint() && result != ScalarType.Bool) {
            ScalarConversions.check(value, result);
        }
    }

    @Override
    public Tensor where(Tensor condition, Scalar self, Scalar other) {
        return Torch.where(condition, Elementwise.wrappedScalarTensor(self), Elementwise.wrappedScalarTensor(other));
    }

    /** The indices of the nonzero elements, one int64 vector per dim (nonzero's columns). */
    @Override
    public Tensor[] where(Tensor condition) {
        Tensor c = condition.dim() == 0 ? condition.unsqueeze(0) : condition; // a 0-dim condition gives one vector
        return Torch.nonzero(c).unbind(1);
    }

    /** max(self, other) of two tensors is maximum. */
    @Override
    public Tensor max(Tensor self, Tensor other) {
        return Torch.maximum(self, other);
    }

    @Override
    public Tensor max_out(Tensor self, Tensor other, Tensor out) {
        return Torch.maximum_out(out, self, other);
    }

    @Override
    public Tensor min(Tensor self, Tensor other) {
        return Torch.minimum(self, other);
    }

    @Override
    public Tensor min_out(Tensor self, Tensor other, Tensor out) {
        return Torch.minimum_out(out, self, other);
    }

    /** {@code other - alpha * self}. */
    @Override
    public Tensor rsub(Tensor self, Tensor other, Scalar alpha) {
        return Torch.sub(other, self, alpha);
    }

    @Override
    public Tensor rsub(Tensor self, Scalar other, Scalar alpha) {
        return Torch.sub(Elementwise.wrappedScalarTensor(other), self, alpha);
    }
    // ---------------------------------------------------------------- in-place and out= overloads of the above

    /** The product of addcmul, then added into self (its dtype and shape kept, as ATen's in-place iterator). */
    @Override
    public Tensor addcmul_(Tensor self, Tensor tensor1, Tensor tensor2, Scalar value) {
        ScalarType common = ResultType.resultType(self, tensor1, tensor2);
        return self.add_(Torch.mul(Torch.mul(as(tensor1, common), scalarIn(value, common)), as(tensor2, common)));
    }

    @Override
    public Tensor addcmul_out(Tensor self, Tensor tensor1, Tensor tensor2, Scalar value, Tensor out) {
        ScalarType common = ResultType.resultType(self, tensor1, tensor2);
        Tensor product = Torch.mul(Torch.mul(as(tensor1, common), scalarIn(value, common)), as(tensor2, common));
        return Torch.add_out(out, self, product, Scalar.of(1));
    }

    @Override
    public Tensor addcdiv_(Tensor self, Tensor tensor1, Tensor tensor2, Scalar value) {
        checkAddcdiv(tensor1, tensor2);
        ScalarType common = ResultType.resultType(self, tensor1, tensor2);
        return self.add_(Torch.div(Torch.mul(as(tensor1, common), scalarIn(value, common)), as(tensor2, common)));
    }

    @Override
    public Tensor addcdiv_out(Tensor self, Tensor tensor1, Tensor tensor2, Scalar value, Tensor out) {
        checkAddcdiv(tensor1, tensor2);
        ScalarType common = ResultType.resultType(self, tensor1, tensor2);
        Tensor quotient = Torch.div(Torch.mul(as(tensor1, common), scalarIn(value, common)), as(tensor2, common));
        return Torch.add_out(out, self, quotient, Scalar.of(1));
    }

    /**
     * lerp into self: the result must have self's shape; it is computed as lerp is and copied in, so autograd
     * sees the old self through lerp and the write as a copy.
     */
    @Override
    public Tensor lerp_(Tensor self, Tensor end, Scalar weight) {
        checkInPlaceShape(self, end.sizes());
        return self.copy_(Torch.lerp(self, end, weight));
    }

    @Override
    public Tensor lerp_(Tensor self, Tensor end, Tensor weight) {
        checkInPlaceShape(self, Broadcast.inferSize(end.sizes(), weight.sizes()));
        return self.copy_(Torch.lerp(self, end, weight));
    }

    @Override
    public Tensor lerp_out(Tensor self, Tensor end, Scalar weight, Tensor out) {
        return castInto(Torch.lerp(self, end, weight), out);
    }

    @Override
    public Tensor lerp_out(Tensor self, Tensor end, Tensor weight, Tensor out) {
        return castInto(Torch.lerp(self, end, weight), out);
    }

    @Override
    public Tensor clamp_min_(Tensor self, Scalar min) {
        return Torch.clamp_(self, min, null);
    }

    @Override
    public Tensor clamp_max_(Tensor self, Scalar max) {
        return Torch.clamp_(self, null, max);
    }

    @Override
    public Tensor clamp_min_out(Tensor self, Scalar min, Tensor out) {
        return Torch.clamp_out(out, self, min, null);
    }

    @Override
    public Tensor clamp_max_out(Tensor self, Scalar max, Tensor out) {
        return Torch.clamp_out(out, self, null, max);
    }

    @Override
    public Tensor square_(Tensor self) {
        return self.pow_(Scalar.of(2));
    }

    @Override
    public Tensor square_out(Tensor self, Tensor out) {
        return Torch.pow_out(out, self, Scalar.of(2));
    }

    /** The logical operators in place write 0 and 1 in self's dtype. */
    @Override
    public Tensor logical_not_(Tensor self) {
        return self.copy_(Torch.logical_not(self));
    }

    @Override
    public Tensor logical_and_(Tensor self, Tensor other) {
        checkInPlaceShape(self, other.sizes());
        return self.copy_(Torch.logical_and(self, other));
    }

    @Override
    public Tensor logical_or_(Tensor self, Tensor other) {
        checkInPlaceShape(self, other.sizes());
        return self.copy_(Torch.logical_or(self, other));
    }

    @Override
    public Tensor logical_xor_(Tensor self, Tensor other) {
        checkInPlaceShape(self, other.sizes());
        return self.copy_(Torch.logical_xor(self, other));
    }

    /** A logical operator's out= takes any dtype: its booleans are written as 0 and 1. */
    @Override
    public Tensor logical_not_out(Tensor self, Tensor out) {
        return ResultIntoOut.copy(Torch.logical_not(self), out);
    }

    @Override
    public Tensor logical_and_out(Tensor self, Tensor other, Tensor out) {
        return ResultIntoOut.copy(Torch.logical_and(self, other), out);
    }

    @Override
    public Tensor logical_or_out(Tensor self, Tensor other, Tensor out) {
        return ResultIntoOut.copy(Torch.logical_or(self, other), out);
    }

    @Override
    public Tensor logical_xor_out(Tensor self, Tensor other, Tensor out) {
        return ResultIntoOut.copy(Torch.logical_xor(self, other), out);
    }

    /** Integer tensor1 and tensor2 are refused, with PyTorch's message. */
    private static void checkAddcdiv(Tensor tensor1, Tensor tensor2) {
        if (!tensor1.dtype().isFloatingPoint() && !tensor2.dtype().isFloatingPoint()) {
            // PyTorch's message, its double space included
            throw new IllegalArgumentException("Integer division with addcdiv is no longer supported, and in a future"
                    + "  release addcdiv will perform a true division of tensor1 and tensor2. The historic addcdiv"
                    + " behavior can be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype)"
                    + " for integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future"
                    + " addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), for"
                    + " all dtypes.");
        }
    }

    /** An in-place result keeps self's shape: TensorIterator's message when the operands broadcast past it. */
    static void checkInPlaceShape(Tensor self, long[] otherSizes) {
        long[] shape = Broadcast.inferSize(self.sizes(), otherSizes);
        if (!Arrays.equals(shape, self.sizes())) {
            throw new IllegalArgumentException("output with shape " + Arrays.toString(self.sizes())
                    + " doesn't match the broadcast shape " + Arrays.toString(shape));
        }
    }

    /** out= of a result computed first: the result's dtype must cast safely to out's. */
    private static Tensor castInto(Tensor result, Tensor out) {
        return ResultIntoOut.castingCopy(result, out);
    }
}
