package org.jitdispatch.jit.gen.api;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.Set;
import javax.lang.model.SourceVersion;
import org.jitdispatch.jit.spin.EmittedNames;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.schema.SchemaKind;

/**
 * Names of everything the generator emits, in one place, so that an operator's Java names can be found
 * from its schema name: {@code aten::add.Tensor} is field {@code Ops.add_Tensor}, API method
 * {@code Torch.add}, and wrapper {@code RegisterCPU.wrapper_CPU_add_Tensor}. The names the run time also
 * knows (packages, registration classes, wrappers, op fields) come from {@link EmittedNames}, shared with
 * the spinner; this class adds JavaPoet's types and the names only the generator uses.
 */
public final class JavaNames {
    /** Package of the user-facing API: Torch and Tensor. */
    public static final String API_PACKAGE = EmittedNames.API_PACKAGE;
    /** Package of generated plumbing: Ops, registrations, wrappers. */
    public static final String GENERATED_PACKAGE = EmittedNames.GENERATED_PACKAGE;
    /** Package of the hand-written kernels and their generated declaration interfaces. */
    public static final String KERNEL_PACKAGE = EmittedNames.KERNEL_PACKAGE;

    public static final ClassName TENSOR = ClassName.get(API_PACKAGE, "Tensor");
    public static final ClassName TORCH = ClassName.get(API_PACKAGE, "Torch");
    public static final ClassName TORCH_BASE = ClassName.get(API_PACKAGE, "TorchBase");
    /** The hand-written superclass of the generated Tensor (the autograd API). */
    public static final ClassName TENSOR_BASE = ClassName.get(API_PACKAGE, "TensorBase");
    public static final ClassName OPS = ClassName.get(GENERATED_PACKAGE, "Ops");
    public static final ClassName KERNELS = ClassName.get(GENERATED_PACKAGE, "Kernels");
    public static final ClassName REGISTER_ATEN = ClassName.get(GENERATED_PACKAGE, "RegisterAten");
    public static final ClassName STRUCTURED_META = ClassName.get("org.jitdispatch.kernels.structured", "StructuredMeta");
    public static final ClassName TENSOR_ITERATOR = ClassName.get("org.jitdispatch.kernels.iter", "TensorIterator");
    public static final ClassName OP_SUPPORT = ClassName.get("org.jitdispatch.kernels", "OpSupport");
    public static final ClassName AUTOGRAD = ClassName.get("org.jitdispatch.autograd", "Autograd");
    public static final ClassName ATEN_LIBRARY = ClassName.get("org.jitdispatch.kernels", "AtenLibrary");
    public static final ClassName BACKEND_SELECTION = ClassName.get("org.jitdispatch.kernels", "BackendSelection");

    private JavaNames() {
    }

    /** {@code add.Tensor} -&gt; {@code add_Tensor}; {@code add} -&gt; {@code add}. */
    public static String opField(OperatorName name) {
        return EmittedNames.opField(name);
    }

    /**
     * The API method name, as ATen's C++ API names it: the operator's name ({@code add}, {@code add_}),
     * and {@code <base>_out} for out= overloads.
     */
    public static String apiMethod(FunctionSchema schema) {
        if (schema.kind() == SchemaKind.out) {
            return schema.name().baseName() + "_out";
        }
        return schema.name().name();
    }

    /** The redispatch handle of an operator in {@code Ops}: {@code redispatch_empty_memory_format}. */
    public static String redispatchField(OperatorName name) {
        return "redispatch_" + opField(name);
    }

    /**
     * The class in {@code Ops} that holds one operator's handles: {@code Ops.add_Tensor}. One class per operator,
     * so the JVM builds an operator's call site when the operator is first used, not all of them when any is.
     */
    public static ClassName opHolder(OperatorName name) {
        String field = opField(name);
        // var, yield, record, sealed and permits may name methods but not classes: Ops.var_ for aten::var
        return OPS.nestedClass(RESTRICTED_TYPE_NAMES.contains(field) ? field + "_" : field);
    }

    /** Identifiers Java reserves in the position of a type's name (JLS 3.9). */
    private static final Set<String> RESTRICTED_TYPE_NAMES = Set.of("var", "yield", "record", "sealed", "permits");

    /** The expression for an operator's call handle: {@code Ops.add_Tensor.CALL}. */
    public static CodeBlock opHandle(OperatorName name) {
        return CodeBlock.of("$T.CALL", opHolder(name));
    }

    /** The expression for an operator's redispatch handle: {@code Ops.add_Tensor.REDISPATCH}. */
    public static CodeBlock redispatchHandle(OperatorName name) {
        return CodeBlock.of("$T.REDISPATCH", opHolder(name));
    }

    /**
     * The dispatcher's name of an operator: {@code aten::add.Tensor}; ops.yaml entries without a namespace
     * are aten's.
     */
    public static String qualifiedOp(OperatorName name) {
        return (name.namespace().isEmpty() ? "aten::" : "") + name;
    }

    /** A Java-safe parameter name: keywords get a trailing underscore. */
    public static String param(String schemaName) {
        return SourceVersion.isKeyword(schemaName) ? schemaName + "_" : schemaName;
    }

    /** Wrapper method in the registration class of {@code key}: {@code wrapper_CPU_add_Tensor}. */
    public static String wrapper(String key, OperatorName name) {
        return EmittedNames.wrapper(key, name);
    }

    /** Registration class of a dispatch key: {@code RegisterCPU}. */
    public static ClassName registerClass(String key) {
        return ClassName.get(GENERATED_PACKAGE, EmittedNames.registerClass(key));
    }

    /** The interface a kernel class implements: {@code BinaryOps} -&gt; {@code BinaryOpsDeclarations}. */
    public static ClassName declarations(String kernelClass) {
        return ClassName.get(KERNEL_PACKAGE, kernelClass + "Declarations");
    }

    public static ClassName kernelClass(String kernelClass) {
        return ClassName.get(KERNEL_PACKAGE, kernelClass);
    }

    /** The constant in {@code Kernels} holding the one instance of a kernel class: {@code BINARY_OPS}. */
    public static String kernelInstance(String kernelClass) {
        return kernelClass.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
    }

    /** The structured meta function: {@code meta_add_Tensor} for the group whose functional op is add.Tensor. */
    public static String metaFunction(OperatorName functional) {
        return "meta_" + opField(functional);
    }
}
