package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import java.util.Locale;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.CommonDtypeCasts;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.BFloat16;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Half;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * arange (ATen's RangeFactories.cpp). The factories make an empty tensor of the inferred dtype and call
 * arange.start_out on it through the dispatcher, whose CPU and Meta kernel ({@link #arange_out(Scalar,
 * Scalar, Scalar, Tensor)}) checks the range in the dtype's accumulate type (double for floating
 * dtypes, int64 for integer ones), resizes, and (on the CPU) writes {@code start + step * i}.
 */
public final class RangeFactories implements RangeFactoriesDeclarations {
    private static final Scalar ZERO = Scalar.of(0L);
    private static final Scalar ONE = Scalar.of(1L);

    @Override
    public Tensor arange(Scalar end, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return arange(ZERO, end, ONE, dtype, layout, device, pinMemory);
    }

    @Override
    public Tensor arange(Scalar start, Scalar end, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return arange(start, end, ONE, dtype, layout, device, pinMemory);
    }

    /** Without a dtype, all-integral (or bool) bounds and step make an int64 tensor, else the default dtype. */
    @Override
    public Tensor arange(Scalar start, Scalar end, Scalar step, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        boolean integral = dtype == null && !start.isFloatingPoint() && !end.isFloatingPoint() && !step.isFloatingPoint();
        Tensor result = Torch.empty(new long[] {0}, integral ? ScalarType.Int64 : dtype, layout, device, pinMemory, null);
        return Torch.arange_out(result, start, end, step);
    }

    /**
     * {@code steps} values from start to end (the default dtype unless one is given), computed as ATen's
     * linspace kernel does: the first half counting up from start and the second down from end, in the element
     * type (float32 in float; integers with a double step, truncated), so that both ends are exact.
     */
    @Override
    public Tensor linspace(Scalar start, Scalar end, long steps, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        if (steps < 0) {
            throw new IllegalArgumentException("number of steps must be non-negative");
        }
        ScalarType type = dtype != null ? dtype : ResultType.DEFAULT_DTYPE;
        Tensor result = Torch.empty(new long[] {steps}, type, layout, device, pinMemory, null);
        if (steps == 0 || result.isMeta()) {
            return result;
        }
        if (steps == 1) {
            return TensorFactories.fresh(result.fill_(start));
        }
        // 1.13 fills 0 or 1 steps before its kernel, which has no bool loop
        if (type == ScalarType.Bool) {
            throw Elementwise.notImplemented("linspace_cpu", type);
        }
        int n = Math.toIntExact(steps);
        int halfway = n / 2;
        int at = (int) result.storageOffset();
        if (type == ScalarType.Float64) {
            // written in place, each half in a loop of its own: no branch an element, no copy
            double[] out = result.storage().doubles();
            double s = start.toDouble();
            double e = end.toDouble();
            double step = (e - s) / (n - 1);
            for (int i = 0; i < halfway; i++) {
                out[at + i] = s + step * i;
            }
            for (int i = halfway; i < n; i++) {
                out[at + i] = e - step * (n - i - 1);
            }
            return TensorFactories.fresh(result);
        }
        if (type == ScalarType.Float32) {
            float[] out = result.storage().floats();
            float s = (float) start.toDouble();
            float e = (float) end.toDouble();
            float step = (e - s) / (n - 1);
            for (int i = 0; i < halfway; i++) {
                out[at + i] = s + step * i;
            }
            for (int i = halfway; i < n; i++) {
                out[at + i] = e - step * (n - i - 1);
            }
            return TensorFactories.fresh(result);
        }
        double[] values = new double[n];
        if (type == ScalarType.Float16 || type == ScalarType.BFloat16) {
            // c10::Half and c10::BFloat16 arithmetic: start, end, the step and every product and sum rounded to
            // the type, as the kernel's scalar_t operations round them
            float s = roundTo(type, (float) start.toDouble());
            float e = roundTo(type, (float) end.toDouble());
            float step = roundTo(type, roundTo(type, e - s) / roundTo(type, n - 1));
            for (int i = 0; i < n; i++) {
                values[i] = i < halfway ? roundTo(type, s + roundTo(type, step * roundTo(type, i)))
                        : roundTo(type, e - roundTo(type, step * roundTo(type, n - i - 1)));
            }
        } else {
            // start.to<scalar_t>() and end.to<scalar_t>(): checked, then wrapped to the dtype (-5 is 251 for uint8)
            ScalarConversions.check(start, type);
            ScalarConversions.check(end, type);
            long s = CommonDtypeCasts.wrap(ScalarConversions.toLong(start), type);
            long e = CommonDtypeCasts.wrap(ScalarConversions.toLong(end), type);
            double step = ((double) e - (double) s) / (n - 1);
            for (int i = 0; i < n; i++) {
                values[i] = (long) (i < halfway ? s + step * i : e - step * (n - i - 1));
            }
        }
        Copy.copyInto(result, Tensor.FACTORY.fromArray(values, new long[] {steps}));
        return TensorFactories.fresh(result);
    }

