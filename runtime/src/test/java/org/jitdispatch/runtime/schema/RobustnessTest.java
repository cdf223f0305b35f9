package org.jitdispatch.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Malformed input of any shape yields a {@link SchemaParseException} with a message of our own,
 * never another exception (an index error, a NumberFormatException) leaking out of the parser.
 * Every prefix of a set of schemas exercising the whole grammar is parsed, and so is every
 * variant with one character deleted or replaced by a grammar-significant character.
 */
class RobustnessTest {

    private static final List<String> SEEDS = List.of(
            "aten::topk.values(Tensor self, SymInt k, int dim=-1, bool largest=True, *, Tensor(a!) values,"
                    + " Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
            "unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]",
            "f(Tensor?[] i, int[1]? d=None, float[]? s=None, int[2] k=[1,2], float e=1e-05, float m=-inf)"
                    + " -> (Tensor, Tensor)",
            "_test_string_default(Tensor dummy, str a=\"\\\"'\\\\\", str b='\"\\'\\\\') -> Tensor",
            "q(__torch__.torch.classes.quantized.Conv2dPackedParamsBase w, MemoryFormat? f=contiguous_format,"
                    + " int r=Mean, ScalarType? t=long) -> Tensor",
            "__iand__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
            "f(Tensor(b! -> b|c) x, Tensor(a!)? y, bool[3] m=[True,False,True]) -> ()");

    private static final String SIGNIFICANT = "()[]?!*,=-'\"\\ .:|>_0a9eE";

    @Test
    void seedsAreValid() {
        SEEDS.forEach(FunctionSchema::parse);
    }

    @Test
    void noMalformedInputLeaksAnotherException() {
        List<String> leaks = new ArrayList<>();
        int attempts = 0;
        for (String seed : SEEDS) {
            for (int i = 0; i <= seed.length(); i++) {
                attempts += tryParse(seed.substring(0, i), leaks);
                if (i < seed.length()) {
                    attempts += tryParse(seed.substring(0, i) + seed.substring(i + 1), leaks);
                    for (char c : SIGNIFICANT.toCharArray()) {
                        attempts += tryParse(seed.substring(0, i) + c + seed.substring(i + 1), leaks);
                    }
                }
            }
        }
        assertTrue(attempts > 15_000, "only " + attempts + " variants tried");
        assertTrue(leaks.isEmpty(), leaks.size() + " variants leaked a raw exception:\n" + String.join("\n", leaks));
    }

    private static int tryParse(String text, List<String> leaks) {
        try {
            FunctionSchema.parse(text);
        } catch (SchemaParseException e) {
            if (e.getMessage().contains("Exception") || e.reason().isBlank()) {
                leaks.add(text + "\n    -> unhelpful message: " + e.getMessage());
            }
        } catch (RuntimeException e) {
            leaks.add(text + "\n    -> " + e);
        }
        return 1;
    }
}
