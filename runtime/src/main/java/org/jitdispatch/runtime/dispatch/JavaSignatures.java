package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.BaseType;
import org.jitdispatch.runtime.schema.ClassType;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.ListType;
import org.jitdispatch.runtime.schema.OptionalType;
import org.jitdispatch.runtime.schema.Return;
import org.jitdispatch.runtime.schema.Type;

/**
 * The Java calling convention of schemas: which Java type each schema type takes in typed kernels and
 * calls, and (boxed) on the {@link Stack}.
 *
 * <table>
 *   <caption>schema type to Java type</caption>
 *   <tr><td>Tensor, Tensor?</td><td>the tensor class (a TensorImpl subclass); null for None</td></tr>
 *   <tr><td>Tensor[], Tensor?[]</td><td>an array of the tensor class</td></tr>
 *   <tr><td>int, SymInt / int?</td><td>long / Long</td></tr>
 *   <tr><td>float / float?</td><td>double / Double</td></tr>
 *   <tr><td>bool / bool?</td><td>boolean / Boolean</td></tr>
 *   <tr><td>int[], SymInt[], int[N], DimVector</td><td>long[]</td></tr>
 *   <tr><td>float[], bool[]</td><td>double[], boolean[]</td></tr>
 *   <tr><td>str, Dimname</td><td>String</td></tr>
 *   <tr><td>Scalar, ScalarType, Layout, Device, MemoryFormat, Generator</td><td>the runtime class of that name</td></tr>
 *   <tr><td>other lists, T?</td><td>an array of T's type; T's reference type, null for None</td></tr>
 *   <tr><td>Storage, Stream, QScheme, ConstQuantizerPtr, classes</td><td>Object</td></tr>
 *   <tr><td>returns: () / one / several</td><td>void / that type / an array of the tensor class if all are
 *       tensors, else Object[]</td></tr>
 * </table>
 */
public final class JavaSignatures {
    private JavaSignatures() {
    }

    /** The Java type of a schema type, with {@code tensorClass} for tensors. */
    public static Class<?> javaType(Type type, Class<? extends TensorImpl> tensorClass) {
        if (type instanceof BaseType base) {
            return baseJavaType(base, tensorClass);
        }
        if (type instanceof OptionalType optional) {
            Class<?> inner = javaType(optional.elem(), tensorClass);
            return inner.isPrimitive() ? wrapperOf(inner) : inner;
        }
        if (type instanceof ListType list) {
            Class<?> elem = javaType(list.elem(), tensorClass);
            return Array.newInstance(elem, 0).getClass();
        }
        if (type instanceof ClassType) {
            return Object.class;
        }
        throw new IllegalArgumentException("Unknown schema type " + type);
    }

    /** The Java return type of a schema's returns. */
    public static Class<?> returnType(List<Return> returns, Class<? extends TensorImpl> tensorClass) {
        if (returns.isEmpty()) {
            return void.class;
        }
        if (returns.size() == 1) {
            return javaType(returns.get(0).type(), tensorClass);
        }
        for (Return r : returns) {
            if (!r.type().isTensorLike() || r.type().isList()) {
                return Object[].class;
            }
        }
        return Array.newInstance(tensorClass, 0).getClass();
    }

    /** The canonical typed signature of a schema. */
    public static MethodType methodType(FunctionSchema schema, Class<? extends TensorImpl> tensorClass) {
        List<Class<?>> params = new ArrayList<>();
        for (Argument a : schema.arguments()) {
            params.add(javaType(a.type(), tensorClass));
        }
        return MethodType.methodType(returnType(schema.returns(), tensorClass), params);
    }

    /**
     * Checks that a typed kernel or call signature fits a schema: one parameter per argument, each of
     * the schema type's Java type (any TensorImpl subclass for tensors, any reference type for Object).
     */
    public static void check(FunctionSchema schema, MethodType type, String what) {
        List<Argument> args = schema.arguments();
        if (type.parameterCount() != args.size()) {
            throw new IllegalArgumentException("Signature " + type + " of " + what + " has " + type.parameterCount()
                    + " parameters, but the schema " + schema + " has " + args.size() + " arguments");
        }
        for (int i = 0; i < args.size(); i++) {
            Type t = args.get(i).type();
            if (!accepts(javaType(t, TensorImpl.class), type.parameterType(i))) {
                throw new IllegalArgumentException("Signature " + type + " of " + what + ": parameter " + i + " ('"
                        + args.get(i).name() + "' of schema type " + t + ") must be "
                        + describe(javaType(t, TensorImpl.class)) + ", not " + type.parameterType(i).getSimpleName());
            }
        }
        Class<?> ret = returnType(schema.returns(), TensorImpl.class);
        if (!accepts(ret, type.returnType())) {
            throw new IllegalArgumentException("Signature " + type + " of " + what + ": the return type must be "
                    + describe(ret) + " for the schema's returns " + schema.returns() + ", not "
                    + type.returnType().getSimpleName());
        }
    }

    private static boolean accepts(Class<?> canonical, Class<?> actual) {
        if (canonical == actual) {
            return true;
        }
        if (canonical == Object.class) {
            return !actual.isPrimitive();
        }
        if (canonical == TensorImpl.class || canonical == TensorImpl[].class) {
            return canonical.isAssignableFrom(actual);
        }
        if (canonical == Object[].class) {
            return Object[].class.isAssignableFrom(actual);
        }
        return false;
    }

    private static String describe(Class<?> canonical) {
        if (canonical == TensorImpl.class) {
            return "a tensor class (TensorImpl or a subclass)";
        }
        if (canonical == TensorImpl[].class) {
            return "an array of a tensor class";
        }
        return canonical.getSimpleName();
    }

    private static Class<?> baseJavaType(BaseType t, Class<? extends TensorImpl> tensorClass) {
        switch (t.base()) {
            case TENSOR: return tensorClass;
            case INT:
            case SYM_INT: return long.class;
            case FLOAT: return double.class;
            case BOOL: return boolean.class;
            case STR:
            case DIMNAME: return String.class;
            case SCALAR: return Scalar.class;
            case SCALAR_TYPE: return ScalarType.class;
            case LAYOUT: return Layout.class;
            case DEVICE: return Device.class;
            case MEMORY_FORMAT: return MemoryFormat.class;
            case GENERATOR: return Generator.class;
            case DIM_VECTOR: return long[].class;
            default: return Object.class;
        }
    }

    private static Class<?> wrapperOf(Class<?> primitive) {
        if (primitive == long.class) return Long.class;
        if (primitive == double.class) return Double.class;
        if (primitive == boolean.class) return Boolean.class;
        throw new IllegalArgumentException("no wrapper for " + primitive);
    }
}
