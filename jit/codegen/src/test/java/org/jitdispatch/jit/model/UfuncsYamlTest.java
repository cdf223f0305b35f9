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
                + "ufuncs.yaml:16: unknown key 'vectorized'; allowed keys: ufunc, inputs, scalars, expression, dtypes"
                + " (in the entry at line 12)", errorOf(text));
    }

    @Test
    void rejectsDuplicates() {
        String text = "- ufunc: add\n  inputs: [self]\n  expression: self\n  dtypes: [Float32]\n"
                + "- ufunc: add\n  inputs: [self]\n  expression: self\n  dtypes: [Float64]\n";
        assertEquals("ufuncs.yaml:5: duplicate ufunc 'add' (first at line 1) (in the entry at line 5)", errorOf(text));
    }
}
