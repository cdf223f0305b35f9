package org.jitdispatch.jit.model;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jitdispatch.jit.yaml.YamlEntry;
import org.jitdispatch.jit.yaml.YamlException;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.BaseTy;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.ListType;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.schema.OptionalType;
import org.jitdispatch.runtime.schema.SchemaKind;
import org.jitdispatch.runtime.schema.SchemaParseException;
import org.jitdispatch.runtime.schema.Type;

/**
 * Reads one entry into a {@link NativeFunction}: torchgen's {@code NativeFunction.from_yaml} and
 * {@code __post_init__}, i.e. every rule that concerns a single entry. Rules that relate entries to each
 * other (duplicates, delegates, groups) are {@link OpsYamlLoader}'s.
 *
 * <p>Problems are added to a shared list rather than thrown, so that one run reports all of them. Value
 * errors come first; the rules that combine keys run only when the keys they read were valid, so that one
 * mistake is reported once rather than again as a consequence.
 */
final class EntryParser {

    /** The keys this project uses, in the order the error message lists them. */
    static final List<String> KEYS = List.of("func", "variants", "dispatch", "structured", "structured_delegate",
            "structured_inherits", "manual_bindings", "device_check", "tags", "autogen", "category_override",
            "cpu_fast_path");

    /**
     * The rest of torchgen 1.13's keys (NativeFunction.from_yaml): accepted so that entries can be copied
     * from PyTorch, and noted as ignored. They concern C++ and Python bindings, CUDA device guards and
     * ufunc code generation, none of which exist here.
     */
    static final List<String> IGNORED_KEYS = List.of("python_module", "device_guard", "manual_cpp_binding",
            "manual_kernel_registration", "cpp_no_default_args", "precomputed", "ufunc_inner_loop",
            "use_const_ref_for_mutable_tensors");

    /** The keys a {@code dispatch:} table may use, in the order messages list them. */
    static final List<DispatchKey> DISPATCH_KEYS = List.of(DispatchKey.CPU, DispatchKey.Meta, DispatchKey.Lazy,
            DispatchKey.PrivateUse1, DispatchKey.CompositeImplicitAutograd, DispatchKey.CompositeExplicitAutograd);

    private static final Pattern TAG = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final YamlEntry e;
    private final List<OpsYamlError> errors;
    private final List<IgnoredKey> ignored;

    /** The schema, when {@code func:} parsed (even if other keys did not): the loader groups by it. */
    private FunctionSchema func;

    private EntryParser(YamlEntry e, List<OpsYamlError> errors, List<IgnoredKey> ignored) {
        this.e = e;
        this.errors = errors;
        this.ignored = ignored;
    }

    /** The outcome for one entry: the schema if it parsed, the function if the whole entry is valid. */
    record Result(YamlEntry entry, FunctionSchema func, NativeFunction function) {
    }

    static Result parse(YamlEntry entry, List<OpsYamlError> errors, List<IgnoredKey> ignored) {
        EntryParser p = new EntryParser(entry, errors, ignored);
        NativeFunction f = p.parse();
        return new Result(entry, p.func, f);
    }

    private NativeFunction parse() {
        int errorsBefore = errors.size();
        checkKeys();
        func = readFunc();
        Set<Variant> variants = read(this::readVariants);
        Boolean structured = read(() -> e.bool("structured").orElse(false));
        Holder<OperatorName> delegate = read(() -> new Holder<>(readOperatorName("structured_delegate")));
        Holder<String> inherits = read(() -> new Holder<>(readInherits()));
        Boolean manualBindings = read(() -> e.bool("manual_bindings").orElse(false));
        DeviceCheckType deviceCheck = read(this::readDeviceCheck);
        Set<String> tags = read(this::readTags);
        List<OperatorName> autogen = read(this::readAutogen);
        Holder<String> categoryOverride = read(this::readCategoryOverride);
        Dispatch dispatch = read(this::readDispatch);
        Holder<KernelRef> fastPath = read(() -> new Holder<>(readFastPath()));

        if (func != null && variants != null) {
            checkVariants(variants);
        }
        if (func != null && deviceCheck != null) {
            checkDeviceCheck(deviceCheck);
        }
        // The dispatch rules depend on what kind of structured function this is, so they only run once
        // that is settled; otherwise a misplaced 'structured' would also be reported as a bad table.
        if (func != null && structured != null && delegate != null && inherits != null
                && checkStructured(structured, delegate.value, inherits.value)
                && dispatch != null && manualBindings != null) {
            if (dispatch.explicit()) {
                checkDispatch(dispatch, structured, delegate.value, manualBindings);
            } else if (!structured && delegate.value == null && !manualBindings) {
                addDefaultDispatch(dispatch);
            }
            checkManualBindings(dispatch, structured, delegate.value, manualBindings);
            if (fastPath != null) {
                checkFastPath(fastPath.value, dispatch, structured);
            }
        }
        if (errors.size() > errorsBefore) {
            return null;
        }
        return new NativeFunction(new Location(e.file(), e.line()), func, variants, dispatch.kernels, structured,
                delegate.value, inherits.value, manualBindings, deviceCheck, tags, autogen, categoryOverride.value,
                fastPath.value);
    }

