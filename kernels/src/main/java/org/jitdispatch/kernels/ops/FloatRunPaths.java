package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;

/**
 * The shape every float32 run fast path shares (exp, log, gelu, silu and their gradients): contiguous float32 CPU
 * operands of one shape, a result that is a new contiguous tensor, self itself (in place) or a fitting out= tensor
 * ({@link FastOperands#output}), and the run kernel applied to the whole run, in parallel chunks above the grain.
 * Every other call returns null having touched nothing, for the general path.
 */
final class FloatRunPaths {
    /** {@code out[outOff + i] = f(x[xOff + i])} for {@code i < n}. */
    @FunctionalInterface
    interface UnaryRun {
        void apply(float[] x, int xOff, float[] out, int outOff, int n);
    }

    /** {@code out[outOff + i] = f(a[aOff + i], b[bOff + i])} for {@code i < n}. */
    @FunctionalInterface
    interface BinaryRun {
        void apply(float[] a, int aOff, float[] b, int bOff, float[] out, int outOff, int n);
    }

    private FloatRunPaths() {
    }

    /** {@code run} over self into the result, or null when the call is not of this shape. */
    static Tensor unary(Tensor out, Tensor self, UnaryRun run) {
        if (!contiguousFloat(self)) {
            return null;
        }
        Tensor result = out == self ? out : FastOperands.output(out, self, self, self);
        if (result == null) {
            return null;
        }
        float[] x = self.storage().floats();
        float[] y = result.storage().floats();
        int xOff = (int) self.storageOffset();
        int yOff = (int) result.storageOffset();
        Parallel.parallelFor(0, self.numel(), Parallel.GRAIN_SIZE, (begin, end) ->
                run.apply(x, xOff + (int) begin, y, yOff + (int) begin, (int) (end - begin)));
        return result;
    }

    /** {@code run} over {@code (a, b)} of one shape into the result, or null when the call is not of this shape. */
    static Tensor binary(Tensor out, Tensor a, Tensor b, BinaryRun run) {
        if (!contiguousFloat(a) || !contiguousFloat(b) || !a.sameSizes(b)) {
            return null;
        }
        Tensor result = FastOperands.output(out, b, a, b);
        if (result == null) {
            return null;
        }
        float[] x = a.storage().floats();
        float[] y = b.storage().floats();
        float[] z = result.storage().floats();
        int xOff = (int) a.storageOffset();
        int yOff = (int) b.storageOffset();
        int zOff = (int) result.storageOffset();
        Parallel.parallelFor(0, b.numel(), Parallel.GRAIN_SIZE, (begin, end) -> run.apply(x, xOff + (int) begin,
                y, yOff + (int) begin, z, zOff + (int) begin, (int) (end - begin)));
        return result;
    }

    /** A contiguous float32 CPU tensor with elements, not a wrapped number. */
    static boolean contiguousFloat(Tensor t) {
        return t.dtype() == ScalarType.Float32 && t.device().type() == DeviceType.CPU && t.numel() > 0
                && !t.isWrappedNumber() && t.isContiguous();
    }
}
