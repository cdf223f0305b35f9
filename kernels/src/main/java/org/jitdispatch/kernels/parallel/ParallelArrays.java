package org.jitdispatch.kernels.parallel;

/**
 * {@link System#arraycopy} over the intra-op pool: above {@link Parallel#GRAIN_SIZE} elements, the range is
 * cut into {@link Parallel#parallelFor} chunks, each copied by one thread; up to it, a plain arraycopy on the
 * caller's thread with nothing allocated.
 */
public final class ParallelArrays {
    private ParallelArrays() {
    }

    /** As {@code System.arraycopy(src, srcPos, dst, dstPos, n)}, for arrays that do not overlap or are the same elements. */
    public static void copy(Object src, int srcPos, Object dst, int dstPos, int n) {
        if (n > Parallel.GRAIN_SIZE && Parallel.getNumThreads() > 1) {
            Parallel.parallelFor(0, n, Parallel.GRAIN_SIZE,
                    (begin, end) -> System.arraycopy(src, srcPos + (int) begin, dst, dstPos + (int) begin, (int) (end - begin)));
        } else {
            System.arraycopy(src, srcPos, dst, dstPos, n);
        }
    }
}
