package org.jitdispatch.jit.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;
import org.jitdispatch.jit.yaml.YamlEntry;
import org.jitdispatch.jit.yaml.YamlException;
import org.jitdispatch.jit.yaml.YamlFile;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.schema.SchemaKind;

/**
 * An external backend's YAML (PyTorch's {@code xla_native_functions.yaml}, read by gen_backend_stubs):
 * which aten operators the backend implements itself, for its backend key ({@code supported}) or for its
 * Autograd key ({@code autograd}), and where the generated code goes. For example
 * <pre>
 * backend: Lazy
 * java_package: org.example.lazy
 * class_name: LazyNativeFunctions
 * supported: [add.Tensor, mul.Tensor, mm, sum, relu]
 * autograd: [relu]
 * use_out_as_primary: false
 * </pre>
 * The file is user-written, so every value is checked against the operator library it extends, and every
 * problem is reported with its file and line, all of them at once.
 */
public final class BackendYaml {
    /** The top-level keys, in the order the documentation lists them. */
    public static final List<String> KEYS =
            List.of("backend", "java_package", "class_name", "supported", "autograd", "use_out_as_primary");

    /** One listed operator: its entry in the operator library, and where the backend YAML names it. */
    public record ListedOp(NativeFunction function, int line) {
    }

    private final String file;
    private final DispatchKey backend;
    private final String javaPackage;
    private final String className;
    private final List<ListedOp> supported;
    private final List<ListedOp> autograd;
    private final boolean useOutAsPrimary;
    private final int kernelClassLine;

    private BackendYaml(String file, DispatchKey backend, String javaPackage, String className,
                        List<ListedOp> supported, List<ListedOp> autograd, boolean useOutAsPrimary,
                        int kernelClassLine) {
        this.file = file;
        this.kernelClassLine = kernelClassLine;
        this.backend = backend;
        this.javaPackage = javaPackage;
        this.className = className;
        this.supported = List.copyOf(supported);
        this.autograd = List.copyOf(autograd);
        this.useOutAsPrimary = useOutAsPrimary;
    }

    /**
     * Reads and validates a backend YAML against the operators of {@code ops}.
     *
     * @throws OpsYamlException listing every problem, each with the file and line
     */
    public static BackendYaml read(Path path, OpsYaml ops) {
        try {
            return load(YamlFile.readMapping(path), ops);
        } catch (YamlException e) {
            throw single(e);
        }
    }

    /** Like {@link #read}, from text; {@code name} is how messages name the file. */
    public static BackendYaml parse(String name, String text, OpsYaml ops) {
        try {
            return load(YamlFile.parseMapping(name, text), ops);
        } catch (YamlException e) {
            throw single(e);
        }
    }

    private static OpsYamlException single(YamlException e) {
        return new OpsYamlException(List.of(new OpsYamlError(e.file(), e.line(), e.reason())));
    }

    private static BackendYaml load(YamlEntry doc, OpsYaml ops) {
        Errors errors = new Errors(doc.file());
        for (String key : doc.keys()) {
            if (!KEYS.contains(key)) {
                errors.add(doc.lineOf(key), "unknown key '" + key + "'; the keys of a backend YAML are " + String.join(", ", KEYS));
            }
        }
        DispatchKey backend = errors.attempt(() -> backendKey(doc)).orElse(null);
        String javaPackage = errors.attempt(() -> javaPackage(doc)).orElse(null);
        String defaultClass = (backend == null ? "Backend" : backend.name()) + "NativeFunctions";
        String className = errors.attempt(() -> className(doc, defaultClass)).orElse(defaultClass);
        boolean outPrimary = errors.attempt(() -> doc.bool("use_out_as_primary").orElse(false)).orElse(false);
        List<ListedOp> supported = operators(doc, "supported", ops, errors);
        List<ListedOp> autograd = operators(doc, "autograd", ops, errors);
        checkDuplicates(supported, autograd, errors);
        checkVariantsNotSplit(supported, autograd, ops, errors);
        errors.throwIfAny();
        int kernelClassLine = doc.lineOf(doc.has("class_name") ? "class_name" : "java_package");
        return new BackendYaml(doc.file(), backend, javaPackage, className, supported, autograd, outPrimary,
                kernelClassLine);
    }

    private static DispatchKey backendKey(YamlEntry doc) {
        String name = doc.scalar("backend").filter(s -> !s.isEmpty()).orElseThrow(() -> doc.error("backend",
                "You must provide a value for 'backend' (the dispatch key of the backend, such as Lazy)"));
        List<String> allowed = externalBackendKeys().stream().map(DispatchKey::name).toList();
        DispatchKey key;
        try {
            key = DispatchKey.parse(name);
        } catch (IllegalArgumentException e) {
            throw doc.error("backend", "unknown backend '" + name + "': it must be the dispatch key of an external"
                    + " backend, one of " + String.join(", ", allowed));
        }
        if (!externalBackendKeys().contains(key)) {
            throw doc.error("backend", "'" + name + "' is not a backend an external library can register: the backend"
                    + " must be one of " + String.join(", ", allowed)
                    + (key.isBackend() ? " (" + name + " kernels come from the aten library's ops.yaml)" : ""));
        }
        return key;
    }

    /** Backend keys with a device of their own that the aten library leaves to other libraries. */
    static List<DispatchKey> externalBackendKeys() {
        return java.util.Arrays.stream(DeviceType.values()).filter(DeviceType::isExternal).map(DeviceType::backendKey)
                .toList();
    }