    // ~~~ reading the keys ~~~

    private void checkKeys() {
        for (String key : e.keys()) {
            if (IGNORED_KEYS.contains(key)) {
                ignored.add(new IgnoredKey(new Location(e.file(), e.lineOf(key)), key));
            } else if (!KEYS.contains(key)) {
                fail(key, "unknown key '" + key + "'; allowed keys: " + String.join(", ", KEYS)
                        + " (and, recognised but ignored: " + String.join(", ", IGNORED_KEYS) + ")");
            }
        }
    }

    private FunctionSchema readFunc() {
        if (!e.has("func")) {
            fail("func", "missing required key 'func'");
            return null;
        }
        String text = read(() -> e.scalar("func").orElseThrow());
        if (text == null) {
            return null;
        }
        try {
            return FunctionSchema.parse(text);
        } catch (SchemaParseException ex) {
            // The entry's description quotes the schema, so only the reason and column are added here.
            fail("func", ex.reason() + (ex.column().isPresent() ? " (at column " + ex.column().getAsInt() + ")" : ""));
            return null;
        }
    }

    private Set<Variant> readVariants() {
        String text = e.scalar("variants").orElse("function");
        Set<Variant> variants = EnumSet.noneOf(Variant.class);
        for (String v : text.split(",", -1)) {
            Variant variant;
            try {
                variant = Variant.valueOf(v.strip());
            } catch (IllegalArgumentException ex) {
                // torchgen: "illegal variant {v}"
                throw e.error("variants", "illegal variant '" + v.strip()
                        + "'; expected 'function', 'method' or 'function, method'");
            }
            if (!variants.add(variant)) {
                throw e.error("variants", "variant '" + variant + "' is listed twice");
            }
        }
        return variants;
    }

    /** An operator name written without namespace; it takes the namespace of the entry's schema. */
    private OperatorName readOperatorName(String key) {
        String text = e.scalar(key).orElse(null);
        if (text == null) {
            return null;
        }
        OperatorName name = parseOperatorName(key, text);
        return func == null ? name : name.withNamespace(func.name().namespace());
    }

    private OperatorName parseOperatorName(String key, String text) {
        if (text.contains("::")) {
            // torchgen's wording ("structured delegate", "autogen").
            throw e.error(key, "namespace is not supported in " + key.replace('_', ' ')
                    + ", using the same namespace as the native function");
        }
        try {
            return OperatorName.parse(text.strip());
        } catch (SchemaParseException ex) {
            throw e.error(key, "invalid operator name '" + text + "' in " + key + ": " + ex.reason());
        } catch (IllegalArgumentException ex) {
            throw e.error(key, "invalid operator name '" + text + "' in " + key + ": " + ex.getMessage());
        }
    }

    private String readInherits() {
        String text = e.scalar("structured_inherits").orElse(null);
        if (text == null) {
            return null;
        }
        if (text.contains("::")) {
            throw e.error("structured_inherits", "namespace is not supported in structured inherits,"
                    + " using the same namespace as the native function");
        }
        if (!JavaIdentifiers.isIdentifier(text)) {
            throw e.error("structured_inherits", "structured_inherits must name a class in the kernels' package"
                    + " by its simple name (a Java identifier such as TensorIteratorBase), not '" + text + "'");
        }
        return text;
    }

    private KernelRef readFastPath() {
        String text = e.scalar("cpu_fast_path").orElse(null);
        if (text == null) {
            return null;
        }
        try {
            return KernelRef.parse(text);
        } catch (IllegalArgumentException ex) {
            throw e.error("cpu_fast_path", ex.getMessage());
        }
    }

    private DeviceCheckType readDeviceCheck() {
        String text = e.scalar("device_check").orElse(null);
        if (text == null) {
            return DeviceCheckType.ExactSame; // torchgen's default
        }
        try {
            return DeviceCheckType.valueOf(text);
        } catch (IllegalArgumentException ex) {
            throw e.error("device_check", "illegal device_check '" + text + "'; expected NoCheck or ExactSame");
        }
    }

