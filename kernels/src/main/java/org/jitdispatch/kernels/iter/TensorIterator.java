package org.jitdispatch.kernels.iter;

import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;

/**
 * ATen's TensorIterator for elementwise structured kernels: the structured meta object (it is a
 * {@link org.jitdispatch.kernels.structured.StructuredMeta}) that the meta function builds with one of
 * the presets, and that the impl then loops over.
 *
 * <pre>{@code
 * // meta
 * iter.buildBinaryOp(iter.maybeGetOutput(0), self, other);
 * // CPU impl, after commit(): one loop per dtype family, written in the kernel
 * switch (iter.commonDtype()) {
 *     case Float32: {
 *         float al = (float) alpha.toDouble();
 *         FloatLoop c = iter.floatLoop();
 *         while (c.next()) {
 *             float[] o = c.out(), a = c.in0(), b = c.in1();
 *             for (int i = c.start(), e = c.end(); i < e; i++) {
 *                 o[i] = a[i] + al * b[i];
 *             }
 *         }
 *         break;
 *     }
 *     case Float64: ... iter.doubleLoop() ...
 *     case Int32: case Int64: ... iter.longLoop() ...
 *     default: ... iter.booleanLoop() ...
 * }
 * }</pre>
 *
 * <p>Computation types. A kernel picks the loop family from {@link #commonDtype()}: float32 computes
 * in {@code float} (as ATen's CPU kernels do for float), float64 in {@code double}, int32 and int64 in
 * {@code long} (int32 results are narrowed on store, which wraps exactly like int32 arithmetic for +,
 * -, *; shifts and bit tricks must mask for themselves), bool in {@code boolean}. Inputs of other
 * dtypes are converted while loading and the result is converted to the output's dtype while storing,
 * which is what ATen's common-dtype temporaries achieve, without the temporaries.
 *
 * <p>Two ways to write the loop:
 * <ul>
 *   <li>The chunk loop above ({@link #floatLoop()} and siblings). Contiguous operands of the loop's
 *       dtype at one storage offset come as one chunk over the storage arrays themselves: the kernel's
 *       plain counted loop, which C2 vectorizes like a hand-written one. Everything else (broadcast,
 *       strides, offsets, other dtypes) comes in buffered chunks of up to 1024 elements. A CPU scalar
 *       operand ({@code x + 2.5}) is best read once with {@link #scalarValue} and dropped with
 *       {@link #removeOperand}, as ATen's kernels do, so that the rest is used in place.
 *   <li>Element lambdas, {@code iter.forEachFloat((a, b) -> a + al * b)}: one small method per
 *       (family, arity) running the same chunk loop. Convenient and correct, but its speed depends on
 *       HotSpot inlining that method into the kernel: once many kernels share it, C2 compiles it on its
 *       own with a megamorphic lambda call per element and then declines to inline it ("already
 *       compiled into a medium method"), which measured about 20x slower at 1M elements. Hot kernels
 *       should write the chunk loop.
 * </ul>
 */
public final class TensorIterator extends TensorIteratorBase {
    private TensorIterator(Mode mode, TensorFactory<? extends TensorImpl> factory, TensorImpl[] outputs) {
        super(mode, factory, outputs);
    }

    /** For the functional signature: outputs are allocated (on the common device, meta included). */
    public static TensorIterator functional(TensorFactory<? extends TensorImpl> factory) {
        return new TensorIterator(Mode.FUNCTIONAL, factory, new TensorImpl[0]);
    }

    /** For the in-place signature: output 0 is {@code self}, which may not be resized. */
    public static TensorIterator inplace(TensorFactory<? extends TensorImpl> factory, TensorImpl self) {
        return new TensorIterator(Mode.INPLACE, factory, new TensorImpl[] {self});
    }

    /** For the out= signature: outputs are {@code outs}, resized by {@link #commit()} when needed. */
    public static TensorIterator out(TensorFactory<? extends TensorImpl> factory, TensorImpl... outs) {
        return new TensorIterator(Mode.OUT, factory, outs);
    }

    // ---- loops the kernel writes: fast whatever else runs ----

    /** A loop computing in float over this iterator's output and inputs (see {@link FloatLoop}). */
    public FloatLoop floatLoop() {
        checkLoop(ninputs());
        return new FloatLoop(this, false);
    }

    /** A float loop whose results are booleans (comparisons, isnan...), converted to the output's dtype. */
    public FloatLoop floatToBooleanLoop() {
        checkLoop(ninputs());
        return new FloatLoop(this, true);
    }

    public DoubleLoop doubleLoop() {
        checkLoop(ninputs());
        return new DoubleLoop(this, false);
    }

    public DoubleLoop doubleToBooleanLoop() {
        checkLoop(ninputs());
        return new DoubleLoop(this, true);
    }

    /** A loop computing in long: int32 and int64 (int32 results narrowed on store). */
    public LongLoop longLoop() {
        checkLoop(ninputs());
        return new LongLoop(this, false);
    }

