package org.jitdispatch.jit.spin;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.DispatcherListener;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.profiler.Profiler;
import org.jitdispatch.runtime.schema.OperatorName;

/**
 * The compiled call sites of one dispatcher: for every operator, a handle whose target is an ASM-spun
 * class that extracts the dispatch keys and calls the kernel of the highest key as a constant. Spinning
 * is lazy (when an operator's handle is first asked for, and again on the first call after its table
 * changed); a change
 * to one operator's table re-targets that operator's site only.
 *
 * <pre>{@code
 * static final MethodHandle ADD = CallSites.of(dispatcher).invoker(addHandle, type);
 * Tensor r = (Tensor) ADD.invokeExact(a, b, alpha);
 * }</pre>
 */
public final class CallSites {
    private static final Map<Dispatcher, CallSites> INSTANCES = Collections.synchronizedMap(new WeakHashMap<>());

    static {
        // starting or stopping a profiler re-spins every site, with or without record-function events
        Profiler.addListener(on -> {
            synchronized (INSTANCES) {
                INSTANCES.values().forEach(CallSites::invalidateAll);
            }
        });
    }

    private final Map<OperatorName, OperatorSite> sites = new ConcurrentHashMap<>();

    private CallSites(Dispatcher dispatcher) {
        InliningHints.install();
        dispatcher.addListener(new DispatcherListener() {
            @Override
            public void onTableChanged(OperatorHandle op) {
                OperatorSite site = sites.get(op.name());
                if (site != null) {
                    site.invalidate();
                }
            }
        });
    }

    /** The call sites of a dispatcher (one set per dispatcher). */
    public static CallSites of(Dispatcher dispatcher) {
        synchronized (INSTANCES) {
            return INSTANCES.computeIfAbsent(dispatcher, CallSites::new);
        }
    }

    /**
     * The operator's compiled call handle for {@code signature} ({@code MutableCallSite.dynamicInvoker()}):
     * keep it in a {@code static final} field so HotSpot can inline through it. The first request for an
     * operator's handle fixes and checks its Java signature and spins its class; the generated API asks on the
     * operator's first call (each operator's handles live in a holder class of their own), so a library of
     * hundreds of operators spins only those a program calls.
     */
    public MethodHandle invoker(OperatorHandle op, MethodType signature) {
        OperatorSite site = sites.computeIfAbsent(op.name(), n -> new OperatorSite(op, signature));
        if (!site.signature().equals(signature)) {
            throw new IllegalArgumentException("Call site of " + op.name() + " has signature " + site.signature()
                    + ", not " + signature);
        }
        site.ensureSpun();
        return site.invoker();
    }

    /**
     * {@code (long keySet, P...) -> R}: the compiled redispatch of an operator (c10's redispatch), for
     * kernels that call the operator again below their own key, e.g. {@code ks & AFTER_AUTOGRAD}.
     */
    public MethodHandle redispatcher(OperatorHandle op, MethodType signature) {
        invoker(op, signature);
        return sites.get(op.name()).redispatcher();
    }

    /** ASM's listing of the operator's current spun class (spinning it if needed). */
    public String disassemble(OperatorHandle op) {
        return site(op).ensureSpun().disassemble();
    }

    /** The bytes of the operator's current spun class (spinning it if needed). */
    public byte[] bytecode(OperatorHandle op) {
        return site(op).ensureSpun().bytes();
    }

    /**
     * Spins a class for the operator's current table without installing it anywhere (for measuring what
     * spinning costs); the class is unloadable as soon as the caller drops it.
     */
    public static Class<?> spinDetached(OperatorHandle op, MethodType signature) {
        op.requireSignature(signature);
        return SpunSite.spin(op.name(), op.table(), signature, op.dispatchArgumentIndices()).hiddenClass();
    }

    /** The operator's current spun class (spinning it if needed). */
    SpunSite spunSite(OperatorHandle op) {
        return site(op).ensureSpun();
    }

    /** How many classes were spun for an operator so far. */
    public long spinCount(OperatorHandle op) {
        return site(op).spinCount();
    }

    private void invalidateAll() {
        sites.values().forEach(OperatorSite::invalidate);
    }

    private OperatorSite site(OperatorHandle op) {
        OperatorSite site = sites.get(op.name());
        if (site == null) {
            throw new IllegalStateException("No call site for " + op.name() + ": ask for its invoker first");
        }
        return site;
    }
}
