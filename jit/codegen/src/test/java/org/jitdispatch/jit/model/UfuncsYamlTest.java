package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.jitdispatch.jit.yaml.YamlFile;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

class UfuncsYamlTest {
    private static UfuncsYaml parse(String text) {
        return UfuncsYaml.load(YamlFile.parse("ufuncs.yaml", text));
    }

    private static String errorOf(String text) {
        return assertThrows(OpsYamlException.class, () -> parse(text)).getMessage();
    }

    @Test
    void readsAnEntry() {
        Ufunc add = parse("- ufunc: add\n  inputs: [self, other]\n  scalars: [alpha]\n  expression: self + alpha * other\n"
                + "  dtypes: [Float32, Int64]\n").ufuncs().get(0);
        assertEquals("add", add.name());
        assertEquals(List.of("self", "other"), add.inputs());
        assertEquals(List.of("alpha"), add.scalars());
        assertEquals("self + alpha * other", add.expression());
        assertEquals(List.of(ScalarType.Float32, ScalarType.Int64), add.dtypes());
        assertEquals(1, add.location().line());
    }

    @Test
    void reportsEveryProblemWithItsLine() {
        String text = "- ufunc: add\n  inputs: [self, other]\n  expression: self + other\n  dtypes: [Bool]\n"
                + "- ufunc: mul\n  inputs: [self, self]\n  expression: self * self\n  dtypes: [Float32]\n"
                + "- ufunc: neg\n  inputs: [self]\n  dtypes: [Float32]\n"
                + "- ufunc: add\n  inputs: [self]\n  expression: -self\n  dtypes: [Float32]\n  vectorized: yes\n";
        assertEquals("ufuncs.yaml:4: 'Bool' is not a loop dtype; loops exist for [Float32, Float64, Int32, Int64]"
                + " (in the entry at line 1)\n"
                + "ufuncs.yaml:6: 'self' is named twice among the inputs and scalars (in the entry at line 5)\n"
                + "ufuncs.yaml:9: missing 'expression: ...' (a Java expression over the inputs and scalars)"
                + " (in the entry at line 9)\n"
                + "ufuncs.yaml:16: unknown key 'vectorized'; allowed keys: ufunc, inputs, scalars, expression,"
                + " float_expression, double_expression, long_expression, boolean_expression, dtypes, iterator, result"
                + " (in the entry at line 12)", errorOf(text));
    }

    @Test
    void readsIteratorLoopsWithABooleanResult() {
        Ufunc lt = parse("- ufunc: lt\n  inputs: [self, other]\n  expression: self < other\n"
                + "  boolean_expression: '!self & other'\n  result: bool\n  iterator: [float, long, boolean]\n")
                .ufuncs().get(0);
        assertEquals(List.of(LoopType.FLOAT, LoopType.LONG, LoopType.BOOLEAN), lt.iteratorTypes());
        assertEquals(List.of(), lt.dtypes());
        assertEquals(true, lt.boolResult());
        assertEquals("self < other", lt.expression(LoopType.LONG));
        assertEquals("!self & other", lt.expression(LoopType.BOOLEAN));
    }

    @Test
    void checksTheIteratorKeys() {
        String text = "- ufunc: a\n  inputs: [self]\n  expression: self\n"
                + "- ufunc: b\n  inputs: [self]\n  expression: self\n  iterator: [int]\n"
                + "- ufunc: c\n  inputs: [self]\n  expression: self\n  result: int\n  iterator: [float]\n"
                + "- ufunc: d\n  inputs: [self, other]\n  expression: self < other\n  result: bool\n  dtypes: [Float32]\n"
                + "- ufunc: e\n  inputs: [self]\n  expression: -self\n  boolean_expression: self\n  iterator: [float]\n"
                + "- ufunc: f\n  inputs: [a, b, c, d]\n  expression: a\n  iterator: [float]\n";
        assertEquals("ufuncs.yaml:1: a ufunc needs 'dtypes: [...]' (fast-path loops), 'iterator: [...]' (TensorIterator"
                + " loops) or both (in the entry at line 1)\n"
                + "ufuncs.yaml:7: 'int' is not a type TensorIterator loops compute in; they are [float, double, long,"
                + " boolean] (in the entry at line 4)\n"
                + "ufuncs.yaml:11: 'result' can only be 'bool' (a loop that writes booleans), not 'int' (in the entry at"
                + " line 8)\n"
                + "ufuncs.yaml:17: fast-path loops take one or two inputs and write values of their dtype; list this"
                + " ufunc's types under 'iterator' only (in the entry at line 13)\n"
                + "ufuncs.yaml:21: 'boolean_expression' is for the boolean iterator loop, which 'iterator' does not list"
                + " (in the entry at line 18)\n"
                + "ufuncs.yaml:24: a ufunc takes one to three tensor inputs, not 4 (in the entry at line 23)",
                errorOf(text));
    }

    @Test
    void rejectsDuplicates() {
        String text = "- ufunc: add\n  inputs: [self]\n  expression: self\n  dtypes: [Float32]\n"
                + "- ufunc: add\n  inputs: [self]\n  expression: self\n  dtypes: [Float64]\n";
        assertEquals("ufuncs.yaml:5: duplicate ufunc 'add' (first at line 1) (in the entry at line 5)", errorOf(text));
    }
}
