package org.jitdispatch.kernels.random;

import org.jitdispatch.runtime.BFloat16;
import org.jitdispatch.runtime.Half;
import org.jitdispatch.runtime.ScalarType;

/**
 * ATen's CPU distributions (DistributionsHelper.h, TransformationHelper.h, and the normal fill of
 * cpu/DistributionTemplates.h) over a {@link CPUGenerator}, number for number. Callers hold the
 * generator's lock.
 *
 * <p>Where ATen's x86 build computes with fused multiply-adds (its AVX2 kernels are compiled with
 * {@code -mfma}, and GCC contracts {@code a * b + c}), these methods use {@link Math#fma} at the same
 * places, so results match to the bit.
 */
public final class Samplers {
    private Samplers() {
    }

    private static final float FLOAT_DIVISOR = 1.0f / (1 << 24);
    private static final double DOUBLE_DIVISOR = 1.0 / (1L << 53);

    /** {@code uniform_real_distribution<float>}: 24 random bits in [from, to). */
    public static float uniformFloat(CPUGenerator g, float from, float to) {
        float x = (g.random() & ((1 << 24) - 1)) * FLOAT_DIVISOR;
        return Math.fma(x, to - from, from);
    }

    /** {@code uniform_real_distribution<double>}: 53 random bits (of a 64-bit draw) in [from, to). */
    public static double uniformDouble(CPUGenerator g, double from, double to) {
        double x = (g.random64() & ((1L << 53) - 1)) * DOUBLE_DIVISOR;
        return Math.fma(x, to - from, from);
    }

    /** A uniform in [0, 1) as {@code uniform_real_distribution<float>(0, 1)} makes it. */
    static float uniformFloat01(CPUGenerator g) {
        return (g.random() & ((1 << 24) - 1)) * FLOAT_DIVISOR;
    }

    /** A uniform in [0, 1) as {@code uniform_real_distribution<double>(0, 1)} makes it. */
    static double uniformDouble01(CPUGenerator g) {
        return (g.random64() & ((1L << 53) - 1)) * DOUBLE_DIVISOR;
    }

    /**
     * {@code normal_distribution<double>}: Box-Muller on two uniforms; the sine half is cached in the generator
     * and returned by the next call.
     */
    public static double normalDouble(CPUGenerator g, double mean, double std) {
        double ret;
        if (g.hasNextDoubleNormal()) {
            ret = g.takeNextDoubleNormal();
        } else {
            double u1 = uniformDouble01(g);
            double u2 = uniformDouble01(g);
            double r = Math.sqrt(-2.0 * Math.log(1.0 - u2));
            double theta = 2.0 * Math.PI * u1;
            g.setNextDoubleNormal(r * Math.sin(theta));
            ret = r * Math.cos(theta);
        }
        return Math.fma(ret, std, mean);
    }

    /**
     * {@code bernoulli_distribution<double>}: 1 when a double uniform is below p.
     */
    public static boolean bernoulliDouble(CPUGenerator g, double p) {
        return uniformDouble01(g) < p;
    }

    /** {@code bernoulli_distribution<float>}: 1 when a float uniform is below p. */
    public static boolean bernoulliFloat(CPUGenerator g, float p) {
        return uniformFloat01(g) < p;
    }

    /**
     * {@code uniform_int_from_to_distribution}: {@code base + bits % range}, from 32 bits, or from 64 when
     * the range is 2^32 or more and the dtype is int64, float32 or float64 ({@code wide}). {@code range} is
     * unsigned.
     */
    public static long uniformIntFromTo(CPUGenerator g, long range, long base, boolean wide) {
        if (wide && Long.compareUnsigned(range, 1L << 32) >= 0) {
            return Long.remainderUnsigned(g.random64(), range) + base;
        }
        return Long.remainderUnsigned(g.random() & 0xffffffffL, range) + base;
    }

    // ---- normal_fill: the vectorized path of normal_ for contiguous tensors of 16 elements or more

    /**
     * ATen's {@code normal_fill} for double: {@code n >= 16} uniforms, then Box-Muller on each block of 16
     * (element j paired with j + 8); when n is not a multiple of 16 the last 16 elements are drawn again
     * and transformed once more.
     */
    public static void normalFill(double[] data, int offset, int n, double mean, double std, CPUGenerator g) {
        for (int i = 0; i < n; i++) {
            data[offset + i] = uniformDouble01(g);
        }
        for (int i = 0; i < n - 15; i += 16) {
            normalFill16(data, offset + i, mean, std);
        }
        if (n % 16 != 0) {
            int tail = offset + n - 16;
            for (int i = 0; i < 16; i++) {
                data[tail + i] = uniformDouble01(g);
            }
            normalFill16(data, tail, mean, std);
        }
    }

    private static void normalFill16(double[] data, int at, double mean, double std) {
        for (int j = 0; j < 8; j++) {
            double u1 = 1 - data[at + j];
            double u2 = data[at + j + 8];
            double radius = Math.sqrt(-2 * Math.log(u1));
            double theta = 2.0 * Math.PI * u2;
            data[at + j] = Math.fma(radius * Math.cos(theta), std, mean);
            data[at + j + 8] = Math.fma(radius * Math.sin(theta), std, mean);
        }
    }