    /** {@code tags: a, b} (torchgen's form) or {@code tags: [a, b]}. */
    private Set<String> readTags() {
        Set<String> tags = new LinkedHashSet<>();
        for (String item : e.scalarList("tags").orElse(List.of())) {
            if (item.isBlank()) {
                continue; // "tags:" with no value, as torchgen's "" default
            }
            for (String t : item.split(",", -1)) {
                String tag = t.strip();
                if (!TAG.matcher(tag).matches()) {
                    throw e.error("tags", "invalid tag '" + tag + "': tags are identifiers such as pointwise"
                            + " or inplace_view, separated by ', '");
                }
                if (!tags.add(tag)) {
                    throw e.error("tags", "tag '" + tag + "' is listed twice");
                }
            }
        }
        return tags;
    }

    private List<OperatorName> readAutogen() {
        String text = e.scalar("autogen").orElse("");
        List<OperatorName> names = new ArrayList<>();
        if (text.isBlank()) {
            return names;
        }
        for (String item : text.split(",", -1)) {
            OperatorName name = parseOperatorName("autogen", item.strip());
            names.add(func == null ? name : name.withNamespace(func.name().namespace()));
        }
        return names;
    }

    private Holder<String> readCategoryOverride() {
        String text = e.scalar("category_override").orElse(null);
        if (text != null && text.isBlank()) {
            throw e.error("category_override", "'category_override' must not be empty");
        }
        return new Holder<>(text);
    }

    /** The kernels with the line of each key's item, and whether the entry wrote a table. */
    private record Dispatch(boolean explicit, Map<DispatchKey, KernelRef> kernels, Map<DispatchKey, Integer> lines) {
    }

    private Dispatch readDispatch() {
        Map<DispatchKey, KernelRef> kernels = new LinkedHashMap<>();
        Map<DispatchKey, Integer> lines = new LinkedHashMap<>();
        List<YamlEntry.MapItem> items = e.scalarMapItems("dispatch").orElse(null);
        if (items == null) {
            return new Dispatch(false, kernels, lines);
        }
        if (items.isEmpty()) {
            throw e.error("dispatch", "the dispatch table is empty; delete the 'dispatch' key or list kernels");
        }
        List<YamlException> problems = new ArrayList<>();
        for (YamlEntry.MapItem item : items) {
            for (String k : item.key().split(",", -1)) {
                String name = k.strip();
                DispatchKey key = DISPATCH_KEYS.stream().filter(d -> d.name().equals(name)).findFirst().orElse(null);
                if (key == null) {
                    // torchgen: "Dispatch key {dispatch_key} of kernel {v} is not a supported dispatch key."
                    problems.add(e.errorAt(item.line(), "Dispatch key " + (name.isEmpty() ? "''" : name)
                            + " of kernel " + item.value() + " is not a supported dispatch key; supported keys: "
                            + DISPATCH_KEYS.stream().map(DispatchKey::name).collect(Collectors.joining(", "))));
                    continue;
                }
                if (lines.containsKey(key)) {
                    problems.add(e.errorAt(item.line(), "dispatch key " + key + " is listed twice in the dispatch"
                            + " table (first at line " + lines.get(key) + ")"));
                    continue;
                }
                lines.put(key, item.line());
                try {
                    kernels.put(key, KernelRef.parse(item.value()));
                } catch (IllegalArgumentException ex) {
                    problems.add(e.errorAt(item.line(), "invalid kernel name '" + item.value() + "' for dispatch key "
                            + key + ": " + KernelRef.FORMS));
                }
            }
        }
        if (!problems.isEmpty()) {
            problems.forEach(this::add); // every bad item of the table, not only the first
            return null;
        }
        return new Dispatch(true, kernels, lines);
    }

    // ~~~ rules that combine keys (torchgen's __post_init__ and the dispatch checks of from_yaml) ~~~

    private void checkVariants(Set<Variant> variants) {
        if (!func.outArguments().isEmpty() && !variants.equals(EnumSet.of(Variant.function))) {
            fail("variants", "Native functions with out arguments MUST be declared with only function variant;"
                    + " e.g., variants: function");
        } else if (variants.contains(Variant.method)) {
            // torchgen asserts self_arg when it generates a method (ComputeTensorMethod); we say it up front.
            Argument self = func.selfArgument().orElse(null);
            if (self == null) {
                fail("variants", "a method variant needs a 'Tensor self' argument to be called on,"
                        + " but the schema has no argument named self");
            } else if (!self.type().is(BaseTy.TENSOR)) {
                fail("variants", "a method variant needs a 'Tensor self' argument to be called on,"
                        + " but self is of type " + self.type());
            }
        }
    }

