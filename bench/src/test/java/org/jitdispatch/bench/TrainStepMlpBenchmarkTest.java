package org.jitdispatch.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TrainStepMlpBenchmark's step computes what PyTorch computes: from the same initial weights and inputs,
 * five benchmark invocations give PyTorch's five losses, its loss after them and its final weights, to
 * 1e-5 relative (float32). The golden values come from real PyTorch 1.13 ({@code train_step_mlp.json},
 * written by {@code /usr/bin/python3 bench/python/train_step_mlp.py --golden
 * bench/src/test/resources/train_step_mlp.json}), for the benchmark's two batch sizes.
 */
class TrainStepMlpBenchmarkTest {
    private static final double RELATIVE = 1e-5;
    private static final String[] PARAMS = {"w1", "b1", "w2", "b2"};

    static Stream<JsonNode> cases() throws Exception {
        try (InputStream in = TrainStepMlpBenchmarkTest.class.getResourceAsStream("/train_step_mlp.json")) {
            JsonNode golden = new ObjectMapper().readTree(in);
            assertEquals(TrainStepMlpBenchmark.LR, golden.get("lr").asDouble());
            assertEquals(TrainStepMlpBenchmark.SEED, golden.get("seed").asLong());
            assertEquals(TrainStepMlpBenchmark.HIDDEN, golden.get("hidden").asInt());
            List<JsonNode> cases = new ArrayList<>();
            golden.get("cases").forEach(cases::add);
            return cases.stream();
        }
    }

    @ParameterizedTest(name = "batch {0}")
    @MethodSource("cases")
    void fiveStepsMatchPyTorch(JsonNode golden) {
        TrainStepMlpBenchmark bench = new TrainStepMlpBenchmark();
        bench.batch = golden.get("batch").asInt();
        bench.setUp();

        // The benchmark's data is PyTorch's, bit for bit: both draw it with the same SplitMix64.
        assertArrayEquals(floats(golden.get("x")), bench.x.toFloatArray(), "x");
        assertArrayEquals(floats(golden.get("y")), bench.y.toFloatArray(), "y");
        Tensor[] params = {bench.w1, bench.b1, bench.w2, bench.b2};
        for (int i = 0; i < params.length; i++) {
            assertArrayEquals(floats(golden.get("initial").get(PARAMS[i])), params[i].toFloatArray(),
                    "initial " + PARAMS[i]);
        }

        JsonNode losses = golden.get("losses");
        for (int step = 0; step < losses.size(); step++) {
            Tensor loss = bench.step();
            assertClose(losses.get(step).asDouble(), loss.item().toDouble(), "loss of step " + step);
            for (int i = 0; i < params.length; i++) {
                for (float g : params[i].grad().toFloatArray()) {
                    assertEquals(0f, g, "zero_grad leaves " + PARAMS[i] + ".grad zeroed");
                }
            }
        }
        try (NoGrad g = NoGrad.enter()) {
            Tensor out = TrainStepMlpBenchmark.forward(bench.x, bench.w1, bench.b1, bench.w2, bench.b2);
            assertClose(golden.get("loss_after").asDouble(), out.sub(bench.y).pow(Scalar.of(2)).mean().item().toDouble(),
                    "loss after the steps");
        }
        for (int i = 0; i < params.length; i++) {
            float[] expected = floats(golden.get("final").get(PARAMS[i]));
            float[] actual = params[i].toFloatArray();
            assertEquals(expected.length, actual.length, PARAMS[i] + " size");
            for (int j = 0; j < expected.length; j++) {
                assertClose(expected[j], actual[j], "final " + PARAMS[i] + "[" + j + "]");
            }
        }
    }

    private static void assertClose(double expected, double actual, String what) {
        assertTrue(Math.abs(actual - expected) <= RELATIVE * Math.abs(expected),
                () -> what + ": expected " + expected + " (PyTorch) but was " + actual + ", relative error "
                        + Math.abs(actual - expected) / Math.abs(expected));
    }

    private static float[] floats(JsonNode array) {
        float[] v = new float[array.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) array.get(i).asDouble();
        }
        return v;
    }
}