    /**
     * {@code steps} powers of {@code base} whose exponents run from start to end, as ATen's logspace kernel
     * computes them: start and end in the dtype, a double step, the first half counting up from start and the
     * second down from end, {@code pow} in double (the base rounded to float for integer dtypes), the result
     * converted to the dtype.
     */
    @Override
    public Tensor logspace(Scalar start, Scalar end, long steps, double base, ScalarType dtype, Layout layout,
            Device device, Boolean pinMemory) {
        if (steps < 0) {
            throw new IllegalArgumentException("number of steps must be non-negative");
        }
        ScalarType type = dtype != null ? dtype : ResultType.DEFAULT_DTYPE;
        Tensor result = Torch.empty(new long[] {steps}, type, layout, device, pinMemory, null);
        if (steps == 0 || result.isMeta()) {
            return result;
        }
        if (steps == 1) {
            return TensorFactories.fresh(result.fill_(Scalar.of(Math.pow(base, ScalarConversions.toDouble(start)))));
        }
        // 1.13's kernel has no bool or float16 loop (0 and 1 steps are filled before it)
        if (type == ScalarType.Bool || type == ScalarType.Float16) {
            throw Elementwise.notImplemented("logspace_cpu", type);
        }
        int n = Math.toIntExact(steps);
        int halfway = n / 2;
        double s;
        double e;
        double b = base;
        if (type.isFloatingPoint()) {
            ScalarConversions.check(start, type);
            ScalarConversions.check(end, type);
            s = ScalarConversions.toDouble(start);
            e = ScalarConversions.toDouble(end);
            if (type != ScalarType.Float64) {
                // scalar_t start and end; their difference in scalar_t too
                boolean narrow = type == ScalarType.BFloat16;
                s = narrow ? roundTo(type, (float) s) : (float) s;
                e = narrow ? roundTo(type, (float) e) : (float) e;
            }
        } else {
            ScalarConversions.check(start, type);
            ScalarConversions.check(end, type);
            s = CommonDtypeCasts.wrap(ScalarConversions.toLong(start), type);
            e = CommonDtypeCasts.wrap(ScalarConversions.toLong(end), type);
            b = (float) base;
        }
        double difference = e - s;
        if (type == ScalarType.Float32) {
            difference = (float) difference;
        } else if (type == ScalarType.BFloat16) {
            difference = roundTo(type, (float) difference);
        }
        double step = difference / (n - 1);
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = Math.pow(b, i < halfway ? s + step * i : e - step * (n - i - 1));
        }
        if (!type.isFloatingPoint()) {
            // C++'s conversion of a double on x86: truncation to int64 (for int64) or to int32 (for the narrower
            // types, then wrapped), and the lowest value of that type beyond its range
            boolean wide = type == ScalarType.Int64;
            double limit = wide ? 0x1p63 : 0x1p31;
            for (int i = 0; i < n; i++) {
                double v = values[i];
                values[i] = v < limit && v >= -limit ? (long) v : wide ? Long.MIN_VALUE : Integer.MIN_VALUE;
            }
        }
        Copy.copyInto(result, Tensor.FACTORY.fromArray(values, new long[] {steps}));
        return TensorFactories.fresh(result);
    }

    /** {@code x} rounded to float16 or bfloat16. */
    private static float roundTo(ScalarType type, float x) {
        return type == ScalarType.Float16 ? Half.toFloat(Half.fromFloat(x)) : BFloat16.toFloat(BFloat16.fromFloat(x));
    }

    /** {@code eye(n, n)}. */
    @Override
    public Tensor eye(long n, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return eye(n, n, dtype, layout, device, pinMemory);
    }

    /** An {@code n x m} tensor of zeros with ones on its diagonal. */
    @Override
    public Tensor eye(long n, long m, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be greater or equal to 0, got " + n);
        }
        if (m < 0) {
            throw new IllegalArgumentException("m must be greater or equal to 0, got " + m);
        }
        Tensor result = Torch.zeros(new long[] {n, m}, dtype, layout, device, pinMemory);
        if (result.isMeta() || result.numel() == 0) {
            return result;
        }
        result.as_strided(new long[] {Math.min(n, m)}, new long[] {m + 1}, 0L).fill_(ONE);
        return TensorFactories.fresh(result);
    }

    @Override
    public Tensor arange_out(Scalar end, Tensor out) {
        return Torch.arange_out(out, ZERO, end, ONE);
    }

    @Override
    public Tensor arange_out(Scalar start, Scalar end, Scalar step, Tensor out) {
        ScalarType dtype = out.dtype();
        if (dtype == ScalarType.Bool) {
            throw new IllegalArgumentException("\"arange_cpu\" not implemented for 'Bool'");
        }
        long size = dtype.isFloatingPoint() ? floatingSize(start, end, step) : integralSize(dtype, start, end, step);
        long numel = out.numel();
        if (numel != size) {
            if (numel > 0) {
                Warnings.warn("The number of elements in the out tensor of shape " + Arrays.toString(out.sizes())
                        + " is " + numel + " which does not match the computed number of elements " + size
                        + ". Note that this may occur as a result of rounding error. The out tensor will be resized to a"
                        + " tensor of shape (" + size + ",).");
            }
            TensorFactories.resize(out, new long[] {size});
        }
        if (out.isMeta()) {
            return out;
        }
        if (out.isContiguous()) {
            write(out.storage(), (int) out.storageOffset(), dtype, start, step, size);
        } else {
            Tensor r = Tensor.FACTORY.empty(out.sizes(), dtype, out.device());
            write(r.storage(), 0, dtype, start, step, size);
            Copy.copyInto(out, r);
        }
        return out;
    }

    /** The checks and element count of arange_out for float and double (accscalar_t double). */
    private static long floatingSize(Scalar start, Scalar end, Scalar step) {
        double xstart = ScalarConversions.toDouble(start);
        double xend = ScalarConversions.toDouble(end);
        double xstep = ScalarConversions.toDouble(step);
        checkRange(xstep > 0 || xstep < 0, Double.isFinite(xstart) && Double.isFinite(xend), xstart, xend,
                (xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart));
        return checkedSize(Math.ceil((xend - xstart) / xstep));
    }

    /** The checks and element count of arange_out for int and long (accscalar_t int64_t). */
    private static long integralSize(ScalarType dtype, Scalar start, Scalar end, Scalar step) {
        long xstart = ScalarConversions.toLong(start);
        long xend = ScalarConversions.toLong(end);
        long xstep = ScalarConversions.toLong(step);
        checkRange(xstep != 0, true, xstart, xend, (xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart));
        double sizeD;
        if (dtype == ScalarType.Int64) {
            long sgn = Long.signum(xstep);
            sizeD = (double) ((xend - xstart + xstep - sgn) / xstep);
        } else {
            // int32 sizes the range in double from the Scalars themselves, like the floating types
            sizeD = Math.ceil((ScalarConversions.toDouble(end) - ScalarConversions.toDouble(start))
                    / ScalarConversions.toDouble(step));
        }
        return checkedSize(sizeD);
    }

    private static void checkRange(boolean nonzeroStep, boolean finite, double xstart, double xend, boolean signOk) {
        if (!nonzeroStep) {
            throw new IllegalArgumentException("step must be nonzero");
        }
        if (!finite) {
            throw new IllegalArgumentException("unsupported range: " + formatDouble(xstart) + " -> " + formatDouble(xend));
        }
        if (!signOk) {
            throw new IllegalArgumentException("upper bound and larger bound inconsistent with step sign");
        }
    }

    private static long checkedSize(double sizeD) {
        if (!(sizeD >= 0 && sizeD <= (double) Long.MAX_VALUE)) {
            throw new IllegalArgumentException("invalid size, possible overflow?");
        }
        if (sizeD > Storage.MAX_ELEMENTS) {
            throw new IllegalArgumentException("arange: a range of " + (long) sizeD + " elements does not fit in a"
                    + " storage of at most " + Storage.MAX_ELEMENTS + " elements");
        }
        return (long) sizeD;
    }

    /** How a C++ ostream prints a double by default (%g, 6 significant digits): 0, 2.5, inf, nan, 1e+20. */
    static String formatDouble(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        String s = String.format(Locale.ROOT, "%.6g", v);
        int e = s.indexOf('e');
        return e < 0 ? stripZeros(s) : stripZeros(s.substring(0, e)) + s.substring(e);
    }

    private static String stripZeros(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    /** start + step * i for i in [0, size), computed in the accumulate type and stored as the dtype. */
    private static void write(Storage storage, int offset, ScalarType dtype, Scalar start, Scalar step, long size) {
        int n = (int) size;
        switch (dtype) {
            case Float32: {
                double s = ScalarConversions.toDouble(start);
                double d = ScalarConversions.toDouble(step);
                float[] a = storage.floats();
                for (int i = 0; i < n; i++) {
                    a[offset + i] = (float) (s + d * i);
                }
                break;
            }
            case Float64: {
                double s = ScalarConversions.toDouble(start);
                double d = ScalarConversions.toDouble(step);
                double[] a = storage.doubles();
                for (int i = 0; i < n; i++) {
                    a[offset + i] = s + d * i;
                }
                break;
            }
            case Int32: {
                long s = ScalarConversions.toLong(start);
                long d = ScalarConversions.toLong(step);
                int[] a = storage.ints();
                for (int i = 0; i < n; i++) {
                    a[offset + i] = (int) (s + d * i);
                }
                break;
            }
            case Int64: {
                long s = ScalarConversions.toLong(start);
                long d = ScalarConversions.toLong(step);
                long[] a = storage.longs();
                for (int i = 0; i < n; i++) {
                    a[offset + i] = s + d * i;
                }
                break;
            }
            case Float16:
            case BFloat16: {
                // their accumulate type is float (at::acc_type on CPU), not double as for float32
                float s = (float) ScalarConversions.toDouble(start);
                float d = (float) ScalarConversions.toDouble(step);
                for (int i = 0; i < n; i++) {
                    storage.setDouble(offset + i, s + (float) i * d);
                }
                break;
            }
            default: {
                long s = ScalarConversions.toLong(start);
                long d = ScalarConversions.toLong(step);
                for (int i = 0; i < n; i++) {
                    storage.setLong(offset + i, s + d * i);
                }
            }
        }
    }
}