    /** The structured rules; returns whether they all hold. */
    private boolean checkStructured(boolean structured, OperatorName delegate, String inherits) {
        int errorsBefore = errors.size();
        SchemaKind kind = func.kind();
        if (structured && delegate != null) {
            // torchgen checks the two below first, which makes this one unreachable there.
            fail("structured_delegate", "Cannot have both structured and structured_delegate on function");
        } else if (structured && kind != SchemaKind.out) {
            fail("structured", "Put structured field on the out= variant of a function;"
                    + " did you mean structured_delegate?");
        } else if (delegate != null && kind == SchemaKind.out) {
            fail("structured_delegate", "structured_delegate field not allowed on out= functions;"
                    + " did you mean structured?");
        } else if (delegate != null && kind != SchemaKind.functional && kind != SchemaKind.inplace) {
            // A structured group holds functional, inplace and out= variants; the generator has no way to
            // build a mutable or scratch variant from the structured kernel.
            fail("structured_delegate", "structured_delegate is only supported on functional and inplace"
                    + " functions, and this is a " + kind + " function");
        }
        if (inherits != null && !structured) {
            fail("structured_inherits", "structured_inherits must also imply structured: True");
        }
        return errors.size() == errorsBefore;
    }

    private void checkDeviceCheck(DeviceCheckType deviceCheck) {
        if (func.name().name().startsWith("_foreach") && deviceCheck != DeviceCheckType.NoCheck) {
            fail("device_check", "foreach kernels fall back to slow path when tensor are on different devices,"
                    + " device_check not allowed to be enabled");
        }
    }

    private void checkDispatch(Dispatch dispatch, boolean structured, OperatorName delegate, boolean manualBindings) {
        Map<DispatchKey, KernelRef> kernels = dispatch.kernels;
        boolean delegated = delegate != null;
        for (Map.Entry<DispatchKey, Integer> item : dispatch.lines.entrySet()) {
            DispatchKey key = item.getKey();
            int line = item.getValue();
            if (key == DispatchKey.Meta && (structured || delegated)) {
                failAt(line, (delegated ? "a function with a structured_delegate" : "a structured function")
                        + " must not have a Meta entry in its dispatch table: its Meta kernel is generated from the"
                        + " structured meta function" + (delegated ? " of " + delegate : ""));
            } else if (key == DispatchKey.CPU && delegated) {
                failAt(line, "if structured_delegate, then must not have CPU in dispatch dictionary (it is delegated!)");
            } else if (key == DispatchKey.CompositeImplicitAutograd && structured) {
                failAt(line, "a structured function cannot have a CompositeImplicitAutograd kernel:"
                        + " structured composite kernels are not supported");
            } else if (key == DispatchKey.CompositeImplicitAutograd && kernels.size() > 1) {
                failAt(line, compositeConflict(kernels.keySet()));
            }
        }
        if (structured || delegated || manualBindings || !kernels.keySet().equals(Set.of(DispatchKey.CompositeImplicitAutograd))) {
            return;
        }
        // A singleton CompositeImplicitAutograd table on an entry that would otherwise get the default one.
        KernelRef kernel = kernels.get(DispatchKey.CompositeImplicitAutograd);
        String expected = NativeFunction.cppName(func);
        if (kernel.equals(KernelRef.inDefaultClass(expected))) {
            fail("dispatch", "unnecessary dispatch table for this function; just delete the dispatch key entirely");
        } else if (!kernel.method().equals(expected) && !kernel.method().contains("_symint")
                && JavaIdentifiers.isIdentifier(expected)) {
            // torchgen's rule, except that naming another class is allowed: that is what the table is for.
            KernelRef wanted = new KernelRef(kernel.className(), expected);
            failAt(dispatch.lines.get(DispatchKey.CompositeImplicitAutograd), "unexpected name for singleton"
                    + " CompositeImplicitAutograd dispatch entry: expected " + wanted + " but got " + kernel
                    + ".  Rename your implementation to the expected name"
                    + (kernel.isInDefaultClass() ? ", then delete the dispatch table" : ""));
        }
    }

