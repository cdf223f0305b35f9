package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.BFloat16;
import org.jitdispatch.runtime.Half;
import org.jitdispatch.runtime.ScalarType;

/**
 * The typed reads and writes of sort and topk, a slice at a time: a slice's sort keys ({@link
 * StableIndexSort#floatingKey} for floating values, the value for integers) and its values gathered in a given
 * order, one switch on the array's type per slice rather than per element.
 */
final class SortRows {
    private SortRows() {
    }

    /** The keys of the {@code n} elements of {@code data} from {@code base}, {@code step} apart, into {@code keys}. */
    static void keys(Object data, ScalarType dtype, int base, int step, int n, long[] keys) {
        switch (dtype) {
            case Float32 -> {
                float[] a = (float[]) data;
                for (int j = 0; j < n; j++) {
                    keys[j] = StableIndexSort.floatingKey(a[base + j * step]);
                }
            }
            case Float64 -> {
                double[] a = (double[]) data;
                for (int j = 0; j < n; j++) {
                    keys[j] = StableIndexSort.floatingKey(a[base + j * step]);
                }
            }
            case Float16, BFloat16 -> {
                short[] a = (short[]) data;
                boolean half = dtype == ScalarType.Float16;
                for (int j = 0; j < n; j++) {
                    short bits = a[base + j * step];
                    keys[j] = StableIndexSort.floatingKey(half ? Half.toFloat(bits) : BFloat16.toFloat(bits));
                }
            }
            case Int64 -> {
                long[] a = (long[]) data;
                for (int j = 0; j < n; j++) {
                    keys[j] = a[base + j * step];
                }
            }
            case Int32 -> {
                int[] a = (int[]) data;
                for (int j = 0; j < n; j++) {
                    keys[j] = a[base + j * step];
                }
            }
            case Int16 -> {
                short[] a = (short[]) data;
                for (int j = 0; j < n; j++) {
                    keys[j] = a[base + j * step];
                }
            }
            case Int8 -> {
                byte[] a = (byte[]) data;
                for (int j = 0; j < n; j++) {
                    keys[j] = a[base + j * step];
                }
            }
            case UInt8 -> {
                byte[] a = (byte[]) data;
                for (int j = 0; j < n; j++) {
                    keys[j] = a[base + j * step] & 0xFF;
                }
            }
            case Bool -> {
                boolean[] a = (boolean[]) data;
                for (int j = 0; j < n; j++) {
                    keys[j] = a[base + j * step] ? 1 : 0;
                }
            }
        }
    }

    /**
     * Writes {@code src[base + order[j] * step]} to {@code dst[to + j * toStep]} for {@code j < k}: the slice's values
     * in sorted order (both arrays of one type).
     */
    static void gather(Object src, int base, int step, int[] order, int k, Object dst, int to, int toStep) {
        if (src instanceof float[] a) {
            float[] b = (float[]) dst;
            for (int j = 0; j < k; j++) {
                b[to + j * toStep] = a[base + order[j] * step];
            }
        } else if (src instanceof double[] a) {
            double[] b = (double[]) dst;
            for (int j = 0; j < k; j++) {
                b[to + j * toStep] = a[base + order[j] * step];
            }
        } else if (src instanceof long[] a) {
            long[] b = (long[]) dst;
            for (int j = 0; j < k; j++) {
                b[to + j * toStep] = a[base + order[j] * step];
            }
        } else if (src instanceof int[] a) {
            int[] b = (int[]) dst;
            for (int j = 0; j < k; j++) {
                b[to + j * toStep] = a[base + order[j] * step];
            }
        } else if (src instanceof short[] a) {
            short[] b = (short[]) dst;
            for (int j = 0; j < k; j++) {
                b[to + j * toStep] = a[base + order[j] * step];
            }
        } else if (src instanceof byte[] a) {
            byte[] b = (byte[]) dst;
            for (int j = 0; j < k; j++) {
                b[to + j * toStep] = a[base + order[j] * step];
            }
        } else {
            boolean[] a = (boolean[]) src;
            boolean[] b = (boolean[]) dst;
            for (int j = 0; j < k; j++) {
                b[to + j * toStep] = a[base + order[j] * step];
            }
        }
    }
}