    /**
     * ATen's {@code normal_fill_AVX2} for float, the kernel PyTorch runs on x86 CPUs with AVX2: as
     * {@link #normalFill(double[], int, int, double, double, CPUGenerator)}, with the logarithm, sine and
     * cosine of avx_mathfun.h (Cephes polynomials in float) instead of libm's.
     */
    public static void normalFill(float[] data, int offset, int n, float mean, float std, CPUGenerator g) {
        for (int i = 0; i < n; i++) {
            data[offset + i] = uniformFloat01(g);
        }
        for (int i = 0; i < n - 15; i += 16) {
            normalFill16(data, offset + i, mean, std);
        }
        if (n % 16 != 0) {
            int tail = offset + n - 16;
            for (int i = 0; i < 16; i++) {
                data[tail + i] = uniformFloat01(g);
            }
            normalFill16(data, tail, mean, std);
        }
    }

    private static final float TWO_PI = (float) (2.0f * Math.PI);

    private static void normalFill16(float[] data, int at, float mean, float std) {
        for (int j = 0; j < 8; j++) {
            float u1 = 1.0f - data[at + j];
            float u2 = data[at + j + 8];
            float radius = (float) Math.sqrt(-2.0f * CephesFloat.log(u1));
            float theta = TWO_PI * u2;
            float sin = CephesFloat.sin(theta);
            float cos = CephesFloat.cos(theta);
            data[at + j] = Math.fma(radius * cos, std, mean);
            data[at + j + 8] = Math.fma(radius * sin, std, mean);
        }
    }

    // ---- float16 and bfloat16: drawn with their own mantissa width, computed in float, each result rounded

    /** {@code std::numeric_limits<T>::digits}: 11 for float16, 8 for bfloat16. */
    static int digits(ScalarType dtype) {
        return dtype == ScalarType.Float16 ? 11 : 8;
    }

    /** {@code v} rounded to the nearest float16 or bfloat16, as a float. */
    public static float round(float v, ScalarType dtype) {
        return dtype == ScalarType.Float16 ? Half.toFloat(Half.fromFloat(v)) : BFloat16.toFloat(BFloat16.fromFloat(v));
    }

    /**
     * {@code uniform_real_distribution<Half or BFloat16>(from, to)}: {@code digits} random bits of a 32-bit draw as
     * a float in [0, 1), times {@code to - from} (computed in the dtype, so rounded), plus from, in float. The
     * bounds are values of the dtype; the caller rounds the result when it stores it.
     */
    public static float uniformReduced(CPUGenerator g, ScalarType dtype, float from, float to) {
        int d = digits(dtype);
        float x = (g.random() & ((1 << d) - 1)) * (1.0f / (1 << d));
        return Math.fma(x, round(to - from, dtype), from);
    }

    /**
     * ATen's generic {@code normal_fill} for float16 and bfloat16 (the AVX2 kernel is float32's only): as the
     * float version, with every intermediate that ATen holds in a {@code scalar_t} rounded to the dtype and the
     * logarithm, square root, sine and cosine of libm in float. {@code data} holds the dtype's values as floats;
     * {@code mean} and {@code std} are values of the dtype.
     */
    public static void normalFillReduced(float[] data, int n, float mean, float std, ScalarType dtype, CPUGenerator g) {
        for (int i = 0; i < n; i++) {
            data[i] = uniformReduced(g, dtype, 0f, 1f);
        }
        for (int i = 0; i < n - 15; i += 16) {
            normalFill16Reduced(data, i, mean, std, dtype);
        }
        if (n % 16 != 0) {
            int tail = n - 16;
            for (int i = 0; i < 16; i++) {
                data[tail + i] = uniformReduced(g, dtype, 0f, 1f);
            }
            normalFill16Reduced(data, tail, mean, std, dtype);
        }
    }

    private static void normalFill16Reduced(float[] data, int at, float mean, float std, ScalarType dtype) {
        if (dtype == ScalarType.BFloat16) {
            normalFill16BFloat16(data, at, mean, std);
            return;
        }
        for (int j = 0; j < 8; j++) {
            float u1 = round(1 - data[at + j], dtype);
            float u2 = data[at + j + 8];
            float radius = round((float) Math.sqrt(-2 * (float) Math.log(u1)), dtype);
            float theta = round((float) (2.0 * Math.PI * u2), dtype);
            data[at + j] = round(Math.fma(radius * (float) Math.cos(theta), std, mean), dtype);
            data[at + j + 8] = round(Math.fma(radius * (float) Math.sin(theta), std, mean), dtype);
        }
    }

    /**
     * The same for bfloat16, whose c10 type has math functions of its own ({@code std::log}, {@code std::sqrt},
     * {@code std::cos} and {@code std::sin} of a BFloat16 return a BFloat16) and whose arithmetic between two
     * BFloat16s rounds each product and sum: nothing is fused.
     */
    private static void normalFill16BFloat16(float[] data, int at, float mean, float std) {
        ScalarType b = ScalarType.BFloat16;
        for (int j = 0; j < 8; j++) {
            float u1 = round(1 - data[at + j], b);
            float u2 = data[at + j + 8];
            float radius = round((float) Math.sqrt(round(-2 * round((float) Math.log(u1), b), b)), b);
            float theta = round((float) (2.0 * Math.PI * u2), b);
            float cos = round((float) Math.cos(theta), b);
            float sin = round((float) Math.sin(theta), b);
            data[at + j] = round(round(round(radius * cos, b) * std, b) + mean, b);
            data[at + j + 8] = round(round(round(radius * sin, b) * std, b) + mean, b);
        }
    }
}
