package org.jitdispatch.jit.gen.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jitdispatch.jit.model.KernelRef;
import org.jitdispatch.jit.model.NativeFunction;
import org.jitdispatch.jit.model.OpsYaml;
import org.jitdispatch.jit.model.StructuredGroup;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.schema.SchemaKind;

/**
 * Which wrapper every operator gets for every dispatch key, worked out once from the model: a direct
 * call of a declared kernel, or a structured wrapper (meta, then impl) in functional, in-place or out=
 * mode. Structured groups are also registered for Meta, with a wrapper that runs only the meta step.
 */
public final class KernelPlan {
    /** How a wrapper reaches its kernel. */
    public sealed interface Wrapper permits Direct, Structured, BackendSelect, InplaceOrView {
    }

    /**
     * The ADInplaceOrView kernel of an operator that writes to an argument (generated, as PyTorch generates
     * them): redispatches below ADInplaceOrView, then bumps the version counter of every written tensor.
     */
    public record InplaceOrView() implements Wrapper {
    }

    /**
     * A factory's BackendSelect kernel (generated, as torchgen does for every function with
     * TensorOptions and no tensor arguments): computes the backend key from the {@code device} argument
     * and redispatches to it.
     */
    public record BackendSelect() implements Wrapper {
    }

    /** Calls {@code kernel} with the operator's arguments. */
    public record Direct(KernelRef kernel) implements Wrapper {
    }

    /** Runs the group's meta, then (unless {@code impl} is absent, as for Meta) the backend's impl. */
    public record Structured(StructuredGroup group, Optional<KernelRef> impl, SchemaKind mode) implements Wrapper {
        /** The class holding the group's meta function: that of its first backend kernel. */
        public String metaClass() {
            return group.out().dispatch().values().iterator().next().className();
        }

        public boolean inheritsTensorIterator() {
            return group.structuredInherits().filter("TensorIteratorBase"::equals).isPresent();
        }
    }

    /** One registration: the operator, the key and the wrapper. */
    public record Registration(NativeFunction function, DispatchKey key, Wrapper wrapper) {
    }

    private final Map<DispatchKey, List<Registration>> byKey = new LinkedHashMap<>();

    public KernelPlan(OpsYaml ops) {
        for (NativeFunction f : ops.functions()) {
            if (f.isPartOfStructuredGroup()) {
                StructuredGroup g = groupOf(ops, f);
                for (Map.Entry<DispatchKey, KernelRef> e : g.out().dispatch().entrySet()) {
                    add(new Registration(f, e.getKey(), new Structured(g, Optional.of(e.getValue()), f.kind())));
                }
                add(new Registration(f, DispatchKey.Meta, new Structured(g, Optional.empty(), f.kind())));
                // a delegate may still have kernels of its own for keys the group does not cover (e.g. Lazy)
                for (Map.Entry<DispatchKey, KernelRef> e : f.dispatch().entrySet()) {
                    if (f.structuredDelegate().isPresent() && !g.out().dispatch().containsKey(e.getKey())) {
                        add(new Registration(f, e.getKey(), new Direct(e.getValue())));
                    }
                }
            } else {
                for (Map.Entry<DispatchKey, KernelRef> e : f.dispatch().entrySet()) {
                    add(new Registration(f, e.getKey(), new Direct(e.getValue())));
                }
            }
            if (isFactory(f)) {
                add(new Registration(f, DispatchKey.BackendSelect, new BackendSelect()));
            }
            if (writesTensors(f)) {
                add(new Registration(f, DispatchKey.ADInplaceOrView, new InplaceOrView()));
            }
        }
    }

    /**
     * Whether the operator writes to a tensor argument with a kernel of its own (in-place, out= and other
     * mutating operators). Composite operators are left out: their kernels write through other operators,
     * whose ADInplaceOrView kernels count the write once. (PyTorch also covers CompositeExplicitAutograd
     * operators and relies on a thread-local guard to keep the inner call from counting again; a guard
     * would cost every later call a ThreadLocal lookup here.)
     */
    public static boolean writesTensors(NativeFunction f) {
        boolean writes = f.func().arguments().stream().anyMatch(a -> a.isWrite() && a.type().isTensorLike());
        boolean composite = !f.isPartOfStructuredGroup() && !f.dispatch().isEmpty()
                && f.dispatch().keySet().stream().allMatch(DispatchKey::isAlias);
        return writes && !composite;
    }

    /** Whether {@code Ops} needs a compiled redispatch handle for the operator's generated kernels. */
    public static boolean needsRedispatch(NativeFunction f) {
        return isFactory(f) || writesTensors(f);
    }

    /** torchgen's BackendSelect rule: TensorOptions arguments and no tensor argument to dispatch on. */
    public static boolean isFactory(NativeFunction f) {
        return f.func().hasTensorOptions() && f.func().dispatchArguments().isEmpty();
    }

    private static StructuredGroup groupOf(OpsYaml ops, NativeFunction f) {
        OperatorName out = f.isStructured() ? f.name() : f.structuredDelegate().orElseThrow();
        for (StructuredGroup g : ops.structuredGroups()) {
            if (g.out().name().equals(out)) {
                return g;
            }
        }
        throw new IllegalStateException("no structured group for " + f.name());
    }

    private void add(Registration r) {
        byKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
    }

    /** Registrations grouped by key, keys in first-use order. */
    public Map<DispatchKey, List<Registration>> byKey() {
        return byKey;
    }

    /** The registration of an operator for a key, if any (manual_bindings uses the CPU one). */
    public Optional<Registration> find(NativeFunction f, DispatchKey key) {
        return byKey.getOrDefault(key, List.of()).stream().filter(r -> r.function() == f).findFirst();
    }
}
