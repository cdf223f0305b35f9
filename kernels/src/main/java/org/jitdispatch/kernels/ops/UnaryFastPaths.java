package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncLoops;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;

/**
 * The CPU fast paths of sigmoid and tanh ({@code cpu_fast_path} in ops.yaml), the gate activations of every
 * recurrent step: a contiguous float32 or float64 input is one run, computed by the generated ufunc loop with the
 * general loop's expression into a new tensor, into itself (in place) or into an out= tensor of its dtype and sizes
 * that is contiguous and does not overlap it partly. Every other call (integer or narrow dtypes, strided or empty
 * inputs, an out= tensor to resize or convert into) returns null having touched nothing, for TensorIterator.
 * Property-tested against the general path ({@code UnaryFastPathPropertyTest}).
 */
public final class UnaryFastPaths implements UnaryFastPathsDeclarations {

    @Override
    public Tensor sigmoid(Tensor out, Tensor self) {
        Tensor result = target(out, self);
        if (result != null) {
            if (self.dtype() == ScalarType.Float32) {
                UfuncLoops.sigmoid_Float32(result, self);
            } else {
                UfuncLoops.sigmoid_Float64(result, self);
            }
        }
        return result;
    }

    @Override
    public Tensor tanh(Tensor out, Tensor self) {
        Tensor result = target(out, self);
        if (result != null) {
            if (self.dtype() == ScalarType.Float32) {
                UfuncLoops.tanh_Float32(result, self);
            } else {
                UfuncLoops.tanh_Float64(result, self);
            }
        }
        return result;
    }

    /** The tensor the fast path writes, or null when the call is the general path's. */
    private static Tensor target(Tensor out, Tensor self) {
        ScalarType dtype = self.dtype();
        if ((dtype != ScalarType.Float32 && dtype != ScalarType.Float64) || self.device().type() != DeviceType.CPU
                || !self.isContiguous() || self.numel() == 0 || self.isWrappedNumber()) {
            return null;
        }
        return out == self ? out : FastOperands.output(out, self, self, self);
    }
}
