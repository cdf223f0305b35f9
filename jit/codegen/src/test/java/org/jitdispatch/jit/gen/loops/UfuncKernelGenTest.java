package org.jitdispatch.jit.gen.loops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.jit.model.UfuncsYaml;
import org.jitdispatch.jit.yaml.YamlFile;
import org.junit.jupiter.api.Test;

/** What UfuncKernelGen emits, method by method, for small ufuncs.yaml entries. */
class UfuncKernelGenTest {
    private static String generate(String yaml) {
        return UfuncKernelGen.generate(UfuncsYaml.load(YamlFile.parse("ufuncs.yaml", yaml)).ufuncs()).toString();
    }

    /**
     * The method that starts with {@code signature}, up to its closing brace, re-indented from JavaPoet's two
     * spaces a level to four, so that the expected text reads as Java here.
     */
    private static String method(String source, String signature) {
        int start = source.indexOf(signature);
        assertTrue(start >= 0, () -> "no " + signature + " in\n" + source);
        String text = "  " + source.substring(start, source.indexOf("\n  }\n", start) + 4);
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n")) {
            int indent = line.length() - line.stripLeading().length();
            out.append(" ".repeat(2 * (indent - 2))).append(line.strip()).append('\n');
        }
        return out.toString();
    }

    private static final String LT = "- ufunc: lt\n  inputs: [self, other]\n  expression: self < other\n"
            + "  boolean_expression: '!self & other'\n  result: bool\n  iterator: [float, long, boolean]\n";

    @Test
    void aComparisonReadsAScalarOperandOnceAndWritesBooleans() {
        String source = generate(LT);
        assertEquals("""
                public static void lt_float(TensorIterator it) {
                    if (it.isCpuScalar(2)) {
                        float other = ZeroDimValues.asFloatIn(it.tensor(2), it.commonDtypeIfKnown());
                        it.removeOperand(2);
                        lt_float_otherScalar(it, other);
                        return;
                    }
                    if (it.isParallel()) {
                        Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> lt_float_range(it, begin, end));
                    } else {
                        lt_float_range(it, 0, it.numel());
                    }
                }
                """, method(source, "public static void lt_float("));
        assertEquals("""
                private static void lt_float_otherScalar_range(TensorIterator it, float other, long begin,
                        long end) {
                    FloatLoop c = it.floatToBooleanLoop(begin, end);
                    while (c.next()) {
                        boolean[] out = c.outBool();
                        float[] selfData = c.in0();
                        for (int i = c.start(), e = c.end(); i < e; i++) {
                            float self = selfData[i];
                            out[i] = self < other;
                        }
                    }
                }
                """, method(source, "private static void lt_float_otherScalar_range("));
    }

    @Test
    void theBooleanLoopHasItsOwnExpressionAndNoScalarVariant() {
        String source = generate(LT);
        String range = method(source, "private static void lt_boolean_range(");
        assertTrue(range.contains("BooleanLoop c = it.booleanLoop(begin, end);"), range);
        assertTrue(range.contains("out[i] = !self & other;"), range);
        assertFalse(source.contains("lt_boolean_otherScalar"), source);
    }

    @Test
    void theDtypeDispatchMapsEveryListedType() {
        String dispatch = method(generate(LT), "public static void lt(");
        assertEquals("""
                public static void lt(TensorIterator it, ScalarType dtype) {
                    switch (dtype) {
                        case Float16, BFloat16, Float32 -> lt_float(it);
                        case UInt8, Int8, Int16, Int32, Int64 -> lt_long(it);
                        case Bool -> lt_boolean(it);
                        default -> throw new IllegalArgumentException("lt: no loop for dtype " + dtype);
                    }
                }
                """, dispatch);
    }

    @Test
    void valuesAreCastToTheLoopTypeAndScalarMathIsImported() {
        String source = generate("- ufunc: erf\n  inputs: [self]\n  expression: ScalarMath.erf(self)\n"
                + "  iterator: [float, double]\n"
                + "- ufunc: add\n  inputs: [self, other]\n  scalars: [alpha]\n  expression: self + alpha * other\n"
                + "  long_expression: Math.addExact(self, alpha * other)\n  iterator: [float, long]\n");
        assertTrue(source.contains("import org.jitdispatch.kernels.ops.ScalarMath;"), source);
        assertTrue(method(source, "private static void erf_float_range(").contains(
                "out[i] = (float) (ScalarMath.erf(self));"), source);
        assertTrue(method(source, "private static void add_long_range(").contains(
                "out[i] = (long) (Math.addExact(self, alpha * other));"), source);
        assertTrue(source.contains("public static void add_float(TensorIterator it, float alpha) {"), source);
        assertFalse(source.contains("public static void add(TensorIterator it, ScalarType dtype)"),
                "a ufunc with scalars has no dtype dispatch: its kernel converts the scalars per type");
    }
}