    public LongLoop longToBooleanLoop() {
        checkLoop(ninputs());
        return new LongLoop(this, true);
    }

    public BooleanLoop booleanLoop() {
        checkLoop(ninputs());
        return new BooleanLoop(this);
    }

    // ---- the same loops over a range of the iteration: one chunk of a parallel loop ----

    /**
     * A float loop over the elements {@code [begin, end)} of the iteration (in its order), for one chunk of
     * {@code Parallel.parallelFor(0, numel(), grain, ...)}: cursors over disjoint ranges may run on different
     * threads, and write disjoint elements of the output.
     */
    public FloatLoop floatLoop(long begin, long end) {
        checkLoop(ninputs());
        return new FloatLoop(this, false, begin, end);
    }

    public FloatLoop floatToBooleanLoop(long begin, long end) {
        checkLoop(ninputs());
        return new FloatLoop(this, true, begin, end);
    }

    public DoubleLoop doubleLoop(long begin, long end) {
        checkLoop(ninputs());
        return new DoubleLoop(this, false, begin, end);
    }

    public DoubleLoop doubleToBooleanLoop(long begin, long end) {
        checkLoop(ninputs());
        return new DoubleLoop(this, true, begin, end);
    }

    public LongLoop longLoop(long begin, long end) {
        checkLoop(ninputs());
        return new LongLoop(this, false, begin, end);
    }

    public LongLoop longToBooleanLoop(long begin, long end) {
        checkLoop(ninputs());
        return new LongLoop(this, true, begin, end);
    }

    public BooleanLoop booleanLoop(long begin, long end) {
        checkLoop(ninputs());
        return new BooleanLoop(this, begin, end);
    }

    /**
     * Whether a kernel should cut this iteration among threads: more than {@code Parallel.GRAIN_SIZE}
     * elements, and more than one thread allowed. Below, the kernel runs its loop on the caller's thread and
     * allocates nothing for parallelism.
     */
    public boolean isParallel() {
        return numel() > Parallel.GRAIN_SIZE && Parallel.getNumThreads() > 1;
    }

    private void checkLoop(int arity) {
        requireCommitted("An elementwise loop");
        if (isMeta()) {
            throw new IllegalStateException("An elementwise loop on a meta TensorIterator: meta tensors have no data");
        }
        if (noutputs() != 1 || ninputs() != arity) {
            throw new IllegalArgumentException("This loop takes 1 output and " + arity + " input(s); the iterator has "
                    + noutputs() + " output(s) and " + ninputs() + " input(s)");
        }
        if (arity > 3) {
            throw new IllegalArgumentException("Elementwise loops take at most 3 inputs; this iterator has " + arity);
        }
    }

    // ---- element lambdas: one method per (family, arity) ----

