package org.jitdispatch.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class DefaultValueTest {

    /** Every form of default in native_functions.yaml, plus inf/nan. */
    static Stream<Arguments> forms() {
        return Stream.of(
                Arguments.of("None", new DefaultValue.None()),
                Arguments.of("True", new DefaultValue.Bool(true)),
                Arguments.of("False", new DefaultValue.Bool(false)),
                Arguments.of("0", new DefaultValue.Int(0)),
                Arguments.of("-100", new DefaultValue.Int(-100)),
                Arguments.of("9223372036854775807", new DefaultValue.Int(Long.MAX_VALUE)),
                Arguments.of("1.0", new DefaultValue.Float(1.0)),
                Arguments.of("0.3333333333333333", new DefaultValue.Float(0.3333333333333333)),
                Arguments.of("1e-05", new DefaultValue.Float(1e-05)),
                Arguments.of("1E+3", new DefaultValue.Float(1000.0)),
                Arguments.of("inf", new DefaultValue.Float(Double.POSITIVE_INFINITY)),
                Arguments.of("-inf", new DefaultValue.Float(Double.NEGATIVE_INFINITY)),
                Arguments.of("nan", new DefaultValue.Float(Double.NaN)),
                Arguments.of("'linear'", new DefaultValue.Str("linear", '\'')),
                Arguments.of("\"L\"", new DefaultValue.Str("L", '"')),
                Arguments.of("''", new DefaultValue.Str("", '\'')),
                // _test_string_default's two defaults: the same three characters in both quote styles
                Arguments.of("\"\\\"'\\\\\"", new DefaultValue.Str("\"'\\", '"')),
                Arguments.of("'\"\\'\\\\'", new DefaultValue.Str("\"'\\", '\'')),
                Arguments.of("[]", new DefaultValue.List(List.of())),
                Arguments.of("[-2,-1]", new DefaultValue.List(List.of(new DefaultValue.Int(-2), new DefaultValue.Int(-1)))),
                Arguments.of("[0.5, 1]", new DefaultValue.List(List.of(new DefaultValue.Float(0.5), new DefaultValue.Int(1)))),
                Arguments.of("[True,False]", new DefaultValue.List(List.of(new DefaultValue.Bool(true), new DefaultValue.Bool(false)))),
                Arguments.of("Mean", new DefaultValue.Identifier("Mean")),
                Arguments.of("long", new DefaultValue.Identifier("long")),
                Arguments.of("contiguous_format", new DefaultValue.Identifier("contiguous_format")),
                Arguments.of("strided", new DefaultValue.Identifier("strided")));
    }

    @ParameterizedTest
    @MethodSource("forms")
    void parsesEachForm(String text, DefaultValue expected) {
        assertEquals(expected, DefaultValue.parse(text));
    }

    @Test
    void stringsKeepTheirQuoteStyleAndPrintAsLiterals() {
        DefaultValue.Str s = (DefaultValue.Str) DefaultValue.parse("'a\\'b'");
        assertEquals("a'b", s.value());
        assertEquals('\'', s.quote());
        assertEquals("'a\\'b'", s.toString());
    }

    @ParameterizedTest
    // '"' quotes CSV values here, since the schema texts use single quotes.
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "\"\"             | expected None, True, False, a number, a string, a list or a named constant but found end of input (at column 1)",
        "1x               | malformed number '1x' (at column 1) in schema: 1x",
        "1.2.3            | malformed number '1.2.3' (at column 1) in schema: 1.2.3",
        "-                | expected a number after '-' but found end of input (at column 2) in schema: -",
        "-infinity        | malformed number '-infinity' (at column 1) in schema: -infinity",
        "99999999999999999999 | integer literal 99999999999999999999 does not fit in a 64-bit int (at column 1) in schema: 99999999999999999999",
        "'abc             | unterminated string literal (at column 1) in schema: 'abc",
        "'a\\q'           | unsupported escape sequence '\\q' in string literal (at column 3) in schema: 'a\\q'",
        "[1,None]         | list default values may only contain int, float or bool literals, got None (at column 4) in schema: [1,None]",
        "[1 2]            | expected ',' or ']' in the list but found '2' (at column 4) in schema: [1 2]",
        "None None        | unexpected text after the default value: ' None' (at column 5) in schema: None None",
    })
    void rejectsMalformedDefaultsWithClearMessages(String text, String message) {
        assertEquals(message, assertThrows(SchemaParseException.class, () -> DefaultValue.parse(text)).getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "None   | Tensor?", "None | int[1]?", "None | Generator?", "True | bool", "True | bool?", "True | Scalar",
        "1      | int", "1 | SymInt", "1 | float", "1 | Scalar", "1.5 | Scalar", "-inf | float",
        "1      | int[2]", "[1,2] | int[2]", "[] | int[]", "[] | SymInt[]", "[] | Tensor[]", "[1.5,2] | float[]",
        "'x'    | str", "'cpu' | Device", "Mean | int", "long | ScalarType?", "strided | Layout",
        "contiguous_format | MemoryFormat?",
    })
    void acceptsDefaultsThatFitTheType(String text, String type) {
        assertTrue(DefaultValue.parse(text).isValidFor(Type.parse(type)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "None | Tensor", "None | int", "None | int[]", "1 | Tensor", "1 | bool", "1.5 | int", "True | int",
        "1 | int[]", "[1.5] | int[]", "[1] | bool[]", "'x' | int", "1 | str", "Mean | float", "long | int",
        "strided | MemoryFormat", "foo | int", "1 | Generator?", "None | __torch__.torch.classes.x.Y",
    })
    void rejectsDefaultsThatDoNotFitTheType(String text, String type) {
        assertFalse(DefaultValue.parse(text).isValidFor(Type.parse(type)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"None", "1", "'s'", "[1]", "Mean"})
    void customClassesHaveNoLiteralDefaults(String text) {
        assertFalse(DefaultValue.parse(text).isValidFor(new ClassType("quantized.Conv2dPackedParamsBase")));
    }

    @Test
    void listElementsAreNumbersOrBools() {
        assertThrows(IllegalArgumentException.class,
                () -> new DefaultValue.List(List.of(new DefaultValue.Str("a", '"'))));
        assertThrows(IllegalArgumentException.class, () -> new DefaultValue.Str("a", '`'));
    }
}
