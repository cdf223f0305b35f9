package org.jitdispatch.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ArgumentTest {

    private static Argument onlyArgument(String argument) {
        return FunctionSchema.parse("f(" + argument + ") -> ()").arguments().get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "Tensor(a!) self", "Tensor(a) self", "Tensor(a)[] tensors", "Tensor(a -> *)[] self", "Tensor(a!)? out",
        "Tensor(b! -> b|c) x", "int[1] dim=[-2,-1]", "int[2] stride=1", "float eps=1e-05", "str reduce='mean'",
        "MemoryFormat? memory_format=contiguous_format", "int reduction=Mean", "ScalarType? dtype=long",
        "str a=\"\\\"'\\\\\"", "Tensor?[] indices", "SymInt[] size=[]",
    })
    void printsBackExactly(String text) {
        assertEquals(text, onlyArgument(text).toString());
    }

    @Test
    void theAnnotationIsStoredOnTheArgumentNotTheType() {
        Argument a = onlyArgument("Tensor(a!)? out");
        assertEquals(new OptionalType(new BaseType(BaseTy.TENSOR)), a.type());
        assertEquals(Annotation.of("a", true), a.annotation());
        assertTrue(a.isWrite());
        Argument view = onlyArgument("Tensor(a -> *)[] self");
        assertEquals(new ListType(new BaseType(BaseTy.TENSOR)), view.type());
        assertFalse(view.isWrite());
    }

    @Test
    void keepsTheDefaultsSourceTextAndOffersItsMeaning() {
        Argument dim = onlyArgument("int[1] dim=[-2,-1]");
        assertEquals("[-2,-1]", dim.defaultValue());
        assertEquals(Optional.of(DefaultValue.parse("[-2, -1]")), dim.parsedDefault());
        // The raw text is kept as written, internal spacing included.
        assertEquals("[-2, -1]", onlyArgument("int[1] dim=[-2, -1]").defaultValue());
        Argument plain = onlyArgument("Tensor self");
        assertNull(plain.defaultValue());
        assertFalse(plain.hasDefault());
        assertEquals(Optional.empty(), plain.parsedDefault());
    }

    @Test
    void constructorValidatesAnnotationPlacementAndDefaults() {
        Type tensor = new BaseType(BaseTy.TENSOR);
        Type integer = new BaseType(BaseTy.INT);
        assertEquals("Tensor(a!) out", new Argument("out", tensor, Annotation.of("a", true), null, true).toString());
        assertEquals("alias annotations are only supported on Tensor, Tensor? and Tensor[] (written Tensor(a),"
                        + " Tensor(a)? and Tensor(a)[]), not on int",
                assertThrows(IllegalArgumentException.class,
                        () -> new Argument("x", integer, Annotation.of("a", false), null, false)).getMessage());
        assertEquals("invalid default value for argument 'x': malformed number '1x'",
                assertThrows(IllegalArgumentException.class, () -> new Argument("x", integer, null, "1x", false))
                        .getMessage());
        assertEquals("argument 'x' of type int cannot have default value 1.5",
                assertThrows(IllegalArgumentException.class, () -> new Argument("x", integer, null, "1.5", false))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Argument("x", integer, null, " 1", false));
        assertThrows(IllegalArgumentException.class, () -> new Argument("not a name", integer, null, null, false));
    }

    @Test
    void whereTheAnnotationMayGo() {
        for (String ok : List.of("Tensor(a) x", "Tensor(a)? x", "Tensor(a)[] x")) {
            assertEquals(ok, onlyArgument(ok).toString());
        }
        for (String bad : List.of("Tensor(a)?[] x", "Tensor(a)[]? x", "Tensor(a)[3] x", "Scalar(a) x",
                "__torch__.torch.classes.x.Y(a) x")) {
            assertThrows(SchemaParseException.class, () -> onlyArgument(bad), bad);
        }
    }
}
