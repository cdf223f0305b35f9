package org.jitdispatch.kernels.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ParallelTest {
    private final int defaultThreads = Parallel.getNumThreads();

    @AfterEach
    void restoreThreads() {
        Parallel.setNumThreads(defaultThreads);
    }

    @Test
    void chunksCoverTheRangeOnceInOrder() {
        Parallel.setNumThreads(3);
        long[] seen = new long[100_000];
        ConcurrentLinkedQueue<long[]> chunks = new ConcurrentLinkedQueue<>();
        Parallel.forEachChunk(0, seen.length, 1000, (chunk, begin, end) -> {
            chunks.add(new long[] {chunk, begin, end});
            for (long i = begin; i < end; i++) {
                seen[(int) i]++;
            }
        });
        for (long count : seen) {
            assertEquals(1, count);
        }
        assertEquals(3, chunks.size());
        for (long[] c : chunks) {
            assertEquals(c[0] * 33_334, c[1]);
        }
    }

    @Test
    void noChunkIsEmpty() {
        Parallel.setNumThreads(3);
        assertEquals(2, Parallel.chunkCount(0, 4, 1), "4 elements over 3 threads: 2 + 2, not 2 + 2 + 0");
        ConcurrentLinkedQueue<long[]> chunks = new ConcurrentLinkedQueue<>();
        Parallel.forEachChunk(0, 4, 1, (chunk, begin, end) -> chunks.add(new long[] {begin, end}));
        for (long[] c : chunks) {
            assertTrue(c[1] > c[0], "empty chunk " + c[0] + ".." + c[1]);
        }
    }

    @Test
    void smallRangesAndOneThreadStayOnTheCaller() {
        Thread caller = Thread.currentThread();
        Parallel.parallelFor(0, Parallel.GRAIN_SIZE, Parallel.GRAIN_SIZE,
                (b, e) -> assertEquals(caller, Thread.currentThread()));
        Parallel.setNumThreads(1);
        assertEquals(1, Parallel.chunkCount(0, 1 << 20, 1));
        Parallel.parallelFor(0, 1 << 20, 1, (b, e) -> assertEquals(caller, Thread.currentThread()));
    }

    @Test
    void regionsDoNotNest() {
        Parallel.setNumThreads(2);
        AtomicLong inner = new AtomicLong();
        Parallel.forEachChunk(0, 10, 1, (chunk, b, e) -> {
            assertTrue(Parallel.inParallelRegion());
            assertEquals(1, Parallel.chunkCount(0, 1 << 20, 1));
            inner.addAndGet(e - b);
        });
        assertEquals(10, inner.get());
        assertEquals(false, Parallel.inParallelRegion());
    }

    @Test
    void aChunksFailureReachesTheCallerAfterAllChunksFinish() {
        Parallel.setNumThreads(2);
        AtomicLong done = new AtomicLong();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Parallel.forEachChunk(0, 2, 1, (chunk, b, en) -> {
                    if (chunk == 1) {
                        throw new IllegalStateException("chunk one failed");
                    }
                    done.incrementAndGet();
                }));
        assertTrue(e.getMessage().contains("chunk one failed"), e.getMessage());
        assertEquals(1, done.get());
    }

    @Test
    void refusesANonPositiveThreadCount() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Parallel.setNumThreads(0));
        assertEquals("Expected positive number of threads", e.getMessage());
    }

    /**
     * Regions started from several threads at once: one gets the workers, the others run their chunks on their
     * own threads; every chunk runs once, on the same boundaries, and nothing hangs. The thread count changes
     * meanwhile (the pool is replaced under running regions).
     */
    @Test
    void concurrentRegionsAndAChangingThreadCountRunEveryChunkOnce() throws Exception {
        Parallel.setNumThreads(3);
        int callers = 4;
        int rounds = 300;
        java.util.concurrent.ExecutorService users = java.util.concurrent.Executors.newFixedThreadPool(callers);
        try {
            java.util.List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int u = 0; u < callers; u++) {
                done.add(users.submit(() -> {
                    for (int r = 0; r < rounds; r++) {
                        long[] seen = new long[200_000];
                        Parallel.parallelFor(0, seen.length, 1000, (from, to) -> {
                            for (long i = from; i < to; i++) {
                                seen[(int) i]++;
                            }
                        });
                        for (long count : seen) {
                            assertEquals(1, count);
                        }
                    }
                    return null;
                }));
            }
            for (int r = 0; r < 50; r++) {
                Parallel.setNumThreads(2 + r % 3);
                Thread.sleep(1);
            }
            for (java.util.concurrent.Future<?> f : done) {
                f.get(120, java.util.concurrent.TimeUnit.SECONDS);
            }
        } finally {
            users.shutdownNow();
        }
    }

    /** A worker that has parked (after spinning) is woken for the next region. */
    @Test
    void parkedWorkersWakeForTheNextRegion() throws Exception {
        Parallel.setNumThreads(2);
        for (int r = 0; r < 3; r++) {
            Thread.sleep(5); // well past the spin: the worker parks
            java.util.Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
            Parallel.forEachChunk(0, 100_000, 1000, (chunk, from, to) -> threads.add(Thread.currentThread().getName()));
            assertEquals(2, threads.size(), "the caller and the worker each ran a chunk: " + threads);
        }
    }
}
