package org.jitdispatch.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TypeTest {

    private static final Type TENSOR = new BaseType(BaseTy.TENSOR);
    private static final Type INT = new BaseType(BaseTy.INT);

    @ParameterizedTest
    @ValueSource(strings = {
        "Tensor", "Tensor?", "Tensor[]", "Tensor?[]", "int[2]", "SymInt[]", "int?", "int[1]?", "bool[3]",
        "float[]?", "Dimname[]", "str[]", "SymInt[5]", "Scalar[]", "int[][]",
        "__torch__.torch.classes.quantized.Conv2dPackedParamsBase",
    })
    void printsBackExactly(String text) {
        assertEquals(text, Type.parse(text).toString());
    }

    @Test
    void suffixesNestInReadingOrder() {
        assertEquals(new OptionalType(new ListType(INT, 1)), Type.parse("int[1]?"));
        assertEquals(new ListType(new OptionalType(TENSOR)), Type.parse("Tensor?[]"));
        assertEquals(new ListType(new ListType(INT)), Type.parse("int[][]"));
        assertEquals(new ClassType("quantized.LinearPackedParamsBase"),
                Type.parse("__torch__.torch.classes.quantized.LinearPackedParamsBase"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Tensor", "Tensor?", "Tensor[]", "Tensor?[]", "Tensor[2]"})
    void dispatchRelevantTypesAreTensorLike(String text) {
        assertTrue(Type.parse(text).isTensorLike());
    }

    @ParameterizedTest
    @ValueSource(strings = {"Tensor[]?", "Tensor??", "Tensor[][]", "int", "int[]", "Scalar", "Scalar?", "Storage",
        "__torch__.torch.classes.x.Tensor"})
    void otherTypesAreNotTensorLike(String text) {
        assertFalse(Type.parse(text).isTensorLike());
    }

    @Test
    void optionalAndListPredicatesLookAtTheOutermostType() {
        assertTrue(Type.parse("int[1]?").isOptional());
        assertFalse(Type.parse("int[1]?").isList());
        assertTrue(Type.parse("Tensor?[]").isList());
        assertFalse(Type.parse("Tensor?[]").isOptional());
        assertFalse(Type.parse("int").isOptional() || Type.parse("int").isList());
        assertTrue(Type.parse("int").is(BaseTy.INT));
        assertFalse(Type.parse("int?").is(BaseTy.INT));
    }

    @Test
    void baseTypesAreExactlyTorchgens() {
        // torchgen 1.13.1 model.py, BaseTy, in order.
        List<String> torchgen = List.of("Generator", "ScalarType", "Tensor", "int", "Dimname", "DimVector", "float",
                "str", "bool", "Layout", "Device", "Scalar", "MemoryFormat", "QScheme", "Storage", "Stream", "SymInt",
                "ConstQuantizerPtr");
        assertEquals(torchgen, Arrays.stream(BaseTy.values()).map(BaseTy::schemaName).collect(Collectors.toList()));
        for (BaseTy base : BaseTy.values()) {
            assertEquals(new BaseType(base), Type.parse(base.schemaName()));
            assertEquals(base, BaseTy.fromSchemaName(base.schemaName()).orElseThrow());
        }
        assertTrue(BaseTy.fromSchemaName("tensor").isEmpty(), "type names are case-sensitive");
        assertTrue(BaseTy.fromSchemaName("SymFloat").isEmpty(), "SymFloat is newer than torchgen 1.13");
    }

    @Test
    void whitespaceBetweenTokensIsCanonicalised() {
        assertEquals("int[2]?", Type.parse("int [ 2 ] ?").toString());
    }

    @Test
    void unknownTypesListTheKnownOnes() {
        SchemaParseException e = assertThrows(SchemaParseException.class, () -> Type.parse("Tensr[]"));
        assertEquals("unrecognized type 'Tensr'; known base types are: Generator, ScalarType, Tensor, int, Dimname,"
                + " DimVector, float, str, bool, Layout, Device, Scalar, MemoryFormat, QScheme, Storage, Stream, SymInt,"
                + " ConstQuantizerPtr; custom classes are written __torch__.torch.classes.<namespace>.<Name>"
                + " (at column 1) in schema: Tensr[]", e.getMessage());
    }

    @Test
    void aTypeAloneCannotCarryAnAnnotation() {
        SchemaParseException e = assertThrows(SchemaParseException.class, () -> Type.parse("Tensor(a)"));
        assertEquals("a type cannot carry an alias annotation; annotations belong to arguments and returns"
                + " (at column 1) in schema: Tensor(a)", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "int[", "int[0]", "int[-1]", "int]", "int?x", "__torch__.torch.classes.", "Tensor(a"})
    void rejectsMalformedTypes(String text) {
        assertThrows(SchemaParseException.class, () -> Type.parse(text));
    }

    @Test
    void constructorsValidate() {
        assertThrows(IllegalArgumentException.class, () -> new ListType(INT, 0));
        assertThrows(IllegalArgumentException.class, () -> new ClassType("quantized..Foo"));
        assertThrows(NullPointerException.class, () -> new OptionalType(null));
    }
}
