package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The common part of the chunked loops ({@link FloatLoop} and its siblings): walks the iteration in
 * chunks along dimension 0 with an odometer over the other dimensions, and hands every chunk to the
 * kernel as arrays that share one index range {@code [start(), end())}.
 *
 * <p>Why one shared index: on JDK 17, C2 does not vectorize {@code o[oo + i] = a[ao + i] + b[bo + i]}
 * (loop-invariant offsets defeat SuperWord; measured 2x slower than {@code o[i] = a[i] + b[i]}). So a
 * chunk is either
 * <ul>
 *   <li>aligned: every operand has the loop's dtype, stride 1 along dimension 0, and the same storage
 *       offset and strides, so the storage arrays themselves are handed out and a chunk is a whole row
 *       (for contiguous tensors: one chunk over all elements); or
 *   <li>buffered: each input is copied, converted to the loop's type, into a small buffer at
 *       {@code [0, n)}, and the output buffer is converted and written back by the following
 *       {@code next()}; broadcast, strided, offset and mixed-dtype operands all go this way.
 * </ul>
 */
abstract class LoopCursor {
    /** Elements per buffered chunk: four operands of doubles stay within a 32 KiB L1 cache. */
    static final int BUFFER_ELEMENTS = 1024;

    final int nOps;
    final Object[] arrays;
    final ScalarType[] dtypes;
    final long[] innerStride;
    /** Every operand is used in place, at one shared index (see the class comment). */
    final boolean aligned;
    final boolean boolOutput;
    /**
     * The float16 or bfloat16 common dtype that a float loop's results are rounded to before they are written to
     * an output of another dtype (a float16 product into a float32 out= is the float16 product, as ATen computes
     * in the common dtype and casts to the output); null when results go to the output as they are.
     */
    final ScalarType roundOutputThrough;
    /**
     * Per input, the float16 or bfloat16 common dtype its values are rounded to once converted to float, or the
     * uint8, int8, int16 or int32 one they are wrapped to in a long loop, where its dtype is another (a wrapped
     * number, a 0-dim tensor, an integer tensor beside a float16 one): ATen casts the inputs to the common dtype
     * before the loop, so {@code half * 0.1} multiplies by 0.1 rounded to half and {@code uint8 // -2} divides
     * by 254. Null when no input needs it.
     */
    final ScalarType[] roundInputThrough;
    /** Storage index of the current chunk's first element, per operand. */
    final long[] pos;
    boolean[] outBool;
    int start;
    int end;

    private boolean[] outBoolBuffer;
    /** For inputs broadcast along dimension 0: where their buffer was last filled from, and how far. */
    private final long[] filledFrom;
    private final int[] filledLength;
    private final long[] shape;
    private final long[][] strides;
    private final long[] rowStart;
    private final long[] counter;
    private final long rowLength;
    private final int chunkLimit;
    private long remaining;
    private long rowDone;
    private boolean started;
    private boolean pendingFlush;

    /**
     * A loop over the outputs and inputs of a built, committed iterator; {@code family} is the dtype the
     * loop computes in and {@code boolOutput} says whether it produces booleans instead.
     */
    LoopCursor(TensorIteratorBase it, ScalarType family, boolean boolOutput) {
        this(it, family, boolOutput, 0, it.numel());
    }

