package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.BooleanLoop;
import org.jitdispatch.kernels.iter.DoubleLoop;
import org.jitdispatch.kernels.iter.FloatLoop;
import org.jitdispatch.kernels.iter.LongLoop;
import org.jitdispatch.kernels.iter.LoopDtype;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.BFloat16;
import org.jitdispatch.runtime.Half;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * fill_ and zero_ (ATen's Fill.cpp): a nullary TensorIterator op over self, which may be any view,
 * overlapping ones included (filling is idempotent). The value is converted with {@code Scalar::to<T>},
 * which rejects values that overflow the dtype before anything is written. The Meta kernels only
 * return self. Above {@code Parallel.GRAIN_SIZE} elements the fill runs in chunks on the intra-op pool.
 */
public final class Fill implements FillDeclarations {
    @Override
    public Tensor fill_(Tensor self, Scalar value) {
        ScalarConversions.check(value, self.dtype());
        fillUnchecked(self, value);
        return self;
    }

    @Override
    public Tensor fill_(Tensor self, Tensor value) {
        checkZeroDim(value);
        return fill_(self, value.item());
    }

    @Override
    public Tensor fill_meta_(Tensor self, Scalar value) {
        return self;
    }

    @Override
    public Tensor fill_meta_(Tensor self, Tensor value) {
        checkZeroDim(value);
        return self;
    }

    @Override
    public Tensor zero_(Tensor self) {
        return self.fill_(Scalar.of(0L));
    }

    @Override
    public Tensor zero_meta_(Tensor self) {
        return self;
    }

    /** fill.Scalar, the functional variant: {@code empty_like(self).fill_(value)}. */
    @Override
    public Tensor fill(Tensor self, Scalar value) {
        return Torch.empty_like(self).fill_(value);
    }

    private static void checkZeroDim(Tensor value) {
        if (value.dim() != 0) {
            throw new IllegalArgumentException("fill_ only supports 0-dimension value tensor but got tensor with "
                    + value.dim() + " dimensions.");
        }
    }

    /** Writes {@code value} (already checked for the dtype) to every element of the CPU tensor {@code self}. */
    static void fillUnchecked(Tensor self, Scalar value) {
        if (self.numel() == 0) {
            return;
        }
        if (self.isContiguous()) {
            fillContiguous(self, value);
        } else {
            fillStrided(self, value);
        }
    }

    /** The general path of {@link #fillUnchecked}: TensorIterator's nullary loop, for any strides. */
    static void fillStrided(Tensor self, Scalar value) {
        TensorIterator iter = TensorIterator.inplace(Tensor.FACTORY, self);
        iter.buildNullaryOp(self);
        iter.commit();
        ScalarType dtype = self.dtype();
        if (iter.isParallel()) {
            Parallel.parallelFor(0, iter.numel(), Parallel.GRAIN_SIZE, (begin, end) -> fillStrided(iter, dtype, value, begin, end));
        } else {
            fillStrided(iter, dtype, value, 0, iter.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #fillStrided(Tensor, Scalar)}'s iteration. */
    private static void fillStrided(TensorIterator iter, ScalarType dtype, Scalar value, long begin, long end) {
        switch (LoopDtype.of(dtype)) {
            case Float32: {
                float v = (float) ScalarConversions.toDouble(value);
                FloatLoop c = iter.floatLoop(begin, end);
                while (c.next()) {
                    Arrays.fill(c.out(), c.start(), c.end(), v);
                }
                break;
            }
            case Float64: {
                double v = ScalarConversions.toDouble(value);
                DoubleLoop c = iter.doubleLoop(begin, end);
                while (c.next()) {
                    Arrays.fill(c.out(), c.start(), c.end(), v);
                }
                break;
            }
            case Int64: {
                long v = value.isFloatingPoint() ? (long) value.toDouble() : value.toLong();
                LongLoop c = iter.longLoop(begin, end);
                while (c.next()) {
                    Arrays.fill(c.out(), c.start(), c.end(), v);
                }
                break;
            }
            default: {
                boolean v = value.toBoolean();
                BooleanLoop c = iter.booleanLoop(begin, end);
                while (c.next()) {
                    Arrays.fill(c.outBool(), c.start(), c.end(), v);
                }
            }
        }
    }

    /**
     * The fast path of {@link #fillUnchecked}: a contiguous tensor's elements are one run of its storage,
     * which is what TensorIterator's nullary loop would visit, with the same value conversions.
     */
    static void fillContiguous(Tensor self, Scalar value) {
        long n = self.numel();
        if (n > Parallel.GRAIN_SIZE && Parallel.getNumThreads() > 1) {
            Parallel.parallelFor(0, n, Parallel.GRAIN_SIZE, (begin, end) -> fillContiguous(self, value, (int) begin, (int) end));
        } else {
            fillContiguous(self, value, 0, (int) n);
        }
    }

    /** The elements {@code [begin, end)} of {@link #fillContiguous(Tensor, Scalar)}. */
    private static void fillContiguous(Tensor self, Scalar value, int begin, int end) {
        int from = (int) self.storageOffset() + begin;
        int to = (int) self.storageOffset() + end;
        Storage s = self.storage();
        switch (self.dtype()) {
            case Float32:
                Arrays.fill(s.floats(), from, to, (float) ScalarConversions.toDouble(value));
                break;
            case Float64:
                Arrays.fill(s.doubles(), from, to, ScalarConversions.toDouble(value));
                break;
            case Int32:
                Arrays.fill(s.ints(), from, to, (int) (value.isFloatingPoint() ? (long) value.toDouble() : value.toLong()));
                break;
            case Int64:
                Arrays.fill(s.longs(), from, to, value.isFloatingPoint() ? (long) value.toDouble() : value.toLong());
                break;
            case UInt8:
            case Int8:
                Arrays.fill(s.bytes(), from, to, (byte) (value.isFloatingPoint() ? (long) value.toDouble() : value.toLong()));
                break;
            case Int16:
                Arrays.fill(s.shorts(), from, to, (short) (value.isFloatingPoint() ? (long) value.toDouble() : value.toLong()));
                break;
            case Float16:
                Arrays.fill(s.shorts(), from, to, Half.fromDouble(ScalarConversions.toDouble(value)));
                break;
            case BFloat16:
                Arrays.fill(s.shorts(), from, to, BFloat16.fromDouble(ScalarConversions.toDouble(value)));
                break;
            default:
                Arrays.fill(s.booleans(), from, to, value.toBoolean());
        }
    }
}
