package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.iter.BooleanLoop;
import org.jitdispatch.kernels.iter.CommonDtypeCasts;
import org.jitdispatch.kernels.iter.DoubleLoop;
import org.jitdispatch.kernels.iter.FloatLoop;
import org.jitdispatch.kernels.iter.LongLoop;
import org.jitdispatch.kernels.iter.LoopDtype;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.iter.TensorIteratorBase;
import org.jitdispatch.kernels.iter.TensorIteratorConfig;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorImpl;

/**
 * What the elementwise kernel classes share: ATen's small helpers (wrapped_scalar_tensor, Scalar::to's
 * overflow check, Scalar::equal, result_type, {@code Tensor.to(dtype)}, fill_) and C's pow, written
 * without per-element virtual calls.
 */
final class Elementwise {
    private Elementwise() {
    }

    // ---- scalars ----

    /**
     * ATen's wrapped_scalar_tensor: a 0-dim CPU tensor of the Scalar's own type (Int64, Float64 or Bool)
     * marked as a wrapped number, so that it takes part in type promotion as a Python number does.
     */
    static Tensor wrappedScalarTensor(Scalar value) {
        Tensor t = Tensor.FACTORY.scalarTensor(value, value.type());
        t.setWrappedNumber(true);
        return t;
    }

    /** The value of CPU scalar operand {@code arg} (see TensorIteratorBase#isCpuScalar) as a float, without allocating. */
    static float scalarFloat(TensorIteratorBase it, int arg) {
        TensorImpl t = it.tensor(arg);
        Storage s = t.storage();
        return t.dtype().isFloatingPoint() ? (float) s.getDouble(t.storageOffset()) : (float) s.getLong(t.storageOffset());
    }

    static double scalarDouble(TensorIteratorBase it, int arg) {
        TensorImpl t = it.tensor(arg);
        Storage s = t.storage();
        return t.dtype().isFloatingPoint() ? s.getDouble(t.storageOffset()) : (double) s.getLong(t.storageOffset());
    }

    /** Read as C++ reads it into an int64_t: floating values truncate toward zero. */
    static long scalarLong(TensorIteratorBase it, int arg) {
        TensorImpl t = it.tensor(arg);
        return t.storage().getLong(t.storageOffset());
    }

    /** c10's Scalar::equal(double): a bool Scalar equals no number. */
    static boolean scalarEquals(Scalar s, double value) {
        if (s.isFloatingPoint()) {
            return s.toDouble() == value;
        }
        return s.isIntegral() && s.toLong() == value;
    }

    /** A Scalar given as a NaN (only a floating Scalar can be one). */
    static boolean isNaN(Scalar s) {
        return s.isFloatingPoint() && Double.isNaN(s.toDouble());
    }

    /**
     * What {@code scalar.to<T>()} checks before a kernel of dtype {@code to} uses a Scalar (c10's
     * checked_convert): a value that T cannot hold is an error. Infinity fits the floating types, NaN
     * everything but the integral types; bool takes every value (nonzero, NaN included, is true), as in
     * PyTorch 1.13, where {@code masked_fill}, {@code fill_}, {@code index_fill} and {@code scatter} of a bool
     * tensor with 1.5, -1 or NaN write true.
     */
    static void checkConvert(Scalar s, ScalarType to) {
        boolean overflow;
        if (to == ScalarType.Bool) {
            overflow = false;
        } else if (s.isFloatingPoint()) {
            double d = s.toDouble();
            switch (to) {
                case Int64:
                    overflow = Double.isNaN(d) || d < (double) Long.MIN_VALUE || d > (double) Long.MAX_VALUE;
                    break;
                case Float64:
                    overflow = false;
                    break;
                default:
                    double max = ScalarConversions.maxValue(to);
                    overflow = to.isFloatingPoint()
                            ? !Double.isInfinite(d) && (d < -max || d > max)
                            : Double.isNaN(d) || d < ScalarConversions.lowest(to) || d > max;
            }
        } else if (s.isIntegral()) {
            // an unsigned target (uint8): negative values wrap as in two's complement, so -1 is allowed
            overflow = ScalarConversions.integerOverflows(s.toLong(), to);
        } else {
            overflow = false;
        }
        if (overflow) {
            throw ScalarConversions.overflow(to);
        }
    }

    /** AT_DISPATCH's error for a dtype a kernel has no loop for. */
    static IllegalArgumentException notImplemented(String kernel, ScalarType dtype) {
        return new IllegalArgumentException("\"" + kernel + "\" not implemented for '" + dtype.c10Name() + "'");
    }

