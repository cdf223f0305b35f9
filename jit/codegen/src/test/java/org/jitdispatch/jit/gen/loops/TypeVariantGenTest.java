package org.jitdispatch.jit.gen.loops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jitdispatch.jit.gen.GeneratedSources.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What TypeVariantGen writes from a float32 template. */
class TypeVariantGenTest {
    private static final String TEMPLATE = """
            package org.example;

            import java.util.Arrays;
            import org.jitdispatch.kernels.TypeTemplate;

            /**
             * Sums of float32 rows.
             */
            @TypeTemplate
            final class FloatRows {
                /** Elements per block: 2 KiB of floats. */
                static final int BLOCK = 2048 / Float.BYTES;

                private FloatRows() {
                }

                // a float accumulator per row; Float64 and float64 stay as they are
                static float sum(float[] x, int n) {
                    float s = 0f;
                    for (int i = 0; i < n; i++) {
                        s += 0.5f * x[i] + 1e-3f;
                    }
                    Arrays.fill(x, 0, n, 1f);
                    return (float) s + floatBias(n);
                }

                private static float floatBias(long n) {
                    return n > 10L ? 0x10 : 2.5f;
                }
            }
            """;

    @Test
    void writesTheFloat64TwinLineForLine() {
        Source variant = TypeVariantGen.variant("FloatRows.java", TEMPLATE);
        assertEquals("org.example", variant.packageName());
        assertEquals("DoubleRows", variant.typeName());
        assertEquals("""
                package org.example;

                import java.util.Arrays;

                /**
                 * Generated from {@code FloatRows} (TypeTemplate): edit that class, not this one.
                 *
                 * Sums of float64 rows.
                 */
                final class DoubleRows {
                    /** Elements per block: 2 KiB of doubles. */
                    static final int BLOCK = 2048 / Double.BYTES;

                    private DoubleRows() {
                    }

                    // a double accumulator per row; Float64 and float64 stay as they are
                    static double sum(double[] x, int n) {
                        double s = 0.0;
                        for (int i = 0; i < n; i++) {
                            s += 0.5 * x[i] + 1e-3;
                        }
                        Arrays.fill(x, 0, n, 1.0);
                        return (double) s + doubleBias(n);
                    }

                    private static double doubleBias(long n) {
                        return n > 10L ? 0x10 : 2.5;
                    }
                }
                """, variant.content());
    }

    @Test
    void findsTheTemplatesUnderASourceRoot(@TempDir Path root) throws Exception {
        Path dir = Files.createDirectories(root.resolve("org/example"));
        Files.writeString(dir.resolve("FloatRows.java"), TEMPLATE);
        Files.writeString(dir.resolve("Other.java"), "package org.example;\nfinal class Other {\n    float x;\n}\n");
        List<Source> variants = TypeVariantGen.generate(root);
        assertEquals(List.of("DoubleRows"), variants.stream().map(Source::typeName).toList());
    }

    @Test
    void aTemplateIsNamedFloatSomething() {
        String text = TEMPLATE.replace("FloatRows", "Rows");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TypeVariantGen.variant("Rows.java", text));
        assertEquals("Rows.java: @TypeTemplate class Rows must be named Float...: it is the float32 kernel, from which"
                + " the build writes the Double... one", e.getMessage());
    }
}
