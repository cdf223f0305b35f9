package org.jitdispatch.kernels;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import org.jitdispatch.jit.spin.CallSites;
import org.jitdispatch.jit.spin.InliningHints;
import org.jitdispatch.kernels.generated.RegisterAten;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.dispatch.OperatorLibrary;

/**
 * The aten operator library: every operator of ops.yaml with its kernels, registered into
 * {@link Dispatcher#singleton()} the first time anything asks for it (the generated API does, through
 * {@link #invoker}). Also found by {@link OperatorLibrary#loadAll()} through ServiceLoader.
 */
public final class AtenLibrary implements OperatorLibrary {
    private static boolean loaded;

    /** Registers the aten library into the singleton dispatcher, once. */
    public static synchronized void load() {
        if (loaded) {
            return;
        }
        InliningHints.install();
        try {
            RegisterAten.register(Dispatcher.singleton());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("A generated wrapper of the aten library could not be found", e);
        }
        for (String name : Bypass.requested()) {
            if (Dispatcher.singleton().findSchema(OperatorName.parse(name)).isEmpty()) {
                throw new IllegalArgumentException("-D" + Bypass.PROPERTY + " lists " + name + ", which is not an"
                        + " operator of the aten library");
            }
        }
        loaded = true;
    }

    @Override
    public void ensureLoaded() {
        load();
    }

    /**
     * {@code (long keySet, args...)}: the operator's compiled redispatch, which BackendSelect kernels use to
     * call the factory's backend kernel.
     */
    public static MethodHandle redispatcher(String qualifiedName, MethodType type) {
        load();
        Dispatcher d = Dispatcher.singleton();
        return CallSites.of(d).redispatcher(d.findSchemaOrThrow(qualifiedName), type);
    }

    /**
     * The handle the generated API calls for an operator: the operator's compiled call site (a
     * MutableCallSite whose target is the spun class of its current dispatch table), or, for an operator
     * listed in {@code -Djitdispatch.bypass}, its CPU kernel called directly.
     */
    public static MethodHandle invoker(String qualifiedName, MethodType type) {
        load();
        Dispatcher d = Dispatcher.singleton();
        OperatorHandle op = d.findSchemaOrThrow(qualifiedName);
        if (Bypass.requested().contains(qualifiedName)) {
            op.requireSignature(type);
            return Bypass.handle(op, type);
        }
        return CallSites.of(d).invoker(op, type);
    }
}
