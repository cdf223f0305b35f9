package org.jitdispatch.perf.report;

/**
 * A process that keeps one thread busy for a moment: what {@link SamplingEventProbe} profiles to learn
 * whether a sampling event delivers samples on this machine.
 */
public final class BusyLoop {
    private BusyLoop() {
    }

    public static void main(String[] args) throws InterruptedException {
        long millis = args.length > 0 ? Long.parseLong(args[0]) : 300;
        long[] sink = new long[1];
        Thread t = new Thread(() -> {
            long end = System.nanoTime() + millis * 1_000_000L;
            long x = 1;
            while (System.nanoTime() < end) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            sink[0] = x;
        });
        t.start();
        t.join();
        // printing the result keeps the loop from being optimised away
        System.out.println(sink[0] == 42 ? "" : "done");
    }
}
