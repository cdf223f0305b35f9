package org.jitdispatch.jit.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jitdispatch.jit.yaml.YamlEntry;
import org.jitdispatch.jit.yaml.YamlException;
import org.jitdispatch.jit.yaml.YamlFile;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.schema.SchemaKind;

/**
 * Builds an {@link OpsYaml} from a file: each entry through {@link EntryParser}, then the rules that
 * relate entries (torchgen's {@code error_check_native_functions}, {@code pre_group_native_functions}
 * and {@code NativeFunctionsGroup}): unique operator names, structured delegates that exist and are
 * structured, and complete structured groups.
 *
 * <p>A rule that refers to an entry with errors of its own is skipped, so that one mistake is not
 * reported again at every entry that mentions it.
 */
final class OpsYamlLoader {
    private final YamlFile file;
    private final List<OpsYamlError> errors = new ArrayList<>();
    private final List<IgnoredKey> ignored = new ArrayList<>();

    /** Entries whose schema parsed, by operator name; the first one for a name declared twice. */
    private final Map<OperatorName, EntryParser.Result> declared = new LinkedHashMap<>();
    /** The entries in {@link #declared}, by signature and kind, in file order. */
    private final Map<Signature, Map<SchemaKind, EntryParser.Result>> bySignature = new LinkedHashMap<>();
    /** Signatures shared by two entries of one kind: their groups are not checked further. */
    private final Set<Signature> ambiguous = new HashSet<>();

    private OpsYamlLoader(YamlFile file) {
        this.file = file;
    }

    static OpsYaml load(YamlFile file) {
        return new OpsYamlLoader(file).load();
    }

    private OpsYaml load() {
        List<EntryParser.Result> results = new ArrayList<>();
        for (YamlEntry e : file.entries()) {
            results.add(EntryParser.parse(e, errors, ignored));
        }
        for (EntryParser.Result r : results) {
            if (r.func() != null) {
                declare(r);
            }
        }
        for (EntryParser.Result r : declared.values()) {
            if (r.function() != null && r.function().structuredDelegate().isPresent()) {
                checkDelegate(r);
            }
        }
        List<StructuredGroup> groups = new ArrayList<>();
        for (Map.Entry<Signature, Map<SchemaKind, EntryParser.Result>> g : bySignature.entrySet()) {
            if (!ambiguous.contains(g.getKey())) {
                structuredGroup(g.getKey(), g.getValue()).ifPresent(groups::add);
            }
        }
        if (!errors.isEmpty()) {
            errors.sort(Comparator.comparingInt(OpsYamlError::line)); // stable: same-line errors keep their order
            throw new OpsYamlException(errors);
        }
        List<NativeFunction> functions = results.stream().map(EntryParser.Result::function).toList();
        return new OpsYaml(file.name(), functions, groups, ignored);
    }

    /** Registers a name and a signature, reporting duplicates of either. */
    private void declare(EntryParser.Result r) {
        EntryParser.Result first = declared.putIfAbsent(r.func().name(), r);
        if (first != null) {
            fail(r.entry(), "func", "duplicate func '" + r.func().name() + "': it is already declared at line "
                    + first.entry().lineOf("func"));
            return;
        }
        Signature signature = Signature.of(r.func());
        SchemaKind kind = r.func().kind();
        EntryParser.Result same = bySignature.computeIfAbsent(signature, s -> new EnumMap<>(SchemaKind.class))
                .putIfAbsent(kind, r);
        if (same != null) {
            // torchgen asserts this while grouping (pre_group_native_functions): with two candidates, which
            // one is "the" functional (or inplace, out=) variant of the others would be a guess.
            ambiguous.add(signature);
            fail(r.entry(), "func", r.func().name() + " and " + same.func().name() + " (line "
                    + same.entry().lineOf("func") + ") are both " + kind + " variants with the same signature, "
                    + signature + ", so neither can be grouped with the other variants; overloads must differ in"
                    + " their arguments");
        }
    }

