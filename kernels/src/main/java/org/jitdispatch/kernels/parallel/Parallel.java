package org.jitdispatch.kernels.parallel;


/**
 * Intra-op parallelism with ATen's semantics ({@code at::parallel_for}, {@code at::parallel_reduce}).
 *
 * <p>A range {@code [begin, end)} is cut into at most {@link #getNumThreads()} contiguous chunks of at least
 * {@code grainSize} elements. The caller runs the first chunk itself and the pool's workers run the others,
 * and the call returns when all are done; idle workers spin a while before they park ({@link IntraOpPool}). Work that fits in one grain, a thread count of one, and any call
 * made from inside a parallel region run on the caller's thread as one chunk: regions do not nest, as in
 * ATen. How a range is chunked depends only on its length, the grain size and the thread count, so a
 * reduction that combines its per-chunk partials in chunk order is deterministic for a given thread count.
 *
 * <p>The thread count defaults to the number of available processors and is set with
 * {@link #setNumThreads(int)} ({@code Torch.set_num_threads}).
 */
public final class Parallel {
    /** ATen's {@code at::internal::GRAIN_SIZE}: below this many elements an op stays on the caller's thread. */
    public static final long GRAIN_SIZE = 32_768;

    /** The body of a parallel loop: processes the elements {@code [begin, end)}. */
    @FunctionalInterface
    public interface RangeBody {
        void apply(long begin, long end);
    }

    /** The body of a chunked loop: processes chunk {@code chunk}, the elements {@code [begin, end)}. */
    @FunctionalInterface
    public interface ChunkBody {
        void apply(int chunk, long begin, long end);
    }

    /** One region's chunks by index, as the pool runs them. */
    @FunctionalInterface
    interface ChunkRange {
        void run(int chunk);
    }

    private static volatile int numThreads = Runtime.getRuntime().availableProcessors();
    private static volatile IntraOpPool pool;
    private static final ThreadLocal<Boolean> IN_REGION = ThreadLocal.withInitial(() -> Boolean.FALSE);
    private static final Runnable ENTER_REGION = () -> IN_REGION.set(Boolean.TRUE);
    private static final Runnable LEAVE_REGION = () -> IN_REGION.set(Boolean.FALSE);

    private Parallel() {
    }

    /** The number of threads an op may use, the caller's included. */
    public static int getNumThreads() {
        return numThreads;
    }

    /** Sets the number of threads an op may use, the caller's included; PyTorch's {@code set_num_threads}. */
    public static synchronized void setNumThreads(int threads) {
        if (threads <= 0) {
            throw new IllegalArgumentException("Expected positive number of threads");
        }
        if (threads != numThreads) {
            IntraOpPool old = pool;
            pool = null;
            numThreads = threads;
            if (old != null) {
                old.shutdown();
            }
        }
    }

    /** True on a pool worker, and on a caller while it runs its own chunk: {@code at::in_parallel_region}. */
    public static boolean inParallelRegion() {
        return Thread.currentThread() instanceof IntraOpPool.Worker || IN_REGION.get();
    }

    /**
     * How many chunks {@link #forEachChunk} cuts {@code [begin, end)} into: 1 when the range fits in one
     * grain, the thread count is one, or the call is inside a parallel region.
     */
    public static int chunkCount(long begin, long end, long grainSize) {
        long length = end - begin;
        int threads = numThreads;
        if (length <= 0) {
            return 0;
        }
        if (threads == 1 || length <= grainSize || inParallelRegion()) {
            return 1;
        }
        long byGrain = divideRoundingUp(length, Math.max(grainSize, 1));
        long chunks = Math.min(threads, byGrain);
        // chunks of ceil(length / chunks) elements: fewer may cover the range (4 over 3 threads is 2 + 2), and
        // none is left empty
        return (int) divideRoundingUp(length, divideRoundingUp(length, chunks));
    }

    /** {@code at::parallel_for}: runs {@code body} over {@code [begin, end)} in contiguous chunks. */
    public static void parallelFor(long begin, long end, long grainSize, RangeBody body) {
        if (end - begin <= grainSize || numThreads == 1) {
            if (begin < end) {
                body.apply(begin, end);
            }
            return;
        }
        forEachChunk(begin, end, grainSize, (chunk, from, to) -> body.apply(from, to));
    }

    /**
     * Runs {@code body} once per chunk of {@code [begin, end)}, chunk {@code i} of {@link #chunkCount} being
     * {@code [begin + i * size, min(end, begin + (i + 1) * size))} with {@code size = ceil(length / chunks)}.
     * A reduction writes chunk {@code i}'s partial into slot {@code i} and combines the slots in order.
     * The first exception thrown by any chunk is rethrown after all chunks have finished.
     */
    public static void forEachChunk(long begin, long end, long grainSize, ChunkBody body) {
        int chunks = chunkCount(begin, end, grainSize);
        if (chunks == 0) {
            return;
        }
        if (chunks == 1) {
            body.apply(0, begin, end);
            return;
        }
        long size = divideRoundingUp(end - begin, chunks);
        Throwable failure = pool().run(chunks, chunk -> {
            long from = begin + chunk * size;
            body.apply(chunk, from, Math.min(end, from + size));
        }, ENTER_REGION, LEAVE_REGION);
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure != null) {
            throw (Error) failure;
        }
    }

    private static long divideRoundingUp(long a, long b) {
        return (a + b - 1) / b;
    }

    private static IntraOpPool pool() {
        IntraOpPool current = pool;
        if (current != null) {
            return current;
        }
        synchronized (Parallel.class) {
            if (pool == null) {
                pool = new IntraOpPool(Math.max(1, numThreads - 1));
            }
            return pool;
        }
    }
}
