package org.jitdispatch.jit.spin;

import static org.jitdispatch.jit.spin.SpinFixtures.WHICH;
import static org.jitdispatch.jit.spin.SpinFixtures.WHICH_TYPE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.ExcludeDispatchKeyGuard;
import org.jitdispatch.runtime.dispatch.IncludeDispatchKeyGuard;
import org.jitdispatch.runtime.dispatch.KernelFunction;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.junit.jupiter.api.Test;

/**
 * The spun call site and the reference dispatcher give identical results or identical errors for every
 * combination of tensors, TLS sets and table shapes the fixtures can build.
 */
class DifferentialTest {
    private interface Setup {
        void apply(Dispatcher d);
    }

    /** Table shapes: direct kernels (static and constant), key-set kernels, fallbacks, fallthroughs, aliases. */
    private static final List<Setup> TABLES = List.of(
            d -> { },
            d -> d.libraryImpl("test", DispatchKey.CPU).impl("which", SpinFixtures.staticKernel()),
            d -> {
                d.libraryImpl("test", DispatchKey.CPU).impl("which", SpinFixtures.staticKernel());
                d.libraryImpl("test", DispatchKey.Meta).impl("which", SpinFixtures.label("meta"));
                d.libraryImpl("_", DispatchKey.Lazy).fallback(SpinFixtures.boxedLabel("lazy-fallback"));
            },
            d -> {
                d.libraryImpl("test", DispatchKey.CompositeExplicitAutograd).impl("which", SpinFixtures.label("cea"));
                d.libraryImpl("test", DispatchKey.TESTING_ONLY_GenericMode).impl("which", SpinFixtures.keySetKernel());
                d.libraryImpl("test", DispatchKey.Tracer).implFallthrough("which");
            },
            d -> {
                d.libraryImpl("test", DispatchKey.CompositeImplicitAutograd).impl("which", SpinFixtures.label("cia"));
                d.libraryImpl("test", DispatchKey.Meta).impl("which", SpinFixtures.boxedLabel("boxed-meta"));
                d.libraryImpl("_", DispatchKey.TESTING_ONLY_GenericMode).fallback(KernelFunction.fallthrough());
            });

    private static final List<Supplier<TensorImpl>> TENSORS = List.of(
            () -> null, SpinFixtures::cpu, SpinFixtures::meta, SpinFixtures::lazy);

    private static final List<DispatchKey[]> INCLUDES = List.of(new DispatchKey[0],
            new DispatchKey[] {DispatchKey.TESTING_ONLY_GenericMode}, new DispatchKey[] {DispatchKey.Tracer});
    private static final List<DispatchKey[]> EXCLUDES = List.of(new DispatchKey[0],
            new DispatchKey[] {DispatchKey.CPU}, new DispatchKey[] {DispatchKey.BackendSelect, DispatchKey.ADInplaceOrView});

    @Test
    void spunAndReferencePathsAgree() {
        int compared = 0;
        List<String> differences = new ArrayList<>();
        for (int table = 0; table < TABLES.size(); table++) {
            Dispatcher d = Dispatcher.create();
            d.library("test").def(WHICH);
            TABLES.get(table).apply(d);
            OperatorHandle op = d.findSchemaOrThrow("test::which");
            MethodHandle spun = CallSites.of(d).invoker(op, WHICH_TYPE);
            MethodHandle reference = op.typed(WHICH_TYPE);
            for (Supplier<TensorImpl> self : TENSORS.subList(1, TENSORS.size())) {
                for (Supplier<TensorImpl> other : TENSORS) {
                    for (Supplier<TensorImpl> listed : TENSORS) {
                        for (DispatchKey[] inc : INCLUDES) {
                            for (DispatchKey[] exc : EXCLUDES) {
                                TensorImpl s = self.get();
                                TensorImpl o = other.get();
                                TensorImpl[] more = {listed.get()};
                                try (var i = IncludeDispatchKeyGuard.enter(inc); var x = ExcludeDispatchKeyGuard.enter(exc)) {
                                    Object expected = SpinFixtures.call(reference, s, o, more);
                                    Object actual = SpinFixtures.call(spun, s, o, more);
                                    compared++;
                                    if (!expected.equals(actual)) {
                                        differences.add("table " + table + ", " + s.device() + "/" + o + "/" + more[0]
                                                + ": reference " + expected + " but spun " + actual);
                                    }
                                    if (inc.length == 0 && exc.length == 0) {
                                        // this thread has the default sets: the variant that folds them in must agree too
                                        Object folded = SpinFixtures.call(CallSites.of(d).spunSite(op).call(), s, o, more);
                                        if (!expected.equals(folded)) {
                                            differences.add("table " + table + " (default-TLS variant), " + s.device()
                                                    + ": reference " + expected + " but spun " + folded);
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assertTrue(differences.isEmpty(), () -> differences.size() + " differences, e.g. " + differences.get(0));
        assertEquals(5 * 3 * 4 * 4 * 3 * 3, compared);
    }
}
