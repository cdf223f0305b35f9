package org.jitdispatch.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AnnotationTest {

    @ParameterizedTest
    @ValueSource(strings = {"a", "a!", "a! -> a|b", "a -> *", "a|b", "a|b -> c", "b! -> c"})
    void printsBackExactly(String text) {
        assertEquals(text, Annotation.parse(text).toString());
    }

    @Test
    void parsesTheThreeParts() {
        assertEquals(new Annotation(List.of("a"), true, List.of("a", "b")), Annotation.parse("a! -> a|b"));
        assertEquals(new Annotation(List.of("a"), false, List.of(Annotation.WILDCARD)), Annotation.parse("a -> *"));
        assertEquals(Annotation.of("c", false), Annotation.parse("c"));
        assertTrue(Annotation.parse("a!").isWrite());
        assertFalse(Annotation.parse("a -> *").isWrite());
    }

    @Test
    void whitespaceIsCanonicalised() {
        assertEquals("a! -> a|b", Annotation.parse("a !->a | b").toString());
    }

    @Test
    void torchgensAliasSetRulesApply() {
        assertEquals("alias set larger than 1 is not mutable, got a|b! instead. (at column 1) in schema: a|b!",
                assertThrows(SchemaParseException.class, () -> Annotation.parse("a|b!")).getMessage());
        assertEquals("before alias set and after alias set cannot be larger than 1 at the same time, got a|b -> c|d"
                        + " instead. (at column 1) in schema: a|b -> c|d",
                assertThrows(SchemaParseException.class, () -> Annotation.parse("a|b -> c|d")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Annotation(List.of("a", "b"), true, List.of()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "A", "ab", "a!!", "*", "a ->", "a -> *|b", "a|", "!", "a -> b!"})
    void rejectsMalformedAnnotations(String text) {
        assertThrows(SchemaParseException.class, () -> Annotation.parse(text));
    }

    @Test
    void constructorRejectsBadSetNames() {
        assertThrows(IllegalArgumentException.class, () -> new Annotation(List.of(), false, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Annotation(List.of("*"), false, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Annotation(List.of("a"), false, List.of("*", "b")));
    }
}
