package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The 2-norm or 1-norm of all elements of a contiguous float32 or float64 tensor, in double as {@code norm_out}'s
 * general loop computes it, but into four accumulators (four independent chains of additions, not one) and without
 * per-element offsets. A NaN element makes the sum NaN, as the general loop's early exit does.
 */
final class ContiguousNorms {
    private ContiguousNorms() {
    }

    /** {@code ord} is 1 or 2. */
    static double of(TensorImpl self, double ord) {
        int n = (int) self.numel();
        int at = (int) self.storageOffset();
        double[] values = null;
        float[] floats = null;
        if (self.dtype() == ScalarType.Float32) {
            floats = self.storage().floats();
        } else {
            values = self.storage().doubles();
        }
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int i = 0;
        boolean squares = ord == 2;
        for (; i + 4 <= n; i += 4) {
            double a0 = element(floats, values, at + i);
            double a1 = element(floats, values, at + i + 1);
            double a2 = element(floats, values, at + i + 2);
            double a3 = element(floats, values, at + i + 3);
            s0 += squares ? a0 * a0 : Math.abs(a0);
            s1 += squares ? a1 * a1 : Math.abs(a1);
            s2 += squares ? a2 * a2 : Math.abs(a2);
            s3 += squares ? a3 * a3 : Math.abs(a3);
        }
        for (; i < n; i++) {
            double a = element(floats, values, at + i);
            s0 += squares ? a * a : Math.abs(a);
        }
        double sum = (s0 + s1) + (s2 + s3);
        return squares ? Math.sqrt(sum) : sum;
    }

    private static double element(float[] floats, double[] values, int i) {
        return floats != null ? floats[i] : values[i];
    }
}
