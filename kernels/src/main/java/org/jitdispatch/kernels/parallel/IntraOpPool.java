package org.jitdispatch.kernels.parallel;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The worker threads of {@link Parallel}: one region at a time, each worker running one chunk of it. A worker
 * that has finished a chunk spins for {@link #SPIN_NANOS} before it parks, as OpenMP's threads under ATen do
 * (GOMP's spin count): the ops of a model come microseconds apart, and waking a parked thread costs tens of
 * microseconds on a virtual machine, as much as a 1M-element add takes on one core. While a region runs, a
 * region started by another thread runs its chunks on its own thread, in order (the same chunks, so the
 * same results).
 */
final class IntraOpPool {
    /** How long an idle worker spins before it parks: 200 µs. */
    static final long SPIN_NANOS = 200_000;

    private final Worker[] workers;
    private final ReentrantLock busy = new ReentrantLock();
    /** Set under {@link #busy} by {@link #shutdown()}: no region is given to the workers after it. */
    private boolean shut;

    IntraOpPool(int workerCount) {
        workers = new Worker[workerCount];
        for (int i = 0; i < workerCount; i++) {
            workers[i] = new Worker(i);
            workers[i].start();
        }
    }

    /** The most chunks a region can give the workers: one each. */
    int workerCount() {
        return workers.length;
    }

    /**
     * Runs chunks {@code 1..chunks-1} of {@code body} on the workers and chunk 0 on the caller (marked as inside
     * a region with {@code inRegion}), and returns when all have finished; the first failure is returned, the
     * rest dropped. When another region holds the workers, the caller runs every chunk itself, in order.
     */
    Throwable run(int chunks, Parallel.ChunkRange range, Runnable enterRegion, Runnable leaveRegion) {
        if (chunks - 1 > workers.length || !busy.tryLock()) {
            return runHere(chunks, range, enterRegion, leaveRegion);
        }
        if (shut) {
            busy.unlock();
            return runHere(chunks, range, enterRegion, leaveRegion);
        }
        try {
            Region region = new Region(range, chunks - 1);
            for (int i = 1; i < chunks; i++) {
                workers[i - 1].assign(region, i);
            }
            Throwable failure = null;
            enterRegion.run();
            try {
                range.run(0);
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                leaveRegion.run();
            }
            region.awaitWorkers();
            return failure != null ? failure : region.failure;
        } finally {
            busy.unlock();
        }
    }

    private static Throwable runHere(int chunks, Parallel.ChunkRange range, Runnable enterRegion, Runnable leaveRegion) {
        Throwable failure = null;
        enterRegion.run();
        try {
            for (int i = 0; i < chunks; i++) {
                try {
                    range.run(i);
                } catch (RuntimeException | Error e) {
                    if (failure == null) {
                        failure = e;
                    }
                }
            }
        } finally {
            leaveRegion.run();
        }
        return failure;
    }

    /**
     * Stops the workers (a pool replaced by a new thread count) once the region they run, if any, has finished;
     * a caller that still holds this pool runs its chunks itself.
     */
    void shutdown() {
        busy.lock();
        try {
            shut = true;
            for (Worker w : workers) {
                w.stop = true;
                LockSupport.unpark(w);
            }
        } finally {
            busy.unlock();
        }
    }

    /** One parallel region: its chunks, how many workers are still running theirs, and the first failure. */
    private static final class Region {
        final Parallel.ChunkRange range;
        final AtomicInteger remaining;
        volatile Throwable failure;

        Region(Parallel.ChunkRange range, int workerChunks) {
            this.range = range;
            this.remaining = new AtomicInteger(workerChunks);
        }

        void finished(Throwable t) {
            if (t != null && failure == null) {
                failure = t;
            }
            remaining.decrementAndGet();
        }

        /** Spins while the workers' chunks are about as long as the caller's, then yields the core. */
        void awaitWorkers() {
            long spinUntil = System.nanoTime() + SPIN_NANOS;
            while (remaining.get() != 0) {
                if (System.nanoTime() < spinUntil) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.parkNanos(20_000);
                }
            }
        }
    }

    /** A daemon worker, named like ATen's intra-op threads, that is always inside a parallel region. */
    static final class Worker extends Thread {
        private volatile Region region;
        private volatile int chunk;
        private volatile boolean parked;
        volatile boolean stop;

        Worker(int index) {
            super("jitdispatch-intra-op-" + index);
            setDaemon(true);
        }

        void assign(Region r, int c) {
            chunk = c;
            region = r; // written last: the worker reads region first, then chunk
            if (parked) {
                LockSupport.unpark(this);
            }
        }

        @Override
        public void run() {
            while (!stop) {
                Region r = await();
                if (r == null) {
                    return;
                }
                int c = chunk;
                region = null;
                Throwable failure = null;
                try {
                    r.range.run(c);
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
                r.finished(failure);
            }
        }

        /** The next region, after spinning and then parking for it; null once stopped. */
        private Region await() {
            long spinUntil = System.nanoTime() + SPIN_NANOS;
            Region r;
            while ((r = region) == null) {
                if (stop) {
                    return null;
                }
                if (System.nanoTime() < spinUntil) {
                    Thread.onSpinWait();
                } else {
                    // parked is written before region is read again, and assign writes region before it
                    // reads parked, so one of the two sees the other: no assignment is missed
                    parked = true;
                    if (region == null && !stop) {
                        LockSupport.park(this);
                    }
                    parked = false;
                    spinUntil = System.nanoTime() + SPIN_NANOS;
                }
            }
            return r;
        }
    }
}
