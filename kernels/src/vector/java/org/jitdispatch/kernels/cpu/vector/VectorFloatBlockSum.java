package org.jitdispatch.kernels.cpu.vector;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;
import org.jitdispatch.kernels.cpu.FloatBlockSum;

/**
 * A block of the cascade sum in {@link #ACCUMULATORS} vectors of the preferred species: the block is read
 * {@code 4 * lanes} elements at a time, one vector into each accumulator, then the remaining whole vectors
 * into the first and the last few elements into one scalar sum. Each of the {@code 4 * lanes} partial sums
 * (64 with 512-bit vectors, 32 with 256-bit ones) thus collects at most {@code 1024 / (4 * lanes) + 3}
 * elements of a 1024-element block, fewer than the scalar block's 16 accumulators (64 each) do, so the error
 * bound is at least as tight. Four vectors rather than one because an add waits for the one before it on
 * the same accumulator: four chains keep the adder busy. The vectors are added pairwise and their lanes
 * as a balanced tree ({@link #addLanes}), not with {@code reduceLanes}, which C2 compiles to a chain of
 * adds in lane order: a chain through 16 partial sums loses more than the scalar block's tree does.
 */
public final class VectorFloatBlockSum implements FloatBlockSum {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    /** Vector accumulators in flight. */
    static final int ACCUMULATORS = 4;
    /** {@code HALVES[s]} moves lane {@code i + (LANES >> (s + 1))} to lane {@code i}: one level of the lane tree. */
    private static final VectorShuffle<Float>[] HALVES = halves();

    @Override
    public float block(float[] x, int i, int n) {
        FloatVector s0 = FloatVector.zero(SPECIES);
        FloatVector s1 = s0;
        FloatVector s2 = s0;
        FloatVector s3 = s0;
        int end = i + n;
        for (; i + ACCUMULATORS * LANES <= end; i += ACCUMULATORS * LANES) {
            s0 = s0.add(FloatVector.fromArray(SPECIES, x, i));
            s1 = s1.add(FloatVector.fromArray(SPECIES, x, i + LANES));
            s2 = s2.add(FloatVector.fromArray(SPECIES, x, i + 2 * LANES));
            s3 = s3.add(FloatVector.fromArray(SPECIES, x, i + 3 * LANES));
        }
        for (; i + LANES <= end; i += LANES) {
            s0 = s0.add(FloatVector.fromArray(SPECIES, x, i));
        }
        float tail = 0f;
        for (; i < end; i++) {
            tail += x[i];
        }
        return addLanes(s0.add(s1).add(s2.add(s3))) + tail;
    }

    /**
     * The sum of the lanes as a balanced tree: the upper half added to the lower half until one lane is left
     * (lane {@code i} and {@code i + LANES / 2}, then {@code i} and {@code i + LANES / 4}, ...).
     */
    private static float addLanes(FloatVector v) {
        for (VectorShuffle<Float> half : HALVES) {
            v = v.add(v.rearrange(half));
        }
        return v.lane(0);
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // an array of a generic type is created raw
    private static VectorShuffle<Float>[] halves() {
        int levels = Integer.numberOfTrailingZeros(LANES);
        VectorShuffle<Float>[] halves = new VectorShuffle[levels];
        for (int s = 0; s < levels; s++) {
            halves[s] = VectorShuffle.iota(SPECIES, LANES >> (s + 1), 1, true);
        }
        return halves;
    }
}
