package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.function.Supplier;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.optim.SGD;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * GroupNorm, InstanceNorm1d/2d and BatchNorm1d against PyTorch 1.13 (src/test/python/make_nn_golden.py): the same
 * initial state, output, gradients of input and parameters and state after the forward pass (running statistics,
 * num_batches_tracked) within 1e-5, in training and evaluation; and a few SGD steps of a convolution followed by
 * group norm, and by batch norm with the cumulative average (momentum null), with PyTorch's losses and final state.
 */
class NormalizationModulesGoldenTest {
    private static final ScalarType F32 = ScalarType.Float32;

    @Test
    void groupNorm() {
        check("group_norm", 31, () -> new GroupNorm(2, 6));
    }

    @Test
    void groupNormWithoutAffine() {
        check("group_norm_no_affine", 32, () -> new GroupNorm(3, 6, 1e-5, false, F32));
    }

    @Test
    void instanceNorm1dAffineTrackingRunningStats() {
        check("instance_norm1d_affine_tracking", 33, () -> new InstanceNorm1d(4, 1e-5, 0.1, true, true, F32));
    }

    @Test
    void instanceNorm2dUnbatched() {
        check("instance_norm2d_unbatched", 34, () -> new InstanceNorm2d(3));
    }

    @Test
    void instanceNorm2dInEvaluationUsesRunningStats() {
        check("instance_norm2d_eval", 35, () -> new InstanceNorm2d(3, 1e-5, 0.1, true, true, F32).eval());
    }

    @Test
    void batchNorm1d() {
        check("batch_norm1d", 36, () -> new BatchNorm1d(4));
    }

    @Test
    void batchNorm1dInEvaluation() {
        check("batch_norm1d_eval", 37, () -> new BatchNorm1d(4).eval());
    }

    @Test
    void convolutionAndBatchNormWithCumulativeAverageTraining() {
        train("batch_norm1d_cumulative_training", 38, 3, 0.3, () -> new Sequential(new Conv1d(2, 3, 3),
                new BatchNorm1d(3, 1e-5, null, true, true, F32), new Tanh()));
    }

    @Test
    void convolutionAndGroupNormTraining() {
        train("group_norm_training", 39, 3, 0.3, () -> new Sequential(new Conv1d(2, 4, 3), new GroupNorm(2, 4),
                new ReLU()));
    }

    @Test
    void pytorchsRefusals() {
        assertEquals("num_channels must be divisible by num_groups", assertThrows(IllegalArgumentException.class,
                () -> new GroupNorm(4, 6)).getMessage());
        assertEquals("Expected more than 1 value per channel when training, got input size [1, 2, 1]", assertThrows(
                IllegalArgumentException.class, () -> new GroupNorm(2, 2).forward(Torch.zeros(1, 2, 1))).getMessage());
        assertEquals("expected 2D or 3D input (got 4D input)", assertThrows(IllegalArgumentException.class,
                () -> new InstanceNorm1d(3).forward(Torch.zeros(1, 3, 2, 2))).getMessage());
        assertEquals("Expected more than 1 spatial element when training, got input size torch.Size([2, 3, 1])",
                assertThrows(IllegalArgumentException.class, () -> new InstanceNorm1d(3).forward(Torch.zeros(2, 3, 1)))
                        .getMessage());
        assertEquals("expected 3D or 4D input (got 2D input)", assertThrows(IllegalArgumentException.class,
                () -> new InstanceNorm2d(3).forward(Torch.zeros(3, 2))).getMessage());
        assertEquals("Expected more than 1 value per channel when training, got input size torch.Size([1, 4])",
                assertThrows(IllegalArgumentException.class, () -> new BatchNorm1d(4).forward(Torch.zeros(1, 4)))
                        .getMessage());
        assertEquals("expected 2D or 3D input (got 1D input)", assertThrows(IllegalArgumentException.class,
                () -> new BatchNorm1d(4).forward(Torch.zeros(4))).getMessage());
        assertEquals("Expected more than 1 value per channel when training, got input size torch.Size([1, 3, 1, 1])",
                assertThrows(IllegalArgumentException.class, () -> new BatchNorm2d(3).forward(Torch.zeros(1, 3, 1, 1)))
                        .getMessage());
        BatchNorm2d evaluating = new BatchNorm2d(3);
        evaluating.eval();
        assertEquals(3, evaluating.forward(Torch.zeros(1, 3, 1, 1)).numel()); // the running statistics need no batch
    }

    private static void check(String name, long seed, Supplier<Module> make) {
        Map<String, Tensor> ref = StateDicts.load(resource(name));
        Torch.manual_seed(seed);
        Module module = make.get();
        assertState(name, "init.", ref, module, 0);
        Tensor x = ref.get("x").requiresGrad_(true);
        Tensor y = module.forward(x);
        assertArrayEquals(ref.get("y").sizes(), y.sizes());
        assertArrayEquals(ref.get("y").toFloatArray(), y.contiguous().toFloatArray(), 1e-5f, name + ": output");
        y.backward(ref.get("upstream"));
        assertArrayEquals(ref.get("grad.x").toFloatArray(), x.grad().toFloatArray(), 1e-5f, name + ": input gradient");
        for (Map.Entry<String, Tensor> e : module.namedParameters().entrySet()) {
            assertArrayEquals(ref.get("grad." + e.getKey()).toFloatArray(), e.getValue().grad().toFloatArray(), 1e-5f,
                    name + ": gradient of " + e.getKey());
        }
        assertState(name, "after.", ref, module, 1e-5);
    }

    private static void train(String name, long seed, int steps, double lr, Supplier<Module> make) {
        Map<String, Tensor> ref = StateDicts.load(resource(name));
        Torch.manual_seed(seed);
        Module module = make.get();
        assertState(name, "init.", ref, module, 0);
        SGD optimizer = new SGD(module.parameters(), lr);
        MSELoss mse = new MSELoss();
        double[] losses = new double[steps];
        for (int step = 0; step < steps; step++) {
            optimizer.zeroGrad();
            Tensor loss = mse.forward(module.forward(ref.get("x")), ref.get("target"));
            loss.backward();
            optimizer.step();
            losses[step] = loss.item().toDouble();
        }
        assertArrayEquals(ref.get("losses").toDoubleArray(), losses, 1e-5, name + ": losses");
        assertState(name, "after.", ref, module, 1e-5);
    }

    private static void assertState(String name, String prefix, Map<String, Tensor> ref, Module module, double tolerance) {
        assertEquals(ref.keySet().stream().filter(k -> k.startsWith(prefix)).count(), module.stateDict().size(),
                name + ": state dict entries");
        for (Map.Entry<String, Tensor> e : module.stateDict().entrySet()) {
            assertArrayEquals(ref.get(prefix + e.getKey()).toDoubleArray(), e.getValue().toDoubleArray(), tolerance,
                    name + ": " + prefix + e.getKey());
        }
    }

    private static Path resource(String name) {
        try {
            return Paths.get(NormalizationModulesGoldenTest.class.getResource("/nn/" + name + ".safetensors").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
