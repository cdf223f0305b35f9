package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.ScalarType;

/**
 * A loop that computes in boolean (logical ops), written by the kernel itself:
 *
 * <pre>{@code
 * BooleanLoop c = iter.booleanLoop();
 * while (c.next()) {
 *     boolean[] o = c.outBool(), a = c.in0(), b = c.in1();
 *     for (int i = c.start(), e = c.end(); i < e; i++) {
 *         o[i] = a[i] ^ b[i];
 *     }
 * }
 * }</pre>
 *
 * Inputs of any dtype are read as {@code != 0}; the result is converted to the output's dtype (0 or 1).
 */
public final class BooleanLoop extends LoopCursor {
    private boolean[] in0;
    private boolean[] in1;
    private boolean[] in2;
    private final boolean[][] buffers;

    BooleanLoop(TensorIteratorBase it) {
        this(it, 0, it.numel());
    }

    BooleanLoop(TensorIteratorBase it, long begin, long end) {
        super(it, ScalarType.Bool, true, begin, end);
        buffers = new boolean[nOps][];
        if (!aligned) {
            for (int k = 1; k < nOps; k++) {
                buffers[k] = new boolean[bufferLength()];
            }
        }
    }

    /** Moves to the next chunk (writing back the previous one); false when all elements are done. */
    public boolean next() {
        if (!advance()) {
            return false;
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
    public boolean[] outBool() {
        return outBool;
    }

    /** Input 0's values, at {@code [start(), end())}. */
    public boolean[] in0() {
        return in0;
    }

    public boolean[] in1() {
        return in1;
    }

    public boolean[] in2() {
        return in2;
    }

    private boolean[] input(int k, int n) {
        if (aligned) {
            return (boolean[]) arrays[k];
        }
        if (mustGather(k, n)) {
            StridedRuns.gatherBoolean(arrays[k], dtypes[k], pos[k], innerStride[k], buffers[k], n);
        }
        return buffers[k];
    }
}