    /** Computing in float: fills the output with op() (nullary ops such as fill_). */
    public void forEachFloat(FloatOps.Nullary op) {
        checkLoop(0);
        FloatLoop c = new FloatLoop(this, false);
        while (c.next()) {
            float[] o = c.out();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply();
            }
        }
    }

    /** Computing in float: out[i] = op(a[i]). */
    public void forEachFloat(FloatOps.Unary op) {
        checkLoop(1);
        FloatLoop c = new FloatLoop(this, false);
        while (c.next()) {
            float[] o = c.out();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i]);
            }
        }
    }

    /** Computing in float: out[i] = op(a[i], b[i]). */
    public void forEachFloat(FloatOps.Binary op) {
        checkLoop(2);
        FloatLoop c = new FloatLoop(this, false);
        while (c.next()) {
            float[] o = c.out();
            float[] a = c.in0();
            float[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i], b[i]);
            }
        }
    }

    /** Computing in float: out[i] = op(a[i], b[i], c[i]). */
    public void forEachFloat(FloatOps.Ternary op) {
        checkLoop(3);
        FloatLoop c = new FloatLoop(this, false);
        while (c.next()) {
            float[] o = c.out();
            float[] a = c.in0();
            float[] b = c.in1();
            float[] x = c.in2();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i], b[i], x[i]);
            }
        }
    }

    /** Comparing in float: out[i] = op(a[i]), a boolean converted to the output's dtype. */
    public void forEachFloatToBoolean(FloatOps.UnaryPredicate op) {
        checkLoop(1);
        FloatLoop c = new FloatLoop(this, true);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.test(a[i]);
            }
        }
    }

    /** Comparing in float: out[i] = op(a[i], b[i]), a boolean converted to the output's dtype. */
    public void forEachFloatToBoolean(FloatOps.BinaryPredicate op) {
        checkLoop(2);
        FloatLoop c = new FloatLoop(this, true);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            float[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.test(a[i], b[i]);
            }
        }
    }

    /** Computing in double: fills the output with op() (nullary ops such as fill_). */
    public void forEachDouble(DoubleOps.Nullary op) {
        checkLoop(0);
        DoubleLoop c = new DoubleLoop(this, false);
        while (c.next()) {
            double[] o = c.out();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply();
            }
        }
    }

    /** Computing in double: out[i] = op(a[i]). */
    public void forEachDouble(DoubleOps.Unary op) {
        checkLoop(1);
        DoubleLoop c = new DoubleLoop(this, false);
        while (c.next()) {
            double[] o = c.out();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i]);
            }
        }
    }

    /** Computing in double: out[i] = op(a[i], b[i]). */
    public void forEachDouble(DoubleOps.Binary op) {
        checkLoop(2);
        DoubleLoop c = new DoubleLoop(this, false);
        while (c.next()) {
            double[] o = c.out();
            double[] a = c.in0();
            double[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i], b[i]);
            }
        }
    }

    /** Computing in double: out[i] = op(a[i], b[i], c[i]). */
    public void forEachDouble(DoubleOps.Ternary op) {
        checkLoop(3);
        DoubleLoop c = new DoubleLoop(this, false);
        while (c.next()) {
            double[] o = c.out();
            double[] a = c.in0();
            double[] b = c.in1();
            double[] x = c.in2();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i], b[i], x[i]);
            }
        }
    }

    /** Comparing in double: out[i] = op(a[i]), a boolean converted to the output's dtype. */
    public void forEachDoubleToBoolean(DoubleOps.UnaryPredicate op) {
        checkLoop(1);
        DoubleLoop c = new DoubleLoop(this, true);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.test(a[i]);
            }
        }
    }

    /** Comparing in double: out[i] = op(a[i], b[i]), a boolean converted to the output's dtype. */
    public void forEachDoubleToBoolean(DoubleOps.BinaryPredicate op) {
        checkLoop(2);
        DoubleLoop c = new DoubleLoop(this, true);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            double[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.test(a[i], b[i]);
            }
        }
    }

    /** Computing in long: fills the output with op() (nullary ops such as fill_). */
    public void forEachLong(LongOps.Nullary op) {
        checkLoop(0);
        LongLoop c = new LongLoop(this, false);
        while (c.next()) {
            long[] o = c.out();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply();
            }
        }
    }

    /** Computing in long: out[i] = op(a[i]). */
    public void forEachLong(LongOps.Unary op) {
        checkLoop(1);
        LongLoop c = new LongLoop(this, false);
        while (c.next()) {
            long[] o = c.out();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i]);
            }
        }
    }

    /** Computing in long: out[i] = op(a[i], b[i]). */
    public void forEachLong(LongOps.Binary op) {
        checkLoop(2);
        LongLoop c = new LongLoop(this, false);
        while (c.next()) {
            long[] o = c.out();
            long[] a = c.in0();
            long[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i], b[i]);
            }
        }
    }

    /** Computing in long: out[i] = op(a[i], b[i], c[i]). */
    public void forEachLong(LongOps.Ternary op) {
        checkLoop(3);
        LongLoop c = new LongLoop(this, false);
        while (c.next()) {
            long[] o = c.out();
            long[] a = c.in0();
            long[] b = c.in1();
            long[] x = c.in2();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i], b[i], x[i]);
            }
        }
    }

    /** Comparing in long: out[i] = op(a[i]), a boolean converted to the output's dtype. */
    public void forEachLongToBoolean(LongOps.UnaryPredicate op) {
        checkLoop(1);
        LongLoop c = new LongLoop(this, true);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.test(a[i]);
            }
        }
    }

    /** Comparing in long: out[i] = op(a[i], b[i]), a boolean converted to the output's dtype. */
    public void forEachLongToBoolean(LongOps.BinaryPredicate op) {
        checkLoop(2);
        LongLoop c = new LongLoop(this, true);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            long[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.test(a[i], b[i]);
            }
        }
    }

    /** Computing in boolean: fills the output with op() (nullary ops such as fill_). */
    public void forEachBoolean(BooleanOps.Nullary op) {
        checkLoop(0);
        BooleanLoop c = new BooleanLoop(this);
        while (c.next()) {
            boolean[] o = c.outBool();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply();
            }
        }
    }

    /** Computing in boolean: out[i] = op(a[i]). */
    public void forEachBoolean(BooleanOps.Unary op) {
        checkLoop(1);
        BooleanLoop c = new BooleanLoop(this);
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i]);
            }
        }
    }

    /** Computing in boolean: out[i] = op(a[i], b[i]). */
    public void forEachBoolean(BooleanOps.Binary op) {
        checkLoop(2);
        BooleanLoop c = new BooleanLoop(this);
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            boolean[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i], b[i]);
            }
        }
    }

    /** Computing in boolean: out[i] = op(a[i], b[i], c[i]). */
    public void forEachBoolean(BooleanOps.Ternary op) {
        checkLoop(3);
        BooleanLoop c = new BooleanLoop(this);
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            boolean[] b = c.in1();
            boolean[] x = c.in2();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = op.apply(a[i], b[i], x[i]);
            }
        }
    }
}
