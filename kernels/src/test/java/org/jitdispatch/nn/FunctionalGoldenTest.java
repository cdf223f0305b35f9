package org.jitdispatch.nn;

import static org.jitdispatch.nn.Functional.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link Functional} against PyTorch 1.13's torch.nn.functional (resources/nn/functional.json, from
 * make_functional_golden.py): each case's output, the gradient of each of its floating inputs (in float64) and
 * the warnings it gives, and each error case's exception (its message too, where PyTorch's Python writes it).
 */
class FunctionalGoldenTest {
    private static final double TOLERANCE = 1e-9;

    /** Each case's function, applied to its inputs in order, as the script calls it. */
    private static final Map<String, Function<Tensor[], Tensor>> CASES = new HashMap<>();

    static {
        // softmax family
        CASES.put("softmax", x -> softmax(x[0], 1));
        CASES.put("softmax_dim0_float64", x -> softmax(x[0], 0, ScalarType.Float64));
        CASES.put("log_softmax", x -> log_softmax(x[0], -1));
        CASES.put("softmin", x -> softmin(x[0], 1));
        CASES.put("gumbel_softmax", seeded(12, x -> gumbel_softmax(x[0])));
        CASES.put("gumbel_softmax_hard_tau_dim0", seeded(13, x -> gumbel_softmax(x[0], 0.5, true, 0)));
        // activations
        CASES.put("relu", x -> relu(x[0]));
        CASES.put("relu_inplace", x -> relu(x[0].mul(Scalar.of(1)), true));
        CASES.put("relu6", x -> relu6(x[0].mul(Scalar.of(4))));
        CASES.put("leaky_relu", x -> leaky_relu(x[0]));
        CASES.put("leaky_relu_slope", x -> leaky_relu(x[0], 0.2, false));
        CASES.put("elu", x -> elu(x[0], 0.5, false));
        CASES.put("selu", x -> selu(x[0]));
        CASES.put("celu", x -> celu(x[0], 1.5, false));
        CASES.put("gelu", x -> gelu(x[0]));
        CASES.put("gelu_tanh", x -> gelu(x[0], "tanh"));
        CASES.put("silu", x -> silu(x[0]));
        CASES.put("mish", x -> mish(x[0]));
        CASES.put("hardswish", x -> hardswish(x[0].mul(Scalar.of(3))));
        CASES.put("hardsigmoid", x -> hardsigmoid(x[0].mul(Scalar.of(3))));
        CASES.put("hardtanh", x -> hardtanh(x[0], -0.5, 0.8, false));
        CASES.put("logsigmoid", x -> logsigmoid(x[0]));
        CASES.put("softplus", x -> softplus(x[0]));
        CASES.put("softplus_beta", x -> softplus(x[0], 2, 1));
        CASES.put("softsign", x -> softsign(x[0]));
        CASES.put("tanhshrink", x -> tanhshrink(x[0]));
        CASES.put("softshrink", x -> softshrink(x[0], 0.3));
        CASES.put("hardshrink", x -> hardshrink(x[0], 0.3));
        CASES.put("threshold", x -> threshold(x[0], 0.1, -2.0));
        CASES.put("glu", x -> glu(x[0]));
        CASES.put("glu_dim0", x -> glu(x[0], 0));
        CASES.put("prelu", x -> prelu(x[0], x[1]));
        CASES.put("rrelu_eval", x -> rrelu(x[0]));
        CASES.put("rrelu_training", seeded(7, x -> rrelu(x[0], 0.1, 0.4, true, false)));
        CASES.put("relu_", x -> relu_(x[0].mul(Scalar.of(1))));
        CASES.put("elu_", x -> elu_(x[0].mul(Scalar.of(1)), 0.7));
        CASES.put("selu_", x -> selu_(x[0].mul(Scalar.of(1))));
        CASES.put("celu_", x -> celu_(x[0].mul(Scalar.of(1)), 0.5));
        CASES.put("leaky_relu_", x -> leaky_relu_(x[0].mul(Scalar.of(1)), 0.3));
        CASES.put("hardtanh_", x -> hardtanh_(x[0].mul(Scalar.of(1)), -0.2, 0.4));
        CASES.put("threshold_", x -> threshold_(x[0].mul(Scalar.of(1)), 0.2, 9.0));
        CASES.put("rrelu_", x -> rrelu_(x[0].mul(Scalar.of(1)), 0.2, 0.3, false));
        // dropout
        CASES.put("dropout_eval", x -> dropout(x[0], 0.3, false));
        CASES.put("dropout_training", seeded(3, x -> dropout(x[0], 0.3)));
        CASES.put("dropout_default_p", seeded(11, x -> dropout(x[0])));
        CASES.put("dropout2d_training", seeded(4, x -> dropout2d(x[0], 0.5, true)));
        CASES.put("dropout1d_unbatched", seeded(5, x -> dropout1d(x[0], 0.5, true)));
        CASES.put("dropout3d_eval", x -> dropout3d(x[0], 0.5, false));
        CASES.put("dropout1d_unbatched_inplace", seeded(15, x -> dropout1d(x[0].mul(Scalar.of(1)), 0.5, true, true)));
        CASES.put("dropout2d_inplace", seeded(16, x -> dropout2d(x[0].mul(Scalar.of(1)), 0.4, true, true)));
        CASES.put("dropout3d_unbatched_inplace", seeded(17, x -> dropout3d(x[0].mul(Scalar.of(1)), 0.5, true, true)));
        CASES.put("alpha_dropout_inplace", seeded(18, x -> alpha_dropout(x[0].mul(Scalar.of(1)), 0.3, true, true)));
        CASES.put("feature_alpha_dropout_inplace", seeded(19, x -> feature_alpha_dropout(x[0].mul(Scalar.of(1)), 0.5,
                true, true)));
        CASES.put("dropout2d_3d_input_eval", x -> dropout2d(x[0], 0.5, false));
        CASES.put("dropout3d_3d_input_eval", x -> dropout3d(x[0], 0.5, false));
        CASES.put("alpha_dropout_training", seeded(6, x -> alpha_dropout(x[0], 0.2, true)));
        // losses
        CASES.put("cross_entropy", x -> cross_entropy(x[0], x[1]));
        CASES.put("cross_entropy_weight_ignore_smoothing_sum", x -> cross_entropy(x[0], x[1], x[2], 4, "sum", 0.1));
        CASES.put("cross_entropy_none", x -> cross_entropy(x[0], x[1], "none"));
        CASES.put("cross_entropy_probabilities", x -> cross_entropy(x[0], x[1]));
        CASES.put("cross_entropy_probabilities_smoothing", x -> cross_entropy(x[0], x[1], null, -100, "mean", 0.2));
        CASES.put("cross_entropy_spatial", x -> cross_entropy(x[0], x[1]));
        CASES.put("nll_loss", x -> nll_loss(log_softmax(x[0], 1), x[1]));
        CASES.put("nll_loss_weight_ignore_none", x -> nll_loss(x[0], x[1], x[2], 0, "none"));
        CASES.put("mse_loss", x -> mse_loss(x[0], x[1]));
        CASES.put("mse_loss_sum", x -> mse_loss(x[0], x[1], "sum"));
        CASES.put("mse_loss_broadcast", x -> mse_loss(x[0], x[1]));
        CASES.put("l1_loss_none", x -> l1_loss(x[0], x[1], "none"));
        CASES.put("smooth_l1_loss", x -> smooth_l1_loss(x[0], x[1], "mean", 0.5));
        CASES.put("huber_loss", x -> huber_loss(x[0], x[1], "sum", 0.7));
        CASES.put("binary_cross_entropy", x -> binary_cross_entropy(x[0], x[1]));
        CASES.put("binary_cross_entropy_weight_none", x -> binary_cross_entropy(x[0], x[1], x[2], "none"));
        CASES.put("bce_with_logits", x -> binary_cross_entropy_with_logits(x[0], x[1]));
        CASES.put("bce_with_logits_pos_weight", x -> binary_cross_entropy_with_logits(x[0], x[1], x[2], "sum", x[3]));
        CASES.put("kl_div_batchmean", x -> kl_div(x[0], x[1], "batchmean", false));
        CASES.put("kl_div_log_target", x -> kl_div(x[0], x[1], "sum", true));
        CASES.put("kl_div_mean", x -> kl_div(x[0], x[1]));
        CASES.put("poisson_nll_loss", x -> poisson_nll_loss(x[0], x[1]));
        CASES.put("poisson_nll_loss_full_rates_none", x -> poisson_nll_loss(x[0], x[1], false, true, 1e-8, "none"));
        CASES.put("gaussian_nll_loss", x -> gaussian_nll_loss(x[0], x[1], x[2]));
        CASES.put("gaussian_nll_loss_full_sum_short_var", x -> gaussian_nll_loss(x[0], x[1], x[2], true, 0.2, "sum"));
        CASES.put("margin_ranking_loss", x -> margin_ranking_loss(x[0], x[1], x[2], 0.2, "mean"));
        CASES.put("hinge_embedding_loss", x -> hinge_embedding_loss(x[0], x[1], 0.5, "sum"));
        CASES.put("cosine_embedding_loss", x -> cosine_embedding_loss(x[0], x[1], x[2], 0.1, "mean"));
        CASES.put("soft_margin_loss", x -> soft_margin_loss(x[0], x[1]));
        CASES.put("multi_margin_loss", x -> multi_margin_loss(x[0], x[1]));
        CASES.put("multi_margin_loss_p2_weight_none", x -> multi_margin_loss(x[0], x[1], 2, 0.5, x[2], "none"));
        CASES.put("multilabel_margin_loss", x -> multilabel_margin_loss(x[0], x[1]));
        CASES.put("multilabel_soft_margin_loss", x -> multilabel_soft_margin_loss(x[0], x[1]));
        CASES.put("multilabel_soft_margin_loss_weight_sum", x -> multilabel_soft_margin_loss(x[0], x[1], x[2], "sum"));
        CASES.put("triplet_margin_loss", x -> triplet_margin_loss(x[0], x[1], x[2]));
        CASES.put("triplet_margin_loss_p1_swap_none", x -> triplet_margin_loss(x[0], x[1], x[2], 0.5, 1, 1e-6, true,
                "none"));
        CASES.put("triplet_margin_with_distance_loss", x -> triplet_margin_with_distance_loss(x[0], x[1], x[2]));
        CASES.put("triplet_margin_with_cosine_distance_swap_sum", x -> triplet_margin_with_distance_loss(x[0], x[1],
                x[2], (u, v) -> Torch.rsub(cosine_similarity(u, v), Scalar.of(1.0)), 0.3, true, "sum"));
        CASES.put("ctc_loss", x -> ctc_loss(x[0], x[1], x[2], x[3]));
        CASES.put("ctc_loss_blank_sum_zero_infinity", x -> ctc_loss(x[0], x[1], x[2], x[3], 4, "sum", true));
        // linear maps and convolutions
        CASES.put("linear", x -> linear(x[0], x[1], x[2]));
        CASES.put("linear_no_bias", x -> linear(x[0], x[1]));
        CASES.put("bilinear", x -> bilinear(x[0], x[1], x[2], x[3]));
        CASES.put("conv1d", x -> conv1d(x[0], x[1], x[2], ints(2), ints(1), ints(1), 1));
        CASES.put("conv1d_same", x -> conv1d(x[0], x[1], null, ints(1), "same", ints(2), 1));
        CASES.put("conv2d", x -> conv2d(x[0], x[1]));
        CASES.put("conv2d_stride_padding", x -> conv2d(x[0], x[1], x[2], ints(2), ints(1)));
        CASES.put("conv2d_groups", x -> conv2d(x[0], x[1], x[2], ints(2, 1), ints(1, 0), ints(1, 2), 3));
        CASES.put("conv3d", x -> conv3d(x[0], x[1], null, ints(1), "valid", ints(1), 1));
        CASES.put("conv_transpose1d", x -> conv_transpose1d(x[0], x[1], x[2], ints(2), ints(1), ints(1), 1, ints(1)));
        CASES.put("conv_transpose2d", x -> conv_transpose2d(x[0], x[1]));
        CASES.put("conv_transpose3d_groups", x -> conv_transpose3d(x[0], x[1], null, ints(1), ints(0), ints(0), 2,
                ints(2)));
        // pooling
        CASES.put("max_pool1d", x -> max_pool1d(x[0], 2));
        CASES.put("max_pool1d_stride_padding_ceil", x -> max_pool1d(x[0], ints(3), ints(2), ints(1), ints(1), true));
        CASES.put("max_pool1d_indices", x -> max_pool1d_with_indices(x[0], ints(3), ints(2), ints(1), ints(1),
                true)[1]);
        CASES.put("max_pool2d", x -> max_pool2d(x[0], 2));
        CASES.put("max_pool2d_stride_padding", x -> max_pool2d(x[0], ints(3), ints(2), ints(1)));
        CASES.put("max_pool2d_dilation", x -> max_pool2d(x[0], ints(2, 3), ints(1, 2), ints(1, 1), ints(2, 1), false));
        CASES.put("max_pool2d_indices", x -> max_pool2d_with_indices(x[0], ints(2), null, ints(0), ints(1), false)[1]);
        CASES.put("max_pool3d", x -> max_pool3d(x[0], ints(2), null, ints(1), ints(1), true));
        CASES.put("max_pool3d_indices", x -> max_pool3d_with_indices(x[0], ints(2), null, ints(0), ints(1), false)[1]);
        CASES.put("max_unpool1d", x -> {
            Tensor[] pooled = max_pool1d_with_indices(x[0], ints(2), null, ints(0), ints(1), false);
            return max_unpool1d(pooled[0], pooled[1], 2);
        });
        CASES.put("max_unpool2d_output_size", x -> {
            Tensor[] pooled = max_pool2d_with_indices(x[0], ints(2), null, ints(0), ints(1), false);
            return max_unpool2d(pooled[0], pooled[1], ints(2), null, ints(0), ints(5, 7));
        });
        CASES.put("max_unpool3d_output_size", x -> {
            Tensor[] pooled = max_pool3d_with_indices(x[0], ints(2), null, ints(0), ints(1), false);
            return max_unpool3d(pooled[0], pooled[1], ints(2), null, ints(0), ints(1, 2, 4, 5, 6));
        });
        CASES.put("fractional_max_pool2d", seeded(8, x -> fractional_max_pool2d(x[0], ints(2), ints(3, 4), null)));
        CASES.put("fractional_max_pool2d_ratio_indices", seeded(9, x -> fractional_max_pool2d_with_indices(x[0],
                ints(2, 3), null, new double[] {0.6})[1]));
        CASES.put("fractional_max_pool3d_ratio", seeded(10, x -> fractional_max_pool3d(x[0], ints(2), null,
                new double[] {0.5, 0.6, 0.7})));
        CASES.put("avg_pool1d", x -> avg_pool1d(x[0], ints(3), ints(2), ints(1), true, false));
        CASES.put("avg_pool2d", x -> avg_pool2d(x[0], 2));
        CASES.put("avg_pool2d_stride_padding", x -> avg_pool2d(x[0], ints(3, 2), null, ints(1)));
        CASES.put("avg_pool2d_divisor", x -> avg_pool2d(x[0], ints(3), ints(2), ints(1), false, true, 5L));
        CASES.put("avg_pool3d", x -> avg_pool3d(x[0], ints(2, 2, 3), null, ints(0), true, false, null));
        CASES.put("lp_pool1d", x -> lp_pool1d(x[0], 2, 3));
        CASES.put("lp_pool1d_stride_ceil", x -> lp_pool1d(x[0], 3, 2, 3L, true));
        CASES.put("lp_pool2d", x -> lp_pool2d(x[0], 2, 2, 3));
        CASES.put("lp_pool2d_stride", x -> lp_pool2d(x[0], 1.5, ints(2), ints(1), false));
        CASES.put("adaptive_avg_pool1d", x -> adaptive_avg_pool1d(x[0], 4));
        CASES.put("adaptive_avg_pool2d", x -> adaptive_avg_pool2d(x[0], 3, 4));
        CASES.put("adaptive_avg_pool3d", x -> adaptive_avg_pool3d(x[0], 3));
        CASES.put("adaptive_max_pool1d", x -> adaptive_max_pool1d(x[0], 4));
        CASES.put("adaptive_max_pool2d", x -> adaptive_max_pool2d(x[0], 3, 4));
        CASES.put("adaptive_max_pool2d_indices", x -> adaptive_max_pool2d_with_indices(x[0], 3, 4)[1]);
        CASES.put("adaptive_max_pool3d", x -> adaptive_max_pool3d(x[0], 2, 3, 3));
        // normalization
        CASES.put("batch_norm_eval", x -> batch_norm(x[0], x[1], x[2]));
        CASES.put("batch_norm_training", x -> flat(batch_norm(x[0], x[1], x[2], x[3], x[4], true, 0.3, 1e-3), x[1],
                x[2]));
        CASES.put("batch_norm_training_affine_grads", x -> batch_norm(x[0], null, null, x[1], x[2], true, 0.1, 1e-5));
        CASES.put("instance_norm", x -> instance_norm(x[0]));
        CASES.put("instance_norm_running_stats_affine", x -> instance_norm(x[0], x[1], x[2], x[3], x[4], true, 0.2,
                1e-4));
        CASES.put("layer_norm", x -> layer_norm(x[0], 5, 6));
        CASES.put("layer_norm_affine", x -> layer_norm(x[0], ints(6), x[1], x[2], 1e-3));
        CASES.put("group_norm", x -> group_norm(x[0], 3));
        CASES.put("group_norm_affine", x -> group_norm(x[0], 1, x[1], x[2], 1e-3));
        CASES.put("local_response_norm_3d", x -> local_response_norm(x[0], 2));
        CASES.put("local_response_norm_4d", x -> local_response_norm(x[0], 3, 0.01, 0.6, 2.0));
        CASES.put("local_response_norm_5d", x -> local_response_norm(x[0], 2));
        CASES.put("normalize", x -> normalize(x[0]));
        CASES.put("normalize_p1_dim0", x -> normalize(x[0], 1.0, 0, 1e-12));
        CASES.put("normalize_p3_last", x -> normalize(x[0], 3.0, -1));
        // embedding
        CASES.put("embedding", x -> embedding(x[0], x[1]));
        CASES.put("embedding_padding_idx", x -> embedding(x[0], x[1], -3L, null, 2.0, false, false));
        CASES.put("embedding_max_norm", x -> flat(embedding(x[0], x[1], null, 1.0, 1.0, false, false), x[1]));
        CASES.put("embedding_bag", x -> embedding_bag(x[0], x[1]));
        CASES.put("embedding_bag_offsets_sum_weights", x -> embedding_bag(x[0], x[1], x[2], null, 2.0, "sum", x[3],
                false, null));
        CASES.put("embedding_bag_max_padding", x -> embedding_bag(x[0], x[1], x[2], null, 2.0, "max", null, false, 1L));
        CASES.put("embedding_bag_sum_last_offset_padding", x -> embedding_bag(x[0], x[1], x[2], null, 2.0, "sum", null,
                true, -4L));
        CASES.put("embedding_bag_mean_last_offset_empty_bag", x -> embedding_bag(x[0], x[1], x[2], null, 2.0, "mean",
                null, true, null));
        CASES.put("embedding_bag_mean_max_norm", x -> flat(embedding_bag(x[0], x[1], x[2], 1.5, 2.0, "mean", null,
                false, null), x[1]));
        CASES.put("one_hot", x -> one_hot(x[0]));
        CASES.put("one_hot_classes", x -> one_hot(x[0], 6));
        // distances
        CASES.put("cosine_similarity", x -> cosine_similarity(x[0], x[1]));
        CASES.put("cosine_similarity_dim0_eps", x -> cosine_similarity(x[0], x[1], 0, 1e-3));
        CASES.put("pairwise_distance", x -> pairwise_distance(x[0], x[1]));
        CASES.put("pairwise_distance_p1_keepdim", x -> pairwise_distance(x[0], x[1], 1.0, 1e-3, true));
        CASES.put("pdist", x -> pdist(x[0]));
        CASES.put("pdist_p3", x -> pdist(x[0], 3));
        // attention
        CASES.put("mha_self_attention", x -> flat(multi_head_attention_forward(x[0], x[0], x[0], 4, 2, x[1], x[2], null,
                null, false, 0.0, x[3], x[4])));
        CASES.put("mha_key_value_masks_per_head", x -> flat(multi_head_attention_forward(x[0], x[1], x[1], 4, 2, x[2],
                x[3], null, null, false, 0.0, x[4], x[5], true, x[7], true, x[6], false, null, null, null, null, null,
                false)));
        CASES.put("mha_separate_bias_kv_zero_attn_eval", x -> multi_head_attention_forward(x[0], x[1], x[2], 4, 2, null,
                x[3], x[4], x[5], true, 0.5, x[6], x[7], false, null, false, x[11], true, x[8], x[9], x[10], null, null,
                true)[0]);
        CASES.put("mha_unbatched_static_kv", x -> flat(multi_head_attention_forward(x[0], x[0], x[0], 4, 2, x[1], x[2],
                null, null, false, 0.0, x[3], x[4], true, null, true, null, false, null, null, null, x[5], x[6],
                true)));
        CASES.put("mha_training_dropout", seeded(14, x -> multi_head_attention_forward(x[0], x[0], x[0], 4, 2, x[1],
                x[2], null, null, false, 0.3, x[3], x[4])[0]));
        // vision
        CASES.put("pad_constant", x -> pad(x[0], 1, 2, 0, 1));
        CASES.put("pad_constant_value", x -> pad(x[0], ints(1, 1), "constant", 2.5));
        CASES.put("pad_reflect", x -> pad(x[0], ints(2, 1, 1, 2), "reflect"));
        CASES.put("pad_replicate", x -> pad(x[0], ints(1, 2, 2, 1, 1, 0), "replicate"));
        CASES.put("pad_circular", x -> pad(x[0], ints(2, 1), "circular"));
        CASES.put("interpolate_nearest_size", x -> interpolate(x[0], ints(7, 9), "nearest"));
        CASES.put("interpolate_nearest_scale", x -> interpolate(x[0], 1.7, "nearest"));
        CASES.put("interpolate_linear_align", x -> interpolate(x[0], ints(11), null, "linear", true, null));
        CASES.put("interpolate_bilinear_scale", x -> interpolate(x[0], null, new double[] {1.5, 0.7}, "bilinear",
                null, null));
        CASES.put("interpolate_bilinear_recompute", x -> interpolate(x[0], null, new double[] {1.5, 0.7},
                "bilinear", null, true));
        CASES.put("interpolate_bicubic_align", x -> interpolate(x[0], ints(8, 4), null, "bicubic", true, null));
        CASES.put("interpolate_trilinear", x -> interpolate(x[0], 2.0, "trilinear"));
        CASES.put("interpolate_nearest_3d", x -> interpolate(x[0], ints(5, 3, 8), "nearest"));
        CASES.put("interpolate_area_size", x -> interpolate(x[0], ints(3, 4), "area"));
        CASES.put("interpolate_area_scale", x -> interpolate(x[0], 0.6, "area"));
        CASES.put("upsample", x -> upsample(x[0], null, new double[] {2, 2}, "bilinear", false));
        CASES.put("upsample_nearest", x -> upsample_nearest(x[0], ints(3, 8), null));
        CASES.put("upsample_bilinear", x -> upsample_bilinear(x[0], null, new double[] {1.5, 1.5}));
        CASES.put("channel_shuffle", x -> channel_shuffle(x[0], 2));
        CASES.put("pixel_shuffle", x -> pixel_shuffle(x[0], 2));
        CASES.put("pixel_unshuffle", x -> pixel_unshuffle(x[0], 2));
        CASES.put("unfold", x -> unfold(x[0], 2, 3));
        CASES.put("unfold_options", x -> unfold(x[0], ints(2), ints(2), ints(1), ints(1, 2)));
        CASES.put("fold", x -> fold(x[0], ints(4, 5), ints(2, 2)));
        CASES.put("fold_options", x -> fold(x[0], ints(5, 6), ints(3), ints(1), ints(1), ints(2)));
        CASES.put("affine_grid", x -> affine_grid(x[0], ints(2, 3, 4, 5), false));
        CASES.put("affine_grid_default_align", x -> affine_grid(x[0], ints(2, 3, 4, 5)));
        CASES.put("affine_grid_unit_size_align", x -> affine_grid(x[0], ints(2, 3, 1, 5), true));
        CASES.put("affine_grid_3d_align", x -> affine_grid(x[0], ints(1, 2, 3, 4, 2), true));
        CASES.put("grid_sample", x -> grid_sample(x[0], x[1], "bilinear", "zeros", false));
        CASES.put("grid_sample_default_align", x -> grid_sample(x[0], x[1]));
        CASES.put("grid_sample_nearest_border", x -> grid_sample(x[0], x[1], "nearest", "border", true));
        CASES.put("grid_sample_bicubic_reflection", x -> grid_sample(x[0], x[1], "bicubic", "reflection", false));
    }

