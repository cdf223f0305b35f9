package org.jitdispatch.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.junit.jupiter.api.Test;

/**
 * The learning-rate schedules against PyTorch 1.13 (src/test/resources/optim/schedulers.json, made by
 * src/test/python/make_optim_more_golden.py): the rate of epoch 0 and of every step after it, and the momentum or
 * beta1 where a schedule drives it, to the last bit.
 */
class SchedulerRatesGoldenTest {
    private static final JsonNode GOLDEN = Golden.load("/optim/schedulers.json");

    private static final Map<String, Function<Optimizer, LRScheduler>> SCHEDULERS = new LinkedHashMap<>();

    static {
        SCHEDULERS.put("lambda 0.95^epoch", o -> new LambdaLR(o, e -> Math.pow(0.95, e)));
        SCHEDULERS.put("lambda 1/(epoch+1)", o -> new LambdaLR(o, e -> 1.0 / (e + 1)));
        SCHEDULERS.put("multiplicative 0.9", o -> new MultiplicativeLR(o, e -> 0.9));
        SCHEDULERS.put("multiplicative 0.5 every third", o -> new MultiplicativeLR(o, e -> e % 3 == 0 ? 0.5 : 1.0));
        SCHEDULERS.put("linear", LinearLR::new);
        SCHEDULERS.put("linear 0.25 0.75 8", o -> new LinearLR(o, 0.25, 0.75, 8));
        SCHEDULERS.put("linear 1.0 0.1 10", o -> new LinearLR(o, 1.0, 0.1, 10));
        SCHEDULERS.put("constant", ConstantLR::new);
        SCHEDULERS.put("constant 0.5 3", o -> new ConstantLR(o, 0.5, 3));
        SCHEDULERS.put("polynomial", PolynomialLR::new);
        SCHEDULERS.put("polynomial 10 2.0", o -> new PolynomialLR(o, 10, 2.0));
        SCHEDULERS.put("polynomial 7 0.5", o -> new PolynomialLR(o, 7, 0.5));
        SCHEDULERS.put("warm restarts 5", o -> new CosineAnnealingWarmRestarts(o, 5));
        SCHEDULERS.put("warm restarts 3 2 0.01", o -> new CosineAnnealingWarmRestarts(o, 3, 2, 0.01));
        SCHEDULERS.put("one cycle cos", o -> new OneCycleLR(o, 1.0, 20));
        SCHEDULERS.put("one cycle linear three_phase div final_div", o -> new OneCycleLR(o, 0.8, 25,
                new OneCycleLR.Options().pctStart(0.25).annealStrategy(OneCycleLR.AnnealStrategy.LINEAR)
                        .threePhase(true).divFactor(10.0).finalDivFactor(100.0).baseMomentum(0.8).maxMomentum(0.9)));
        SCHEDULERS.put("one cycle cos three_phase adam", o -> new OneCycleLR(o, 0.01, 17,
                new OneCycleLR.Options().pctStart(0.4).threePhase(true)));
        SCHEDULERS.put("one cycle no cycle_momentum", o -> new OneCycleLR(o, 0.3, 12,
                new OneCycleLR.Options().cycleMomentum(false)));
        SCHEDULERS.put("cyclic triangular", o -> new CyclicLR(o, 0.1, 1.0, new CyclicLR.Options().stepSizeUp(4)));
        SCHEDULERS.put("cyclic triangular2 up 3 down 5", o -> new CyclicLR(o, 0.01, 0.1,
                new CyclicLR.Options().stepSizeUp(3).stepSizeDown(5).mode(CyclicLR.Mode.TRIANGULAR2)));
        SCHEDULERS.put("cyclic exp_range 0.9", o -> new CyclicLR(o, 0.05, 0.5, new CyclicLR.Options().stepSizeUp(4)
                .mode(CyclicLR.Mode.EXP_RANGE).gamma(0.9).baseMomentum(0.7).maxMomentum(0.95)));
        SCHEDULERS.put("cyclic no cycle_momentum adam", o -> new CyclicLR(o, 0.001, 0.01,
                new CyclicLR.Options().stepSizeUp(5).cycleMomentum(false)));
        SCHEDULERS.put("sequential constant exponential", o -> new SequentialLR(o,
                List.of(new ConstantLR(o, 0.1, 2), new ExponentialLR(o, 0.9)), new int[] {2}));
        SCHEDULERS.put("sequential linear cosine step", o -> new SequentialLR(o,
                List.of(new LinearLR(o, 0.5, 1.0, 3), new CosineAnnealingLR(o, 5, 0.05), new StepLR(o, 2, 0.5)),
                new int[] {3, 8}));
        SCHEDULERS.put("sequential multistep polynomial multiplicative", o -> new SequentialLR(o,
                List.of(new MultiStepLR(o, new int[] {1, 2}, 0.5), new PolynomialLR(o, 4, 2.0),
                        new MultiplicativeLR(o, e -> 0.8)), new int[] {4, 10}));
        SCHEDULERS.put("sequential exponential warm_restarts", o -> new SequentialLR(o,
                List.of(new ExponentialLR(o, 0.8), new CosineAnnealingWarmRestarts(o, 4, 2, 0.01)), new int[] {3}));
        SCHEDULERS.put("chained constant exponential", o -> new ChainedScheduler(
                List.of(new ConstantLR(o, 0.1, 2), new ExponentialLR(o, 0.9))));
        SCHEDULERS.put("chained linear cosine", o -> new ChainedScheduler(
                List.of(new LinearLR(o, 0.2, 1.0, 4), new CosineAnnealingLR(o, 6))));
        SCHEDULERS.put("chained multistep lambda", o -> new ChainedScheduler(
                List.of(new MultiStepLR(o, new int[] {3, 6}, 0.5), new LambdaLR(o, e -> Math.pow(0.97, e)))));
        SCHEDULERS.put("step 3 0.5 (epoch 0 kept)", o -> new StepLR(o, 3, 0.5));
    }