    private static String compositeConflict(Set<DispatchKey> keys) {
        if (keys.contains(DispatchKey.CompositeExplicitAutograd)) {
            return "cannot specify more than one of CompositeExplicitAutograd or CompositeImplicitAutograd on a single"
                    + " kernel; each strictly subsumes the other.  If you wanted to provide an explicit autograd"
                    + " implementation, specify CompositeExplicitAutograd; otherwise specify CompositeImplicitAutograd"
                    + " only";
        }
        String others = keys.stream().filter(k -> k != DispatchKey.CompositeImplicitAutograd).map(DispatchKey::name)
                .collect(Collectors.joining(", "));
        // The dispatcher (c10's precedence, TableComputation) stops using a CompositeImplicitAutograd kernel
        // for a backend's Autograd key once that backend has a kernel of its own.
        return "CompositeImplicitAutograd cannot be combined with other dispatch keys (here " + others + "): a"
                + " backend with its own kernel no longer gets the composite's autograd, so the operator would not be"
                + " differentiable there; use CompositeExplicitAutograd for a kernel shared by all backends";
    }

    /** torchgen: no table, not structured, no delegate (and, ours, no manual bindings) means the default composite. */
    private void addDefaultDispatch(Dispatch dispatch) {
        String name = func.name().name();
        boolean factory = name.startsWith("new_") || name.endsWith("_like")
                || (func.hasTensorOptions() && func.arguments().stream()
                        .filter(a -> !func.outArguments().contains(a)).noneMatch(a -> mentionsTensor(a.type())));
        if (factory) {
            fail("func", "expected " + name + " to have a CompositeExplicitAutograd dispatch entry, but there was no"
                    + " dispatch table.  Factory functions should not have implicit dispatch as they should not be"
                    + " decomposed: every backend must see the factory call itself");
            return;
        }
        String kernel = NativeFunction.cppName(func);
        if (!JavaIdentifiers.isIdentifier(kernel)) {
            fail("func", "the default kernel name '" + kernel + "' is not a Java identifier;"
                    + " name the kernel in a dispatch table");
            return;
        }
        dispatch.kernels.put(DispatchKey.CompositeImplicitAutograd, KernelRef.inDefaultClass(kernel));
    }

    /** torchgen's Type.is_tensor_like(): Tensor, possibly inside optionals and lists. */
    private static boolean mentionsTensor(Type t) {
        if (t instanceof OptionalType o) {
            return mentionsTensor(o.elem());
        }
        if (t instanceof ListType l) {
            return mentionsTensor(l.elem());
        }
        return t.is(BaseTy.TENSOR);
    }

    private void checkManualBindings(Dispatch dispatch, boolean structured, OperatorName delegate,
                                     boolean manualBindings) {
        if (!manualBindings || structured || delegate != null || dispatch.kernels.containsKey(DispatchKey.CPU)) {
            return;
        }
        String has = dispatch.kernels.isEmpty() ? "it has no dispatch table"
                : "its dispatch table has only " + dispatch.kernels.keySet().stream().map(DispatchKey::name)
                        .collect(Collectors.joining(", "));
        fail("manual_bindings", "manual_bindings makes the generated API call the CPU kernel directly, bypassing"
                + " the dispatcher, but this function has no CPU kernel (" + has + "): add a 'CPU: <kernel>' entry to"
                + " its dispatch table, or make it structured (or give it a structured_delegate) so that one is"
                + " generated");
    }

    /**
     * {@code cpu_fast_path} is tried first by the structured CPU wrappers of a group, so it belongs on the
     * group's out= entry, next to the CPU kernel it stands in for.
     */
    private void checkFastPath(KernelRef fastPath, Dispatch dispatch, boolean structured) {
        if (fastPath == null) {
            return;
        }
        if (!structured || !dispatch.kernels.containsKey(DispatchKey.CPU)) {
            fail("cpu_fast_path", "cpu_fast_path names a shortcut that the structured CPU wrappers try before the"
                    + " structured meta and impl, so it belongs on a 'structured: True' entry with a CPU kernel");
        }
    }

    // ~~~ helpers ~~~

    /** A value that may legitimately be null, so that null can still mean "could not be read". */
    private record Holder<T>(T value) {
    }

    /** Runs a reader; on a YAML error records it and returns null (as do readers that record their own). */
    private <T> T read(Supplier<T> reader) {
        try {
            return reader.get();
        } catch (YamlException ex) {
            add(ex);
            return null;
        }
    }

    private void add(YamlException ex) {
        errors.add(new OpsYamlError(ex.file(), ex.line(), ex.reason()));
    }

    private void fail(String key, String message) {
        add(e.error(key, message));
    }

    private void failAt(int line, String message) {
        add(e.errorAt(line, message));
    }
}
