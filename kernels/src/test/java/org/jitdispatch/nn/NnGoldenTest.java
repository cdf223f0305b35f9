package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.function.Supplier;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * nn layers against PyTorch 1.13 (src/test/python/make_nn_golden.py): built after the same manual_seed they
 * start with PyTorch's exact weights, and from the same input they give PyTorch's output and gradients
 * (float32, within 1e-5).
 */
class NnGoldenTest {

    @Test
    void linear() {
        check("linear", 7, () -> new Linear(6, 4));
    }

    @Test
    void multiheadAttentionSequenceFirst() {
        check("attention", 5, () -> new MultiheadAttention(8, 2));
    }

    @Test
    void multiheadAttentionBatchFirst() {
        check("attention_batch_first", 6, () -> new MultiheadAttention(8, 4, 0.0, true, ScalarType.Float32, null));
    }

    @Test
    void convolutionBatchNormPoolingBlock() {
        check("cnn_block", 8, () -> new Sequential(new Conv2d(2, 4, 3, 1, 1), new BatchNorm2d(4), new ReLU(),
                new MaxPool2d(2), new Flatten(), new Linear(36, 5)));
    }

    @Test
    void layerNorm() {
        check("layer_norm", 9, () -> new LayerNorm(6));
    }

    @Test
    void embeddingWithAPaddingIndex() {
        check("embedding", 10, () -> new Embedding(10, 3, 2L, ScalarType.Float32, null));
    }

    private static void check(String name, long seed, Supplier<Module> make) {
        Map<String, Tensor> ref = StateDicts.load(resource(name));
        Torch.manual_seed(seed);
        Module module = make.get();
        for (Map.Entry<String, Tensor> e : module.stateDict().entrySet()) {
            assertArrayEquals(ref.get("init." + e.getKey()).toFloatArray(), e.getValue().toFloatArray(),
                    name + ": initial " + e.getKey());
        }
        Tensor x = ref.get("x");
        boolean differentiable = x.dtype().isFloatingPoint();
        if (differentiable) {
            x.requiresGrad_(true);
        }
        Tensor y = module.forward(x);
        assertArrayEquals(ref.get("y").sizes(), y.sizes());
        assertArrayEquals(ref.get("y").toFloatArray(), y.contiguous().toFloatArray(), 1e-5f, name + ": output");
        y.backward(ref.get("upstream"));
        if (differentiable) {
            assertArrayEquals(ref.get("grad.x").toFloatArray(), x.grad().toFloatArray(), 1e-5f, name + ": input gradient");
            assertEquals(ref.get("grad.x").dtype(), x.grad().dtype());
        }
        for (Map.Entry<String, Tensor> e : module.namedParameters().entrySet()) {
            assertArrayEquals(ref.get("grad." + e.getKey()).toFloatArray(), e.getValue().grad().toFloatArray(), 1e-5f,
                    name + ": gradient of " + e.getKey());
        }
        for (Map.Entry<String, Tensor> e : module.stateDict().entrySet()) {
            assertArrayEquals(ref.get("after." + e.getKey()).toDoubleArray(), e.getValue().toDoubleArray(), 1e-5,
                    name + ": " + e.getKey() + " after the forward pass");
        }
    }

    private static Path resource(String name) {
        try {
            return Paths.get(NnGoldenTest.class.getResource("/nn/" + name + ".safetensors").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