    /** torchgen's error_check_native_functions and validate_unstructured, for one structured_delegate. */
    private void checkDelegate(EntryParser.Result r) {
        NativeFunction f = r.function();
        OperatorName delegate = f.structuredDelegate().orElseThrow();
        EntryParser.Result target = declared.get(delegate);
        if (target == null) {
            fail(r.entry(), "structured_delegate", "This function delegates to another structured out function, but"
                    + " no valid function was found (the delegate may not exist, or it has the wrong type): there is"
                    + " no " + delegate + " in this file");
            return;
        }
        if (target.function() == null) {
            return; // the delegate's own errors say what is wrong with it
        }
        if (!target.function().isStructured()) {
            fail(r.entry(), "structured_delegate", f.name() + " is marked as a structured_delegate pointing to "
                    + delegate + ", but " + delegate + " is not marked as structured. Consider adding"
                    + " 'structured: True' to the delegated operator");
            return;
        }
        Signature signature = Signature.of(f.func());
        Signature targetSignature = Signature.of(target.func());
        if (!targetSignature.equals(signature)) {
            EntryParser.Result out = bySignature.get(signature).get(SchemaKind.out);
            fail(r.entry(), "structured_delegate", out != null
                    ? f.name() + " delegates to " + delegate + " but its actual delegate is " + out.func().name()
                    : f.name() + " delegates to " + delegate + ", but " + delegate + " has another signature ("
                            + targetSignature + ") than this function (" + signature + "); a structured_delegate"
                            + " must be the out= variant of the same function");
        }
    }

    /**
     * torchgen's NativeFunctionsGroup.from_dict and __post_init__ for a structured out= function: it needs a
     * functional variant, and its functional and inplace variants must delegate to it.
     */
    private Optional<StructuredGroup> structuredGroup(Signature signature, Map<SchemaKind, EntryParser.Result> kinds) {
        EntryParser.Result out = kinds.get(SchemaKind.out);
        if (out == null || out.function() == null || !out.function().isStructured()) {
            return Optional.empty(); // a delegate without a structured out= variant is reported by checkDelegate
        }
        EntryParser.Result functional = kinds.get(SchemaKind.functional);
        EntryParser.Result inplace = kinds.get(SchemaKind.inplace);
        if (functional == null) {
            fail(out.entry(), "structured", "This function is structured, but there was no valid functional variant"
                    + " of it (a structured function needs a functional variant with the signature " + signature
                    + ")");
            return Optional.empty();
        }
        boolean complete = true;
        for (EntryParser.Result member : new EntryParser.Result[] {functional, inplace}) {
            if (member == null) {
                continue;
            }
            if (member.function() == null) {
                complete = false; // reported at the member
            } else if (member.function().structuredDelegate().isEmpty()) {
                complete = false;
                OperatorName name = out.func().name();
                fail(member.entry(), null, "NativeFunctionsGroup constructed from structured and unstructured"
                        + " functions: " + name + " is structured, but " + member.func().name() + ", its "
                        + member.func().kind() + " variant, has no structured_delegate; add 'structured_delegate: "
                        + name.withNamespace("") + "'");
            } else if (!member.function().structuredDelegate().get().equals(out.func().name())) {
                complete = false; // reported by checkDelegate
            }
        }
        if (!complete) {
            return Optional.empty();
        }
        return Optional.of(new StructuredGroup(functional.function(),
                Optional.ofNullable(inplace).map(EntryParser.Result::function), out.function()));
    }

    /** An error at a key's line, or at the entry's first line when {@code key} is null. */
    private void fail(YamlEntry entry, String key, String message) {
        YamlException ex = key == null ? entry.errorAt(entry.line(), message) : entry.error(key, message);
        errors.add(new OpsYamlError(ex.file(), ex.line(), ex.reason()));
    }
}
