package org.jitdispatch.kernels.ops;

/**
 * The element functions that ufuncs.yaml's expressions call ({@code ScalarMath.erf(self)}), as ATen's loops
 * call the scalar functions of
 * {@code ATen/native/Math.h}: one double function each, used by the float32 loops too (computed in double,
 * rounded once).
 */
public final class ScalarMath {
    private static final double SQRT1_2 = Math.sqrt(0.5);
    /** M_2_SQRTPI * M_SQRT1_2 * 0.5 = 1 / sqrt(2 pi). */
    private static final double INV_SQRT_2PI = 1.0 / Math.sqrt(2.0 * Math.PI);
    /** M_SQRT2 * M_2_SQRTPI * 0.5 = sqrt(2 / pi). */
    private static final double BETA = Math.sqrt(2.0 / Math.PI);
    private static final double KAPPA = 0.044715;
    /** The bits of float -infinity as an int: every negative float that is not NaN has bits at most these. */
    private static final int NEGATIVE_INFINITY_BITS = Float.floatToRawIntBits(Float.NEGATIVE_INFINITY);
    private static final long DOUBLE_NEGATIVE_INFINITY_BITS = Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY);

    /**
     * Whether float32 exponentials take {@link #expBySquaring}: from JDK 21, whose C2 vectorizes its loops (measured
     * on JDK 25); on JDK 17 the {@code Math.exp} intrinsic is faster.
     */
    private static final boolean SQUARING_EXP = Runtime.version().feature() >= 21;

    /**
     * Whether a float widened straight from memory into a math intrinsic stalls: on JDK 17, C2 converts the loaded
     * float with {@code cvtss2sd} into the register that holds the previous element's result, and the conversion
     * waits for it, so a loop of {@code (float) Math.exp(x[i])} runs one element after the other (12.7 ms for a
     * million floats, against 5.1 ms when the float passes through an addition first; exp's, log's, sin's and
     * expm1's intrinsics alike). JDK 25 does not stall; the releases between are not measured and keep the addition.
     */
    private static final boolean WIDENING_STALLS = Runtime.version().feature() < 25;

    private ScalarMath() {
    }

    /**
     * A float32 element as the double argument of a math intrinsic, without the stall {@link #WIDENING_STALLS}
     * describes: {@code x + 0f}, which C2 cannot fold away because it turns -0.0 into +0.0. So only for functions
     * that give both zeros the same result: exp, log, cos, and a magnitude.
     */
    public static double widen(float x) {
        return WIDENING_STALLS ? x + 0f : x;
    }

    /** {@link #widen(float)} for a float64 loop: the value itself. */
    public static double widen(double x) {
        return x;
    }

    /**
     * e^x of a float32 element rounded to float32, as the exp operator and softmax compute it: {@link #expBySquaring}
     * rounded where C2 vectorizes it (JDK 21 and later), else {@link FloatExponential}'s float32 exponential, which
     * runs vectorized in blocks on those JDKs ({@link #expRun}). Both are within an ulp of e^x; a constant picks
     * one, which C2 folds.
     */
    public static float expRounded(float x) {
        return SQUARING_EXP ? (float) expBySquaring(x) : FloatExponential.exp(x);
    }

    /**
     * sigmoid of a float32 element: {@code 1 / (1 + e^-x)} in double with {@link #expBySquaring}, rounded once, where
     * C2 vectorizes it (JDK 21 and later), else in float32 as ATen's vectorized kernel computes it ({@link
     * FloatSigmoid}, within about two ulps), whose runs are computed in vectorized blocks. A constant picks one.
     */
    public static float sigmoid(float x) {
        return SQUARING_EXP ? (float) (1.0 / (1.0 + expBySquaring(-x))) : FloatSigmoid.inFloat(x);
    }

    /** sigmoid of a float64 element: {@code 1 / (1 + Math.exp(-x))}. */
    public static double sigmoid(double x) {
        return 1.0 / (1.0 + Math.exp(-x));
    }

    /**
     * The natural logarithm of a float32 element: {@code Math.log} rounded, or before JDK 21, where {@link
     * FloatExponential} has its vectorized blocks, {@link FloatLog}'s float32 logarithm (within an ulp), whose runs
     * the fast path computes in blocks.
     */
    public static float log(float x) {
        return FloatExponential.BLOCKS ? FloatLog.inFloat(x) : (float) Math.log(widen(x));
    }

    /** The natural logarithm of a float64 element: {@code Math.log}. */
    public static double log(double x) {
        return Math.log(x);
    }

    /** {@link #expRounded(float)} for a float64 loop: {@code Math.exp}. */
    public static double expRounded(double x) {
        return Math.exp(x);
    }

    /**
     * {@code out[outOff + i] = expRounded(x[xOff + i] - shift)} for {@code i < n}, the same bits as one element at a
     * time: in {@link FloatExponential}'s vectorized blocks where it has them (JDKs before 21), else in a loop C2
     * vectorizes (JDK 21 and later). {@code out} may be {@code x} at the same offset.
     */
    public static void expRun(float[] x, int xOff, float shift, float[] out, int outOff, int n) {
        if (!SQUARING_EXP) {
            FloatExponential.exp(x, xOff, shift, out, outOff, n);
        } else if (xOff == outOff) {
            // one index for both arrays, the form C2's superword pass vectorizes
            for (int i = xOff, end = xOff + n; i < end; i++) {
                out[i] = (float) expBySquaring(x[i] - shift);
            }
        } else {
            for (int i = 0; i < n; i++) {
                out[outOff + i] = (float) expBySquaring(x[xOff + i] - shift);
            }
        }
    }

    /** {@link #expRun(float[], int, float, float[], int, int)} for float64: {@code Math.exp} one element at a time. */
    public static void expRun(double[] x, int xOff, double shift, double[] out, int outOff, int n) {
        for (int i = 0; i < n; i++) {
            out[outOff + i] = Math.exp(x[xOff + i] - shift);
        }
    }

    /**
     * e^x of a float32 element, in double (not rounded, so that a formula around it, such as sigmoid's
     * {@code 1 / (1 + e^-x)}, rounds once): {@link #expBySquaring} where C2 vectorizes it, else {@code Math.exp}.
     * A constant picks one, which C2 folds.
     */
    public static double exp(float x) {
        return SQUARING_EXP ? expBySquaring(x) : Math.exp(widen(x));
    }

    /**
     * e^x of a float32 element as {@code p(x / 1024)^1024}, {@code p} the exponential's Taylor polynomial of degree
     * 8, then ten squarings. It is plain arithmetic, with no exponent bits and no branch, so C2's superword pass
     * vectorizes a loop that calls it once it vectorizes float-to-double conversions (JDK 19's JDK-8283091): on
     * JDK 25 a sigmoid over 1M floats takes a quarter of {@code Math.exp}'s time. Left scalar (JDK 17) it is slower
     * than the {@code Math.exp} intrinsic (its twenty dependent steps), hence {@link #SQUARING_EXP}. For the floats
     * whose e^x is a float ({@code x} in [-104, 89]), {@code |x / 1024| <= 0.102}, where the polynomial is within
     * 3e-15 of e^y, and the squarings take the result within about 3e-12 of e^x, relatively: rounded to float it is
     * {@code (float) Math.exp(x)} but next to a rounding midpoint (137 of about 2 billion floats sampled in that
     * range came out one ulp apart). Below -104, where e^x rounds to +0, x is clamped to -104; above it the value
     * is larger than any float (+infinity past 709); NaN stays NaN.
     */
    static double expBySquaring(float x) {
        double y = Math.max(x, -104f) * 0x1p-10;
        double p = 1 + y * (1 + y * (1.0 / 2 + y * (1.0 / 6 + y * (1.0 / 24 + y * (1.0 / 120
                + y * (1.0 / 720 + y * (1.0 / 5040 + y * (1.0 / 40320))))))));
        p *= p;
        p *= p;
        p *= p;
        p *= p;
        p *= p;
        p *= p;
        p *= p;
        p *= p;
        p *= p;
        return p * p;
    }

    /** e^x of a float64 element: {@code Math.exp} (the float32 formula is not accurate to a double's last bits). */
    public static double exp(double x) {
        return Math.exp(x);
    }

    /** The error function ({@link Erf}): within 1 ulp of glibc's, a polynomial a call. */
    public static double erf(double x) {
        return Erf.erf(x);
    }

    /** round.decimals: {@code rint(x * p) / p}, or {@code rint(x / p) * p} for negative decimals, in float. */
    public static float roundDecimals(float x, float tenPow, boolean negative) {
        return negative ? (float) Math.rint(x / tenPow) * tenPow : (float) Math.rint(x * tenPow) / tenPow;
    }

    /** As {@link #roundDecimals(float, float, boolean)}, in double. */
    public static double roundDecimals(double x, double tenPow, boolean negative) {
        return negative ? Math.rint(x / tenPow) * tenPow : Math.rint(x * tenPow) / tenPow;
    }

    /** I0(x), the modified Bessel function of order 0 ({@link Bessel}). */
    public static double i0(double x) {
        return Bessel.i0(x);
    }

    /** exp(-|x|) I0(x). */
    public static double i0e(double x) {
        return Bessel.i0e(x);
    }

    /** I1(x), the modified Bessel function of order 1. */
    public static double i1(double x) {
        return Bessel.i1(x);
    }

    /** exp(-|x|) I1(x). */
    public static double i1e(double x) {
        return Bessel.i1e(x);
    }

    /** {@code e^(x^2) erfc(x)} ({@link NormalDistribution}). */
    public static double erfcx(double x) {
        return NormalDistribution.erfcx(x);
    }

    /** The log of the standard normal CDF. */
    public static double logNdtr(double x) {
        return NormalDistribution.logNdtr(x);
    }

    /** The standard normal quantile. */
    public static double ndtri(double x) {
        return NormalDistribution.ndtri(x);
    }

    /** The Hurwitz zeta function {@code sum_k (k + q)^-x} ({@link SpecialFunctions#zeta}). */
    public static double zeta(double x, double q) {
        return SpecialFunctions.zeta(x, q);
    }

    /**
     * c10's nextafter of two bfloat16 values (given as the floats they are): a step of one in the 16-bit pattern,
     * towards {@code to}; NaN if either is NaN, {@code to} from a zero to a zero, the smallest subnormal with
     * {@code to}'s sign from a zero. A bfloat16 is the top half of the float with its value.
     */
    public static float nextAfterBFloat16(float from, float to) {
        if (from != from || to != to) {
            return from + to;
        }
        int f = Float.floatToRawIntBits(from) >>> 16;
        int t = Float.floatToRawIntBits(to) >>> 16;
        if (f == t) {
            return from;
        }
        int sign = 0x8000;
        int absFrom = f & ~sign;
        int absTo = t & ~sign;
        if (absFrom == 0) {
            if (absTo == 0) {
                return to;
            }
            f = (t & sign) | 1;
        } else if (absFrom > absTo || ((f ^ t) & sign) != 0) {
            f--;
        } else {
            f++;
        }
        return Float.intBitsToFloat(f << 16);
    }

    /** The regularized lower incomplete gamma function P(a, x) ({@link IncompleteGamma}). */
    public static double igamma(double a, double x) {
        return IncompleteGamma.igamma(a, x);
    }

    /** The regularized upper incomplete gamma function Q(a, x). */
    public static double igammac(double a, double x) {
        return IncompleteGamma.igammac(a, x);
    }

    /** ATen's calc_gcd: Euclid's algorithm on the absolute values; gcd(0, 0) is 0. */
    public static long gcd(long a, long b) {
        a = Math.abs(a);
        b = Math.abs(b);
        while (a != 0) {
            long c = a;
            a = b % a;
            b = c;
        }
        return b;
    }

    /** ATen's lcm: {@code |a / gcd * b|}, 0 when the gcd is 0. */
    public static long lcm(long a, long b) {
        long g = gcd(a, b);
        return g == 0 ? 0 : Math.abs(a / g * b);
    }

    /** Python's modulus (ATen's remainder): the result takes the divisor's sign. */
    public static double remainder(double a, double b) {
        double mod = a % b;
        if (mod != 0 && (b < 0) != (mod < 0)) {
            mod += b;
        }
        return mod;
    }

    /**
     * gelu of a float32 element in float32, as ATen's vectorized kernel computes it ({@link FloatGelu}: its
     * error function within 1.5e-7); the float32 loops call this overload.
     */
    public static float gelu(float x) {
        return FloatGelu.gelu(x);
    }

    /** gelu's gradient of float32 elements in float32 ({@link FloatGelu}). */
    public static float geluBackward(float dy, float x) {
        return FloatGelu.backward(dy, x);
    }

    /** x * Phi(x) = x / 2 * (1 + erf(x / sqrt(2))). */
    public static double gelu(double x) {
        return x * 0.5 * (1.0 + ScalarMath.erf(x * SQRT1_2));
    }

    /** x / 2 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3))). */
    /**
     * tanh of a float32 element, in double as {@code 1 - 2 / (exp(2|x|) + 1)} with x's sign; below 2^-12, where
     * that difference cancels, as {@code x (1 - x^2 / 3)} (the next term is below 2^-49 of it, and a zero keeps its
     * sign), and above 20, where tanh rounds to 1 even in double, as +-1. {@code Math.exp} is a C2 intrinsic and
     * {@code Math.tanh} is not on JDK 17 (about 27 ns an element against 8 here). The double result is within about
     * 1e-12 of tanh's, so rounded to float it is {@code (float) Math.tanh(x)} except next to a rounding midpoint
     * between two floats: 10 of 611 million floats sampled across the whole range came out one ulp apart. Before
     * JDK 21, where {@link FloatExponential} has its vectorized blocks, {@link FloatTanh}'s float32 tanh instead
     * (within two ulps).
     */
    public static float tanh(float x) {
        // before JDK 21: float32 arithmetic, whose runs vectorize in blocks
        return FloatExponential.BLOCKS ? FloatTanh.inFloat(x) : tanhInDouble(x);
    }

    /** The double formula of {@link #tanh(float)}, rounded once. */
    static float tanhInDouble(float x) {
        double d = x;
        double a = Math.abs(widen(x));
        if (a < 0x1p-12) {
            return (float) (d * (1 - d * d / 3));
        }
        if (a > 20) {
            return Math.copySign(1f, x);
        }
        return (float) Math.copySign(1 - 2 / (Math.exp(2 * a) + 1), d);
    }

    /** tanh of a float64 element: {@code Math.tanh} (the float32 formula is not accurate to a double's last bits). */
    public static double tanh(double x) {
        return Math.tanh(x);
    }

    public static double geluTanh(double x) {
        double inner = BETA * (x + KAPPA * x * x * x);
        return 0.5 * x * (1.0 + Math.tanh(inner));
    }

    /** dy * (Phi(x) + x * phi(x)). */
    public static double geluBackward(double dy, double x) {
        double cdf = 0.5 * (1.0 + ScalarMath.erf(x * SQRT1_2));
        double pdf = Math.exp(-0.5 * x * x) * INV_SQRT_2PI;
        return dy * (cdf + x * pdf);
    }

    public static double geluTanhBackward(double dy, double x) {
        double xSq = x * x;
        double inner = BETA * (x + KAPPA * xSq * x);
        double t = Math.tanh(inner);
        double left = 0.5 * x;
        double right = 1.0 + t;
        double leftDerivative = 0.5 * right;
        double rightDerivative = left * (1.0 - t * t) * BETA * (1.0 + 3.0 * KAPPA * xSq);
        return dy * (leftDerivative + rightDerivative);
    }

    /**
     * silu of a float32 element: {@code x / (1 + e^-x)} in double, rounded once; before JDK 21, where {@link
     * FloatExponential} has its vectorized blocks, {@code x * sigmoid(x)} in float32 with {@link FloatSigmoid}'s
     * sigmoid, whose runs the fast path computes in blocks.
     */
    public static float silu(float x) {
        return FloatExponential.BLOCKS ? FloatSigmoid.silu(x) : (float) (x / (1.0 + exp(-x)));
    }

    /** silu of a float64 element: {@code x / (1 + Math.exp(-x))}. */
    public static double silu(double x) {
        return x / (1.0 + Math.exp(-x));
    }

    /**
     * silu's gradient for float32 elements: {@link #siluBackward(double, double)} rounded once, or before JDK 21 in
     * float32 with {@link FloatSigmoid}'s sigmoid.
     */
    public static float siluBackward(float dy, float x) {
        return FloatExponential.BLOCKS ? FloatSigmoid.siluBackward(dy, x) : (float) siluBackward((double) dy, x);
    }

    /** silu's gradient: dy * s * (1 + x * (1 - s)) with s = sigmoid(x). */
    public static double siluBackward(double dy, double x) {
        double s = 1.0 / (1.0 + Math.exp(-x));
        return dy * s * (1.0 + x * (1.0 - s));
    }

    /** logit of x clamped to [lo, hi] (NaN stays NaN). */
    public static double logitClamped(double x, double lo, double hi) {
        double z = x < lo ? lo : x > hi ? hi : x;
        return Math.log(z / (1 - z));
    }

    /** log(exp(a) + exp(b)) as ATen computes it: a + log1p(exp(b - a)) about the larger; equal infinities kept. */
    public static double logaddexp(double a, double b) {
        if (Double.isInfinite(a) && a == b) {
            return a;
        }
        double m = Math.max(a, b);
        return m + Math.log1p(Math.exp(-Math.abs(a - b)));
    }

    /** log2(2^a + 2^b), as logaddexp in base 2. */
    public static double logaddexp2(double a, double b) {
        if (Double.isInfinite(a) && a == b) {
            return a;
        }
        double m = Math.max(a, b);
        return m + Math.log1p(Math.pow(2, -Math.abs(a - b))) / Math.log(2);
    }

    /**
     * The integer divisions of fmod, remainder and div's rounding modes. Zero divisors are refused before the loop;
     * one can still appear during it when an out= tensor shares memory with the divisor, and then it fails as ATen's
     * loop does ("ZeroDivisionError") rather than with Java's ArithmeticException.
     */
    public static long fmod(long a, long b) {
        return a % nonZero(b);
    }

    public static long floorMod(long a, long b) {
        return Math.floorMod(a, nonZero(b));
    }

    public static long divTrunc(long a, long b) {
        return a / nonZero(b);
    }

    public static long floorDiv(long a, long b) {
        return Math.floorDiv(a, nonZero(b));
    }

    private static long nonZero(long b) {
        if (b == 0) {
            throw new IllegalArgumentException("ZeroDivisionError");
        }
        return b;
    }

    /** The special functions of {@link SpecialFunctions}, for the ufunc loops' expressions. */
    public static double lgamma(double x) {
        return SpecialFunctions.lgamma(x);
    }

    public static double digamma(double x) {
        return SpecialFunctions.digamma(x);
    }

    public static double erfc(double x) {
        return SpecialFunctions.erfc(x);
    }

    public static double polygamma(int n, double x) {
        return SpecialFunctions.polygamma(n, x);
    }

    /** polygamma of a float32: trigamma in float arithmetic, as ATen's float overload (near its poles, sin(pi x) in float). */
    public static float polygamma(int n, float x) {
        return n == 1 ? SpecialFunctions.trigamma(x) : (float) SpecialFunctions.polygamma(n, x);
    }

    public static double erfinv(double x) {
        return SpecialFunctions.erfinv(x);
    }

    /** mish's derivative, as ATen's CPU kernel writes it: dy * (t + x * sigmoid(x) * (1 - t * t)), t = tanh(softplus(x)). */
    public static double mishBackward(double dy, double x) {
        double sigmoid = 1.0 / (1.0 + Math.exp(-x));
        double tanhSoftplus = Math.tanh(Math.log1p(Math.exp(x)));
        return dy * (tanhSoftplus + x * sigmoid * (1.0 - tanhSoftplus * tanhSoftplus));
    }

    /** clamp of one value between two bounds that are not NaN: a NaN value stays NaN. */
    public static float clamp(float x, float min, float max) {
        float t = x < min ? min : x;
        return max < t ? max : t;
    }

    /** clamp of one value between two bounds that are not NaN: a NaN value stays NaN. */
    public static double clamp(double x, double min, double max) {
        double t = x < min ? min : x;
        return max < t ? max : t;
    }

    /**
     * C's pow: Java's Math.pow differs only where C returns 1 (a base of 1 with any exponent, NaN
     * included, and a base of -1 with an infinite exponent).
     */
    public static double cpow(double base, double exp) {
        if (base == 1.0 || (base == -1.0 && Double.isInfinite(exp))) {
            return 1.0;
        }
        return Math.pow(base, exp);
    }

    /** ATen's powi: integer power by squaring, wrapping on overflow; negative exponents give 0, 1 or -1. */
    public static long powi(long a, long b) {
        if (b < 0) {
            if (a == 1) {
                return 1;
            }
            if (a == -1) {
                return (-b) % 2 != 0 ? -1 : 1;
            }
            return 0;
        }
        long result = 1;
        while (b != 0) {
            if ((b & 1) != 0) {
                result *= a;
            }
            b /= 2;
            a *= a;
        }
        return result;
    }

    /** std::trunc. */
    public static double trunc(double x) {
        return x < 0 ? Math.ceil(x) : Math.floor(x);
    }

    /** c10::div_floor_floating in float. */
    public static float divFloor(float a, float b) {
        if (b == 0) {
            return a / b;
        }
        float mod = a % b;
        float div = (a - mod) / b;
        if (mod != 0 && (b < 0) != (mod < 0)) {
            div -= 1f;
        }
        if (div == 0) {
            return Math.copySign(0f, a / b);
        }
        float floordiv = (float) Math.floor(div);
        if (div - floordiv > 0.5f) {
            floordiv += 1f;
        }
        return floordiv;
    }

    /** c10::div_floor_floating in double. */
    public static double divFloor(double a, double b) {
        if (b == 0) {
            return a / b;
        }
        double mod = a % b;
        double div = (a - mod) / b;
        if (mod != 0 && (b < 0) != (mod < 0)) {
            div -= 1;
        }
        if (div == 0) {
            return Math.copySign(0.0, a / b);
        }
        double floordiv = Math.floor(div);
        if (div - floordiv > 0.5) {
            floordiv += 1;
        }
        return floordiv;
    }

    /**
     * relu, ATen's {@code std::max(self, 0)}: a positive value or zero of either sign is kept, a negative one
     * becomes 0.0, and NaN stays NaN. Written with {@code Math.max}, {@code Math.min} and products only, which
     * C2's superword pass vectorizes, where a test for -0.0 keeps the loop scalar (3.4 times as slow). The
     * second bound is {@code self * s} with {@code s = self * 2^150 + 1}: for a negative {@code self} (even the
     * least subnormal) {@code s} is at most -1, so the bound is positive and the minimum is the maximum's 0.0;
     * for -0.0 it is 1, so the bound is -0.0 itself; otherwise it is at least 1 and the bound at least
     * {@code self}. Equal to {@code self == 0 ? self : Math.max(self, 0)} for every float.
     */
    public static float relu(float self) {
        return Math.min(Math.max(self, 0f), self * (self * 0x1p75f * 0x1p75f + 1f));
    }

    /** {@link #relu(float)} over doubles: {@code 2^1080} lifts the least subnormal above 1. */
    public static double relu(double self) {
        return Math.min(Math.max(self, 0.0), self * (self * 0x1p540 * 0x1p540 + 1.0));
    }

    /** relu of an integer. */
    public static long relu(long self) {
        return Math.max(self, 0L);
    }

    /**
     * {@code self <= threshold ? 0 : value} (threshold_backward's element, +0.0 where it zeroes) computed on
     * the bits, with no branch: a float select is a branch on x86, and on relu's gradient, where half the
     * elements are zero, a branch mispredicts every other element. {@code self <= threshold} is read as the
     * order of IEEE's total-order keys of {@code self + 0} and {@code threshold + 0} (adding +0 makes -0.0
     * +0.0, so that the zeros compare equal), false when either is NaN. (A select of the bits, {@code self <=
     * threshold ? 0 : bits(value)}, is twice as fast where C2 compiles it to a conditional move, but whether it
     * does depends on the profile and the method it is inlined into: in some, JDK 17 made it a branch, and relu's
     * gradient of 401,408 elements took three times as long.)
     */
    public static float zeroIfAtMost(float self, float threshold, float value) {
        if (threshold == 0f) {
            // relu's gradient: a test that C2 hoists out of the loop (it unswitches on it), and half the work
            return zeroIfNotPositive(self, value);
        }
        int keep = lessThan(orderKey(threshold + 0f), orderKey(self + 0f)) | nanMask(self) | nanMask(threshold);
        return Float.intBitsToFloat(Float.floatToRawIntBits(value) & keep);
    }

    /** As {@link #zeroIfAtMost(float, float, float)}, over doubles. */
    public static double zeroIfAtMost(double self, double threshold, double value) {
        if (threshold == 0.0) {
            return zeroIfNotPositive(self, value);
        }
        long keep = lessThan(orderKey(threshold + 0.0), orderKey(self + 0.0)) | nanMask(self) | nanMask(threshold);
        return Double.longBitsToDouble(Double.doubleToRawLongBits(value) & keep);
    }

    /**
     * {@code self <= 0 ? 0 : value} with a threshold of zero, on the bits. {@code self * 2 - MIN_VALUE} is
     * negative and not NaN exactly when {@code self <= 0} (both zeros included: a positive {@code self}, even the
     * least subnormal, stays positive), so the value is kept where those bits, as an int, are above those of
     * -infinity: a positive number or a NaN of either sign. {@code Math.min} (a conditional move, never a
     * branch) keeps +infinity and the positive NaNs from overflowing the subtraction that takes the sign.
     */
    private static float zeroIfNotPositive(float self, float value) {
        int bits = Math.min(Float.floatToRawIntBits(self * 2f - Float.MIN_VALUE), 0x7f7fffff);
        int keep = NEGATIVE_INFINITY_BITS - bits >> 31;
        return Float.intBitsToFloat(Float.floatToRawIntBits(value) & keep);
    }

    private static double zeroIfNotPositive(double self, double value) {
        long bits = Math.min(Double.doubleToRawLongBits(self * 2.0 - Double.MIN_VALUE), 0x7fefffffffffffffL);
        long keep = DOUBLE_NEGATIVE_INFINITY_BITS - bits >> 63;
        return Double.longBitsToDouble(Double.doubleToRawLongBits(value) & keep);
    }

    /** A key whose signed order is the order of non-NaN floats ({@code -0.0} below {@code +0.0}). */
    private static int orderKey(float x) {
        int bits = Float.floatToRawIntBits(x);
        return bits ^ (bits >> 31 & 0x7fffffff);
    }

    private static long orderKey(double x) {
        long bits = Double.doubleToRawLongBits(x);
        return bits ^ (bits >> 63 & 0x7fffffffffffffffL);
    }

    /** -1 where {@code a < b} (signed), else 0, without overflow. */
    private static int lessThan(int a, int b) {
        int d = a - b;
        return (d ^ (a ^ b) & (d ^ a)) >> 31;
    }

    private static long lessThan(long a, long b) {
        long d = a - b;
        return (d ^ (a ^ b) & (d ^ a)) >> 63;
    }

    /** -1 where {@code x} is NaN, else 0. */
    private static int nanMask(float x) {
        return 0x7f800000 - (Float.floatToRawIntBits(x) & 0x7fffffff) >> 31;
    }

    private static long nanMask(double x) {
        return 0x7ff0000000000000L - (Double.doubleToRawLongBits(x) & 0x7fffffffffffffffL) >> 63;
    }

    /**
     * log2 as std::log2 gives it: exact at powers of two. The exponent plus the log of the mantissa, taken in
     * [sqrt(1/2), sqrt(2)) so that near 1 the result is the mantissa's log alone (accurate relative to itself);
     * subnormals are scaled first.
     */
    public static double log2(double x) {
        if (!(x > 0) || Double.isInfinite(x)) {
            return Math.log(x) / LN2; // NaN, -inf at 0, NaN below, inf at inf
        }
        int shift = 0;
        if (x < Double.MIN_NORMAL) {
            x *= 0x1p54;
            shift = -54;
        }
        int exponent = Math.getExponent(x);
        double mantissa = Math.scalb(x, -exponent);
        if (mantissa > SQRT2) {
            mantissa *= 0.5;
            exponent++;
        }
        return exponent + shift + Math.log(mantissa) / LN2;
    }

    /** asinh as fdlibm computes it: x itself when tiny, log(2|x|) when huge, log1p's forms in between. */
    public static double asinh(double x) {
        double a = Math.abs(x);
        if (a < 0x1p-28 || Double.isNaN(x) || Double.isInfinite(x)) {
            return x;
        }
        double r;
        if (a > 0x1p28) {
            r = Math.log(a) + LN2;
        } else if (a > 2) {
            r = Math.log(2 * a + 1 / (Math.sqrt(x * x + 1) + a));
        } else {
            double t = x * x;
            r = Math.log1p(a + t / (1 + Math.sqrt(1 + t)));
        }
        return Math.copySign(r, x);
    }

    /** acosh as fdlibm computes it: NaN below 1, log(2x) when huge, log1p's form near 1. */
    public static double acosh(double x) {
        if (!(x >= 1)) {
            return Double.NaN;
        }
        if (x > 0x1p28) {
            return Double.isInfinite(x) ? x : Math.log(x) + LN2;
        }
        if (x > 2) {
            return Math.log(2 * x - 1 / (x + Math.sqrt(x * x - 1)));
        }
        double t = x - 1;
        return Math.log1p(t + Math.sqrt(2 * t + t * t));
    }

    /** atanh as fdlibm computes it: NaN beyond [-1, 1], infinite at its ends, half of log1p's forms within. */
    public static double atanh(double x) {
        double a = Math.abs(x);
        if (a > 1) {
            return Double.NaN;
        }
        if (a == 1) {
            return x / 0.0;
        }
        if (a < 0x1p-28) {
            return x;
        }
        double r = a < 0.5 ? 0.5 * Math.log1p(2 * a + 2 * a * a / (1 - a)) : 0.5 * Math.log1p(2 * a / (1 - a));
        return Math.copySign(r, x);
    }

    private static final double LN2 = 0.6931471805599453;
    private static final double SQRT2 = 1.4142135623730951;
}