    private static final Tensor X = Torch.randn(4, 5);
    private static final Tensor IMG = Torch.randn(2, 3, 5, 6);
    private static final Tensor SEQ = Torch.randn(2, 3, 7);
    private static final Tensor LABELS = Torch.tensor(new long[] {1, 0, 4, 2}, 4);
    private static final Tensor SIGN = Torch.ones(4);
    private static final Tensor OFFSETS = Torch.tensor(new long[] {0, 2}, 2);

    /** Each error case's call, on tensors of the script's shapes. */
    private static final Map<String, Executable> ERRORS = new HashMap<>();

    static {
        ERRORS.put("dropout_probability", () -> dropout(X, 1.5, true));
        ERRORS.put("dropout1d_dims", () -> dropout1d(IMG, 0.5, true));
        ERRORS.put("glu_scalar", () -> glu(Torch.tensor(new double[] {1.0}).reshape()));
        ERRORS.put("cross_entropy_reduction", () -> cross_entropy(X, LABELS, "avg"));
        ERRORS.put("binary_cross_entropy_size", () -> binary_cross_entropy(X.sigmoid(), Torch.ones(5)));
        ERRORS.put("bce_with_logits_size", () -> binary_cross_entropy_with_logits(X, Torch.ones(4, 2)));
        ERRORS.put("gaussian_nll_var_size", () -> gaussian_nll_loss(X, X, Torch.ones(3, 5)));
        ERRORS.put("gaussian_nll_var_negative", () -> gaussian_nll_loss(X, X, Torch.ones(4, 5).neg()));
        ERRORS.put("gaussian_nll_reduction", () -> gaussian_nll_loss(X, X, Torch.ones(4, 5), false, 1e-6, "avg"));
        ERRORS.put("poisson_nll_reduction", () -> poisson_nll_loss(X, X, true, false, 1e-8, "avg"));
        ERRORS.put("multilabel_soft_margin_reduction", () -> multilabel_soft_margin_loss(X, X, null, "avg"));
        ERRORS.put("margin_ranking_dims", () -> margin_ranking_loss(X, SIGN, SIGN));
        ERRORS.put("multi_margin_p", () -> multi_margin_loss(X, LABELS, 3, 1.0, null, "mean"));
        ERRORS.put("multi_margin_weight_dims", () -> multi_margin_loss(X, LABELS, 1, 1.0, Torch.ones(1, 5), "mean"));
        ERRORS.put("fractional_max_pool_neither", () -> fractional_max_pool2d(IMG, ints(2), null, null));
        ERRORS.put("batch_norm_one_value", () -> batch_norm(Torch.randn(1, 3), null, null, null, null, true, 0.1,
                1e-5));
        ERRORS.put("instance_norm_one_value", () -> instance_norm(Torch.randn(2, 3, 1)));
        ERRORS.put("group_norm_one_value", () -> group_norm(Torch.randn(1, 3, 1), 3));
        ERRORS.put("local_response_norm_dims", () -> local_response_norm(X, 2));
        ERRORS.put("embedding_padding_idx", () -> embedding(LABELS, Torch.randn(5, 3), 5L, null, 2.0, false, false));
        ERRORS.put("embedding_bag_mode", () -> embedding_bag(LABELS, Torch.randn(5, 3), OFFSETS, "min"));
        ERRORS.put("embedding_bag_offsets_2d", () -> embedding_bag(LABELS.view(2, 2), Torch.randn(5, 3),
                Torch.tensor(new long[] {0}, 1), "mean"));
        ERRORS.put("embedding_bag_no_offsets", () -> embedding_bag(LABELS, Torch.randn(5, 3)));
        ERRORS.put("embedding_bag_weights_mode", () -> embedding_bag(LABELS, Torch.randn(5, 3), OFFSETS, null, 2.0,
                "mean", Torch.rand(4), false, null));
        ERRORS.put("mha_query_dims", () -> multi_head_attention_forward(Torch.randn(3, 2, 2, 4), Torch.randn(5, 2, 4),
                Torch.randn(5, 2, 4), 4, 2, Torch.randn(12, 4), null, null, null, false, 0.0, Torch.randn(4, 4), null));
        ERRORS.put("mha_embed_dim", () -> multi_head_attention_forward(Torch.randn(3, 2, 4), Torch.randn(5, 2, 4),
                Torch.randn(5, 2, 4), 6, 2, Torch.randn(12, 4), null, null, null, false, 0.0, Torch.randn(4, 4), null));
        ERRORS.put("mha_attn_mask_shape", () -> multi_head_attention_forward(Torch.randn(3, 2, 4), Torch.randn(5, 2, 4),
                Torch.randn(5, 2, 4), 4, 2, Torch.randn(12, 4), null, null, null, false, 0.0, Torch.randn(4, 4), null,
                true, null, true, Torch.zeros(3, 4), false, null, null, null, null, null, true));
        ERRORS.put("mha_key_padding_mask_dtype", () -> multi_head_attention_forward(Torch.randn(3, 2, 4),
                Torch.randn(5, 2, 4), Torch.randn(5, 2, 4), 4, 2, Torch.randn(12, 4), null, null, null, false, 0.0,
                Torch.randn(4, 4), null, true, Torch.zeros(new long[] {2, 5}, ScalarType.Int64), true, null, false,
                null, null, null, null, null, true));
        ERRORS.put("max_unpool_output_size_length", () -> {
            Tensor[] pooled = max_pool2d_with_indices(IMG, ints(2), null, ints(0), ints(1), false);
            max_unpool2d(pooled[0], pooled[1], ints(2), null, ints(0), ints(5));
        });
        ERRORS.put("max_unpool_output_size_range", () -> {
            Tensor[] pooled = max_pool2d_with_indices(IMG, ints(2), null, ints(0), ints(1), false);
            max_unpool2d(pooled[0], pooled[1], ints(2), null, ints(0), ints(8, 6));
        });
        ERRORS.put("interpolate_size_and_scale", () -> interpolate(IMG, ints(3, 3), new double[] {2, 2}, "nearest",
                null, null));
        ERRORS.put("interpolate_neither", () -> interpolate(IMG, null, null, "nearest", null, null));
        ERRORS.put("interpolate_align_nearest", () -> interpolate(IMG, ints(3, 3), null, "nearest", true, null));
        ERRORS.put("interpolate_size_dims", () -> interpolate(IMG, ints(3, 3, 3), "nearest"));
        ERRORS.put("interpolate_scale_dims", () -> interpolate(IMG, null, new double[] {2.0}, "nearest", null, null));
        ERRORS.put("interpolate_recompute_size", () -> interpolate(IMG, ints(3, 3), null, "nearest", null, true));
        ERRORS.put("interpolate_linear_4d", () -> interpolate(IMG, ints(3, 3), "linear"));
        ERRORS.put("interpolate_bicubic_3d", () -> interpolate(SEQ, 3L, "bicubic"));
        ERRORS.put("interpolate_2d_input", () -> interpolate(X, new long[0], "nearest"));
        ERRORS.put("grid_sample_mode", () -> grid_sample(IMG, Torch.zeros(2, 4, 3, 2), "cubic", "zeros", false));
        ERRORS.put("grid_sample_padding_mode", () -> grid_sample(IMG, Torch.zeros(2, 4, 3, 2), "bilinear", "wrap",
                false));
        ERRORS.put("affine_grid_theta_shape", () -> affine_grid(Torch.zeros(2, 3, 3), ints(2, 3, 4, 5), false));
        ERRORS.put("affine_grid_size_length", () -> affine_grid(Torch.zeros(2, 2, 3), ints(2, 3, 4), false));
        ERRORS.put("pad_reflect_too_large", () -> pad(SEQ, ints(7, 0), "reflect"));
        ERRORS.put("conv2d_channels", () -> conv2d(IMG, Torch.randn(2, 4, 3, 3)));
        ERRORS.put("nll_loss_target_size", () -> nll_loss(X, LABELS.narrow(0, 0, 3)));
    }

