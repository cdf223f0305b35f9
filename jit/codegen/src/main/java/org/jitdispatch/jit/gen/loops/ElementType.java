package org.jitdispatch.jit.gen.loops;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.Locale;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.runtime.ScalarType;

/**
 * One type a TensorIterator loop computes in, and the table of all of them: the single definition from which
 * {@link CursorGen}, {@link ElementOpsGen}, {@link StridedRunsGen} and {@link TensorIteratorLoopsGen} write
 * {@code FloatLoop}, {@code FloatOps}, {@code StridedRuns.gatherFloat}, {@code TensorIterator.floatLoop()} and
 * their siblings (as the JDK writes its typed buffers from one template).
 *
 * <p>A loop computes in the Java type of {@link #dtype}; every storage dtype ({@link #STORAGE}) is converted to
 * and from it by {@link #convert}, which has C++ static_cast semantics.
 *
 * @param name the type's name in class and method names: {@code Float} for {@code FloatLoop}, {@code floatLoop()}
 * @param dtype the dtype whose Java type the loop computes in
 * @param results which results the loop computes, for the documentation
 */
record ElementType(String name, ScalarType dtype, String results) {
    /** Where the generated loop classes go: beside TensorIterator, whose package-private parts they use. */
    static final String ITER_PACKAGE = JavaNames.TENSOR_ITERATOR.packageName();

    /** The types loops compute in, in the order their methods appear. */
    static final List<ElementType> LOOPS = List.of(
            new ElementType("Float", ScalarType.Float32, "float32 results (and float32 common dtype)"),
            new ElementType("Double", ScalarType.Float64, "float64 results"),
            new ElementType("Long", ScalarType.Int64, "int32 and int64 results, computed in 64 bits"),
            new ElementType("Boolean", ScalarType.Bool, "bool results from bool inputs"));

    /**
     * The dtypes a storage array may hold, in the order of the conversion switches; the last one is the
     * switch's {@code default} branch.
     */
    static final List<ScalarType> STORAGE = List.of(ScalarType.values());

    static ElementType of(ScalarType dtype) {
        return LOOPS.stream().filter(t -> t.dtype == dtype).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no loop computes in " + dtype));
    }

    /** {@code float}. */
    TypeName javaType() {
        return javaType(dtype);
    }

    /** {@code float[]}. */
    ArrayTypeName array() {
        return ArrayTypeName.of(javaType());
    }

    /** {@code float}, as in method names ({@code floatLoop}) and documentation. */
    String lower() {
        return name.toLowerCase(Locale.ROOT);
    }

    /** A boolean loop always writes booleans: it has no {@code out()} and no {@code ...ToBoolean} variants. */
    boolean isBool() {
        return dtype == ScalarType.Bool;
    }

    /** {@code FloatLoop}. */
    ClassName loopClass() {
        return ClassName.get(ITER_PACKAGE, name + "Loop");
    }

    /** {@code FloatOps}, the element functions of the {@code forEachFloat} methods. */
    ClassName opsClass() {
        return ClassName.get(ITER_PACKAGE, name + "Ops");
    }

    /** The Java element type of a storage array of {@code dtype}. */
    static TypeName javaType(ScalarType dtype) {
        switch (dtype) {
            case Bool: return TypeName.BOOLEAN;
            case Int32: return TypeName.INT;
            case Int64: return TypeName.LONG;
            case Float32: return TypeName.FLOAT;
            case Float64: return TypeName.DOUBLE;
            default: throw new IllegalArgumentException("no Java type for " + dtype);
        }
    }

    /**
     * {@code value}, of {@code from}'s Java type, converted to {@code to}'s as C++'s static_cast does (and the
     * runtime's Storage): bool reads as 0 or 1 and is written as {@code != 0}; floating to int32 truncates
     * toward zero through long ({@code (int) (long) x}, so that out-of-range values wrap as in the Storage);
     * every other conversion is Java's cast.
     */
    static CodeBlock convert(ScalarType from, ScalarType to, CodeBlock value) {
        if (from == to) {
            return value;
        }
        if (to == ScalarType.Bool) {
            return CodeBlock.of("$L != 0", value);
        }
        if (from == ScalarType.Bool) {
            return CodeBlock.of("$L ? $L : $L", value, literal(to, 1), literal(to, 0));
        }
        if (from.isFloatingPoint() && to == ScalarType.Int32) {
            return CodeBlock.of("(int) (long) $L", value);
        }
        return CodeBlock.of("($T) $L", javaType(to), value);
    }

    /** {@code 1f}, {@code 1.0}, {@code 1L}, {@code 1}. */
    private static String literal(ScalarType dtype, int value) {
        switch (dtype) {
            case Int32: return Integer.toString(value);
            case Int64: return value + "L";
            case Float32: return value + "f";
            case Float64: return value + ".0";
            default: throw new IllegalArgumentException("no literal of " + dtype);
        }
    }
}
