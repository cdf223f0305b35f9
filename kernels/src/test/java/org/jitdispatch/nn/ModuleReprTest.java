package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every nn module prints what PyTorch 1.13's {@code repr} prints for the same construction
 * (resources/nn/module_repr.json, written by kernels/src/test/python/make_module_repr_golden.py, where each case
 * name is built the same way).
 */
class ModuleReprTest {
    private static final ScalarType F32 = ScalarType.Float32;

    private static TransformerEncoderLayer.Options small() {
        return TransformerEncoderLayer.Options.of(8, 2).withFeedforward(16);
    }

    private static final Map<String, Supplier<Object>> CASES = new LinkedHashMap<>();

    private static void put(String name, Supplier<Object> module) {
        CASES.put(name, module);
    }

    static {
        put("linear", () -> new Linear(8, 16));
        put("linear_no_bias", () -> new Linear(8, 16, false, F32, null));
        put("bilinear", () -> new Bilinear(3, 4, 5));
        put("bilinear_no_bias", () -> new Bilinear(3, 4, 5, false, F32, null));
        put("identity", Identity::new);

        put("conv1d", () -> new Conv1d(3, 8, 3));
        put("conv1d_full", () -> new Conv1d(3, 8, 3, 2, 1, 2, 1, false, F32, null));
        put("conv1d_same", () -> new Conv1d(3, 8, 3, "same"));
        put("conv1d_valid", () -> new Conv1d(3, 8, 3, "valid"));
        put("conv1d_reflect", () -> new Conv1d(3, 8, 3, 1, 1, 1, 1, true, F32, null).paddingMode("reflect"));
        put("conv2d", () -> new Conv2d(3, 8, 3));
        put("conv2d_stride_padding", () -> new Conv2d(3, 8, 3, 2, 1));
        put("conv2d_tuples", () -> new Conv2d(4, 8, new long[] {3, 5}, new long[] {1, 2}, new long[] {1, 2},
                new long[] {2, 1}, 2, false, F32, null));
        put("conv2d_same_dilated", () -> new Conv2d(4, 8, new long[] {3, 3}, new long[] {1, 1}, "same",
                new long[] {2, 2}, 4, true, F32, null));
        put("conv2d_circular", () -> new Conv2d(3, 8, 3, 1, 1).paddingMode("circular"));
        put("conv2d_padding_same", () -> new Conv2d(3, 8, 3, "same"));
        put("conv3d", () -> new Conv3d(2, 4, 3));
        put("conv3d_stride_padding", () -> new Conv3d(2, 4, 3, 2, 1));
        put("conv3d_tuples", () -> new Conv3d(2, 4, new long[] {1, 2, 3}, new long[] {1, 1, 2}, new long[] {0, 1, 0},
                new long[] {1, 2, 1}, 2, false, F32, null));
        put("conv3d_replicate", () -> new Conv3d(2, 4, 3, 1, 1).paddingMode("replicate"));
        put("conv_transpose1d", () -> new ConvTranspose1d(3, 8, 3));
        put("conv_transpose1d_full", () -> new ConvTranspose1d(4, 8, 3, 2, 1, 1, 2, false, 2, F32, null));
        put("conv_transpose2d", () -> new ConvTranspose2d(3, 8, 3));
        put("conv_transpose2d_stride_padding", () -> new ConvTranspose2d(3, 8, 3, 2, 1));
        put("conv_transpose2d_tuples", () -> new ConvTranspose2d(4, 8, new long[] {3, 2}, new long[] {2, 1},
                new long[] {1, 0}, new long[] {1, 0}, 4, false, new long[] {1, 2}, F32, null));
        put("conv_transpose3d", () -> new ConvTranspose3d(2, 4, 3));
        put("conv_transpose3d_tuples", () -> new ConvTranspose3d(2, 4, new long[] {3, 3, 3}, new long[] {2, 2, 2},
                new long[] {1, 1, 1}, new long[] {1, 1, 1}, 1, true, new long[] {1, 1, 1}, F32, null));

        put("max_pool1d", () -> new MaxPool1d(2));
        put("max_pool1d_full", () -> new MaxPool1d(3, 2, 1, 2, true));
        put("max_pool2d", () -> new MaxPool2d(2));
        put("max_pool2d_tuples", () -> new MaxPool2d(new long[] {3, 3}, new long[] {2, 2}, new long[] {1, 1},
                new long[] {1, 1}, false));
        put("max_pool3d", () -> new MaxPool3d(2));
        put("max_pool3d_tuples", () -> new MaxPool3d(new long[] {2, 2, 2}, new long[] {1, 1, 1}, new long[] {0, 0, 0},
                new long[] {1, 1, 1}, true));
        put("avg_pool1d", () -> new AvgPool1d(2));
        put("avg_pool1d_full", () -> new AvgPool1d(3, 2, 1, true, false));
        put("avg_pool2d", () -> new AvgPool2d(2));
        put("avg_pool2d_tuples", () -> new AvgPool2d(new long[] {3, 3}, new long[] {2, 2}, new long[] {1, 1}, false,
                true));
        put("avg_pool3d", () -> new AvgPool3d(2));
        put("avg_pool3d_tuples", () -> new AvgPool3d(new long[] {2, 2, 2}, new long[] {1, 1, 1}, new long[] {0, 0, 0},
                false, true, null));
        put("adaptive_avg_pool1d", () -> new AdaptiveAvgPool1d(4));
        put("adaptive_avg_pool2d", () -> new AdaptiveAvgPool2d(1));
        put("adaptive_avg_pool2d_tuple", () -> new AdaptiveAvgPool2d(new long[] {1, 1}));
        put("adaptive_avg_pool3d", () -> new AdaptiveAvgPool3d(2));
        put("adaptive_avg_pool3d_tuple", () -> new AdaptiveAvgPool3d(new long[] {2, 3, 4}));
        put("adaptive_max_pool2d", () -> new AdaptiveMaxPool2d(7));
        put("adaptive_max_pool2d_tuple", () -> new AdaptiveMaxPool2d(new long[] {3, 7}));
        put("adaptive_max_pool3d", () -> new AdaptiveMaxPool3d(2));
        put("adaptive_max_pool3d_tuple", () -> new AdaptiveMaxPool3d(new long[] {1, 2, 3}));
        put("lp_pool1d", () -> LPPool.lpPool1d(2.0, 3));
        put("lp_pool1d_full", () -> LPPool.lpPool1d(1.5, 3, 2, true));
        put("lp_pool2d", () -> LPPool.lpPool2d(2.0, 2));
        put("lp_pool2d_tuples", () -> LPPool.lpPool2d(3.0, new long[] {2, 3}, new long[] {1, 2}, false));
        put("max_unpool2d", () -> MaxUnpool.maxUnpool2d(2));
        put("max_unpool2d_tuples", () -> MaxUnpool.maxUnpool2d(new long[] {2, 2}, new long[] {2, 2},
                new long[] {1, 1}));
        put("max_unpool3d", () -> MaxUnpool.maxUnpool3d(2));
        put("fractional_max_pool2d", () -> FractionalMaxPool.fractionalMaxPool2d(2, 4));
        put("fractional_max_pool3d", () -> FractionalMaxPool.fractionalMaxPool3d(2, 4));

        put("batch_norm1d", () -> new BatchNorm1d(8));
        put("batch_norm1d_options", () -> new BatchNorm1d(8, 1e-3, null, false, false, F32));
        put("batch_norm2d", () -> new BatchNorm2d(8));
        put("batch_norm2d_eps_momentum", () -> new BatchNorm2d(8, 1e-3, 0.01, F32));
        put("instance_norm1d", () -> new InstanceNorm1d(4));
        put("instance_norm2d", () -> new InstanceNorm2d(4));
        put("instance_norm2d_affine", () -> new InstanceNorm2d(4, 1e-6, 0.2, true, true, F32));
        put("layer_norm", () -> new LayerNorm(16));
        put("layer_norm_2d", () -> new LayerNorm(4, 16));
        put("layer_norm_options", () -> new LayerNorm(new long[] {16}, 1e-6, false, F32));
        put("group_norm", () -> new GroupNorm(2, 8));
        put("group_norm_options", () -> new GroupNorm(4, 8, 1e-3, false, F32));
        put("local_response_norm", () -> new LocalResponseNorm(2));
        put("local_response_norm_options", () -> new LocalResponseNorm(3, 2e-4, 0.5, 2.0));

        put("dropout", () -> new Dropout(0.5));
        put("dropout_0.25", () -> new Dropout(0.25));
        put("dropout1d", () -> FeatureDropout.dropout1d(0.5));
        put("dropout2d", () -> FeatureDropout.dropout2d(0.2));
        put("dropout3d", () -> FeatureDropout.dropout3d(0.3));
        put("alpha_dropout", () -> FeatureDropout.alphaDropout(0.1));
        put("feature_alpha_dropout", () -> FeatureDropout.featureAlphaDropout(0.4));

        put("embedding", () -> new Embedding(10, 3));
        put("embedding_padding_idx", () -> new Embedding(10, 3, 0L, F32, null));
        put("embedding_max_norm", () -> new Embedding(10, 3, -1L, 1.0, 1.0, F32, null));
        put("embedding_bag", () -> new EmbeddingBag(10, 3));
        put("embedding_bag_max", () -> new EmbeddingBag(10, 3, "max", null, 2.0, 3.0, false, F32, null));
        put("embedding_bag_sum_padding", () -> new EmbeddingBag(10, 3, "sum", 2L, null, 2.0, false, F32, null));

        put("rnn", () -> new RNN(4, 8));
        put("rnn_relu", () -> new RNN(new RNNOptions(4, 8).nonlinearity("relu").numLayers(2).batchFirst(true)));
        put("lstm", () -> new LSTM(4, 8));
        put("lstm_options", () -> new LSTM(new RNNOptions(4, 8).numLayers(2).bias(false).batchFirst(true).dropout(0.5)
                .bidirectional(true)));
        put("lstm_proj", () -> new LSTM(new RNNOptions(4, 8).projSize(3)));
        put("gru", () -> new GRU(4, 8));
        put("gru_bidirectional", () -> new GRU(new RNNOptions(4, 8).bidirectional(true).dropout(0.25).numLayers(3)));
        put("rnn_cell", () -> new RNNCell(4, 8));
        put("rnn_cell_relu_no_bias", () -> new RNNCell(4, 8, false, "relu", F32, null));
        put("lstm_cell", () -> new LSTMCell(4, 8));
        put("lstm_cell_no_bias", () -> new LSTMCell(4, 8, false, F32, null));
        put("gru_cell", () -> new GRUCell(4, 8));

        put("multihead_attention", () -> new MultiheadAttention(16, 4));
        put("multihead_attention_no_bias_kdim", () -> new MultiheadAttention(16, 4, 0.1, false, 8, 12, false, F32,
                null));
        put("transformer_encoder_layer", () -> new TransformerEncoderLayer(small()));
        put("transformer_encoder_layer_gelu", () -> new TransformerEncoderLayer(
                new TransformerEncoderLayer.Options(8, 2, 16, 0.2, "gelu", 1e-6, true, true)));
        put("transformer_decoder_layer", () -> new TransformerDecoderLayer(small()));
        put("transformer_encoder", () -> new TransformerEncoder(new TransformerEncoderLayer(small()), 2, null));
        put("transformer_encoder_norm", () -> new TransformerEncoder(new TransformerEncoderLayer(small()), 1,
                new LayerNorm(8)));
        put("transformer_decoder", () -> new TransformerDecoder(new TransformerDecoderLayer(small()), 1,
                new LayerNorm(8)));
        put("transformer", () -> new Transformer(small(), 1, 1));

        put("l1_loss", L1Loss::new);
        put("mse_loss", MSELoss::new);
        put("mse_loss_sum", () -> new MSELoss("sum"));
        put("cross_entropy_loss", CrossEntropyLoss::new);
        put("cross_entropy_loss_smoothing", () -> new CrossEntropyLoss("mean", null, 1, 0.1));
        put("nll_loss", NLLLoss::new);
        put("bce_loss", BCELoss::new);
        put("bce_with_logits_loss", BCEWithLogitsLoss::new);
        put("kl_div_loss", KLDivLoss::new);
        put("huber_loss", HuberLoss::new);
        put("smooth_l1_loss", SmoothL1Loss::new);
        put("soft_margin_loss", SoftMarginLoss::new);
        put("margin_ranking_loss", MarginRankingLoss::new);
        put("hinge_embedding_loss", HingeEmbeddingLoss::new);
        put("cosine_embedding_loss", CosineEmbeddingLoss::new);
        put("multi_margin_loss", MultiMarginLoss::new);
        put("multi_label_margin_loss", MultiLabelMarginLoss::new);
        put("multi_label_soft_margin_loss", MultiLabelSoftMarginLoss::new);
        put("poisson_nll_loss", PoissonNLLLoss::new);
        put("gaussian_nll_loss", GaussianNLLLoss::new);
        put("triplet_margin_loss", TripletMarginLoss::new);
        put("triplet_margin_loss_options", () -> new TripletMarginLoss(2.0, 1.0, 1e-6, false, "mean"));
        put("ctc_loss", CTCLoss::new);

        put("reflection_pad1d", () -> PaddingLayer.reflectionPad1d(2));
        put("reflection_pad1d_tuple", () -> PaddingLayer.reflectionPad1d(1, 2));
        put("reflection_pad2d", () -> PaddingLayer.reflectionPad2d(1));
        put("reflection_pad3d", () -> PaddingLayer.reflectionPad3d(1, 1, 2, 2, 0, 1));
        put("replication_pad1d", () -> PaddingLayer.replicationPad1d(3, 1));
        put("replication_pad2d", () -> PaddingLayer.replicationPad2d(2));
        put("replication_pad3d", () -> PaddingLayer.replicationPad3d(1));
        put("zero_pad2d", () -> PaddingLayer.zeroPad2d(2));
        put("zero_pad2d_tuple", () -> PaddingLayer.zeroPad2d(1, 2, 3, 4));
        put("constant_pad1d", () -> PaddingLayer.constantPad1d(3.5, 2));
        put("constant_pad2d", () -> PaddingLayer.constantPad2d(-1.0, 1, 0, 2, 0));
        put("constant_pad3d", () -> PaddingLayer.constantPad3d(0.0, 1));

        put("upsample_size", () -> Upsample.toSize(4, 6, "nearest", false));
        put("upsample_size_3d", () -> Upsample.toSize(new long[] {2, 4, 6}, "trilinear", true));
        put("upsample_scale", () -> Upsample.byScale(2.0, "bilinear", false));
        put("upsample_scale_nearest", () -> Upsample.byScale(1.5, "nearest", false));
        put("pixel_shuffle", () -> new PixelShuffle(2));
        put("pixel_unshuffle", () -> new PixelUnshuffle(3));
        put("channel_shuffle", () -> new ChannelShuffle(2));
        put("flatten", Flatten::new);
        put("flatten_0_2", () -> new Flatten(0, 2));
        put("fold", () -> new Fold(new long[] {4, 5}, 2));
        put("fold_tuples", () -> new Fold(new long[] {4, 5}, new long[] {2, 2}, new long[] {1, 2}, new long[] {0, 1},
                new long[] {1, 1}));
        put("unfold", () -> new Unfold(2));
        put("unfold_tuples", () -> new Unfold(new long[] {2, 3}, new long[] {1, 1}, new long[] {1, 0},
                new long[] {2, 1}));

        put("elu", ELU::new);
        put("elu_0.5", () -> new ELU(0.5));
        put("celu", CELU::new);
        put("leaky_relu", LeakyReLU::new);
        put("leaky_relu_0.2", () -> new LeakyReLU(0.2));
        put("rrelu", RReLU::new);
        put("softplus", Softplus::new);
        put("softplus_options", () -> new Softplus(0.5, 10.0));
        put("hardtanh", Hardtanh::new);
        put("threshold_tiny", () -> new Threshold(1e-20, -1e20));
        put("threshold_inf", () -> new Threshold(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
        put("hardshrink", Hardshrink::new);
        put("gelu", GELU::new);
        put("gelu_tanh", () -> new GELU("tanh"));
        put("prelu", PReLU::new);
        put("prelu_4", () -> new PReLU(4, 0.1));
        put("relu", ReLU::new);
        put("relu6", ReLU6::new);
        put("selu", SELU::new);
        put("silu", SiLU::new);
        put("mish", Mish::new);
        put("hardswish", Hardswish::new);
        put("hardsigmoid", Hardsigmoid::new);
        put("sigmoid", Sigmoid::new);
        put("tanh", Tanh::new);
        put("softmax", () -> new Softmax(1));
        put("log_softmax", () -> new LogSoftmax(-1));
        put("softmin", () -> new Softmin(0));
        put("softmax2d", Softmax2d::new);
        put("glu", GLU::new);

        put("sequential_empty", Sequential::new);
        put("sequential", () -> new Sequential(new Linear(4, 8), new ReLU(), new Dropout(0.1), new Linear(8, 2)));
        put("sequential_nested", () -> new Sequential(
                new Sequential(new Conv2d(3, 8, 3, 1, 1), new BatchNorm2d(8), new ReLU()),
                new Sequential(new MaxPool2d(2), new Flatten()),
                new Linear(8, 10)));
        put("module_list", () -> {
            ModuleList<Module> list = new ModuleList<>();
            list.append(new Linear(2, 3));
            list.append(new Sequential(new Tanh(), new Identity()));
            list.append(new ModuleList<>());
            return list;
        });
        put("module_list_empty", ModuleList::new);
    }

    @TestFactory
    Stream<DynamicTest> printsPyTorchsRepr() {
        JsonNode reprs = golden().get("reprs");
        return CASES.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            JsonNode expected = reprs.get(e.getKey());
            assertNotNull(expected, "no golden repr for " + e.getKey());
            assertEquals(expected.asText(), e.getValue().get().toString(), e.getKey());
        }));
    }

    @Test
    void everyGoldenCaseIsBuilt() {
        TreeSet<String> golden = new TreeSet<>();
        golden().get("reprs").fieldNames().forEachRemaining(golden::add);
        assertEquals(golden, new TreeSet<>(CASES.keySet()));
    }

    private static JsonNode golden;

    private static synchronized JsonNode golden() {
        if (golden == null) {
            try (InputStream in = ModuleReprTest.class.getResourceAsStream("/nn/module_repr.json")) {
                golden = new ObjectMapper().readTree(in);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return golden;
    }
}
