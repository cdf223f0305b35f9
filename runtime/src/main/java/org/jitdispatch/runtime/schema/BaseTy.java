package org.jitdispatch.runtime.schema;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The atomic types of the schema language: exactly torchgen 1.13's {@code BaseTy} enum, in its
 * order. (torchgen 1.13 has no {@code SymFloat}; it arrived in a later release.)
 *
 * <p>The constants are Java-style names because {@code int} and {@code float} cannot be enum
 * constants; {@link #schemaName()} is the spelling used in schemas.
 */
public enum BaseTy {
    GENERATOR("Generator"),
    SCALAR_TYPE("ScalarType"),
    TENSOR("Tensor"),
    INT("int"),
    DIMNAME("Dimname"),
    DIM_VECTOR("DimVector"),
    FLOAT("float"),
    STR("str"),
    BOOL("bool"),
    LAYOUT("Layout"),
    DEVICE("Device"),
    SCALAR("Scalar"),
    MEMORY_FORMAT("MemoryFormat"),
    QSCHEME("QScheme"),
    STORAGE("Storage"),
    STREAM("Stream"),
    SYM_INT("SymInt"),
    CONST_QUANTIZER_PTR("ConstQuantizerPtr");

    private static final Map<String, BaseTy> BY_SCHEMA_NAME =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(BaseTy::schemaName, Function.identity()));

    private final String schemaName;

    BaseTy(String schemaName) {
        this.schemaName = schemaName;
    }

    /** The type's name as written in schemas, e.g. {@code int}, {@code SymInt}, {@code Tensor}. */
    public String schemaName() {
        return schemaName;
    }

    /** Looks a type up by its schema spelling (case-sensitive, as in PyTorch). */
    public static Optional<BaseTy> fromSchemaName(String name) {
        return Optional.ofNullable(BY_SCHEMA_NAME.get(name));
    }

    /** All schema spellings, comma-separated, for error messages. */
    static String knownNames() {
        return Arrays.stream(values()).map(BaseTy::schemaName).collect(Collectors.joining(", "));
    }
}
