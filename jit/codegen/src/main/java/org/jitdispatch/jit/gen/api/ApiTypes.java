package org.jitdispatch.jit.gen.api;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.List;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.JavaSignatures;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.BaseTy;
import org.jitdispatch.runtime.schema.BaseType;
import org.jitdispatch.runtime.schema.DefaultValue;
import org.jitdispatch.runtime.schema.ListType;
import org.jitdispatch.runtime.schema.OptionalType;
import org.jitdispatch.runtime.schema.Return;
import org.jitdispatch.runtime.schema.Type;

/**
 * Schema types and defaults as Java source: the runtime's {@link JavaSignatures} convention with the
 * generated {@code Tensor} class for tensors.
 */
public final class ApiTypes {
    private ApiTypes() {
    }

    public static TypeName of(Type type) {
        return fromClass(JavaSignatures.javaType(type, TensorImpl.class));
    }

    public static TypeName returnType(List<Return> returns) {
        return fromClass(JavaSignatures.returnType(returns, TensorImpl.class));
    }

    /** The class literal expression for a MethodType: {@code Tensor.class}, {@code long[].class}. */
    public static CodeBlock classLiteral(TypeName t) {
        return CodeBlock.of("$T.class", t);
    }

    private static TypeName fromClass(Class<?> c) {
        if (c == TensorImpl.class) {
            return JavaNames.TENSOR;
        }
        if (c == TensorImpl[].class) {
            return ArrayTypeName.of(JavaNames.TENSOR);
        }
        return TypeName.get(c);
    }

    /** The Java expression for an argument's default value, typed for the argument. */
    public static CodeBlock defaultValue(Argument a) {
        DefaultValue d = a.parsedDefault().orElseThrow(() -> new IllegalArgumentException(
                "argument " + a.name() + " has no default"));
        return valueFor(a.type(), d);
    }

    private static CodeBlock valueFor(Type type, DefaultValue d) {
        if (d instanceof DefaultValue.None) {
            // typed, so that sum() calling sum((ScalarType) null) is not ambiguous with sum(long... dim)
            return CodeBlock.of("($T) null", of(type));
        }
        Type t = type instanceof OptionalType optional ? optional.elem() : type;
        boolean boxed = type instanceof OptionalType;
        if (t instanceof ListType list) {
            return listValue(list, d);
        }
        BaseTy base = ((BaseType) t).base();
        switch (base) {
            case INT:
            case SYM_INT:
                return boxed ? CodeBlock.of("$T.valueOf($LL)", Long.class, intOf(d)) : CodeBlock.of("$LL", intOf(d));
            case FLOAT:
                return boxed ? CodeBlock.of("$T.valueOf($L)", Double.class, doubleLiteral(d))
                        : CodeBlock.of("$L", doubleLiteral(d));
            case BOOL: {
                boolean v = ((DefaultValue.Bool) d).value();
                return boxed ? CodeBlock.of("$T.valueOf($L)", Boolean.class, v) : CodeBlock.of("$L", v);
            }
            case SCALAR:
                if (d instanceof DefaultValue.Float) {
                    return CodeBlock.of("$T.of($L)", Scalar.class, doubleLiteral(d));
                }
                if (d instanceof DefaultValue.Bool bool) {
                    return CodeBlock.of("$T.of($L)", Scalar.class, bool.value());
                }
                return CodeBlock.of("$T.of($LL)", Scalar.class, intOf(d));
            case STR:
                return CodeBlock.of("$S", ((DefaultValue.Str) d).value());
            case SCALAR_TYPE:
                return CodeBlock.of("$T.$L", ScalarType.class, scalarTypeOf(((DefaultValue.Identifier) d).name()));
            case LAYOUT:
                return CodeBlock.of("$T.$L", Layout.class, enumFor(Layout.values(), ((DefaultValue.Identifier) d).name()));
            case MEMORY_FORMAT:
                return CodeBlock.of("$T.$L", MemoryFormat.class,
                        enumFor(MemoryFormat.values(), ((DefaultValue.Identifier) d).name()));
            default:
                throw new IllegalArgumentException("no Java default for " + type + " = " + d);
        }
    }

    private static CodeBlock listValue(ListType t, DefaultValue d) {
        Type elem = t.elem();
        TypeName array = of(t);
        CodeBlock.Builder b = CodeBlock.builder().add("new $T {", array);
        java.util.List<DefaultValue> items;
        if (d instanceof DefaultValue.List list) {
            items = list.elements();
        } else {
            // a single value for a sized list is repeated: int[2] stride=1 means [1, 1]
            int n = t.size().orElse(1);
            items = java.util.Collections.nCopies(n, d);
        }
        for (int i = 0; i < items.size(); i++) {
            b.add(i == 0 ? "" : ", ").add(valueFor(elem, items.get(i)));
        }
        return b.add("}").build();
    }

    private static long intOf(DefaultValue d) {
        if (d instanceof DefaultValue.Int i) {
            return i.value();
        }
        if (d instanceof DefaultValue.Identifier id && id.name().equals("Mean")) {
            return 1L; // at::Reduction::Mean
        }
        throw new IllegalArgumentException("not an integer default: " + d);
    }

    private static String doubleLiteral(DefaultValue d) {
        double v = d instanceof DefaultValue.Int i ? i.value() : ((DefaultValue.Float) d).value();
        if (Double.isNaN(v)) {
            return "Double.NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
        }
        return Double.toString(v);
    }

    private static String scalarTypeOf(String schemaName) {
        switch (schemaName) {
            case "long": return ScalarType.Int64.name();
            case "int": return ScalarType.Int32.name();
            case "float": return ScalarType.Float32.name();
            case "double": return ScalarType.Float64.name();
            case "bool": return ScalarType.Bool.name();
            default: throw new IllegalArgumentException("unknown ScalarType default " + schemaName);
        }
    }

    private static <E extends Enum<E>> String enumFor(E[] values, String schemaName) {
        for (E e : values) {
            String n = e instanceof Layout layout ? layout.schemaName() : ((MemoryFormat) e).schemaName();
            if (n.equals(schemaName)) {
                return e.name();
            }
        }
        throw new IllegalArgumentException("unknown default " + schemaName);
    }
}
