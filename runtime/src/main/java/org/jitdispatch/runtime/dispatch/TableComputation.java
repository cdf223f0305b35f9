package org.jitdispatch.runtime.dispatch;

import java.util.Map;
import java.util.function.Function;

/**
 * c10's precedence for one table entry (OperatorEntry::computeDispatchTableEntryWithDebug, PyTorch 1.13):
 * <ol>
 *   <li>a kernel registered directly for the key;
 *   <li>a CompositeExplicitAutograd kernel, for backend keys (and Undefined);
 *   <li>a CompositeImplicitAutograd kernel, for backend and Autograd keys (and Undefined), except that an
 *       Autograd key does not use it when its backend, or CompositeExplicitAutograd, has a kernel;
 *   <li>an Autograd alias kernel, for the per-backend Autograd keys;
 *   <li>the backend fallback of the key;
 *   <li>missing: the call raises the not-implemented error.
 * </ol>
 * There are no AutogradOther backends in this key set, so c10's ambiguous-AutogradOther case never arises.
 */
final class TableComputation {
    private TableComputation() {
    }

    static DispatchTable.Entry compute(DispatchKey key, Map<DispatchKey, AnnotatedKernel> active,
                                       Function<DispatchKey, AnnotatedKernel> fallbacks) {
        AnnotatedKernel direct = active.get(key);
        if (direct != null) {
            return entry(direct, DispatchTable.Source.KERNEL);
        }
        boolean undefined = key == DispatchKey.Undefined;
        AnnotatedKernel explicit = active.get(DispatchKey.CompositeExplicitAutograd);
        if (explicit != null && (undefined || key.isIncludedIn(DispatchKey.CompositeExplicitAutograd))) {
            return entry(explicit, DispatchTable.Source.DEFAULT_BACKEND_KERNEL);
        }
        boolean hasBackendKernel = explicit != null
                || (key.backendOfAutograd() != null && active.containsKey(key.backendOfAutograd()));
        AnnotatedKernel math = active.get(DispatchKey.CompositeImplicitAutograd);
        if (math != null && !hasBackendKernel
                && (undefined || key.isIncludedIn(DispatchKey.CompositeImplicitAutograd))) {
            return entry(math, DispatchTable.Source.MATH_KERNEL);
        }
        AnnotatedKernel autograd = active.get(DispatchKey.Autograd);
        if (autograd != null && key.isIncludedIn(DispatchKey.Autograd)) {
            return entry(autograd, DispatchTable.Source.AUTOGRAD_KERNEL);
        }
        AnnotatedKernel fallback = undefined ? null : fallbacks.apply(key);
        if (fallback != null) {
            return entry(fallback, DispatchTable.Source.BACKEND_FALLBACK);
        }
        return new DispatchTable.Entry(null, DispatchTable.Source.MISSING, "", null);
    }

    private static DispatchTable.Entry entry(AnnotatedKernel k, DispatchTable.Source source) {
        return new DispatchTable.Entry(k.kernel, source, k.debug, k.key);
    }
}
