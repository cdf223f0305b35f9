package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.function.Supplier;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorTesting;
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

    @Test
    void transposedConvolutionThenSamePadding() {
        check("conv_transpose", 11, () -> new Sequential(
                new ConvTranspose2d(4, 6, new long[] {3, 3}, new long[] {2, 2}, new long[] {1, 1}, new long[] {1, 1}, 2,
                        true, new long[] {1, 1}, ScalarType.Float32, null),
                new Conv2d(6, 3, new long[] {2, 3}, new long[] {1, 1}, "same", new long[] {1, 1}, 1, true,
                        ScalarType.Float32, null)));
    }

    @Test
    void transposedConvolution1dThenValidPadding() {
        check("conv_transpose1d", 12, () -> new Sequential(
                new ConvTranspose1d(3, 2, 4, 3, 1, 0, 1, true, 2, ScalarType.Float32, null),
                new Conv1d(2, 2, 3, "valid")));
    }

    @Test
    void transposedConvolutionWithAnOutputSize() {
        check("conv_transpose_output_size", 13, () -> new Module() {
            private final ConvTranspose2d inner = registerModule("inner", new ConvTranspose2d(2, 3, new long[] {3, 3},
                    new long[] {2, 2}, new long[] {0, 0}, new long[] {0, 0}, 1, false, new long[] {1, 1},
                    ScalarType.Float32, null));

            @Override
            public Tensor forward(Tensor input) {
                return inner.forward(input, new long[] {10, 10});
            }
        });
    }

    @Test
    void convolutionAndTransposedConvolutionIn3d() {
        check("conv3d", 14, () -> new Sequential(new Conv3d(2, 4, 3, 1, 1), new ReLU(),
                new ConvTranspose3d(4, 2, new long[] {2, 2, 2}, new long[] {2, 2, 2}, new long[] {0, 0, 0},
                        new long[] {0, 0, 0}, 2, true, new long[] {1, 1, 1}, ScalarType.Float32, null)));
    }

    @Test
    void pooling3d() {
        check("pool3d", 15, () -> new Sequential(new Conv3d(1, 2, 2),
                new MaxPool3d(new long[] {2, 2, 2}, new long[] {1, 1, 1}, new long[] {0, 0, 0}, new long[] {1, 1, 1}, false),
                new AvgPool3d(new long[] {2, 2, 2}, new long[] {2, 2, 2}, new long[] {1, 1, 1}, false, true, null),
                new AdaptiveMaxPool3d(new long[] {2, 1, 2}), new AdaptiveAvgPool3d(1)));
    }

    @Test
    void crossAttentionWithMasksAndWeights() {
        check("attention_masks", 16, () -> new Module() {
            private final MultiheadAttention inner = registerModule("inner", new MultiheadAttention(8, 2, 0.0, true, 6, 5,
                    true, ScalarType.Float32, null));

            @Override
            public Tensor forward(Tensor x) {
                Tensor causal = Torch.triu(Torch.ones(new long[] {4, 4}, ScalarType.Bool, null, null, null), 1);
                Tensor padding = Torch.tensor(new boolean[] {false, false, false, true, false, false, false, false}, 2, 4);
                MultiheadAttention.Result r = inner.forward(x, x.narrow(2, 0, 6), x.narrow(2, 2, 5), padding, true,
                        causal, true);
                return Torch.cat(new Tensor[] {r.output().reshape(-1), r.weights().reshape(-1)}, 0);
            }
        });
    }

    @Test
    void encoderDecoderTransformerWithMasks() {
        check("transformer", 17, () -> new Module() {
            private final Transformer inner = registerModule("inner", new Transformer(
                    TransformerEncoderLayer.Options.of(8, 2).withFeedforward(16).withDropout(0.0).withBatchFirst(true),
                    2, 1));

            @Override
            public Tensor forward(Tensor x) {
                Tensor padding = Torch.tensor(new boolean[] {false, false, false, false, true, false, false, false, false,
                    false}, 2, 5);
                return inner.forward(x, x.narrow(1, 0, 3), null, Transformer.generateSquareSubsequentMask(3), null,
                        padding, null, padding);
            }
        });
    }

    @Test
    void preNormEncoderLayerWithAFloatMask() {
        check("encoder_layer_prenorm", 18, () -> new Module() {
            private final TransformerEncoderLayer inner = registerModule("inner", new TransformerEncoderLayer(
                    TransformerEncoderLayer.Options.of(8, 2).withFeedforward(16).withDropout(0.0).withActivation("gelu")
                            .withNormFirst(true)));

            @Override
            public Tensor forward(Tensor x) {
                Tensor mask = Torch.linspace(Scalar.of(-1), Scalar.of(1), 25).view(5, 5);
                return inner.forward(x, mask, null);
            }
        });
    }

    @Test
    void paddingLayersAndConvolutionPaddingModes() {
        check("padding_modes", 19, () -> new Sequential(PaddingLayer.reflectionPad2d(1, 0, 2, 1),
                new Conv2d(2, 3, 3, 1, 1).paddingMode("circular"), PaddingLayer.replicationPad2d(1),
                new Conv2d(3, 2, new long[] {2, 3}, new long[] {1, 1}, "same", new long[] {1, 1}, 1, true,
                        ScalarType.Float32, null).paddingMode("reflect"),
                PaddingLayer.zeroPad2d(0, 1, 1, 0), PaddingLayer.constantPad2d(0.5, 2),
                new Conv2d(2, 2, new long[] {3, 3}, new long[] {1, 1}, new long[] {1, 2}, new long[] {1, 1}, 1, true,
                        ScalarType.Float32, null).paddingMode("replicate")));
    }

    @Test
    void embeddingWithAMaximumNorm() {
        check("embedding_max_norm", 20, () -> new Embedding(6, 4, null, 1.2, 3.0, ScalarType.Float32, null));
    }

    @Test
    void channelShuffleThenBilinear() {
        check("bilinear_shuffle", 21, () -> new Module() {
            private final ChannelShuffle shuffle = registerModule("shuffle", new ChannelShuffle(2));
            private final Bilinear bilinear = registerModule("bilinear", new Bilinear(12, 24, 5));

            @Override
            public Tensor forward(Tensor x) {
                Tensor flat = shuffle.forward(x.detach()).flatten(1, -1);
                return bilinear.forward(flat.narrow(1, 0, 12), flat.narrow(1, 12, 24))
                        .add(x.sum().mul(Scalar.of(0)));
            }
        });
    }

    @Test
    void embeddingBags() {
        check("embedding_bag_sum", 22, () -> bagOf(new EmbeddingBag(10, 3, "sum", 2L, null, 2.0, false,
                ScalarType.Float32, null), Torch.tensor(new long[] {0, 2, 2, 5}, 4), true));
        check("embedding_bag_mean_2d", 23, () -> bagOf(new EmbeddingBag(10, 3, "mean", null, 1.0, 2.0, false,
                ScalarType.Float32, null), null, false));
        check("embedding_bag_max", 24, () -> bagOf(new EmbeddingBag(10, 3, "max", 0L, null, 2.0, false,
                ScalarType.Float32, null), Torch.tensor(new long[] {0, 3, 3}, 3), false));
        check("embedding_bag_last_offset", 25, () -> bagOf(new EmbeddingBag(10, 3, "sum", null, null, 2.0, true,
                ScalarType.Float32, null), Torch.tensor(new long[] {0, 2, 2, 5}, 4), true));
    }

    /** An EmbeddingBag called with fixed offsets (and per-sample weights) on the indices it is given. */
    private static Module bagOf(EmbeddingBag bag, Tensor offsets, boolean weighted) {
        return new Module() {
            private final EmbeddingBag inner = registerModule("inner", bag);

            @Override
            public Tensor forward(Tensor x) {
                Tensor weights = weighted ? Torch.linspace(Scalar.of(0.5), Scalar.of(1.5), x.numel()).view(x.sizes())
                        : null;
                return inner.forward(x, offsets, weights);
            }
        };
    }

    @Test
    void localResponseNormAndPowerAveragePooling() {
        check("lrn_lp_pool", 26, () -> new Sequential(new LocalResponseNorm(3, 0.1, 0.6, 1.5), LPPool.lpPool2d(2, 2),
                new LocalResponseNorm(2)));
        check("lrn_lp_pool1d", 27, () -> new Sequential(new LocalResponseNorm(4), LPPool.lpPool1d(3, 2, 1, false)));
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
            // a bias's gradient sums a whole channel, so its rounding grows with the magnitude: torch.testing's tolerance
            String mismatch = TensorTesting.mismatch(e.getValue().grad(), ref.get("grad." + e.getKey()),
                    TensorTesting.FLOAT32_RTOL, 1e-5, false);
            assertNull(mismatch, () -> name + ": gradient of " + e.getKey() + ": " + mismatch);
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
