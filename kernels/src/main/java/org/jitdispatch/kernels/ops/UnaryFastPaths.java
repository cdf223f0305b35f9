package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncLoops;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.ScalarType;

/**
 * The CPU fast paths of sigmoid and tanh ({@code cpu_fast_path} in ops.yaml), the gate activations of every
 * recurrent step, for float32 and float64 inputs of two shapes: one contiguous run, and a matrix of contiguous rows
 * apart from each other (a column block of a wider matrix: one gate of a batch's [B, 4H] gates, as {@code chunk}
 * cuts it). The generated ufunc loop computes each run with the general loop's expression, into a new contiguous
 * tensor, into self (in place) or into a contiguous out= tensor of the input's dtype and sizes that does not
 * overlap it partly. Every other call (integer or narrow dtypes, other strides, empty inputs, an out= tensor to
 * resize or convert into) returns null having touched nothing, for TensorIterator. Property-tested against the
 * general path ({@code UnaryFastPathPropertyTest}). float32 sigmoid and tanh before JDK 21 take {@link
 * FloatSigmoid}'s and {@link FloatTanh}'s vectorized blocks (the general loop's bits). With the CPU capability VECTOR, float32 runs take the
 * float-lane loops of {@link VectorActivationRuns}, within three float ulps (sigmoid) and one (tanh) of
 * the general path ({@code FloatGateLoops}, {@code VectorGatesPropertyTest}).
 */
public final class UnaryFastPaths implements UnaryFastPathsDeclarations {

    @Override
    public Tensor sigmoid(Tensor out, Tensor self) {
        return apply(out, self, false);
    }

    @Override
    public Tensor tanh(Tensor out, Tensor self) {
        return apply(out, self, true);
    }

    /**
     * exp of one contiguous float32 run, into a new contiguous tensor, into self or into a contiguous out= tensor as
     * above: {@link ScalarMath#expRun} (in parallel chunks above the grain), the general loop's exponential
     * ({@link ScalarMath#expRounded(float)}) computed in vectorized blocks.
     */
    @Override
    public Tensor exp(Tensor out, Tensor self) {
        return FloatRunPaths.unary(out, self, (x, xOff, y, yOff, n) -> ScalarMath.expRun(x, xOff, 0f, y, yOff, n));
    }

    /**
     * log of one contiguous float32 run before JDK 21, into a new contiguous tensor, into self or into a contiguous
     * out= tensor as above: {@link FloatLog}'s vectorized blocks (the general loop's bits), in parallel chunks above
     * the grain. From JDK 21 (or without the blocks) null, for TensorIterator.
     */
    @Override
    public Tensor log(Tensor out, Tensor self) {
        return FloatExponential.BLOCKS ? FloatRunPaths.unary(out, self, FloatLog::run) : null;
    }

    private static Tensor apply(Tensor out, Tensor self, boolean tanh) {
        ScalarType dtype = self.dtype();
        if ((dtype != ScalarType.Float32 && dtype != ScalarType.Float64) || self.device().type() != DeviceType.CPU
                || self.numel() == 0 || self.isWrappedNumber()) {
            return null;
        }
        if (self.isContiguous()) {
            Tensor result = out == self ? out : FastOperands.output(out, self, self, self);
            if (result != null) {
                wholeRun(result, self, tanh);
            }
            return result;
        }
        if (!separateRows(self)) {
            return null;
        }
        Tensor result = out == self ? out : rowsOutput(out, self);
        if (result != null) {
            eachRow(result, self, tanh);
        }
        return result;
    }

    private static void wholeRun(Tensor result, Tensor self, boolean tanh) {
        if (self.dtype() == ScalarType.Float32) {
            if (VectorActivationRuns.GATES_ENABLED) {
                VectorActivationRuns.gate(result, self, tanh);
            } else if (FloatExponential.BLOCKS) {
                wholeFloatRun(result, self, tanh);
            } else if (tanh) {
                UfuncLoops.tanh_Float32(result, self);
            } else {
                UfuncLoops.sigmoid_Float32(result, self);
            }
        } else if (tanh) {
            UfuncLoops.tanh_Float64(result, self);
        } else {
            UfuncLoops.sigmoid_Float64(result, self);
        }
    }

    /**
     * sigmoid or tanh of one contiguous float32 run in {@link FloatSigmoid}'s or {@link FloatTanh}'s blocks, in
     * parallel chunks above the grain.
     */
    private static void wholeFloatRun(Tensor result, Tensor self, boolean tanh) {
        float[] x = self.storage().floats();
        float[] y = result.storage().floats();
        int xOff = (int) self.storageOffset();
        int yOff = (int) result.storageOffset();
        Parallel.parallelFor(0, self.numel(), Parallel.GRAIN_SIZE, (begin, end) -> {
            if (tanh) {
                FloatTanh.run(x, xOff + (int) begin, y, yOff + (int) begin, (int) (end - begin));
            } else {
                FloatSigmoid.run(x, xOff + (int) begin, y, yOff + (int) begin, (int) (end - begin));
            }
        });
    }

    /**
     * A matrix whose rows are contiguous and do not overlap (row stride at least the row's length), small enough for
     * one thread: TensorIterator keeps its row-major order, so its result is a contiguous matrix.
     */
    private static boolean separateRows(Tensor self) {
        return self.dim() == 2 && self.stride(1) == 1 && self.size(0) > 1 && self.stride(0) >= self.size(1)
                && self.numel() <= Parallel.GRAIN_SIZE;
    }

    /** A new contiguous matrix, or an out= one of self's dtype and sizes in memory of its own. */
    private static Tensor rowsOutput(Tensor out, Tensor self) {
        if (out == null) {
            return Tensor.FACTORY.empty(self.sizes(), self.dtype(), self.device());
        }
        boolean fits = out.dtype() == self.dtype() && out.device().type() == DeviceType.CPU && out.isContiguous()
                && out.sameSizes(self) && out.storage() != self.storage();
        return fits ? out : null;
    }

    private static void eachRow(Tensor result, Tensor self, boolean tanh) {
        int rows = (int) self.size(0);
        int cols = (int) self.size(1);
        int selfStride = (int) self.stride(0);
        int outStride = (int) result.stride(0);
        int s = (int) self.storageOffset();
        int o = (int) result.storageOffset();
        if (self.dtype() == ScalarType.Float32) {
            float[] in = self.storage().floats();
            float[] dst = result.storage().floats();
            for (int r = 0; r < rows; r++, s += selfStride, o += outStride) {
                if (VectorActivationRuns.GATES_ENABLED) {
                    VectorActivationRuns.gateRun(dst, o, in, s, cols, tanh);
                } else if (FloatExponential.BLOCKS && tanh) {
                    FloatTanh.run(in, s, dst, o, cols);
                } else if (FloatExponential.BLOCKS) {
                    FloatSigmoid.run(in, s, dst, o, cols);
                } else if (tanh) {
                    UfuncLoops.tanh_Float32(dst, o, in, s, cols);
                } else {
                    UfuncLoops.sigmoid_Float32(dst, o, in, s, cols);
                }
            }
        } else {
            double[] in = self.storage().doubles();
            double[] dst = result.storage().doubles();
            for (int r = 0; r < rows; r++, s += selfStride, o += outStride) {
                if (tanh) {
                    UfuncLoops.tanh_Float64(dst, o, in, s, cols);
                } else {
                    UfuncLoops.sigmoid_Float64(dst, o, in, s, cols);
                }
            }
        }
    }
}
