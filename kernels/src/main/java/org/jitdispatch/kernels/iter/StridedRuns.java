package org.jitdispatch.kernels.iter;

import java.util.Arrays;
import org.jitdispatch.runtime.ScalarType;

/**
 * Copies a strided run of elements between a storage array and a loop buffer, converting between the
 * storage dtype and the type a loop computes in, with C++ static_cast semantics (bool reads as 0/1,
 * writes as {@code != 0}; floating to integral truncates toward zero, as the runtime's Storage does).
 * One switch per run, not per element, keeps the element loops monomorphic; a run of the same dtype
 * with stride 1 is a System.arraycopy, and a broadcast run (stride 0) is one value converted once and
 * filled.
 */
final class StridedRuns {
    private StridedRuns() {
    }

    /** Reads {@code n} elements from {@code start} by {@code stride} of a {@code dtype} array as float. */
    static void gatherFloat(Object src, ScalarType dtype, long start, long stride, float[] dst, int n) {
        int p = (int) start;
        int s = (int) stride;
        switch (dtype) {
            case Bool: {
                boolean[] a = (boolean[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p] ? 1f : 0f);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p] ? 1f : 0f;
                }
                break;
            }
            case Int32: {
                int[] a = (int[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, (float) a[p]);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = (float) a[p];
                }
                break;
            }
            case Int64: {
                long[] a = (long[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, (float) a[p]);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = (float) a[p];
                }
                break;
            }
            case Float32: {
                if (s == 1) {
                    System.arraycopy(src, p, dst, 0, n);
                    break;
                }
                float[] a = (float[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p]);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p];
                }
                break;
            }
            default: {
                double[] a = (double[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, (float) a[p]);
                    return;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = (float) a[p];
                }
            }
        }
    }

    /** Writes {@code n} float values to a {@code dtype} array from {@code start} by {@code stride}. */
    static void scatterFloat(float[] src, int n, Object dst, ScalarType dtype, long start, long stride) {
        int p = (int) start;
        int s = (int) stride;
        switch (dtype) {
            case Bool: {
                boolean[] a = (boolean[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i] != 0;
                }
                break;
            }
            case Int32: {
                int[] a = (int[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = (int) (long) src[i];
                }
                break;
            }
            case Int64: {
                long[] a = (long[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = (long) src[i];
                }
                break;
            }
            case Float32: {
                if (s == 1) {
                    System.arraycopy(src, 0, dst, p, n);
                    break;
                }
                float[] a = (float[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i];
                }
                break;
            }
            default: {
                double[] a = (double[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i];
                }
            }
        }
    }

    /** Reads {@code n} elements from {@code start} by {@code stride} of a {@code dtype} array as double. */
    static void gatherDouble(Object src, ScalarType dtype, long start, long stride, double[] dst, int n) {
        int p = (int) start;
        int s = (int) stride;
        switch (dtype) {
            case Bool: {
                boolean[] a = (boolean[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p] ? 1.0 : 0.0);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p] ? 1.0 : 0.0;
                }
                break;
            }
            case Int32: {
                int[] a = (int[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p]);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p];
                }
                break;
            }
            case Int64: {
                long[] a = (long[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p]);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p];
                }
                break;
            }
            case Float32: {
                float[] a = (float[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p]);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p];
                }
                break;
            }
            default: {
                if (s == 1) {
                    System.arraycopy(src, p, dst, 0, n);
                    return;
                }
                double[] a = (double[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p]);
                    return;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p];
                }
            }
        }
    }

    /** Writes {@code n} double values to a {@code dtype} array from {@code start} by {@code stride}. */
    static void scatterDouble(double[] src, int n, Object dst, ScalarType dtype, long start, long stride) {
        int p = (int) start;
        int s = (int) stride;
        switch (dtype) {
            case Bool: {
                boolean[] a = (boolean[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i] != 0;
                }
                break;
            }
            case Int32: {
                int[] a = (int[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = (int) (long) src[i];
                }
                break;
            }
            case Int64: {
                long[] a = (long[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = (long) src[i];
                }
                break;
            }
            case Float32: {
                float[] a = (float[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = (float) src[i];
                }
                break;
            }
            default: {
                if (s == 1) {
                    System.arraycopy(src, 0, dst, p, n);
                    return;
                }
                double[] a = (double[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i];
                }
            }
        }
    }

    /** Reads {@code n} elements from {@code start} by {@code stride} of a {@code dtype} array as long. */
    static void gatherLong(Object src, ScalarType dtype, long start, long stride, long[] dst, int n) {
        int p = (int) start;
        int s = (int) stride;
        switch (dtype) {
            case Bool: {
                boolean[] a = (boolean[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p] ? 1L : 0L);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p] ? 1L : 0L;
                }
                break;
            }
            case Int32: {
                int[] a = (int[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p]);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p];
                }
                break;
            }
            case Int64: {
                if (s == 1) {
                    System.arraycopy(src, p, dst, 0, n);
                    break;
                }
                long[] a = (long[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p]);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p];
                }
                break;
            }
            case Float32: {
                float[] a = (float[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, (long) a[p]);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = (long) a[p];
                }
                break;
            }
            default: {
                double[] a = (double[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, (long) a[p]);
                    return;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = (long) a[p];
                }
            }
        }
    }

    /** Writes {@code n} long values to a {@code dtype} array from {@code start} by {@code stride}. */
    static void scatterLong(long[] src, int n, Object dst, ScalarType dtype, long start, long stride) {
        int p = (int) start;
        int s = (int) stride;
        switch (dtype) {
            case Bool: {
                boolean[] a = (boolean[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i] != 0;
                }
                break;
            }
            case Int32: {
                int[] a = (int[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = (int) src[i];
                }
                break;
            }
            case Int64: {
                if (s == 1) {
                    System.arraycopy(src, 0, dst, p, n);
                    break;
                }
                long[] a = (long[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i];
                }
                break;
            }
            case Float32: {
                float[] a = (float[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = (float) src[i];
                }
                break;
            }
            default: {
                double[] a = (double[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = (double) src[i];
                }
            }
        }
    }

    /** Reads {@code n} elements from {@code start} by {@code stride} of a {@code dtype} array as boolean. */
    static void gatherBoolean(Object src, ScalarType dtype, long start, long stride, boolean[] dst, int n) {
        int p = (int) start;
        int s = (int) stride;
        switch (dtype) {
            case Bool: {
                if (s == 1) {
                    System.arraycopy(src, p, dst, 0, n);
                    break;
                }
                boolean[] a = (boolean[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p]);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p];
                }
                break;
            }
            case Int32: {
                int[] a = (int[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p] != 0);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p] != 0;
                }
                break;
            }
            case Int64: {
                long[] a = (long[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p] != 0);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p] != 0;
                }
                break;
            }
            case Float32: {
                float[] a = (float[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p] != 0);
                    break;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p] != 0;
                }
                break;
            }
            default: {
                double[] a = (double[]) src;
                if (s == 0) {
                    Arrays.fill(dst, 0, n, a[p] != 0);
                    return;
                }
                for (int i = 0; i < n; i++, p += s) {
                    dst[i] = a[p] != 0;
                }
            }
        }
    }

    /** Writes {@code n} boolean values to a {@code dtype} array from {@code start} by {@code stride}. */
    static void scatterBoolean(boolean[] src, int n, Object dst, ScalarType dtype, long start, long stride) {
        int p = (int) start;
        int s = (int) stride;
        switch (dtype) {
            case Bool: {
                if (s == 1) {
                    System.arraycopy(src, 0, dst, p, n);
                    break;
                }
                boolean[] a = (boolean[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i];
                }
                break;
            }
            case Int32: {
                int[] a = (int[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i] ? 1 : 0;
                }
                break;
            }
            case Int64: {
                long[] a = (long[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i] ? 1L : 0L;
                }
                break;
            }
            case Float32: {
                float[] a = (float[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i] ? 1f : 0f;
                }
                break;
            }
            default: {
                double[] a = (double[]) dst;
                for (int i = 0; i < n; i++, p += s) {
                    a[p] = src[i] ? 1.0 : 0.0;
                }
            }
        }
    }
}
