package org.jitdispatch.runtime;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many times a tensor's data has been modified in place, shared by a tensor and all its views (c10's
 * VersionCounter). Autograd records the version of every tensor it saves and refuses to use a saved
 * tensor whose version has moved on.
 */
public final class VersionCounter {
    private final AtomicInteger version = new AtomicInteger();

    public int current() {
        return version.get();
    }

    /** Called after every in-place modification (by the generated ADInplaceOrView kernels). */
    public void bump() {
        version.incrementAndGet();
    }
}
