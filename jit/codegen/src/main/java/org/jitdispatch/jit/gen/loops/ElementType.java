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
            new ElementType("Float", ScalarType.Float32, "float32, float16 and bfloat16 results (computed in float32)"),
            new ElementType("Double", ScalarType.Float64, "float64 results"),
            new ElementType("Long", ScalarType.Int64, "integer results of every width, computed in 64 bits"),
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
            case UInt8: case Int8: return TypeName.BYTE;
            case Int16: case Float16: case BFloat16: return TypeName.SHORT;
            case Int32: return TypeName.INT;
            case Int64: return TypeName.LONG;
            case Float32: return TypeName.FLOAT;
            case Float64: return TypeName.DOUBLE;
            default: throw new IllegalArgumentException("no Java type for " + dtype);
        }
    }

    /**
     * {@code value}, an element of a {@code from} storage array, converted to an element of a {@code to} array as
     * C++'s static_cast does (and the runtime's Storage): bool reads as 0 or 1 and is written as {@code != 0}; a
     * uint8 byte reads as unsigned; float16 and bfloat16 bits read as their float32 value and are written rounded
     * to nearest even from float32 (a double through float32 first, as c10 does); floating to an integer type
     * truncates toward zero through long ({@code (int) (long) x}, so that out-of-range values wrap as in the
     * Storage); every other conversion is Java's cast.
     */
    static CodeBlock convert(ScalarType from, ScalarType to, CodeBlock value) {
        if (from == to) {
            return value;
        }
        if (to == ScalarType.Bool) {
            return CodeBlock.of("$L != 0", read(from, value));
        }
        if (from == ScalarType.Bool) {
            return CodeBlock.of("$L ? $L : $L", value, literal(to, 1), literal(to, 0));
        }
        return write(readType(from), to, read(from, value));
    }

    /** The type whose Java value {@link #read} gives: uint8 reads as int, float16 and bfloat16 as float. */
    private static ScalarType readType(ScalarType storage) {
        switch (storage) {
            case UInt8: return ScalarType.Int32;
            case Float16: case BFloat16: return ScalarType.Float32;
            default: return storage;
        }
    }

    /** An element of a {@code storage} array as the plain Java value of {@link #readType}. */
    private static CodeBlock read(ScalarType storage, CodeBlock value) {
        switch (storage) {
            case UInt8: return CodeBlock.of("($L & 0xFF)", value);
            case Float16: return CodeBlock.of("$T.toFloat($L)", HALF, value);
            case BFloat16: return CodeBlock.of("$T.toFloat($L)", BFLOAT16, value);
            default: return value;
        }
    }

    /** A plain Java value of {@code from}'s type stored into an element of a {@code to} array. */
    private static CodeBlock write(ScalarType from, ScalarType to, CodeBlock value) {
        if (from == to) {
            return value;
        }
        switch (to) {
            case Float16:
            case BFloat16: {
                ClassName bits = to == ScalarType.Float16 ? HALF : BFLOAT16;
                return from == ScalarType.Float64 ? CodeBlock.of("$T.fromDouble($L)", bits, value)
                        : from == ScalarType.Float32 ? CodeBlock.of("$T.fromFloat($L)", bits, value)
                        : CodeBlock.of("$T.fromFloat((float) $L)", bits, value);
            }
            case UInt8:
            case Int8:
            case Int16:
            case Int32:
                return from.isFloatingPoint()
                        ? CodeBlock.of("($T) (long) $L", javaType(to), value)
                        : CodeBlock.of("($T) $L", javaType(to), value);
            default:
                return CodeBlock.of("($T) $L", javaType(to), value);
        }
    }

    /** {@code 1f}, {@code 1.0}, {@code 1L}, {@code 1}, {@code (byte) 1}, and float16/bfloat16 bits. */
    private static String literal(ScalarType dtype, int value) {
        switch (dtype) {
            case UInt8: case Int8: return "(byte) " + value;
            case Int16: return "(short) " + value;
            case Float16: return value == 0 ? "(short) 0" : "(short) 0x3C00";
            case BFloat16: return value == 0 ? "(short) 0" : "(short) 0x3F80";
            case Int32: return Integer.toString(value);
            case Int64: return value + "L";
            case Float32: return value + "f";
            case Float64: return value + ".0";
            default: throw new IllegalArgumentException("no literal of " + dtype);
        }
    }

    private static final ClassName HALF = ClassName.get("org.jitdispatch.runtime", "Half");
    private static final ClassName BFLOAT16 = ClassName.get("org.jitdispatch.runtime", "BFloat16");
}
