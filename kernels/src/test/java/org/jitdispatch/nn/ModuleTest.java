package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.optim.Adam;
import org.jitdispatch.optim.SGD;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModuleTest {

    private static Sequential mlp() {
        Torch.manual_seed(3);
        return new Sequential(new Linear(4, 5), new ReLU(), new Linear(5, 2));
    }

    @Test
    void parametersAreNamedByTheirPathAndRequireGrad() {
        Sequential net = mlp();
        assertEquals(List.of("0.weight", "0.bias", "2.weight", "2.bias"), List.copyOf(net.namedParameters().keySet()));
        assertTrue(net.parameters().stream().allMatch(Tensor::requiresGrad));
        assertArrayEquals(new long[] {5, 4}, net.namedParameters().get("0.weight").sizes());
    }

    @Test
    void linearInitialisationStaysWithinItsBound() {
        Linear layer = new Linear(16, 3);
        double bound = 1 / Math.sqrt(16);
        for (double v : layer.weight().toDoubleArray()) {
            assertTrue(Math.abs(v) <= bound, "weight " + v);
        }
        for (double v : layer.bias().toDoubleArray()) {
            assertTrue(Math.abs(v) <= bound, "bias " + v);
        }
    }

    @Test
    void adaptivePoolingTakesAnyInputSizeToItsOutputSize() {
        Tensor x = Torch.tensor(new double[] {1, 5, 2, 0, 3, -1, 4, 7, 6, 2, 8, 0}, 1, 1, 3, 4);
        Tensor max = new AdaptiveMaxPool2d(new long[] {1, 2}).forward(x);
        assertArrayEquals(new long[] {1, 1, 1, 2}, max.sizes());
        assertArrayEquals(new double[] {6, 8}, max.toDoubleArray()); // columns 0-1 and 2-3 of every row
        Tensor avg = new AdaptiveAvgPool2d(1).forward(x);
        assertArrayEquals(new long[] {1, 1, 1, 1}, avg.sizes());
        assertEquals(37.0 / 12, avg.toDoubleArray()[0], 1e-12);
        assertEquals("AdaptiveMaxPool2d(output_size=(1, 2))", new AdaptiveMaxPool2d(new long[] {1, 2}).toString());
        assertThrows(IllegalArgumentException.class, () -> new AdaptiveAvgPool2d(new long[] {1, 2, 3}));
    }

    @Test
    void trainAndEvalReachTheChildren() {
        Sequential net = new Sequential(new Dropout(0.5));
        net.eval();
        assertFalse(net.get(0).isTraining());
        Tensor x = Torch.ones(8);
        assertArrayEquals(x.toFloatArray(), net.forward(x).toFloatArray(), "dropout is the identity in eval mode");
        net.train();
        assertTrue(net.get(0).isTraining());
    }

    @Test
    void stateDictsRoundTripThroughSafetensors(@TempDir Path dir) {
        Sequential net = mlp();
        Path file = dir.resolve("mlp.safetensors");
        StateDicts.save(net.stateDict(), file);
        Sequential other = new Sequential(new Linear(4, 5), new ReLU(), new Linear(5, 2));
        other.loadStateDict(StateDicts.load(file));
        for (Map.Entry<String, Tensor> e : net.stateDict().entrySet()) {
            assertArrayEquals(e.getValue().toFloatArray(), other.stateDict().get(e.getKey()).toFloatArray(), e.getKey());
        }
    }

    @Test
    void zeroDimTensorsKeepTheirShapeThroughAFile(@TempDir Path dir) {
        Path file = dir.resolve("scalars.safetensors");
        StateDicts.save(Map.of("count", Torch.scalarTensor(org.jitdispatch.runtime.Scalar.of(3L))), file);
        Tensor count = StateDicts.load(file).get("count");
        assertEquals(0, count.dim());
        assertArrayEquals(new long[] {3}, count.toLongArray());
    }

    @Test
    void loadingAWrongStateNamesEveryProblemAndCopiesNothing() {
        Sequential net = mlp();
        float[] before = net.namedParameters().get("0.weight").toFloatArray();
        Map<String, Tensor> state = new java.util.LinkedHashMap<>(mlp().stateDict());
        state.remove("2.bias");
        state.put("0.bias", Torch.zeros(7));
        state.put("extra", Torch.zeros(1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> net.loadStateDict(state));
        assertEquals("Error(s) in loading state_dict for Sequential:\n\tUnexpected key(s) in state_dict: \"extra\".\n"
                + "\tMissing key(s) in state_dict: \"2.bias\".\n\tsize mismatch for 0.bias: copying a param with shape [7]"
                + " from checkpoint, the shape in current model is [5].", e.getMessage());
        assertArrayEquals(before, net.namedParameters().get("0.weight").toFloatArray());
    }

    @Test
    void aTruncatedFileIsAClearError(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.safetensors");
        Files.write(file, new byte[] {1, 2, 3});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StateDicts.load(file));
        assertTrue(e.getMessage().contains("not a safetensors file"), e.getMessage());
    }

    @Test
    void zeroGradZeroesInPlaceOrDropsTheGradients() {
        Sequential net = mlp();
        net.forward(Torch.ones(3, 4)).sum().backward();
        Tensor grad = net.parameters().get(0).grad();
        net.zeroGrad();
        assertTrue(grad == net.parameters().get(0).grad(), "the same tensor, zeroed");
        assertEquals(0.0, grad.abs().sum().toDoubleArray()[0]);
        net.zeroGrad(true);
        assertNull(net.parameters().get(0).grad());
    }

    @Test
    void optimizersStepDownhillAndCheckTheirArguments() {
        for (String name : new String[] {"sgd", "adam"}) {
            Sequential net = mlp();
            var opt = name.equals("sgd") ? new SGD(net.parameters(), 0.1, 0.9, 0, 0, false) : new Adam(net.parameters(), 0.05);
            Tensor x = Torch.ones(6, 4);
            double first = 0;
            double last = 0;
            for (int i = 0; i < 20; i++) {
                opt.zeroGrad();
                Tensor loss = net.forward(x).pow(Scalar.of(2)).mean();
                loss.backward();
                opt.step();
                last = loss.toDoubleArray()[0];
                first = i == 0 ? last : first;
            }
            assertTrue(last < first, name + ": " + first + " -> " + last);
        }
        assertThrows(IllegalArgumentException.class, () -> new SGD(mlp().parameters(), -1));
        assertThrows(IllegalArgumentException.class, () -> new SGD(mlp().parameters(), 0.1, 0, 0, 0, true));
        assertThrows(IllegalArgumentException.class, () -> new Adam(mlp().parameters(), 0.1, 1.0, 0.999, 1e-8, 0, false));
    }

    @Test
    void activationModulesComputeTheirFunctionsAndHaveNoParameters() {
        Tensor x = Torch.tensor(new float[] {-4f, -1f, -0.25f, 0f, 0.5f, 2f, 3.5f, 7f}, 8);
        Map<Module, Tensor> expected = Map.ofEntries(
                Map.entry(new SiLU(), Torch.silu(x)),
                Map.entry(new Tanh(), Torch.tanh(x)),
                Map.entry(new Sigmoid(), Torch.sigmoid(x)),
                Map.entry(new ReLU6(), Torch.hardtanh(x, Scalar.of(0), Scalar.of(6))),
                Map.entry(new Hardswish(), Torch.hardswish(x)),
                Map.entry(new Hardsigmoid(), Torch.hardsigmoid(x)),
                Map.entry(new Mish(), Torch.mish(x)),
                Map.entry(new SELU(), Torch.selu(x)),
                Map.entry(new LeakyReLU(0.2), Torch.leaky_relu(x, Scalar.of(0.2))),
                Map.entry(new ELU(0.5), Torch.elu(x, Scalar.of(0.5), Scalar.of(1), Scalar.of(1))),
                Map.entry(new CELU(2.0), Torch.celu(x, Scalar.of(2.0))),
                Map.entry(new Softplus(2.0, 5.0), Torch.softplus(x, Scalar.of(2.0), Scalar.of(5.0))));
        expected.forEach((module, want) -> {
            assertArrayEquals(want.toFloatArray(), module.forward(x).toFloatArray(), module.toString());
            assertTrue(module.parameters().isEmpty(), module.toString());
        });
        assertEquals("Softplus(beta=2.0, threshold=5.0)", new Softplus(2.0, 5.0).toString());
        // relu6 is hardtanh(0, 6): the values pin it, not only agreement with another call
        assertArrayEquals(new float[] {0f, 0f, 0f, 0f, 0.5f, 2f, 3.5f, 6f}, new ReLU6().forward(x).toFloatArray());
    }

    @Test
    void upsampleDoublesAnImageByNearestOrBilinear() {
        Tensor x = Torch.tensor(new float[] {1f, 2f, 3f, 4f}, 1, 1, 2, 2);
        assertArrayEquals(new float[] {1f, 1f, 2f, 2f, 1f, 1f, 2f, 2f, 3f, 3f, 4f, 4f, 3f, 3f, 4f, 4f},
                Upsample.byScale(2, "nearest", false).forward(x).toFloatArray());
        assertArrayEquals(new float[] {1f, 1.5f, 2f, 2f, 2.5f, 3f, 3f, 3.5f, 4f},
                Upsample.toSize(3, 3, "bilinear", true).forward(x).toFloatArray());
        assertArrayEquals(new long[] {1, 1, 5, 7}, Upsample.toSize(5, 7, "bilinear", false).forward(x).sizes());
        assertThrows(IllegalArgumentException.class, () -> Upsample.byScale(2, "nearest", true));
        assertThrows(IllegalArgumentException.class, () -> Upsample.byScale(2, "area", false));
        assertEquals("Upsample(scale_factor=2.0, mode=nearest)", Upsample.byScale(2, "nearest", false).toString());
        // nn.Upsample(scale_factor=2, mode='bicubic') of arange(4) in PyTorch 1.13: overshoots past the corners
        Tensor ramp = Torch.tensor(new float[] {0f, 1f, 2f, 3f}, 1, 1, 2, 2);
        assertArrayEquals(new float[] {-0.31640625f, 0.015625f, 0.5625f, 0.89453125f, 0.34765625f, 0.6796875f,
            1.2265625f, 1.55859375f, 1.44140625f, 1.7734375f, 2.3203125f, 2.65234375f, 2.10546875f, 2.4375f, 2.984375f,
            3.31640625f}, Upsample.byScale(2, "bicubic", false).forward(ramp).toFloatArray(), 1e-6f);
        // the operator follows the input's dims, as F.interpolate chooses it
        Tensor line = Torch.tensor(new float[] {1f, 3f}, 1, 1, 2);
        assertArrayEquals(new float[] {1f, 1.5f, 2.5f, 3f}, Upsample.byScale(2, "linear", false).forward(line)
                .toFloatArray());
        Tensor volume = Torch.tensor(new float[] {1f, 2f}, 1, 1, 2, 1, 1);
        assertArrayEquals(new long[] {1, 1, 4, 2, 2}, Upsample.byScale(2, "trilinear", true).forward(volume).sizes());
        assertArrayEquals(new long[] {1, 1, 3, 1, 2},
                Upsample.toSize(new long[] {3, 1, 2}, "nearest", false).forward(volume).sizes());
        UnsupportedOperationException wrongDims = assertThrows(UnsupportedOperationException.class,
                () -> Upsample.byScale(2, "linear", false).forward(x));
        assertEquals("Got 4D input, but linear mode needs 3D input", wrongDims.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Upsample.toSize(3, 3, "nearest", false).forward(line));
    }

    @Test
    void truncNormalDrawsPyTorchsValuesWithinItsBounds() {
        // torch.manual_seed(7); torch.nn.init.trunc_normal_(torch.empty(8), 0.5, 2.0, -1.0, 3.0) in PyTorch 1.13
        float[] pytorch = {0.923286796f, -0.220271647f, 1.36217749f, 1.35365772f, -0.100215018f, 0.55239743f,
                -0.190764904f, 1.25509572f};
        Torch.manual_seed(7);
        Tensor t = Init.truncNormal_(Torch.empty(new long[] {8}, null, null, null, null, null), 0.5, 2.0, -1.0, 3.0, null);
        assertArrayEquals(pytorch, t.toFloatArray(), 2e-6f);
        Torch.manual_seed(1);
        float[] many = Init.truncNormal_(Torch.empty(new long[] {10_000}, null, null, null, null, null), null)
                .toFloatArray();
        for (float v : many) {
            assertTrue(v >= -2 && v <= 2, "outside [-2, 2]: " + v);
        }
    }

    @Test
    void conv1dWithMaxPool1dMatchesPyTorchFromTheSameSeed() {
        // torch.manual_seed(5); c = nn.Conv1d(3, 4, 3); F.max_pool1d(c(arange(42).reshape(2, 3, 7) / 10), 2)
        Torch.manual_seed(5);
        Conv1d conv = new Conv1d(3, 4, 3);
        assertArrayEquals(new float[] {0.22016792f, -0.249259397f, 0.27164647f, 0.213284701f, 0.280068964f,
                -0.255569875f}, java.util.Arrays.copyOf(conv.weight().toFloatArray(), 6), 1e-7f);
        Tensor x = Torch.arange(Scalar.of(42)).reshape(new long[] {2, 3, 7})
                .to(org.jitdispatch.runtime.ScalarType.Float32).div(Scalar.of(10));
        Tensor y = new MaxPool1d(2).forward(conv.forward(x));
        assertArrayEquals(new long[] {2, 4, 2}, y.sizes());
        assertArrayEquals(new float[] {-0.0768796206f, -0.0560684502f, 0.54068923f, 0.717003226f, -0.11263904f,
                -0.1357636f}, java.util.Arrays.copyOf(y.toFloatArray(), 6), 2e-6f);
        assertArrayEquals(new long[] {2, 4, 1}, new AvgPool1d(2).forward(y).sizes());
        assertArrayEquals(new long[] {2, 4, 3}, new AdaptiveAvgPool1d(3).forward(conv.forward(x)).sizes());
        assertArrayEquals(new long[] {1, 1, 2, 2},
                new AvgPool2d(2).forward(Torch.ones(new long[] {1, 1, 4, 5}, null, null, null, null)).sizes());
    }

    @Test
    void transposedConvolutionChoosesTheOutputPaddingForARequestedSize() {
        ConvTranspose2d up = new ConvTranspose2d(2, 3, 3, 2, 0);
        Tensor x = Torch.randn(new long[] {1, 2, 4, 4});
        assertArrayEquals(new long[] {1, 3, 9, 9}, up.forward(x).sizes());
        assertArrayEquals(new long[] {1, 3, 10, 9}, up.forward(x, new long[] {10, 9}).sizes());
        assertArrayEquals(new long[] {1, 3, 10, 10}, up.forward(x, new long[] {1, 3, 10, 10}).sizes());
        assertArrayEquals(new long[] {3, 10, 10}, up.forward(Torch.randn(new long[] {2, 4, 4}),
                new long[] {3, 10, 10}).sizes());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> up.forward(x, new long[] {11, 10}));
        assertEquals("requested an output size of [11, 10], but valid sizes range from [9, 9] to [10, 10] (for an input"
                + " of [4, 4])", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> up.forward(x, new long[] {10}));
        assertEquals("ConvTranspose2D: for 4D input, output_size must have 2 or 4 elements (got 1)", e.getMessage());
        assertArrayEquals(new long[] {2, 3, 3, 3}, up.weight().sizes(), "weight [in, out / groups, kh, kw]");
    }

    @Test
    void convolutionPaddingStrings() {
        Conv2d same = new Conv2d(2, 3, 4, "same");
        assertArrayEquals(new long[] {1, 3, 5, 7}, same.forward(Torch.randn(new long[] {1, 2, 5, 7})).sizes());
        Conv1d valid = new Conv1d(2, 3, 4, "valid");
        assertArrayEquals(new long[] {1, 3, 4}, valid.forward(Torch.randn(new long[] {1, 2, 7})).sizes());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Conv2d(2, 3, 3, "full"));
        assertEquals("Invalid padding string 'full', should be one of {'valid', 'same'}", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new Conv1d(2, 3, 3, 2, "same", 1, 1, true,
                org.jitdispatch.runtime.ScalarType.Float32, null));
        assertEquals("padding='same' is not supported for strided convolutions", e.getMessage());
    }

    @Test
    void attentionChecksItsMasksAndTakesUnbatchedSequences() {
        MultiheadAttention attention = new MultiheadAttention(8, 2);
        Tensor x = Torch.randn(new long[] {5, 8});
        MultiheadAttention.Result r = attention.forward(x, x, x, null, true, null, false);
        assertArrayEquals(new long[] {5, 8}, r.output().sizes());
        assertArrayEquals(new long[] {2, 5, 5}, r.weights().sizes(), "per-head weights of an unbatched query");
        Tensor batch = Torch.randn(new long[] {5, 3, 8});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> attention.forward(batch, batch, batch, null, false, Torch.zeros(new long[] {4, 5}), true));
        assertEquals("The shape of the 2D attn_mask is torch.Size([4, 5]), but should be (5, 5).", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> attention.forward(batch, batch, batch, null, false, Torch.zeros(new long[] {4, 5, 5}), true));
        assertEquals("The shape of the 3D attn_mask is torch.Size([4, 5, 5]), but should be (6, 5, 5).",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> attention.forward(batch, x, x));
        assertEquals("For batched (3-D) `query`, expected `key` and `value` to be 3-D but found 2-D and 2-D tensors"
                + " respectively", e.getMessage());
        Tensor causal = Transformer.generateSquareSubsequentMask(3);
        assertEquals(Double.NEGATIVE_INFINITY, causal.select(0, 0).select(0, 1).item().toDouble());
        assertEquals(0.0, causal.select(0, 2).select(0, 1).item().toDouble());
    }

    @Test
    void featureDropoutZeroesWholeChannelsWhileTraining() {
        Tensor x = Torch.ones(new long[] {4, 6, 3, 3});
        Tensor y = FeatureDropout.dropout2d(0.5).forward(x);
        for (long n = 0; n < 4; n++) {
            for (long c = 0; c < 6; c++) {
                Tensor channel = y.select(0, n).select(0, c);
                double first = channel.select(0, 0).select(0, 0).item().toDouble();
                assertTrue(first == 0.0 || first == 2.0, "kept channels are scaled by 1 / (1 - p)");
                assertEquals(first * 9, channel.sum().item().toDouble(), 1e-6, "a channel is dropped or kept whole");
            }
        }
        FeatureDropout eval = FeatureDropout.dropout3d(0.5);
        eval.eval();
        Tensor volume = Torch.ones(new long[] {2, 3, 2, 2, 2});
        assertTrue(eval.forward(volume) == volume, "the identity in eval mode");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FeatureDropout.dropout1d(0.5).forward(x));
        assertTrue(e.getMessage().startsWith("dropout1d: Expected 2D or 3D input, but received a 4D input."));
        List<String> warnings = org.jitdispatch.kernels.structured.Warnings.capture(
                () -> FeatureDropout.dropout2d(0.5).forward(Torch.ones(new long[] {2, 3, 4})));
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("dropout2d: Received a 3D input to dropout2d"));
        Tensor alpha = FeatureDropout.alphaDropout(0.2).forward(Torch.randn(new long[] {20000}));
        assertEquals(0.0, alpha.mean().item().toDouble(), 0.05, "alpha dropout keeps a standard normal's mean");
        assertEquals(1.0, alpha.std().item().toDouble(), 0.05, "and its standard deviation");
    }

    @Test
    void embeddingBagMaximaAndItsChecks() {
        EmbeddingBag bag = new EmbeddingBag(6, 2, "max", null, null, 2.0, true, org.jitdispatch.runtime.ScalarType.Float32,
                null);
        Tensor w = bag.weight();
        Tensor indices = Torch.tensor(new long[] {1, 4, 5, 0}, 4);
        Tensor out = bag.forward(indices, Torch.tensor(new long[] {0, 2, 2, 3}, 4), null);
        assertArrayEquals(new long[] {3, 2}, out.sizes(), "three bags: the last offset ends the last one");
        assertArrayEquals(Torch.maximum(w.select(0, 1), w.select(0, 4)).toFloatArray(), out.select(0, 0).toFloatArray());
        assertArrayEquals(new float[] {0, 0}, out.select(0, 1).toFloatArray(), "an empty bag gives zeros");
        assertArrayEquals(w.select(0, 5).toFloatArray(), out.select(0, 2).toFloatArray(), "index 0 is in no bag");
        EmbeddingBag mean = new EmbeddingBag(6, 2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> mean.forward(indices, Torch.tensor(new long[] {1, 2}, 2), null));
        assertEquals("offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from position 0."
                + " However, got 1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> mean.forward(indices, null, null));
        assertEquals("offsets has to be a 1D Tensor but got None", e.getMessage());
        assertThrows(UnsupportedOperationException.class,
                () -> mean.forward(indices, Torch.tensor(new long[] {0}, 1), Torch.ones(new long[] {4})));
    }

    @Test
    void convolutionModulesPrintAsPyTorch() {
        // each expected string is PyTorch 1.13's repr of the same module
        assertEquals("Conv1d(2, 4, kernel_size=(3,), stride=(1,))", new Conv1d(2, 4, 3).toString());
        assertEquals("Conv2d(1, 8, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))",
                new Conv2d(1, 8, 3, 1, 1).toString());
        assertEquals("Conv2d(4, 8, kernel_size=(3, 5), stride=(2, 1), padding=(1, 2), dilation=(1, 2), groups=2,"
                + " bias=False)", new Conv2d(4, 8, new long[] {3, 5}, new long[] {2, 1}, new long[] {1, 2},
                new long[] {1, 2}, 2, false, ScalarType.Float32, null).toString());
        assertEquals("Conv2d(1, 8, kernel_size=(3, 3), stride=(1, 1), padding=same)",
                new Conv2d(1, 8, 3, "same").toString());
        assertEquals("Conv3d(2, 4, kernel_size=(3, 3, 3), stride=(1, 1, 1), padding=valid, padding_mode=reflect)",
                new Conv3d(2, 4, new long[] {3, 3, 3}, new long[] {1, 1, 1}, "valid", new long[] {1, 1, 1}, 1, true,
                        ScalarType.Float32, null).paddingMode("reflect").toString());
        assertEquals("Conv2d(1, 8, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1), padding_mode=circular)",
                new Conv2d(1, 8, 3, 1, 1).paddingMode("circular").toString());
        assertEquals("ConvTranspose2d(8, 4, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1), output_padding=(1, 1))",
                new ConvTranspose2d(8, 4, new long[] {3, 3}, new long[] {2, 2}, new long[] {1, 1}, new long[] {1, 1}, 1,
                        true, new long[] {1, 1}, ScalarType.Float32, null).toString());
        assertEquals("ConvTranspose1d(2, 4, kernel_size=(3,), stride=(1,), dilation=(2,), groups=2, bias=False)",
                new ConvTranspose1d(2, 4, 3, 1, 0, 0, 2, false, 2, ScalarType.Float32, null).toString());
        assertEquals("ConvTranspose3d(2, 4, kernel_size=(2, 2, 2), stride=(1, 1, 1))",
                new ConvTranspose3d(2, 4, 2).toString());
    }
}