    /** PyTorch's exception types as Java's (README: "PyTorch's exceptions, as Java exceptions"). */
    private static final Map<String, Class<? extends RuntimeException>> EXCEPTIONS = Map.of(
            "ValueError", IllegalArgumentException.class,
            "RuntimeError", IllegalArgumentException.class,
            "AssertionError", IllegalArgumentException.class,
            "NotImplementedError", UnsupportedOperationException.class);

    private static JsonNode golden;

    @TestFactory
    Stream<DynamicTest> outputsAndGradientsMatchPyTorch() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : golden().get("cases")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> check(c, CASES.get(name))));
        }
        assertEquals(CASES.size(), tests.size(), "a function for every case");
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> errorsMatchPyTorch() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode e : golden().get("errors")) {
            String name = e.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                Executable call = ERRORS.get(name);
                assertTrue(call != null, "no call for " + name);
                if (e.get("stable").asBoolean()) {
                    RuntimeException thrown = assertThrows(EXCEPTIONS.get(e.get("type").asText()), call);
                    assertEquals(e.get("message").asText(), thrown.getMessage());
                } else {
                    assertThrows(RuntimeException.class, call);
                }
            }));
        }
        assertEquals(ERRORS.size(), tests.size(), "a call for every error case");
        return tests.stream();
    }

    private static void check(JsonNode c, Function<Tensor[], Tensor> function) {
        assertTrue(function != null, "no function for " + c.get("name").asText());
        JsonNode inputs = c.get("inputs");
        JsonNode grads = c.get("grads");
        Tensor[] x = new Tensor[inputs.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = tensor(inputs.get(i));
            if (grads != null && !grads.get(i).isNull()) {
                x[i].requiresGrad_(true);
            }
        }
        List<String> warnings = new ArrayList<>();
        Warnings.Handler previous = Warnings.setHandler(warnings::add);
        Tensor out;
        try {
            out = function.apply(x);
        } finally {
            Warnings.setHandler(previous);
        }
        List<String> expectedWarnings = new ArrayList<>();
        c.get("warnings").forEach(w -> expectedWarnings.add(w.asText()));
        assertEquals(expectedWarnings, warnings, "warnings");
        JsonNode expected = c.get("output");
        assertArrayEquals(longs(expected.get("shape")), out.sizes(), "shape");
        assertEquals(expected.get("dtype").asText().equals("float64") ? ScalarType.Float64 : ScalarType.Int64,
                out.dtype(), "dtype");
        assertClose(doubles(expected.get("values")), out.contiguous().toDoubleArray(), "output");
        if (grads == null) {
            return;
        }
        double[] upstream = doubles(c.get("upstream"));
        out.backward(Torch.tensor(upstream, upstream.length).reshape(out.sizes()));
        for (int i = 0; i < x.length; i++) {
            if (!grads.get(i).isNull()) {
                assertTrue(x[i].grad() != null, "a gradient for input " + i);
                assertClose(doubles(grads.get(i)), x[i].grad().contiguous().toDoubleArray(), "gradient of input " + i);
            }
        }
    }

    private static void assertClose(double[] expected, double[] actual, String what) {
        assertEquals(expected.length, actual.length, what + ": number of values");
        for (int i = 0; i < expected.length; i++) {
            double tolerance = TOLERANCE * Math.max(1, Math.abs(expected[i]));
            if (!(Math.abs(expected[i] - actual[i]) <= tolerance) && !(Double.isNaN(expected[i])
                    && Double.isNaN(actual[i])) && expected[i] != actual[i]) {
                throw new AssertionError(what + " differs at " + i + ": expected " + expected[i] + " but was "
                        + actual[i]);
            }
        }
    }

    private static Function<Tensor[], Tensor> seeded(long seed, Function<Tensor[], Tensor> function) {
        return x -> {
            Torch.manual_seed(seed);
            return function.apply(x);
        };
    }

    /** The tensors flattened into one vector (nulls skipped). */
    private static Tensor flat(Tensor... tensors) {
        return Torch.cat(java.util.Arrays.stream(tensors).filter(java.util.Objects::nonNull).map(t -> t.reshape(-1))
                .toArray(Tensor[]::new));
    }

    private static long[] ints(long... values) {
        return values;
    }

    private static Tensor tensor(JsonNode t) {
        long[] shape = longs(t.get("shape"));
        JsonNode values = t.get("values");
        switch (t.get("dtype").asText()) {
            case "float64":
                return Torch.tensor(doubles(values), shape);
            case "bool":
                boolean[] flags = new boolean[values.size()];
                for (int i = 0; i < flags.length; i++) {
                    flags[i] = values.get(i).asBoolean();
                }
                return Torch.tensor(flags, shape);
            default:
                return Torch.tensor(longs(values), shape);
        }
    }

    private static synchronized JsonNode golden() {
        if (golden == null) {
            try (InputStream in = FunctionalGoldenTest.class.getResourceAsStream("/nn/functional.json")) {
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

    private static long[] longs(JsonNode values) {
        long[] out = new long[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i).asLong();
        }
        return out;
    }
}