    private static String javaPackage(YamlEntry doc) {
        String pkg = doc.scalar("java_package").filter(s -> !s.isEmpty()).orElseThrow(() -> doc.error("java_package",
                "You must provide a value for 'java_package' (the package of the generated classes, such as org.example.lazy)"));
        if (!SourceVersion.isName(pkg)) {
            throw doc.error("java_package", "'" + pkg + "' is not a Java package name");
        }
        return pkg;
    }

    private static String className(YamlEntry doc, String defaultClass) {
        String name = doc.scalar("class_name").orElse(defaultClass);
        if (!SourceVersion.isIdentifier(name) || SourceVersion.isKeyword(name)) {
            throw doc.error("class_name", "'" + name + "' is not a Java class name");
        }
        return name;
    }

    private static List<ListedOp> operators(YamlEntry doc, String key, OpsYaml ops, Errors errors) {
        List<YamlEntry.ListItem> items = errors.attempt(() -> doc.strictList(key).orElse(List.of())).orElse(List.of());
        List<ListedOp> out = new ArrayList<>();
        for (YamlEntry.ListItem item : items) {
            if (item.value().isBlank()) {
                errors.add(item.line(), "an item of '" + key + "' is empty; each item must be an operator name such as add.Tensor");
                continue;
            }
            OperatorName name;
            try {
                name = OperatorName.parse(item.value());
            } catch (IllegalArgumentException e) {
                errors.add(item.line(), "Found an invalid operator name: " + item.value() + ": "
                        + withoutSchemaText(e, item.value()));
                continue;
            }
            Optional<NativeFunction> f = ops.function(name);
            if (f.isEmpty()) {
                errors.add(item.line(), "Found an invalid operator name: " + item.value());
            } else {
                out.add(new ListedOp(f.get(), item.line()));
            }
        }
        return out;
    }

    /** A parse error's reason without the " in schema: TEXT" the parser appends (the message names the text already). */
    private static String withoutSchemaText(IllegalArgumentException e, String text) {
        String message = e.getMessage();
        String suffix = " in schema: " + text;
        return message.endsWith(suffix) ? message.substring(0, message.length() - suffix.length()) : message;
    }

    private static void checkDuplicates(List<ListedOp> supported, List<ListedOp> autograd, Errors errors) {
        Map<NativeFunction, ListedOp> first = new LinkedHashMap<>();
        List<ListedOp> all = new ArrayList<>(supported);
        all.addAll(autograd);
        for (ListedOp op : all) {
            ListedOp earlier = first.putIfAbsent(op.function(), op);
            if (earlier != null) {
                errors.add(op.line(), op.function().name() + " is listed twice (first at line " + earlier.line() + ")");
            }
        }
    }

    /** gen_backend_stubs' rule: all variants of an op go to the backend key, or all to its Autograd key. */
    private static void checkVariantsNotSplit(List<ListedOp> supported, List<ListedOp> autograd, OpsYaml ops,
                                              Errors errors) {
        Set<NativeFunction> inSupported = supported.stream().map(ListedOp::function).collect(Collectors.toSet());
        for (ListedOp a : autograd) {
            for (NativeFunction variant : ops.variants(a.function()).values()) {
                if (variant != a.function() && inSupported.contains(variant)) {
                    errors.add(a.line(), "Currently, all variants of an op must either be registered to a backend key,"
                            + " or to a backend's autograd key. They cannot be mix and matched: " + variant.name()
                            + " is listed under 'supported', but " + a.function().name() + " is listed under 'autograd'");
                }
            }
        }
    }

    /** The file, named as it was given. */
    public String file() {
        return file;
    }

    /** The backend's dispatch key ({@code backend:}). */
    public DispatchKey backend() {
        return backend;
    }

    /** The backend's Autograd key, where the {@code autograd:} operators are registered. */
    public DispatchKey autogradKey() {
        return backend.autogradKeyOfBackend();
    }

    /** The package of the generated classes ({@code java_package:}). */
    public String javaPackage() {
        return javaPackage;
    }

    /** The backend's kernel class, which implements the generated declarations ({@code class_name:}). */
    public String className() {
        return className;
    }

    /**
     * The 1-based line that names the kernel class: its {@code class_name}, or its {@code java_package} when
     * the class has the default name. Errors about the class (it is missing from {@code --impl-path}, say)
     * point here.
     */
    public int kernelClassLine() {
        return kernelClassLine;
    }

    /** The operators implemented for the backend key, in file order. */
    public List<ListedOp> supported() {
        return supported;
    }

    /** The operators implemented for the backend's Autograd key, in file order. */
    public List<ListedOp> autograd() {
        return autograd;
    }

    /**
     * Whether the backend implements out= variants and the generator derives functional and inplace ones
     * from them ({@code use_out_as_primary: True}); by default it is the other way round.
     */
    public boolean useOutAsPrimary() {
        return useOutAsPrimary;
    }

    /** The kind of variant the backend implements and the others are derived from. */
    public SchemaKind primaryKind() {
        return useOutAsPrimary ? SchemaKind.out : SchemaKind.functional;
    }

    /** Collects errors in line order; {@link #attempt} turns a thrown YamlException into one. */
    private static final class Errors {
        private final String file;
        private final List<OpsYamlError> list = new ArrayList<>();

        Errors(String file) {
            this.file = file;
        }

        void add(int line, String message) {
            list.add(new OpsYamlError(file, line, message));
        }

        <T> Optional<T> attempt(java.util.function.Supplier<T> read) {
            try {
                return Optional.ofNullable(read.get());
            } catch (YamlException e) {
                list.add(new OpsYamlError(e.file(), e.line(), e.reason()));
                return Optional.empty();
            }
        }

        void throwIfAny() {
            if (!list.isEmpty()) {
                list.sort(Comparator.comparingInt(OpsYamlError::line));
                throw new OpsYamlException(list);
            }
        }
    }
}