    /**
     * A loop over the elements {@code [begin, end)} of the iteration, in its order (dimension 0 fastest):
     * one chunk of a parallel loop. Cursors over disjoint ranges may run on different threads.
     */
    LoopCursor(TensorIteratorBase it, ScalarType family, boolean boolOutput, long begin, long end) {
        nOps = it.ntensors();
        this.boolOutput = boolOutput;
        shape = it.shape();
        int ndim = shape.length;
        rowLength = ndim == 0 ? 1 : shape[0];
        remaining = it.numel();
        arrays = new Object[nOps];
        dtypes = new ScalarType[nOps];
        innerStride = new long[nOps];
        pos = new long[nOps];
        strides = new long[nOps][];
        rowStart = new long[nOps];
        counter = new long[ndim];
        filledFrom = new long[nOps];
        filledLength = new int[nOps];
        boolean inPlace = true;
        for (int k = 0; k < nOps; k++) {
            Operand op = it.operands[k];
            TensorImpl t = op.tensor;
            arrays[k] = t.storage().data();
            dtypes[k] = t.dtype();
            strides[k] = op.strides;
            innerStride[k] = ndim == 0 ? 0 : op.strides[0];
            rowStart[k] = t.storageOffset();
            ScalarType wanted = k == 0 && boolOutput ? ScalarType.Bool : family;
            inPlace &= dtypes[k] == wanted && (innerStride[k] == 1 || rowLength == 1)
                    && rowStart[k] == rowStart[0] && java.util.Arrays.equals(strides[k], strides[0]);
        }
        ScalarType common = it.commonDtypeIfKnown();
        roundOutputThrough = family == ScalarType.Float32 && !boolOutput && common != null
                && common.isReducedFloatingPoint() && dtypes[0] != common ? common : null;
        ScalarType[] roundInputs = null;
        boolean narrowIntegers = family == ScalarType.Int64 && common != null && !common.isFloatingPoint()
                && common != ScalarType.Bool && common != ScalarType.Int64;
        if (family == ScalarType.Float32 && common != null && common.isReducedFloatingPoint() || narrowIntegers) {
            for (int k = 1; k < nOps; k++) {
                if (dtypes[k] != common) {
                    roundInputs = roundInputs == null ? new ScalarType[nOps] : roundInputs;
                    roundInputs[k] = common;
                }
            }
        }
        roundInputThrough = roundInputs;
        aligned = inPlace && roundOutputThrough == null && roundInputThrough == null;
        if (begin < 0 || begin > end || end > remaining) {
            throw new IndexOutOfBoundsException("range [" + begin + ", " + end + ") of " + remaining + " elements");
        }
        remaining = end - begin;
        if (begin > 0) {
            rowDone = begin % rowLength;
            long rest = begin / rowLength;
            for (int d = 1; d < ndim && rest > 0; d++) {
                counter[d] = rest % shape[d];
                rest /= shape[d];
                for (int k = 0; k < nOps; k++) {
                    rowStart[k] += counter[d] * strides[k][d];
                }
            }
        }
        chunkLimit = aligned ? Integer.MAX_VALUE : BUFFER_ELEMENTS;
        if (boolOutput && !aligned) {
            outBoolBuffer = new boolean[bufferLength()];
        }
    }

    /** Length of the buffers of a loop that is not aligned. */
    final int bufferLength() {
        return (int) Math.min(rowLength, BUFFER_ELEMENTS);
    }

    /** First index of the current chunk, valid in every array the loop hands out. */
    public final int start() {
        return start;
    }

    /** One past the last index of the current chunk. */
    public final int end() {
        return end;
    }

    /**
     * Writes the previous chunk's buffered output back, then moves to the next chunk (positions only);
     * false when every element has been handed out.
     */
    final boolean advance() {
        if (pendingFlush) {
            pendingFlush = false;
            flushOutput(end - start);
        }
        int length = end - start;
        if (started) {
            rowDone += length;
            if (rowDone == rowLength) {
                rowDone = 0;
                nextRow();
            }
        }
        started = true;
        if (remaining == 0) {
            return false;
        }
        int n = (int) Math.min(Math.min(rowLength - rowDone, chunkLimit), remaining);
        remaining -= n;
        for (int k = 0; k < nOps; k++) {
            pos[k] = rowStart[k] + rowDone * innerStride[k];
        }
        if (aligned) {
            start = (int) pos[0];
        } else {
            start = 0;
            pendingFlush = true;
        }
        end = start + n;
        if (boolOutput) {
            outBool = aligned ? (boolean[]) arrays[0] : outBoolBuffer;
        }
        return true;
    }

    /**
     * Whether input {@code k}'s buffer must be (re)filled for the current chunk of {@code n} elements: a
     * broadcast input (stride 0 along dimension 0) whose buffer already holds its value is not copied
     * again, so a scalar operand is converted once per loop, not once per chunk.
     */
    final boolean mustGather(int k, int n) {
        if (innerStride[k] == 0 && filledFrom[k] == pos[k] && filledLength[k] >= n) {
            return false;
        }
        filledFrom[k] = pos[k];
        filledLength[k] = n;
        return true;
    }

    /** Converts the output buffer's first {@code n} values into the output tensor. */
    void flushOutput(int n) {
        StridedRuns.scatterBoolean(outBoolBuffer, n, arrays[0], dtypes[0], pos[0], innerStride[0]);
    }

    private void nextRow() {
        for (int d = 1; d < shape.length; d++) {
            counter[d]++;
            for (int k = 0; k < nOps; k++) {
                rowStart[k] += strides[k][d];
            }
            if (counter[d] < shape[d]) {
                return;
            }
            for (int k = 0; k < nOps; k++) {
                rowStart[k] -= shape[d] * strides[k][d];
            }
            counter[d] = 0;
        }
    }

    /** Wraps {@code values[0, n)} to uint8, int8, int16 or int32 as C++'s cast does, keeping them as longs. */
    static void wrapThrough(long[] values, int n, ScalarType dtype) {
        for (int i = 0; i < n; i++) {
            values[i] = CommonDtypeCasts.wrap(values[i], dtype);
        }
    }

    /** Rounds {@code values[0, n)} to the nearest float16 or bfloat16, keeping them as floats. */
    static void roundThrough(float[] values, int n, ScalarType dtype) {
        for (int i = 0; i < n; i++) {
            values[i] = CommonDtypeCasts.round(values[i], dtype);
        }
    }
}
