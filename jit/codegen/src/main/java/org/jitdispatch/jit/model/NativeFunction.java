package org.jitdispatch.jit.model;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.schema.SchemaKind;

/**
 * One entry of an ops.yaml file, parsed and validated: torchgen's {@code NativeFunction} together with
 * the entry's kernels (what torchgen keeps apart in a {@code BackendIndex}; we have one backend set, so
 * the kernels live here).
 *
 * <p>Instances exist only for entries that passed every rule (see {@link OpsYaml#load}), so a code
 * generator can rely on them: for example a structured function is an out= function, a function with a
 * structured delegate is not, and a method variant has a {@code Tensor self} argument. Immutable;
 * compared by identity, as each entry of a file is a distinct declaration.
 */
public final class NativeFunction {
    private final Location location;
    private final FunctionSchema func;
    private final Set<Variant> variants;
    private final Map<DispatchKey, KernelRef> dispatch;
    private final boolean structured;
    private final OperatorName structuredDelegate;
    private final String structuredInherits;
    private final boolean manualBindings;
    private final DeviceCheckType deviceCheck;
    private final Set<String> tags;
    private final List<OperatorName> autogen;
    private final String categoryOverride;
    private final KernelRef cpuFastPath;

    // One parameter per YAML key; only the parser (which has checked every rule) calls this.
    NativeFunction(Location location, FunctionSchema func, Set<Variant> variants, Map<DispatchKey, KernelRef> dispatch,
                   boolean structured, OperatorName structuredDelegate, String structuredInherits,
                   boolean manualBindings, DeviceCheckType deviceCheck, Set<String> tags, List<OperatorName> autogen,
                   String categoryOverride, KernelRef cpuFastPath) {
        this.location = Objects.requireNonNull(location, "location");
        this.func = Objects.requireNonNull(func, "func");
        this.variants = Collections.unmodifiableSet(EnumSet.copyOf(variants));
        // Declaration order matters to readers of the generated code, so no EnumMap (ordinal order).
        this.dispatch = Collections.unmodifiableMap(new LinkedHashMap<>(dispatch));
        this.structured = structured;
        this.structuredDelegate = structuredDelegate;
        this.structuredInherits = structuredInherits;
        this.manualBindings = manualBindings;
        this.deviceCheck = Objects.requireNonNull(deviceCheck, "deviceCheck");
        this.tags = Collections.unmodifiableSet(new LinkedHashSet<>(tags));
        this.autogen = List.copyOf(autogen);
        this.categoryOverride = categoryOverride;
        this.cpuFastPath = cpuFastPath;
    }

    /** Where the entry starts. */
    public Location location() {
        return location;
    }

    /** The operator's schema ({@code func:}). */
    public FunctionSchema func() {
        return func;
    }

    /** The operator's name, as {@code func().name()}. */
    public OperatorName name() {
        return func.name();
    }

    /** The schema's kind (functional, inplace, out, ...), as {@code func().kind()}. */
    public SchemaKind kind() {
        return func.kind();
    }

    /** How the operator is exposed ({@code variants:}; {@code {function}} when absent). */
    public Set<Variant> variants() {
        return variants;
    }

    /** Whether the generated API has a static function for the operator. */
    public boolean hasFunctionVariant() {
        return variants.contains(Variant.function);
    }

    /** Whether the generated API has a {@code Tensor} method for the operator (called on {@code self}). */
    public boolean hasMethodVariant() {
        return variants.contains(Variant.method);
    }

    /**
     * The kernels per dispatch key, in declaration order, with a comma-separated key such as
     * {@code CPU, Meta: f} expanded into one entry per key.
     *
     * <p>An entry without a {@code dispatch:} table, structured flag, structured delegate or manual
     * bindings gets torchgen's default {@code CompositeImplicitAutograd: }{@link #cppName()}. Structured
     * and structured-delegate entries do not get it: their CPU kernel is built from the structured
     * kernel, and their Meta kernel is always generated, so neither appears here. The map is empty
     * for an entry that has no kernel at all (a structured op with no {@code dispatch:} table).
     */
    public Map<DispatchKey, KernelRef> dispatch() {
        return dispatch;
    }

