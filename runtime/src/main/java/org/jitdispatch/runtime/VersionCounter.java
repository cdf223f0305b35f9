package org.jitdispatch.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * How many times a tensor's data has been modified in place, shared by a tensor and all its views (c10's
 * VersionCounter). Autograd records the version of every tensor it saves and refuses to use a saved
 * tensor whose version has moved on. One small object per tensor: the count is a field updated through a
 * VarHandle rather than a separate atomic object.
 */
public final class VersionCounter {
    private static final VarHandle VERSION;

    static {
        try {
            VERSION = MethodHandles.lookup().findVarHandle(VersionCounter.class, "version", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // through VERSION
    private volatile int version;

    public int current() {
        return version;
    }

    /** Back to version 0, for a tensor that nothing shares yet (see {@link TensorImpl#forgetKernelWrites}). */
    void reset() {
        VERSION.setVolatile(this, 0);
    }

    /** Called after every in-place modification (by the generated ADInplaceOrView kernels). */
    public void bump() {
        VERSION.getAndAdd(this, 1);
    }
}
