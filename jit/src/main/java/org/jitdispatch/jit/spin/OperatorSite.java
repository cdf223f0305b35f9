package org.jitdispatch.jit.spin;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import java.lang.invoke.SwitchPoint;
import org.jitdispatch.runtime.dispatch.DispatchTable;
import org.jitdispatch.runtime.dispatch.LocalDispatchKeySet;
import org.jitdispatch.runtime.dispatch.OperatorHandle;

/**
 * One operator's {@link MutableCallSite}. Its target is the spun class of the current table, or, right
 * after the table changed, a trampoline that spins on the next call. Setting a new target deoptimises
 * only the compiled code that inlined this operator's site, and {@link MutableCallSite#syncAll} makes
 * every thread see it before the registration that caused it returns.
 */
final class OperatorSite {
    private static final MethodHandle SPIN_AND_CALL;

    static {
        try {
            SPIN_AND_CALL = MethodHandles.lookup().findVirtual(OperatorSite.class, "spinAndCall",
                    MethodType.methodType(Object.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final OperatorHandle op;
    private final MethodType signature;
    private final MutableCallSite site;
    private final MethodHandle spinOnNextCall;
    private SpunSite current; // guarded by this
    private long spins;       // guarded by this

    OperatorSite(OperatorHandle op, MethodType signature) {
        this.op = op;
        this.signature = signature;
        this.site = new MutableCallSite(signature);
        this.spinOnNextCall = SPIN_AND_CALL.bindTo(this)
                .asCollector(Object[].class, signature.parameterCount())
                .asType(signature);
        site.setTarget(spinOnNextCall);
    }

    MethodType signature() {
        return signature;
    }

    /** The handle callers keep in a static final field. */
    MethodHandle invoker() {
        return site.dynamicInvoker();
    }

    /** The operator's table changed: spin again on the next call. */
    synchronized void invalidate() {
        if (current == null) {
            return;
        }
        current = null;
        publish(spinOnNextCall);
    }

    /** The spun class for the current table, spinning it if needed. */
    synchronized SpunSite ensureSpun() {
        DispatchTable table = op.table();
        if (current != null && current.table() == table) {
            return current;
        }
        current = SpunSite.spin(op.name(), table, signature, op.dispatchArgumentIndices());
        spins++;
        publish(targetFor(current));
        return current;
    }

    synchronized long spinCount() {
        return spins;
    }

    /** The current target: assumes default TLS sets until any thread changes its sets. */
    private static MethodHandle targetFor(SpunSite s) {
        SwitchPoint untouched = LocalDispatchKeySet.untouchedSwitchPoint();
        return untouched.hasBeenInvalidated() ? s.callTls() : untouched.guardWithTest(s.call(), s.callTls());
    }

    private void publish(MethodHandle target) {
        site.setTarget(target);
        MutableCallSite.syncAll(new MutableCallSite[] {site});
    }

    @SuppressWarnings("unused") // via MethodHandle
    private Object spinAndCall(Object[] args) throws Throwable {
        return targetFor(ensureSpun()).invokeWithArguments(args);
    }
}
