package org.jitdispatch.kernels.ops;

import org.jitdispatch.kernels.TypeTemplate;

/**
 * pow of float32 elements by a number (ATen's pow_tensor_scalar_optimized_kernel): the loop of the general
 * path and of pow's fast path.
 */
@TypeTemplate
final class FloatPow {
    private FloatPow() {
    }

    /**
     * {@code o[oOff + i] = a[aOff + i] ** exp} for {@code i < n}, with pow_tensor_scalar_optimized_kernel's
     * sqrt, rsqrt, reciprocal and small-power shortcuts: the loop of the general path and of the fast path.
     */
    static void pow(float[] o, int oOff, float[] a, int aOff, int n, double exp) {
        if (exp == 0.5) {
            for (int i = 0; i < n; i++) {
                o[oOff + i] = (float) Math.sqrt(a[aOff + i]);
            }
        } else if (exp == -0.5) {
            for (int i = 0; i < n; i++) {
                o[oOff + i] = 1f / (float) Math.sqrt(a[aOff + i]);
            }
        } else if (exp == -1.0) {
            for (int i = 0; i < n; i++) {
                o[oOff + i] = 1f / a[aOff + i];
            }
        } else if (exp == 2.0) {
            for (int i = 0; i < n; i++) {
                o[oOff + i] = a[aOff + i] * a[aOff + i];
            }
        } else if (exp == 3.0) {
            for (int i = 0; i < n; i++) {
                o[oOff + i] = a[aOff + i] * a[aOff + i] * a[aOff + i];
            }
        } else if (exp == -2.0) {
            for (int i = 0; i < n; i++) {
                o[oOff + i] = (float) (1.0 / (a[aOff + i] * a[aOff + i]));
            }
        } else {
            for (int i = 0; i < n; i++) {
                o[oOff + i] = (float) ScalarMath.cpow(a[aOff + i], exp);
            }
        }
    }
}
