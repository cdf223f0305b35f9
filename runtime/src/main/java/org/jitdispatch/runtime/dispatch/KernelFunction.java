package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Objects;

/**
 * A kernel as the dispatcher stores it (c10's KernelFunction): an unboxed (typed) MethodHandle, a
 * {@link BoxedKernel}, or the fallthrough marker. Either form can be called the other way through the
 * adapters in {@link Boxing}.
 *
 * <p>An unboxed kernel's parameters are the operator's arguments in schema order, in the Java types of
 * {@link JavaSignatures}; it may take a {@link DispatchKeySet} first, as c10 kernels may, to call below
 * itself with {@code redispatch}. The dispatcher always calls the normalised form {@link
 * #unboxedWithRawKeySet()}, whose first parameter is the raw key-set bits.
 */
public final class KernelFunction {
    private static final KernelFunction FALLTHROUGH = new KernelFunction(null, null, true);
    private static final MethodHandle KEYSET_FROM_RAW;

    static {
        try {
            KEYSET_FROM_RAW = MethodHandles.lookup().findStatic(DispatchKeySet.class, "fromRaw",
                    MethodType.methodType(DispatchKeySet.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final MethodHandle unboxed;
    private final BoxedKernel boxed;
    private final boolean fallthrough;
    /**
     * {@link #unboxedWithRawKeySet()}, built on first use: registering the aten library adapts no handle
     * for the kernels a program never calls (building thousands of them at load time also made C2 spend
     * its first seconds compiling java.lang.invoke's own code).
     */
    private volatile MethodHandle normalised;

    private KernelFunction(MethodHandle unboxed, BoxedKernel boxed, boolean fallthrough) {
        this.unboxed = unboxed;
        this.boxed = boxed;
        this.fallthrough = fallthrough;
    }

    /** A typed kernel; see the class comment for its parameters. */
    public static KernelFunction ofMethodHandle(MethodHandle kernel) {
        return new KernelFunction(Objects.requireNonNull(kernel, "kernel"), null, false);
    }

    public static KernelFunction ofBoxed(BoxedKernel kernel) {
        return new KernelFunction(null, Objects.requireNonNull(kernel, "kernel"), false);
    }

    /**
     * A kernel that says "skip this key": the key is removed from the operator's dispatch mask so calls go
     * to the next key down (c10's makeFallthrough).
     */
    public static KernelFunction fallthrough() {
        return FALLTHROUGH;
    }

    public boolean isFallthrough() {
        return fallthrough;
    }

    public boolean hasUnboxed() {
        return unboxed != null;
    }

    public boolean hasBoxed() {
        return boxed != null;
    }

    /** The MethodHandle as registered, or null for a boxed kernel. */
    public MethodHandle unboxed() {
        return unboxed;
    }

    /** The boxed kernel as registered, or null for a typed kernel. */
    public BoxedKernel boxed() {
        return boxed;
    }

    /** Whether the registered typed kernel takes a DispatchKeySet first. */
    public boolean takesKeySet() {
        return unboxed != null && unboxed.type().parameterCount() > 0
                && unboxed.type().parameterType(0) == DispatchKeySet.class;
    }

    /** The typed kernel's Java signature without a leading DispatchKeySet (null for boxed kernels). */
    public MethodType signature() {
        if (unboxed == null) {
            return null;
        }
        return takesKeySet() ? unboxed.type().dropParameterTypes(0, 1) : unboxed.type();
    }

    /** The typed kernel with a leading {@code long} key-set parameter, whether or not it uses it. */
    public MethodHandle unboxedWithRawKeySet() {
        MethodHandle n = normalised;
        if (n == null && unboxed != null) {
            // two threads may both build it; either result is the same adapter
            n = normalise(unboxed);
            normalised = n;
        }
        return n;
    }

    private static MethodHandle normalise(MethodHandle mh) {
        MethodType t = mh.type();
        if (t.parameterCount() > 0 && t.parameterType(0) == DispatchKeySet.class) {
            return MethodHandles.filterArguments(mh, 0, KEYSET_FROM_RAW);
        }
        return MethodHandles.dropArguments(mh, 0, long.class);
    }

    /** For explain: what kind of kernel this is. */
    public String describe() {
        if (fallthrough) {
            return "fallthrough";
        }
        if (unboxed != null) {
            return "unboxed " + unboxed.type();
        }
        return "boxed " + boxed.getClass().getName();
    }

    @Override
    public String toString() {
        return "KernelFunction(" + describe() + ")";
    }
}
