package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The activation modules added with the `gaps` operators against PyTorch 1.13's (resources/nn/activation_modules.json,
 * from make_activation_module_golden.py): repr, output and input gradient in float64 (PReLU's weight gradient
 * too), RReLU in eval mode; RReLU's training draws are checked against PyTorch's in RandomGoldenTest.
 */
class ActivationModulesTest {
    private static final double TOLERANCE = 1e-12;

    private static final Map<String, Supplier<Module>> MODULES = Map.ofEntries(
            Map.entry("hardshrink", Hardshrink::new), Map.entry("hardshrink_1", () -> new Hardshrink(1.0)),
            Map.entry("softshrink", Softshrink::new), Map.entry("softshrink_0.25", () -> new Softshrink(0.25)),
            Map.entry("tanhshrink", Tanhshrink::new), Map.entry("rrelu_eval", () -> new RReLU().eval()),
            Map.entry("rrelu_eval_0.1_0.5", () -> new RReLU(0.1, 0.5).eval()),
            Map.entry("softmin_1", () -> new Softmin(1)), Map.entry("softmax_0", () -> new Softmax(0)),
            Map.entry("softmax_-1", () -> new Softmax(-1)), Map.entry("log_softmax_1", () -> new LogSoftmax(1)),
            Map.entry("softsign", Softsign::new), Map.entry("threshold", () -> new Threshold(0.1, 20.0)),
            Map.entry("identity", Identity::new), Map.entry("glu", GLU::new), Map.entry("glu_2", () -> new GLU(2)),
            Map.entry("prelu", () -> new PReLU(1, 0.25, ScalarType.Float64)),
            Map.entry("prelu_3", () -> new PReLU(3, 0.1, ScalarType.Float64)), Map.entry("hardtanh", Hardtanh::new),
            Map.entry("hardtanh_-2_0.5", () -> new Hardtanh(-2.0, 0.5)), Map.entry("log_sigmoid", LogSigmoid::new),
            Map.entry("softmax2d", Softmax2d::new));

    private static JsonNode golden;

    @TestFactory
    Stream<DynamicTest> modulesMatchPyTorch() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : golden().get("cases")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> check(c, MODULES.get(name).get())));
        }
        assertEquals(MODULES.size(), tests.size(), "every module has a case");
        return tests.stream();
    }

    private static void check(JsonNode c, Module module) {
        assertEquals(c.get("repr").asText(), module.toString());
        Tensor x = Torch.tensor(doubles(c.get("input")), longs(c.get("shape"))).requiresGrad_(true);
        Tensor y = module.forward(x);
        assertArrayEquals(longs(c.get("output_shape")), y.sizes());
        assertArrayEquals(doubles(c.get("output")), y.contiguous().toDoubleArray(), TOLERANCE, "output");
        y.backward(Torch.tensor(doubles(c.get("upstream")), y.sizes()));
        assertArrayEquals(doubles(c.get("grad")), x.grad().toDoubleArray(), TOLERANCE, "input gradient");
        if (c.has("weight_grad")) {
            assertArrayEquals(doubles(c.get("weight_grad")), ((PReLU) module).weight().grad().toDoubleArray(), TOLERANCE,
                    "weight gradient");
        }
    }

    @Test
    void rreluDrawsItsSlopesWhileTrainingAndKeepsThemInBounds() {
        Tensor x = Torch.full(new long[] {1000}, org.jitdispatch.runtime.Scalar.of(-1.0), ScalarType.Float64, null, null,
                null);
        Torch.manual_seed(7);
        double[] slopes = new RReLU(0.2, 0.4).forward(x).neg().toDoubleArray();
        double sum = 0;
        for (double s : slopes) {
            assertTrue(s >= 0.2 && s < 0.4, "slope " + s);
            sum += s;
        }
        assertEquals(0.3, sum / slopes.length, 0.01, "the mean of uniform slopes");
        assertNotEquals(slopes[0], slopes[1]);
        assertArrayEquals(new double[] {-0.3, 2.0}, new RReLU(0.2, 0.4).eval().forward(Torch.tensor(new double[] {-1,
                2}, 2)).toDoubleArray(), 1e-15);
    }

    @Test
    void softmax2dWantsThreeOrFourDims() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Softmax2d().forward(Torch.zeros(new long[] {2, 3}, ScalarType.Float32)));
        assertEquals("Softmax2d: expected input to be 3D or 4D, got 2D instead", e.getMessage());
    }

    private static synchronized JsonNode golden() {
        if (golden == null) {
            try (InputStream in = ActivationModulesTest.class.getResourceAsStream("/nn/activation_modules.json")) {
                golden = new ObjectMapper().readTree(in);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return golden;
    }

    private static double[] doubles(JsonNode values) {
        double[] v = new double[values.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.get(i).asDouble();
        }
        return v;
    }

    private static long[] longs(JsonNode values) {
        long[] v = new long[values.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.get(i).asLong();
        }
        return v;
    }
}
