package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The loss modules against PyTorch 1.13's (resources/nn/losses.json, from make_loss_golden.py): the loss and the
 * gradient of every input, in float64, including the two PyTorch writes in Python (GaussianNLLLoss,
 * MultiLabelSoftMarginLoss), CTCLoss (lengths as tensors and as arrays) and MultiLabelMarginLoss.
 */
class LossGoldenTest {
    private static final double TOLERANCE = 1e-10;

    /** Each case's module, applied to its inputs in order. */
    private static final Map<String, Function<Tensor[], Tensor>> MODULES = Map.ofEntries(
            Map.entry("gaussian_nll", x -> new GaussianNLLLoss().forward(x[0], x[1], x[2])),
            Map.entry("gaussian_nll_full_sum", x -> new GaussianNLLLoss(true, 1e-6, "sum").forward(x[0], x[1], x[2])),
            Map.entry("gaussian_nll_short_var_none", x -> new GaussianNLLLoss(false, 0.2, "none").forward(x[0], x[1],
                    x[2])),
            Map.entry("multilabel_soft_margin", x -> new MultiLabelSoftMarginLoss().forward(x[0], x[1])),
            Map.entry("multilabel_soft_margin_weight_none", x -> new MultiLabelSoftMarginLoss(weight(
                    "multilabel_soft_margin_weight_none"), "none").forward(x[0], x[1])),
            Map.entry("margin_ranking", x -> new MarginRankingLoss(0.3, "mean").forward(x[0], x[1], x[2])),
            Map.entry("cosine_embedding_sum", x -> new CosineEmbeddingLoss(0.1, "sum").forward(x[0], x[1], x[2])),
            Map.entry("triplet_swap", x -> new TripletMarginLoss(0.5, 1.0, 1e-6, true, "mean").forward(x[0], x[1], x[2])),
            Map.entry("hinge_embedding", x -> new HingeEmbeddingLoss(0.7, "mean").forward(x[0], x[1])),
            Map.entry("soft_margin_none", x -> new SoftMarginLoss("none").forward(x[0], x[1])),
            Map.entry("poisson_nll_full", x -> new PoissonNLLLoss(true, true, 1e-8, "mean").forward(x[0], x[1])),
            Map.entry("multi_margin_p2", x -> new MultiMarginLoss(2, 0.5, weight("multi_margin_p2"), "mean")
                    .forward(x[0], x[1])),
            Map.entry("ctc_mean", x -> new CTCLoss().forward(x[0], x[1], x[2], x[3])),
            Map.entry("ctc_sum_blank_zero_infinity", x -> new CTCLoss(4, "sum", true).forward(x[0], x[1], x[2], x[3])),
            Map.entry("ctc_none_unbatched", x -> new CTCLoss(0, "none", false).forward(x[0], x[1],
                    x[2].toLongArray(), x[3].toLongArray())),
            Map.entry("multilabel_margin", x -> new MultiLabelMarginLoss().forward(x[0], x[1])),
            Map.entry("multilabel_margin_none", x -> new MultiLabelMarginLoss("none").forward(x[0], x[1])));

    private static JsonNode golden;

    @TestFactory
    Stream<DynamicTest> lossesAndGradientsMatchPyTorch() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : golden().get("cases")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> check(c, MODULES.get(name))));
        }
        assertEquals(MODULES.size(), tests.size(), "a module for every case");
        return tests.stream();
    }

    private static void check(JsonNode c, Function<Tensor[], Tensor> module) {
        JsonNode inputs = c.get("inputs");
        Tensor[] x = new Tensor[inputs.size()];
        for (int i = 0; i < x.length; i++) {
            JsonNode in = inputs.get(i);
            boolean floating = in.get("dtype").asText().equals("float64");
            x[i] = floating ? Torch.tensor(doubles(in.get("values")), longs(in.get("shape")))
                    : Torch.tensor(integers(in.get("values")), longs(in.get("shape")));
            if (floating && !c.get("grads").get(i).isNull()) {
                x[i].requiresGrad_(true);
            }
        }
        Tensor loss = module.apply(x);
        assertArrayEquals(longs(c.get("loss").get("shape")), loss.sizes());
        assertArrayEquals(doubles(c.get("loss").get("values")), loss.contiguous().toDoubleArray(), TOLERANCE);
        double[] upstream = doubles(c.get("upstream"));
        loss.backward(Torch.tensor(upstream, upstream.length).reshape(loss.sizes()));
        for (int i = 0; i < x.length; i++) {
            JsonNode grad = c.get("grads").get(i);
            if (!grad.isNull()) {
                assertArrayEquals(doubles(grad), x[i].grad().toDoubleArray(), TOLERANCE, "gradient of input " + i);
            }
        }
    }

    @Test
    void gaussianNllRefusesAVarianceOfTheWrongSizeOrSign() {
        Tensor x = Torch.randn(new long[] {4, 3});
        GaussianNLLLoss loss = new GaussianNLLLoss();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> loss.forward(x, x, Torch.ones(new long[] {3, 3})));
        assertEquals("var is of incorrect size", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> loss.forward(x, x, x.neg().abs().neg()));
        assertEquals("var has negative entry/entries", e.getMessage());
    }

    /** The per-class weight the script drew for a case, which sits in its module rather than its inputs. */
    private static Tensor weight(String name) {
        JsonNode w = golden().get("weights").get(name);
        return Torch.tensor(doubles(w), w.size());
    }

    private static synchronized JsonNode golden() {
        if (golden == null) {
            try (InputStream in = LossGoldenTest.class.getResourceAsStream("/nn/losses.json")) {
                golden = new ObjectMapper().readTree(in);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return golden;
    }

    private static double[] doubles(JsonNode values) {
        double[] out = new double[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i).asDouble();
        }
        return out;
    }

    private static long[] integers(JsonNode values) {
        long[] out = new long[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i).asLong();
        }
        return out;
    }

    private static long[] longs(JsonNode values) {
        return integers(values);
    }
}
