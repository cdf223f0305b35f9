package org.jitdispatch.kernels.ops;

import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * relu's gradient, {@code threshold_backward(grad, self, 0)}: {@code self <= 0 ? +0.0 : grad}, over float32 runs
 * that start at one offset in all three arrays, in arithmetic that C2's superword pass vectorizes. The generated
 * loop computes the same select on the bits ({@code ScalarMath.zeroIfAtMost}), which C2 leaves scalar: JDK 17
 * vectorizes neither a select nor a float's bits as an int. This one takes about half its time.
 *
 * <p>Each element is {@code grad * keep + (keep - 1) * -0.0} with {@code keep = min(max(self * 2^100 * 2^100, 0),
 * 1)}: {@code keep} is 1 for every positive {@code self} (the least subnormal times 2^200 is 2^51) and +infinity,
 * and 0 for both zeros, the negatives and -infinity. The second term is -0.0 where {@code keep} is 1, which
 * leaves every gradient as it is ({@code -0.0} included), and +0.0 where it is 0, which turns the {@code -0.0}
 * of a negative gradient times 0 into the {@code +0.0} the select gives. That is exact unless a gradient is
 * infinite or NaN (times 0 it is NaN, where the select gives 0) or {@code self} is NaN (the select keeps the
 * gradient): each block is first scanned for them, a sum of both operands times 0 that is not zero, and a block
 * that has one takes the select.
 */
final class FloatReluGradient {
    /** Elements per scanned block: the block's operands stay in the L1 cache between the scan and the loop. */
    private static final int BLOCK = 1024;
    private static final float SCALE = 0x1p100f;

    private FloatReluGradient() {
    }

    /**
     * Whether {@link #run} can compute {@code out = threshold_backward(grad, self, threshold)}: a threshold of
     * zero and all three contiguous float32 of one numel at one storage offset (out may be either input).
     */
    static boolean applies(TensorImpl out, TensorImpl grad, TensorImpl self, float threshold) {
        return threshold == 0f && grad.dtype() == ScalarType.Float32 && self.dtype() == ScalarType.Float32
                && out.dtype() == ScalarType.Float32 && out.isContiguous() && grad.isContiguous() && self.isContiguous()
                && grad.numel() == out.numel() && self.numel() == out.numel()
                && grad.storageOffset() == out.storageOffset() && self.storageOffset() == out.storageOffset();
    }

    /** relu's gradient for operands {@link #applies} accepts, in chunks of {@link Parallel#GRAIN_SIZE} on the pool. */
    static void run(TensorImpl out, TensorImpl grad, TensorImpl self) {
        float[] o = out.storage().floats();
        float[] g = grad.storage().floats();
        float[] s = self.storage().floats();
        int offset = (int) out.storageOffset();
        long n = out.numel();
        if (n <= Parallel.GRAIN_SIZE) {
            range(o, g, s, offset, offset + (int) n);
        } else {
            Parallel.parallelFor(0, n, Parallel.GRAIN_SIZE,
                    (begin, end) -> range(o, g, s, offset + (int) begin, offset + (int) end));
        }
    }

    /** Elements {@code [from, to)} of all three arrays. */
    static void range(float[] out, float[] grad, float[] self, int from, int to) {
        for (int start = from; start < to; start += BLOCK) {
            int end = Math.min(start + BLOCK, to);
            float special = 0f;
            for (int i = start; i < end; i++) {
                special = Math.max(special, grad[i] * 0f + self[i] * 0f);
            }
            if (special != 0f) {
                // an infinite or NaN gradient, or a NaN (or infinite) self, somewhere in the block
                for (int i = start; i < end; i++) {
                    out[i] = self[i] <= 0f ? 0f : grad[i];
                }
                continue;
            }
            for (int i = start; i < end; i++) {
                float keep = Math.min(Math.max(self[i] * SCALE * SCALE, 0f), 1f);
                out[i] = grad[i] * keep + (keep - 1f) * -0f;
            }
        }
    }
}