    private static final Map<String, ReduceLROnPlateau.Options> PLATEAUS = Map.of(
            "plateau min rel patience 2", new ReduceLROnPlateau.Options().patience(2),
            "plateau min abs patience 1 cooldown 2 min_lr", new ReduceLROnPlateau.Options().patience(1).threshold(0.01)
                    .thresholdMode(ReduceLROnPlateau.ThresholdMode.ABS).cooldown(2).minLr(0.01).factor(0.5),
            "plateau max rel patience 0", new ReduceLROnPlateau.Options().mode(ReduceLROnPlateau.Mode.MAX).patience(0)
                    .factor(0.7),
            "plateau max abs eps", new ReduceLROnPlateau.Options().mode(ReduceLROnPlateau.Mode.MAX).patience(1)
                    .thresholdMode(ReduceLROnPlateau.ThresholdMode.ABS).factor(0.999999999).eps(1e-8));

    /** The optimizer make_optim_more_golden.py gives the case: Adam, SGD with momentum 0.9, or plain SGD; lr 0.5. */
    private static Optimizer optimizer(JsonNode c) {
        List<Tensor> ps = List.of(Torch.zeros(1).requiresGrad_(true));
        String name = c.get("name").asText();
        if (name.contains("adam")) {
            return new Adam(ps, 0.5);
        }
        return c.has("momentum") ? new SGD(ps, 0.5, 0.9, 0, 0, false) : new SGD(ps, 0.5);
    }

    private static double momentum(Optimizer o) {
        return o instanceof HasBetas b ? b.beta1() : ((HasMomentum) o).momentum();
    }

    @Test
    void everyCaseIsChecked() {
        int fractional = 2;
        assertEquals(SCHEDULERS.size() + PLATEAUS.size() + fractional, GOLDEN.get("schedulers").size());
    }

    @Test
    void schedulersGivePyTorchsRatesToTheLastBit() {
        for (JsonNode c : GOLDEN.get("schedulers")) {
            String name = c.get("name").asText();
            if (!SCHEDULERS.containsKey(name)) {
                continue;
            }
            Optimizer opt = optimizer(c);
            LRScheduler sched = SCHEDULERS.get(name).apply(opt);
            double[] lrs = Golden.doubles(c.get("lrs"));
            JsonNode momentumNode = c.has("momentum") ? c.get("momentum") : c.get("beta1");
            double[] momentums = momentumNode == null ? null : Golden.doubles(momentumNode);
            for (int epoch = 0; epoch < lrs.length; epoch++) {
                if (epoch > 0) {
                    opt.step();
                    sched.step();
                }
                assertEquals(lrs[epoch], sched.lastLr(), 0, name + ", rate of step " + epoch);
                if (momentums != null) {
                    assertEquals(momentums[epoch], momentum(opt), 0, name + ", momentum of step " + epoch);
                }
            }
        }
    }

    @Test
    void warmRestartsTakeFractionalEpochs() {
        for (JsonNode c : GOLDEN.get("schedulers")) {
            String name = c.get("name").asText();
            if (!name.startsWith("warm restarts fractional")) {
                continue;
            }
            String[] args = name.substring("warm restarts fractional ".length()).split(" ");
            Optimizer opt = optimizer(c);
            var sched = new CosineAnnealingWarmRestarts(opt, Integer.parseInt(args[0]), Integer.parseInt(args[1]),
                    Double.parseDouble(args[2]));
            double[] lrs = Golden.doubles(c.get("lrs"));
            int iters = name.endsWith("0.0") ? 5 : 4;
            assertEquals(lrs[0], sched.lastLr(), 0, name + ", epoch 0");
            for (int k = 1; k < lrs.length; k++) {
                int epoch = (k - 1) / iters;
                int i = (k - 1) % iters;
                sched.step(epoch + (double) i / iters);
                assertEquals(lrs[k], sched.lastLr(), 0, name + ", epoch " + epoch + " + " + i + "/" + iters);
            }
        }
    }

    @Test
    void reduceLrOnPlateauFollowsTheMetric() {
        for (JsonNode c : GOLDEN.get("schedulers")) {
            String name = c.get("name").asText();
            if (!PLATEAUS.containsKey(name)) {
                continue;
            }
            Optimizer opt = optimizer(c);
            ReduceLROnPlateau sched = new ReduceLROnPlateau(opt, PLATEAUS.get(name));
            double[] metrics = Golden.doubles(c.get("metrics"));
            double[] lrs = Golden.doubles(c.get("lrs"));
            assertEquals(lrs[0], sched.lastLr(), 0, name + ", epoch 0");
            for (int k = 0; k < metrics.length; k++) {
                opt.step();
                sched.step(metrics[k]);
                assertEquals(lrs[k + 1], sched.lastLr(), 0, name + ", epoch " + (k + 1));
            }
        }
    }
}
