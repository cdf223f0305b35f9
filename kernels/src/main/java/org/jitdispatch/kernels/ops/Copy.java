package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.iter.BooleanLoop;
import org.jitdispatch.kernels.iter.DoubleLoop;
import org.jitdispatch.kernels.iter.FloatLoop;
import org.jitdispatch.kernels.iter.LongLoop;
import org.jitdispatch.kernels.iter.LoopDtype;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.iter.TensorIteratorConfig;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.kernels.parallel.ParallelArrays;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.NotImplementedError;

/**
 * copy_ (ATen's Copy.cpp): a TensorIterator op that broadcasts {@code src} to {@code self} and converts
 * its dtype, with static_cast semantics.
 *
 * <p>The loop is one method per loop family ({@code copyFloat}, {@code copyDouble}, {@code copyLong},
 * {@code copyBoolean}) behind a switch on the dtype. HotSpot compiles a method together with all it inlines,
 * so a method holding every family's loop kept C2 busy several times as long as each of these does, and its
 * profile mixed the dtypes; one method per family gives short compilations and single-dtype profiles.
 * Above {@code Parallel.GRAIN_SIZE} elements each family's loop runs over chunks of the iteration on the
 * intra-op pool ({@code copyFloatRange} and its siblings), and a contiguous copy is a parallel arraycopy.
 */
public final class Copy implements CopyDeclarations {
    /**
     * copy_, whose every successful call is a write of self: this composite kernel writes self's data itself,
     * so no ADInplaceOrView kernel counts it, and it bumps the version counter as that kernel would.
     */
    @Override
    public Tensor copy_(Tensor self, Tensor src, boolean nonBlocking) {
        copyChecked(self, src);
        self.versionCounter().bump();
        return self;
    }

    private static void copyChecked(Tensor self, Tensor src) {
        if (self == src) {
            return;
        }
        // Copies into meta self are OK and just ignored (similar to inplace)
        if (self.isMeta()) {
            return;
        }
        if (src.isMeta()) {
            throw new NotImplementedError("Cannot copy out of meta tensor; no data!");
        }
        if (self.device().type() != DeviceType.CPU || src.device().type() != DeviceType.CPU) {
            throw new NotImplementedError("copy_ from " + src.device() + " to " + self.device()
                    + " is not supported: only cpu tensors hold data here");
        }
        // TensorIterator's compute_mem_overlaps, which runs before its shape checks
        MemOverlap.assertNoInternalOverlap(MemOverlap.Region.of(self));
        MemOverlap.assertNoPartialOverlap(MemOverlap.Region.of(self), MemOverlap.Region.of(src));
        copyInto(self, src);
    }

    /**
     * Writes {@code src}, broadcast to {@code dst}'s shape and converted to its dtype, into {@code dst}
     * (copy_stub): the loop of copy_ without its checks, for kernels that made them (cat). Both are CPU
     * tensors; a src that does not broadcast to dst's shape is TensorIterator's error.
     */
    static void copyInto(TensorImpl dst, TensorImpl src) {
        if (dst.dtype() == src.dtype() && Arrays.equals(dst.sizes(), src.sizes()) && dst.isContiguous()
                && src.isContiguous()) {
            long n = dst.numel();
            if (n > 0) {
                ParallelArrays.copy(src.storage().data(), (int) src.storageOffset(), dst.storage().data(),
                        (int) dst.storageOffset(), (int) n);
            }
            return;
        }
        if (dst.dtype() == src.dtype() && Arrays.equals(dst.sizes(), src.sizes())
                && Parallel.chunkCount(0, dst.numel(), Parallel.GRAIN_SIZE) <= 1) {
            // one dtype, no broadcast, one thread's work: whole rows (an arraycopy where both rows are contiguous,
            // as in the copy of an expanded view that repeat makes) rather than TensorIterator's buffered runs
            StridedCopy.copyStrided(src.storage().data(), src.storageOffset(), src.strides(), dst.storage().data(),
                    dst.storageOffset(), dst.strides(), dst.sizes());
            return;
        }
        TensorIterator iter = TensorIterator.inplace(Tensor.FACTORY, dst);
        iter.build(new TensorIteratorConfig().addOutput(dst).addInput(src).resizeOutputs(false)
                .checkAllSameDtype(false).checkAllSameDevice(false));
        iter.commit();
        if (iter.numel() == 0) {
            return;
        }
        switch (LoopDtype.of(dst.dtype())) {
            case Float32:
                copyFloat(iter);
                break;
            case Float64:
                copyDouble(iter);
                break;
            case Int64:
                copyLong(iter);
                break;
            default:
                copyBoolean(iter);
        }
    }

    private static void copyFloat(TensorIterator iter) {
        if (iter.isParallel()) {
            Parallel.parallelFor(0, iter.numel(), Parallel.GRAIN_SIZE, (begin, end) -> copyFloatRange(iter, begin, end));
        } else {
            copyFloatRange(iter, 0, iter.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #copyFloat}. */
    private static void copyFloatRange(TensorIterator iter, long begin, long end) {
        FloatLoop c = iter.floatLoop(begin, end);
        while (c.next()) {
            float[] o = c.out();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i];
            }
        }
    }

    private static void copyDouble(TensorIterator iter) {
        if (iter.isParallel()) {
            Parallel.parallelFor(0, iter.numel(), Parallel.GRAIN_SIZE, (begin, end) -> copyDoubleRange(iter, begin, end));
        } else {
            copyDoubleRange(iter, 0, iter.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #copyDouble}. */
    private static void copyDoubleRange(TensorIterator iter, long begin, long end) {
        DoubleLoop c = iter.doubleLoop(begin, end);
        while (c.next()) {
            double[] o = c.out();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i];
            }
        }
    }

    /** int32 and int64, both copied in long (int32 narrowed on store). */
    private static void copyLong(TensorIterator iter) {
        if (iter.isParallel()) {
            Parallel.parallelFor(0, iter.numel(), Parallel.GRAIN_SIZE, (begin, end) -> copyLongRange(iter, begin, end));
        } else {
            copyLongRange(iter, 0, iter.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #copyLong}. */
    private static void copyLongRange(TensorIterator iter, long begin, long end) {
        LongLoop c = iter.longLoop(begin, end);
        while (c.next()) {
            long[] o = c.out();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i];
            }
        }
    }

    private static void copyBoolean(TensorIterator iter) {
        if (iter.isParallel()) {
            Parallel.parallelFor(0, iter.numel(), Parallel.GRAIN_SIZE, (begin, end) -> copyBooleanRange(iter, begin, end));
        } else {
            copyBooleanRange(iter, 0, iter.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #copyBoolean}. */
    private static void copyBooleanRange(TensorIterator iter, long begin, long end) {
        BooleanLoop c = iter.booleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i];
            }
        }
    }

    /** Elements {@code start..start+length} of {@code t} along {@code dim}, as a view (a narrow without dispatch). */
    static TensorImpl narrowView(TensorImpl t, int dim, long start, long length) {
        long[] sizes = t.sizes();
        long[] strides = t.strides();
        sizes[dim] = length;
        return t.asStrided(sizes, strides, t.storageOffset() + start * strides[dim]);
    }
}
