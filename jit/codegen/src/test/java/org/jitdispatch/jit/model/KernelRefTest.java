package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class KernelRefTest {

    @Test
    void plainNameIsAMethodOfTheDefaultClass() {
        KernelRef k = KernelRef.parse("add_out");
        assertEquals(new KernelRef(null, "add_out"), k);
        assertTrue(k.isInDefaultClass());
        assertEquals("add_out", k.toString());
    }

    @Test
    void classAndMethod() {
        KernelRef k = KernelRef.parse("Unary::abs_out");
        assertEquals("Unary", k.className());
        assertEquals("abs_out", k.method());
        assertFalse(k.isInDefaultClass());
        assertEquals("Unary::abs_out", k.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "add-out", "add.out", "::add", "Cls::", "a::b::c", "Cls::class", "null", "_", "1add",
            "at::native::add"})
    void rejectsWhatIsNotStaticMethodSyntax(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KernelRef.parse(text));
        assertEquals("invalid kernel name '" + text + "': expected 'method' or 'Class::method', where both are Java"
                + " identifiers", e.getMessage());
    }
}
