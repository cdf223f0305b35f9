package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** Python's repr of the values modules print, floats checked against CPython's (resources/nn/module_repr.json). */
class PyReprTest {
    @Test
    void floatsAsPythonsRepr() throws IOException {
        JsonNode floats;
        try (InputStream in = PyReprTest.class.getResourceAsStream("/nn/module_repr.json")) {
            floats = new ObjectMapper().readTree(in).get("floats");
        }
        assertTrue(floats.size() > 400);
        for (JsonNode f : floats) {
            String hex = f.get(0).asText();
            double value = hex.equals("inf") ? Double.POSITIVE_INFINITY : hex.equals("-inf")
                    ? Double.NEGATIVE_INFINITY : hex.equals("nan") ? Double.NaN : Double.parseDouble(hex);
            assertEquals(f.get(1).asText(), PyRepr.of(value), hex);
        }
    }

    @Test
    void examples() {
        assertEquals("1e-05", PyRepr.of(1e-5));
        assertEquals("0.1", PyRepr.of(0.1));
        assertEquals("1e+20", PyRepr.of(1e20));
        assertEquals("-0.0", PyRepr.of(-0.0));
        assertEquals("nan", PyRepr.of(Double.NaN));
        assertEquals("-inf", PyRepr.of(Double.NEGATIVE_INFINITY));
        assertEquals("None", PyRepr.of((Double) null));
        assertEquals("None", PyRepr.of((Long) null));
        assertEquals("True", PyRepr.of(true));
        assertEquals("'zeros'", PyRepr.of("zeros"));
        assertEquals("(16,)", PyRepr.tuple(16));
        assertEquals("(3, 3)", PyRepr.tuple(3, 3));
        assertEquals("()", PyRepr.tuple(new long[0]));
        assertEquals("(2.0, 0.5)", PyRepr.tuple(2.0, 0.5));
        assertEquals("2", PyRepr.intOrTuple(new long[] {2, 2}, true));
        assertEquals("(2, 2)", PyRepr.intOrTuple(new long[] {2, 2}, false));
    }
}
