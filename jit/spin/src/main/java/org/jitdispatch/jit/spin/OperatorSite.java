package org.jitdispatch.jit.spin;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import java.lang.invoke.SwitchPoint;
import org.jitdispatch.runtime.dispatch.DispatchTable;
import org.jitdispatch.runtime.dispatch.LocalDispatchKeySet;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.profiler.Profiler;

/**
 * One operator's {@link MutableCallSite}. Its target is the spun class of the current table, or, right
 * after the table changed, a trampoline that spins on the next call. Setting a new target deoptimises
 * only the compiled code that inlined this operator's site, and {@link MutableCallSite#syncAll} makes
 * every thread see it before the registration that caused it returns.
 *
 * <p>The first spin happens when the site's handle is first asked for ({@link CallSites#invoker}, which the
 * generated API does on an operator's first call), so a site that was never invalidated has no trampoline:
 * each trampoline adapts a generic method to the operator's signature, and building those for every operator
 * a program calls spun method-handle classes that C2 then compiled in the program's first seconds.
 */
final class OperatorSite {
    private static final MethodHandle SPIN_AND_CALL;
    private static final MethodHandle SPIN_AND_REDISPATCH;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            MethodType collected = MethodType.methodType(Object.class, Object[].class);
            SPIN_AND_CALL = l.findVirtual(OperatorSite.class, "spinAndCall", collected);
            SPIN_AND_REDISPATCH = l.findVirtual(OperatorSite.class, "spinAndRedispatch", collected);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final OperatorHandle op;
    private final MethodType signature;
    private final MutableCallSite site;
    private final MutableCallSite redispatchSite;
    private MethodHandle spinOnNextCall;       // guarded by this: built on the first invalidation
    private MethodHandle spinOnNextRedispatch; // guarded by this
    private SpunSite current; // guarded by this: the class of the latest table seen
    private boolean installed; // guarded by this: whether the site targets current (not the trampoline)
    private boolean currentProfiled; // guarded by this
    private long spins;       // guarded by this

    OperatorSite(OperatorHandle op, MethodType signature) {
        this.op = op;
        this.signature = signature;
        // no target until the first spin (ensureSpun), which CallSites does before handing out a handle
        this.site = new MutableCallSite(signature);
        this.redispatchSite = new MutableCallSite(signature.insertParameterTypes(0, long.class));
    }

    private MethodHandle trampoline(MethodHandle spinAnd, MethodType type) {
        return spinAnd.bindTo(this).asCollector(Object[].class, type.parameterCount()).asType(type);
    }

    MethodType signature() {
        return signature;
    }

    /** The handle callers keep in a static final field; call {@link #ensureSpun()} once before it is called. */
    MethodHandle invoker() {
        return site.dynamicInvoker();
    }

    /** {@code (long keySet, P...) -> R}, for kernels that call below themselves. */
    MethodHandle redispatcher() {
        return redispatchSite.dynamicInvoker();
    }

    /** The operator's table (or the profiler's state) changed: spin again on the next call. */
    synchronized void invalidate() {
        if (!installed) {
            return;
        }
        installed = false;
        if (spinOnNextCall == null) {
            spinOnNextCall = trampoline(SPIN_AND_CALL, site.type());
            spinOnNextRedispatch = trampoline(SPIN_AND_REDISPATCH, redispatchSite.type());
        }
        publish(spinOnNextCall, spinOnNextRedispatch);
    }

    /** The spun class for the current table, spinning it if needed. */
    SpunSite ensureSpun() {
        fixSignature();
        synchronized (this) {
            return spinIfStale();
        }
    }

    /**
     * Fixes and checks the operator's Java signature (once; then a test). Never under this site's lock: it takes
     * the dispatcher's registration lock, and a registration holds that lock while it invalidates this site.
     */
    private void fixSignature() {
        op.requireSignature(signature);
    }

    /** Called with this site's lock held and the signature fixed. */
    private SpunSite spinIfStale() {
        DispatchTable table = op.table();
        boolean profiled = Profiler.isActive();
        if (current == null || current.table() != table) {
            current = SpunSite.spin(op.name(), table, signature, op.dispatchArgumentIndices());
            spins++;
            installed = false;
        }
        if (!installed || currentProfiled != profiled) {
            currentProfiled = profiled;
            publish(callTarget(), current.redispatch());
            installed = true;
        }
        return current;
    }

    /** The target for calls: the spun class, wrapped in record-function events while a profiler runs. */
    private MethodHandle callTarget() {
        MethodHandle target = targetFor(current);
        if (!currentProfiled) {
            return target;
        }
        Profiler session = Profiler.active();
        return ProfiledTarget.wrap(op.name(), target, session != null && session.options().recordShapes());
    }

    synchronized long spinCount() {
        return spins;
    }

    /** The current target: assumes default TLS sets until any thread changes its sets. */
    private static MethodHandle targetFor(SpunSite s) {
        SwitchPoint untouched = LocalDispatchKeySet.untouchedSwitchPoint();
        return untouched.hasBeenInvalidated() ? s.callTls() : untouched.guardWithTest(s.call(), s.callTls());
    }

    private void publish(MethodHandle callTarget, MethodHandle redispatchTarget) {
        site.setTarget(callTarget);
        redispatchSite.setTarget(redispatchTarget);
        MutableCallSite.syncAll(new MutableCallSite[] {site, redispatchSite});
    }

    @SuppressWarnings("unused") // via MethodHandle
    private Object spinAndCall(Object[] args) throws Throwable {
        MethodHandle target;
        fixSignature();
        synchronized (this) {
            spinIfStale();
            target = callTarget();
        }
        return target.invokeWithArguments(args);
    }

    @SuppressWarnings("unused") // via MethodHandle
    private Object spinAndRedispatch(Object[] args) throws Throwable {
        return ensureSpun().redispatch().invokeWithArguments(args);
    }
}
