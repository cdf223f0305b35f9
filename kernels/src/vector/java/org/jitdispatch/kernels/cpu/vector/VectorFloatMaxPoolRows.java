package org.jitdispatch.kernels.cpu.vector;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;
import org.jitdispatch.kernels.cpu.FloatMaxPoolRows;

/**
 * A row of 2 x 2 max pooling windows, eight at a time (a row of fewer than eight as eight, when the caller lets
 * the windows past its end write outputs it writes again, else by the scalar loop):
 * the sixteen elements of the top row and of the bottom row are split into their even and odd lanes (the
 * windows' left and right columns) by a shuffle of each vector and a blend of the two halves (C2 on JDK 17
 * leaves a two-vector shuffle's deeper call tree uninlined, and boxes its vectors),
 * and each window's winner is found by compares and blends, with no branch per window:
 * the right element beats the left only when greater, and the bottom pair's winner beats the top pair's only
 * when greater, which picks the first of equal maxima, as the scalar loop does (so {@code -0.0} before
 * {@code +0.0} stays). The maximum is blended from the elements themselves, so it keeps their bits, and the
 * index is blended from the four offsets in the same way, then widened to int64. A group with a NaN (found as
 * a NaN in the sum of its elements) ends the vector loop: the scalar loop's rule, the last NaN wins, takes it
 * from there.
 */
public final class VectorFloatMaxPoolRows implements FloatMaxPoolRows {
    private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_256;
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_256;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_256;
    /** Windows per group: one float vector's lanes, read from two vectors of each row. */
    private static final int WINDOWS = FLOATS.length();
    /**
     * Lanes 0, 2, 4, ... of a vector, in its lower half and again in its upper half: the windows' left elements,
     * of the first of a row's two vectors in the lower half, of the second in the upper half, once blended.
     */
    private static final VectorShuffle<Float> LEFT = VectorShuffle.fromOp(FLOATS, i -> (2 * i) % WINDOWS);
    /** Lanes 1, 3, 5, ..., in both halves: the windows' right elements. */
    private static final VectorShuffle<Float> RIGHT = VectorShuffle.fromOp(FLOATS, i -> (2 * i + 1) % WINDOWS);
    /** The upper half of the lanes. */
    private static final VectorMask<Float> UPPER = VectorMask.fromLong(FLOATS, -1L << (WINDOWS / 2));
    /** Each window's left column relative to the group's first: 0, 2, 4, ... */
    private static final IntVector COLUMNS = IntVector.zero(INTS).addIndex(2);

    @Override
    public int row(float[] in, int top, int inW, float[] out, int o, long[] indices, int x, int rowIndex, int outW,
            int writable) {
        int bottom = top + inW;
        // a short row is pooled as one group whose windows past the row's end read the rows below it and write
        // outputs the caller writes again
        int end = outW;
        if (outW < WINDOWS) {
            if (writable < WINDOWS || bottom + 2 * WINDOWS > in.length) {
                return 0;
            }
            end = WINDOWS;
        }
        IntVector topLeft = IntVector.zero(INTS);
        IntVector topRight = IntVector.broadcast(INTS, 1);
        IntVector bottomLeft = IntVector.broadcast(INTS, inW);
        IntVector bottomRight = IntVector.broadcast(INTS, inW + 1);
        for (int k = 0; k < end; ) {
            // the last group ends at the row's end, overlapping the one before it: a window pooled twice gets
            // the same result twice
            int g = Math.min(k, end - WINDOWS);
            int c = 2 * g;
            FloatVector t0 = FloatVector.fromArray(FLOATS, in, top + c);
            FloatVector t1 = FloatVector.fromArray(FLOATS, in, top + c + WINDOWS);
            FloatVector b0 = FloatVector.fromArray(FLOATS, in, bottom + c);
            FloatVector b1 = FloatVector.fromArray(FLOATS, in, bottom + c + WINDOWS);
            FloatVector sum = t0.add(t1).add(b0.add(b1));
            if (sum.compare(VectorOperators.NE, sum).anyTrue()) {
                return Math.min(g, outW);
            }
            FloatVector v0 = t0.rearrange(LEFT).blend(t1.rearrange(LEFT), UPPER);
            FloatVector v1 = t0.rearrange(RIGHT).blend(t1.rearrange(RIGHT), UPPER);
            FloatVector v2 = b0.rearrange(LEFT).blend(b1.rearrange(LEFT), UPPER);
            FloatVector v3 = b0.rearrange(RIGHT).blend(b1.rearrange(RIGHT), UPPER);
            VectorMask<Float> rightOnTop = v1.compare(VectorOperators.GT, v0);
            VectorMask<Float> rightBelow = v3.compare(VectorOperators.GT, v2);
            FloatVector topMax = v0.blend(v1, rightOnTop);
            FloatVector bottomMax = v2.blend(v3, rightBelow);
            VectorMask<Float> belowWins = bottomMax.compare(VectorOperators.GT, topMax);
            topMax.blend(bottomMax, belowWins).intoArray(out, o + g);
            IntVector topAt = topLeft.blend(topRight, rightOnTop.cast(INTS));
            IntVector bottomAt = bottomLeft.blend(bottomRight, rightBelow.cast(INTS));
            IntVector index = topAt.blend(bottomAt, belowWins.cast(INTS)).add(COLUMNS).add(rowIndex + c);
            ((LongVector) index.convertShape(VectorOperators.I2L, LONGS, 0)).intoArray(indices, x + g);
            ((LongVector) index.convertShape(VectorOperators.I2L, LONGS, 1)).intoArray(indices, x + g + LONGS.length());
            k = g + WINDOWS;
        }
        return outW;
    }
}