    /** The kernel for one key, if the table has one. */
    public Optional<KernelRef> kernel(DispatchKey key) {
        return Optional.ofNullable(dispatch.get(key));
    }

    /**
     * Whether this is a structured kernel ({@code structured: True}): an out= function whose shape
     * checking (the meta function) is separate from its computation, so that the functional and inplace
     * variants, and the Meta kernel, can be generated from it. Always an out= function.
     */
    public boolean isStructured() {
        return structured;
    }

    /**
     * The structured out= function this function is implemented with ({@code structured_delegate:}),
     * in this entry's namespace. Only on functional and inplace functions; the delegate exists in the
     * same file, is structured, and has this function's signature.
     */
    public Optional<OperatorName> structuredDelegate() {
        return Optional.ofNullable(structuredDelegate);
    }

    /**
     * The class the structured meta class extends instead of the default ({@code structured_inherits:},
     * e.g. {@code TensorIteratorBase}), a simple name in the kernels' package. Only on structured
     * functions.
     */
    public Optional<String> structuredInherits() {
        return Optional.ofNullable(structuredInherits);
    }

    /**
     * Whether the generated API calls the CPU kernel directly, bypassing the dispatcher
     * ({@code manual_bindings: True}). Such an entry has a CPU kernel to call: a {@code CPU} entry in
     * {@link #dispatch()}, or (if structured or structured-delegate) the one generated from the
     * structured kernel.
     */
    /**
     * The CPU shortcut of a structured group ({@code cpu_fast_path: Class::method}, on the out= entry):
     * called with the output (null for functional calls) and the inputs before the structured meta runs, it
     * returns the result for the common cases it handles and null otherwise, and the general path runs.
     */
    public Optional<KernelRef> cpuFastPath() {
        return Optional.ofNullable(cpuFastPath);
    }

    public boolean manualBindings() {
        return manualBindings;
    }

    /** Whether generated code checks that tensor arguments share a device ({@code device_check:}). */
    public DeviceCheckType deviceCheck() {
        return deviceCheck;
    }

    /**
     * The entry's tags ({@code tags:}), in declaration order. Tags are carried for tools, not
     * interpreted: no rule here depends on them.
     */
    public Set<String> tags() {
        return tags;
    }

    /**
     * The operators declared as generated from this one ({@code autogen:}), in this entry's namespace.
     * As in torchgen this is a declaration for cross-checking; it does not create entries.
     */
    public List<OperatorName> autogen() {
        return autogen;
    }

    /** The {@code category_override:} string, passed through to tools that classify operators. */
    public Optional<String> categoryOverride() {
        return Optional.ofNullable(categoryOverride);
    }

    /** Whether the function is structured or delegates to a structured function (torchgen's part_of_structured_group). */
    public boolean isPartOfStructuredGroup() {
        return structured || structuredDelegate != null;
    }

    /** torchgen's {@code cpp.name}, the default kernel method name; see {@link #cppName(FunctionSchema)}. */
    public String cppName() {
        return cppName(func);
    }

    /**
     * torchgen's {@code cpp.name(func)}: the operator name without namespace or overload name, plus
     * {@code _out} for functions with out arguments ({@code add.out} → {@code add_out}); an inplace name
     * keeps its underscore ({@code add_.Tensor} → {@code add_}). It is the method name of the default
     * {@code CompositeImplicitAutograd} kernel, so overloads share it and are told apart by their Java
     * parameter types.
     */
    public static String cppName(FunctionSchema func) {
        String name = func.name().name();
        return func.outArguments().isEmpty() ? name : name + "_out";
    }

    /** {@code file:line: schema}, for debugging. */
    @Override
    public String toString() {
        return location + ": " + func;
    }
}
