package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.ScalarType;

/**
 * A loop that computes in double, written by the kernel itself so that its body is compiled with the
 * kernel (no shared call site, nothing for HotSpot to get megamorphic about):
 *
 * <pre>{@code
 * DoubleLoop c = iter.doubleLoop();
 * while (c.next()) {
 *     double[] o = c.out(), a = c.in0(), b = c.in1();
 *     for (int i = c.start(), e = c.end(); i < e; i++) {
 *         o[i] = a[i] + alpha * b[i];
 *     }
 * }
 * }</pre>
 *
 * Inputs of any dtype are read as double and the result is converted to the output's dtype. For the
 * {@code ...ToBooleanLoop} variants the kernel writes booleans into {@link #outBool()} instead.
 */
public final class DoubleLoop extends LoopCursor {
    private double[] out;
    private double[] in0;
    private double[] in1;
    private double[] in2;
    private final double[][] buffers;

    DoubleLoop(TensorIteratorBase it, boolean boolOutput) {
        this(it, boolOutput, 0, it.numel());
    }

    DoubleLoop(TensorIteratorBase it, boolean boolOutput, long begin, long end) {
        super(it, ScalarType.Float64, boolOutput, begin, end);
        buffers = new double[nOps][];
        if (!aligned) {
            for (int k = boolOutput ? 1 : 0; k < nOps; k++) {
                buffers[k] = new double[bufferLength()];
            }
        }
    }

    /** Moves to the next chunk (writing back the previous one); false when all elements are done. */
    public boolean next() {
        if (!advance()) {
            return false;
        }
        if (!boolOutput) {
            out = aligned ? (double[]) arrays[0] : buffers[0];
        }
        int n = end - start;
        if (nOps > 1) {
            in0 = input(1, n);
        }
        if (nOps > 2) {
            in1 = input(2, n);
        }
        if (nOps > 3) {
            in2 = input(3, n);
        }
        return true;
    }

    /** Where the chunk's results go, at {@code [start(), end())}. */
    public double[] out() {
        return out;
    }

    /** Where a {@code ...ToBooleanLoop}'s results go, at {@code [start(), end())}. */
    public boolean[] outBool() {
        return outBool;
    }

    /** Input 0's values, at {@code [start(), end())}. */
    public double[] in0() {
        return in0;
    }

    public double[] in1() {
        return in1;
    }

    public double[] in2() {
        return in2;
    }

    @Override
    void flushOutput(int n) {
        if (boolOutput) {
            super.flushOutput(n);
        } else {
            StridedRuns.scatterDouble(buffers[0], n, arrays[0], dtypes[0], pos[0], innerStride[0]);
        }
    }

    private double[] input(int k, int n) {
        if (aligned) {
            return (double[]) arrays[k];
        }
        if (mustGather(k, n)) {
            StridedRuns.gatherDouble(arrays[k], dtypes[k], pos[k], innerStride[k], buffers[k], n);
        }
        return buffers[k];
    }
}
