package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * isclose, allclose and equal as PyTorch 1.13 writes them (TensorCompare.cpp, ReduceOps.cpp): both tensors of
 * one dtype; close where {@code self == other}, or where {@code |self - other|} is finite and at most
 * {@code atol + |rtol * other|} (NaN close to NaN with {@code equal_nan}); equal when dtypes and sizes match and every
 * element is equal.
 */
public final class Closeness implements ClosenessDeclarations {
    @Override
    public Tensor isclose(Tensor self, Tensor other, double rtol, double atol, boolean equalNan) {
        if (self.dtype() != other.dtype()) {
            throw new IllegalArgumentException(self.dtype().c10Name() + " did not match " + other.dtype().c10Name());
        }
        if (rtol < 0) {
            throw new IllegalArgumentException("rtol must be greater than or equal to zero, but got " + RangeFactories.formatDouble(rtol));
        }
        if (atol < 0) {
            throw new IllegalArgumentException("atol must be greater than or equal to zero, but got " + RangeFactories.formatDouble(atol));
        }
        Tensor close = Torch.eq(self, other);
        if (equalNan && self.dtype().isFloatingPoint()) {
            close.bitwise_or_(Torch.ne(self, self).bitwise_and_(Torch.ne(other, other)));
        }
        if (rtol == 0 && atol == 0) {
            return close; // an equality check: the error terms below would let inf - inf through
        }
        Tensor a = self.dtype() == ScalarType.Bool ? self.to(ScalarType.Float32) : self;
        Tensor b = other.dtype() == ScalarType.Bool ? other.to(ScalarType.Float32) : other;
        Tensor allowed = Torch.abs(Torch.mul(b, Scalar.of(rtol))).add(Scalar.of(atol), Scalar.of(1));
        Tensor actual = Torch.abs(Torch.sub(a, b));
        close.bitwise_or_(Torch.isfinite(actual).bitwise_and_(Torch.le(actual, allowed)));
        return close;
    }

    @Override
    public boolean allclose(Tensor self, Tensor other, double rtol, double atol, boolean equalNan) {
        return Torch.isclose(self, other, rtol, atol, equalNan).all().item().toBoolean();
    }

    /** Same dtype, same sizes and equal elements (NaN is not equal to itself, unless both are the very same view). */
    @Override
    public boolean equal(Tensor self, Tensor other) {
        if (self.dtype() != other.dtype() || !self.sameSizes(other)) {
            return false;
        }
        if (self.storage() != null && self.storage() == other.storage() && self.storageOffset() == other.storageOffset()
                && Arrays.equals(self.strides(), other.strides())) {
            return true; // ATen's shortcut for two views of the same elements
        }
        return Torch.eq(self, other).all().item().toBoolean();
    }
}
