package org.jitdispatch.kernels.iter;

import org.jitdispatch.kernels.parallel.Parallel;
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
 *
 * <p>The typed loops ({@link FloatLoop} and {@link FloatOps} with their siblings, the methods of
 * {@link TensorIteratorLoops}, and the conversions of StridedRuns) are generated at build time from one table
 * of element types (jit/codegen's {@code org.jitdispatch.jit.gen.loops}); this class keeps the factories and
 * what is not per type.
 */
public final class TensorIterator extends TensorIteratorLoops {
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

    /**
     * Whether a kernel should cut this iteration among threads: more than {@code Parallel.GRAIN_SIZE}
     * elements, and more than one thread allowed. Below, the kernel runs its loop on the caller's thread and
     * allocates nothing for parallelism.
     */
    public boolean isParallel() {
        return numel() > Parallel.GRAIN_SIZE && Parallel.getNumThreads() > 1;
    }
}
