package org.jitdispatch.runtime;

import java.util.Arrays;

/**
 * Comparisons for tests, in the spirit of {@code torch.testing.assert_close}: same sizes, same dtype
 * (unless told otherwise), and elements equal within {@code atol + rtol * |expected|}, with NaN equal
 * to NaN. Integer and boolean tensors compare exactly.
 */
public final class TensorTesting {
    private TensorTesting() {
    }

    /** Default tolerances of torch.testing for float32. */
    public static final double FLOAT32_RTOL = 1.3e-6;
    public static final double FLOAT32_ATOL = 1e-5;
    /** Default tolerances of torch.testing for float64. */
    public static final double FLOAT64_RTOL = 1e-7;
    public static final double FLOAT64_ATOL = 1e-7;

    /** torch.testing's default relative tolerance for a dtype (0 for integers and bool, which compare exactly). */
    public static double rtol(ScalarType dtype) {
        switch (dtype) {
            case Float16: return 1e-3;
            case BFloat16: return 1.6e-2;
            case Float32: return FLOAT32_RTOL;
            case Float64: return FLOAT64_RTOL;
            default: return 0;
        }
    }

    /** torch.testing's default absolute tolerance for a dtype (0 for integers and bool). */
    public static double atol(ScalarType dtype) {
        switch (dtype) {
            case Float16:
            case BFloat16:
            case Float32:
                return 1e-5;
            case Float64:
                return FLOAT64_ATOL;
            default:
                return 0;
        }
    }

    /** The mismatch description, or null when the tensors are close. */
    public static String mismatch(TensorImpl actual, TensorImpl expected, double rtol, double atol, boolean checkDtype) {
        if (!Arrays.equals(actual.sizes(), expected.sizes())) {
            return "The values for attribute 'shape' do not match: " + Arrays.toString(actual.sizes()) + " != "
                    + Arrays.toString(expected.sizes()) + ".";
        }
        if (checkDtype && actual.dtype() != expected.dtype()) {
            return "The values for attribute 'dtype' do not match: " + actual.dtype() + " != " + expected.dtype() + ".";
        }
        if (actual.isMeta() || expected.isMeta()) {
            return actual.isMeta() == expected.isMeta() ? null
                    : "The values for attribute 'device' do not match: " + actual.device() + " != " + expected.device() + ".";
        }
        boolean exact = !actual.dtype().isFloatingPoint() && !expected.dtype().isFloatingPoint();
        double[] a = actual.toDoubleArray();
        double[] e = expected.toDoubleArray();
        int mismatches = 0;
        int firstBad = -1;
        double maxAbs = 0;
        for (int i = 0; i < a.length; i++) {
            boolean ok = exact ? a[i] == e[i] : close(a[i], e[i], rtol, atol);
            if (!ok) {
                mismatches++;
                if (firstBad < 0) {
                    firstBad = i;
                }
                maxAbs = Math.max(maxAbs, Math.abs(a[i] - e[i]));
            }
        }
        if (mismatches == 0) {
            return null;
        }
        return (exact ? "Scalars/tensors are not equal!" : "Tensor-likes are not close!") + "\n\nMismatched elements: "
                + mismatches + " / " + a.length + "\nGreatest absolute difference: " + maxAbs
                + "\nFirst mismatch at flat index " + firstBad + ": " + a[firstBad] + " vs expected " + e[firstBad]
                + (exact ? "" : " (up to " + atol + " allowed, rtol " + rtol + ")");
    }

    public static boolean isClose(TensorImpl actual, TensorImpl expected, double rtol, double atol) {
        return mismatch(actual, expected, rtol, atol, true) == null;
    }

    /**
     * Throws AssertionError describing the first difference. Tolerances are the looser of the two dtypes'
     * (as torch.testing's for mixed dtypes).
     */
    public static void assertClose(TensorImpl actual, TensorImpl expected) {
        assertClose(actual, expected, Math.max(rtol(actual.dtype()), rtol(expected.dtype())),
                Math.max(atol(actual.dtype()), atol(expected.dtype())));
    }

    public static void assertClose(TensorImpl actual, TensorImpl expected, double rtol, double atol) {
        String m = mismatch(actual, expected, rtol, atol, true);
        if (m != null) {
            throw new AssertionError(m);
        }
    }

    private static boolean close(double a, double e, double rtol, double atol) {
        if (Double.isNaN(a) || Double.isNaN(e)) {
            return Double.isNaN(a) && Double.isNaN(e);
        }
        if (a == e) {
            return true; // also equal infinities
        }
        return Math.abs(a - e) <= atol + rtol * Math.abs(e);
    }
}