    // ---- tensors ----

    /** at::result_type(a, b) of two tensors (a wrapped-number tensor counts as a Python number). */
    static ScalarType resultType(TensorImpl a, TensorImpl b) {
        return new ResultType().add(a.dtype(), a.dim(), a.isWrappedNumber())
                .add(b.dtype(), b.dim(), b.isWrappedNumber()).result();
    }

    /**
     * {@code self.to(dtype)}: self itself when it has the dtype, else a converted copy laid out like self
     * (the same strides when self is dense, else dense strides in self's dimension order, as _to_copy's
     * infer_dense_strides). A meta tensor gets a meta copy.
     */
    static Tensor toDtype(Tensor self, ScalarType dtype) {
        if (self.dtype() == dtype) {
            return self;
        }
        TensorIterator it = TensorIterator.functional(Tensor.FACTORY);
        it.build(new TensorIteratorConfig().checkAllSameDtype(false).declareStaticDtype(dtype)
                .addOutput(null).addInput(self));
        it.commit();
        if (!it.isMeta()) {
            copyLoop(it, dtype);
        }
        return (Tensor) it.output(0);
    }

    /** Copies input 0 into the output, converting through the loop family of {@code dtype}. */
    static void copyLoop(TensorIterator it, ScalarType dtype) {
        switch (LoopDtype.of(dtype)) {
            case Float32: {
                FloatLoop c = it.floatLoop();
                while (c.next()) {
                    System.arraycopy(c.in0(), c.start(), c.out(), c.start(), c.end() - c.start());
                }
                break;
            }
            case Float64: {
                DoubleLoop c = it.doubleLoop();
                while (c.next()) {
                    System.arraycopy(c.in0(), c.start(), c.out(), c.start(), c.end() - c.start());
                }
                break;
            }
            case Int64: {
                LongLoop c = it.longLoop();
                while (c.next()) {
                    System.arraycopy(c.in0(), c.start(), c.out(), c.start(), c.end() - c.start());
                }
                break;
            }
            default: {
                BooleanLoop c = it.booleanLoop();
                while (c.next()) {
                    System.arraycopy(c.in0(), c.start(), c.outBool(), c.start(), c.end() - c.start());
                }
            }
        }
    }

    /** {@code out.fill_(value)} for an existing CPU tensor of any layout (an expanded one included). */
    static void fill(TensorImpl out, double value) {
        TensorIterator it = TensorIterator.out(Tensor.FACTORY, out);
        it.buildNullaryOp(out);
        it.commit();
        fill(it, out.dtype(), value);
    }

    /** Fills output 0 of a built, committed iterator, whatever its inputs. */
    static void fill(TensorIterator it, ScalarType dtype, double value) {
        switch (LoopDtype.of(dtype)) {
            case Float32: {
                float v = (float) value;
                FloatLoop c = fillLoop(it).floatLoop();
                while (c.next()) {
                    java.util.Arrays.fill(c.out(), c.start(), c.end(), v);
                }
                break;
            }
            case Float64: {
                DoubleLoop c = fillLoop(it).doubleLoop();
                while (c.next()) {
                    java.util.Arrays.fill(c.out(), c.start(), c.end(), value);
                }
                break;
            }
            case Int64: {
                long v = (long) value;
                LongLoop c = fillLoop(it).longLoop();
                while (c.next()) {
                    java.util.Arrays.fill(c.out(), c.start(), c.end(), v);
                }
                break;
            }
            default: {
                boolean v = value != 0;
                BooleanLoop c = fillLoop(it).booleanLoop();
                while (c.next()) {
                    java.util.Arrays.fill(c.outBool(), c.start(), c.end(), v);
                }
            }
        }
    }

    /** The iterator without its inputs: a fill reads none, so they need not be gathered. */
    private static TensorIterator fillLoop(TensorIterator it) {
        while (it.ninputs() > 0) {
            it.removeOperand(it.noutputs());
        }
        return it;
    }

    /**
     * Whether a CPU tensor holds a zero once cast to the integer dtype the division runs in (integer division's
     * ZeroDivisionError): a wrapped number wraps to it, so uint8's 256 is a zero.
     */
    static boolean containsZero(TensorImpl t, ScalarType dtype) {
        for (long v : t.toLongArray()) {
            if (CommonDtypeCasts.wrap(v, dtype) == 0) {
                return true;
            }
        }
        return false;
    }
}
