package org.jitdispatch.jit.model;

import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jitdispatch.jit.yaml.YamlException;
import org.jitdispatch.jit.yaml.YamlFile;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.schema.SchemaKind;

/**
 * A validated ops.yaml file (PyTorch's native_functions.yaml format): its {@link NativeFunction}s in
 * file order, its {@linkplain StructuredGroup structured groups}, and notes on the PyTorch keys it
 * ignored. Immutable; an instance exists only for a file that passed every rule.
 *
 * <p>See the package documentation for the format and the rules.
 */
public final class OpsYaml {
    /** The reason a file without entries is rejected. */
    public static final String NO_ENTRIES = "no operators: the file has no entries (expected a list of"
            + " '- func: ...' entries)";

    private final String file;
    private final List<NativeFunction> functions;
    private final Map<OperatorName, NativeFunction> byName;
    private final List<StructuredGroup> structuredGroups;
    private final Map<OperatorName, StructuredGroup> groupByMember;
    private final List<IgnoredKey> ignoredKeys;
    private final Map<Signature, Map<SchemaKind, NativeFunction>> variantsBySignature;

    OpsYaml(String file, List<NativeFunction> functions, List<StructuredGroup> structuredGroups,
            List<IgnoredKey> ignoredKeys) {
        this.file = file;
        this.functions = List.copyOf(functions);
        Map<OperatorName, NativeFunction> names = new LinkedHashMap<>();
        functions.forEach(f -> names.put(f.name(), f));
        this.byName = Collections.unmodifiableMap(names);
        this.structuredGroups = List.copyOf(structuredGroups);
        Map<OperatorName, StructuredGroup> members = new LinkedHashMap<>();
        structuredGroups.forEach(g -> g.functions().forEach(f -> members.put(f.name(), g)));
        this.groupByMember = Collections.unmodifiableMap(members);
        this.ignoredKeys = List.copyOf(ignoredKeys);
        Map<Signature, Map<SchemaKind, NativeFunction>> variants = new LinkedHashMap<>();
        functions.forEach(f -> variants.computeIfAbsent(Signature.of(f.func()), s -> new EnumMap<>(SchemaKind.class))
                .putIfAbsent(f.kind(), f));
        this.variantsBySignature = variants;
    }

    /**
     * Validates a parsed file.
     *
     * @throws OpsYamlException listing every problem in the file, in line order; a file without entries has
     *     exactly one, naming the file only: an empty operator library is far more likely a wrong path or a
     *     truncated write than an intended one
     */
    public static OpsYaml load(YamlFile yaml) {
        if (yaml.entries().isEmpty()) {
            throw new OpsYamlException(List.of(new OpsYamlError(yaml.name(), 0, NO_ENTRIES)));
        }
        return OpsYamlLoader.load(yaml);
    }


    /**
     * Parses and validates YAML text; {@code name} is how messages name the file.
     *
     * @throws OpsYamlException listing every problem in the file; a file that is not YAML, or not a list of
     *     mappings, has exactly one (the first such problem), since nothing after it can be read reliably
     */
    public static OpsYaml parse(String name, String text) {
        YamlFile yaml;
        try {
            yaml = YamlFile.parse(name, text);
        } catch (YamlException e) {
            throw single(e);
        }
        return load(yaml);
    }

    /**
     * Reads and validates a file; messages name it as {@code path} is written.
     *
     * @throws OpsYamlException as {@link #parse}, or with the reason the file cannot be read (naming the file
     *     only: it does not exist, it is a directory, permission is denied), or the line where it stopped
     *     being readable (not UTF-8, too large)
     */
    public static OpsYaml read(Path path) {
        YamlFile yaml;
        try {
            yaml = YamlFile.read(path);
        } catch (YamlException e) {
            throw single(e);
        }
        return load(yaml);
    }

    private static OpsYamlException single(YamlException e) {
        return new OpsYamlException(List.of(new OpsYamlError(e.file(), e.line(), e.reason())));
    }

    /** The file, named as it was given to the reader. */
    public String file() {
        return file;
    }

    /** Every entry, in file order. */
    public List<NativeFunction> functions() {
        return functions;
    }

    /**
     * The entry declaring an operator. The name must match exactly, namespace included: {@code add.Tensor}
     * finds {@code func: add.Tensor(...)}, {@code myops::add.Tensor} finds {@code func: myops::add.Tensor(...)}.
     */
    public Optional<NativeFunction> function(OperatorName name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** The structured groups, in the file order of their first member. */
    public List<StructuredGroup> structuredGroups() {
        return structuredGroups;
    }

    /** The structured group an operator belongs to (as its functional, inplace or out= member), if any. */
    public Optional<StructuredGroup> structuredGroup(OperatorName member) {
        return Optional.ofNullable(groupByMember.get(member));
    }

    /**
     * The variants of a function (torchgen's NativeFunctionsGroup): every function of the file with its
     * signature, by kind, {@code add.Tensor}, {@code add_.Tensor} and {@code add.out} for any of them.
     * Includes the function itself.
     */
    public Map<SchemaKind, NativeFunction> variants(NativeFunction f) {
        return Collections.unmodifiableMap(variantsBySignature.get(Signature.of(f.func())));
    }

    /** The PyTorch keys that were accepted without effect, in file order. */
    public List<IgnoredKey> ignoredKeys() {
        return ignoredKeys;
    }
}
