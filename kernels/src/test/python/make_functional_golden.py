"""Reference values of torch.nn.functional in PyTorch 1.13, for FunctionalGoldenTest.

Regenerate, from the repository root, with Debian's python3-torch (for /usr/bin/python3):

    /usr/bin/python3 kernels/src/test/python/make_functional_golden.py

Each case holds its inputs, the output and the gradient of every floating input for a fixed upstream gradient
(float64; integer inputs and outputs as int64, masks as bool), and the warnings the call gives. Functions that update state in place (batch_norm's running
statistics, embedding's max_norm renormalisation) return that state flattened after the output. The random
ones seed the default generator first. Each error case records the exception's type and message, and whether
the message is PyTorch's Python (stable, compared) or an operator's (only the raise is checked).
"""
import json
import pathlib
import warnings

import torch
import torch.nn.functional as F

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "nn" / "functional.json"


def tensor_json(t):
    dtype = "float64" if t.is_floating_point() else "bool" if t.dtype == torch.bool else "int64"
    return {"shape": list(t.shape), "dtype": dtype,
            "values": t.detach().flatten().double().tolist() if t.is_floating_point() else t.flatten().tolist()}


def case(name, fn, *inputs, grads=True):
    """grads: True for every floating input, False for none, or the positions of those that require grad."""
    leaves = [t.clone().double().requires_grad_(grads is True or grads is not False and i in grads)
              if t.is_floating_point() else t.clone() for i, t in enumerate(inputs)]
    entry = {"name": name, "inputs": [tensor_json(t) for t in leaves]}  # before fn updates any in place
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = fn(*leaves)
    entry["output"] = tensor_json(out)
    entry["warnings"] = [str(w.message) for w in caught]
    if out.requires_grad:
        upstream = torch.linspace(-1, 1, out.numel(), dtype=torch.float64).view(out.shape)
        out.backward(upstream)
        entry["upstream"] = upstream.flatten().tolist()
        entry["grads"] = [t.grad.flatten().tolist() if t.is_floating_point() and t.grad is not None else None
                          for t in leaves]
    return entry


def flat(*tensors):
    return torch.cat([t.reshape(-1) for t in tensors])


def seeded(seed, fn):
    def run(*xs):
        torch.manual_seed(seed)
        return fn(*xs)
    return run


def error(name, fn, stable=True):
    try:
        fn()
    except Exception as e:  # the type and message PyTorch gives
        return {"name": name, "type": type(e).__name__, "message": str(e), "stable": stable}
    raise AssertionError(name + " did not raise")


torch.manual_seed(0)
x = torch.randn(4, 5)
y = torch.randn(4, 5)
img = torch.randn(2, 3, 5, 6)
seq = torch.randn(2, 3, 7)
vol = torch.randn(1, 2, 4, 5, 6)
labels = torch.tensor([1, 0, 4, 2])
probs = torch.randn(4, 5).softmax(1)
binary = (torch.rand(4, 5) > 0.5).double()
unit = torch.rand(4, 5) * 0.98 + 0.01
class_weight = torch.rand(5) + 0.5
sign = torch.where(torch.randn(4) > 0, 1.0, -1.0)

cases = [
    # softmax family
    case("softmax", lambda a: F.softmax(a, 1), x),
    case("softmax_dim0_float64", lambda a: F.softmax(a, 0, dtype=torch.float64), x),
    case("log_softmax", lambda a: F.log_softmax(a, -1), x),
    case("softmin", lambda a: F.softmin(a, 1), x),
    case("gumbel_softmax", seeded(12, F.gumbel_softmax), x),
    case("gumbel_softmax_hard_tau_dim0", seeded(13, lambda a: F.gumbel_softmax(a, 0.5, True, dim=0)), x),
    # activations
    case("relu", F.relu, x),
    case("relu_inplace", lambda a: F.relu(a * 1, inplace=True), x),
    case("relu6", lambda a: F.relu6(a * 4), x),
    case("leaky_relu", F.leaky_relu, x),
    case("leaky_relu_slope", lambda a: F.leaky_relu(a, 0.2), x),
    case("elu", lambda a: F.elu(a, 0.5), x),
    case("selu", F.selu, x),
    case("celu", lambda a: F.celu(a, 1.5), x),
    case("gelu", F.gelu, x),
    case("gelu_tanh", lambda a: F.gelu(a, approximate="tanh"), x),
    case("silu", F.silu, x),
    case("mish", F.mish, x),
    case("hardswish", lambda a: F.hardswish(a * 3), x),
    case("hardsigmoid", lambda a: F.hardsigmoid(a * 3), x),
    case("hardtanh", lambda a: F.hardtanh(a, -0.5, 0.8), x),
    case("logsigmoid", F.logsigmoid, x),
    case("softplus", F.softplus, x),
    case("softplus_beta", lambda a: F.softplus(a, 2, 1), x),
    case("softsign", F.softsign, x),
    case("tanhshrink", F.tanhshrink, x),
    case("softshrink", lambda a: F.softshrink(a, 0.3), x),
    case("hardshrink", lambda a: F.hardshrink(a, 0.3), x),
    case("threshold", lambda a: F.threshold(a, 0.1, -2.0), x),
    case("glu", F.glu, torch.randn(4, 6)),
    case("glu_dim0", lambda a: F.glu(a, 0), x),
    case("prelu", F.prelu, img, torch.tensor([0.1, 0.2, 0.3])),
    case("rrelu_eval", F.rrelu, x),
    case("rrelu_training", seeded(7, lambda a: F.rrelu(a, 0.1, 0.4, training=True)), x),
    case("relu_", lambda a: F.relu_(a * 1), x),
    case("elu_", lambda a: F.elu_(a * 1, 0.7), x),
    case("selu_", lambda a: F.selu_(a * 1), x),
    case("celu_", lambda a: F.celu_(a * 1, 0.5), x),
    case("leaky_relu_", lambda a: F.leaky_relu_(a * 1, 0.3), x),
    case("hardtanh_", lambda a: F.hardtanh_(a * 1, -0.2, 0.4), x),
    case("threshold_", lambda a: F.threshold_(a * 1, 0.2, 9.0), x),
    case("rrelu_", lambda a: F.rrelu_(a * 1, 0.2, 0.3), x),
    # dropout
    case("dropout_eval", lambda a: F.dropout(a, 0.3, training=False), x),
    case("dropout_training", seeded(3, lambda a: F.dropout(a, 0.3)), x),
    case("dropout_default_p", seeded(11, F.dropout), x),
    case("dropout2d_training", seeded(4, lambda a: F.dropout2d(a, 0.5, True)), img),
    case("dropout1d_unbatched", seeded(5, lambda a: F.dropout1d(a, 0.5, True)), x),
    case("dropout3d_eval", lambda a: F.dropout3d(a, 0.5, False), vol),
    case("dropout1d_unbatched_inplace", seeded(15, lambda a: F.dropout1d(a * 1, 0.5, True, inplace=True)), x),
    case("dropout2d_inplace", seeded(16, lambda a: F.dropout2d(a * 1, 0.4, True, inplace=True)), img),
    case("dropout3d_unbatched_inplace", seeded(17, lambda a: F.dropout3d(a * 1, 0.5, True, inplace=True)), vol[0]),
    case("alpha_dropout_inplace", seeded(18, lambda a: F.alpha_dropout(a * 1, 0.3, True, inplace=True)), x),
    case("feature_alpha_dropout_inplace", seeded(19, lambda a: F.feature_alpha_dropout(a * 1, 0.5, True, True)), img),
    case("dropout2d_3d_input_eval", lambda a: F.dropout2d(a, 0.5, False), seq),
    case("dropout3d_3d_input_eval", lambda a: F.dropout3d(a, 0.5, False), seq),
    case("alpha_dropout_training", seeded(6, lambda a: F.alpha_dropout(a, 0.2, True)), x),
    # losses
    case("cross_entropy", F.cross_entropy, x, labels),
    case("cross_entropy_weight_ignore_smoothing_sum",
         lambda a, t, w: F.cross_entropy(a, t, w, ignore_index=4, reduction="sum", label_smoothing=0.1),
         x, labels, class_weight, grads=[0]),
    case("cross_entropy_none", lambda a, t: F.cross_entropy(a, t, reduction="none"), x, labels),
    case("cross_entropy_probabilities", F.cross_entropy, x, probs),
    case("cross_entropy_probabilities_smoothing",
         lambda a, t: F.cross_entropy(a, t, label_smoothing=0.2), x, probs),
    case("cross_entropy_spatial", F.cross_entropy, img, torch.tensor([0, 2, 1, 1, 0, 2] * 10).view(2, 5, 6)),
    case("nll_loss", lambda a, t: F.nll_loss(F.log_softmax(a, 1), t), x, labels),
    case("nll_loss_weight_ignore_none", lambda a, t, w: F.nll_loss(a, t, w, ignore_index=0, reduction="none"),
         x, labels, class_weight, grads=[0]),
    case("mse_loss", F.mse_loss, x, y),
    case("mse_loss_sum", lambda a, b: F.mse_loss(a, b, reduction="sum"), x, y),
    case("mse_loss_broadcast", F.mse_loss, x, y[0]),
    case("l1_loss_none", lambda a, b: F.l1_loss(a, b, reduction="none"), x, y),
    case("smooth_l1_loss", lambda a, b: F.smooth_l1_loss(a, b, beta=0.5), x, y),
    case("huber_loss", lambda a, b: F.huber_loss(a, b, "sum", 0.7), x, y),
    case("binary_cross_entropy", F.binary_cross_entropy, unit, binary, grads=[0]),
    case("binary_cross_entropy_weight_none", lambda a, t, w: F.binary_cross_entropy(a, t, w, reduction="none"),
         unit, binary, class_weight, grads=[0]),
    case("bce_with_logits", F.binary_cross_entropy_with_logits, x, binary),
    case("bce_with_logits_pos_weight",
         lambda a, t, w, p: F.binary_cross_entropy_with_logits(a, t, w, reduction="sum", pos_weight=p),
         x, binary, class_weight, torch.rand(5) * 2, grads=[0]),
    case("kl_div_batchmean", lambda a, t: F.kl_div(a, t, reduction="batchmean"), F.log_softmax(x, 1), probs),
    case("kl_div_log_target", lambda a, t: F.kl_div(a, t, reduction="sum", log_target=True),
         F.log_softmax(x, 1), F.log_softmax(y, 1)),
    case("kl_div_mean", F.kl_div, F.log_softmax(x, 1), probs),
    case("poisson_nll_loss", F.poisson_nll_loss, x, torch.rand(4, 5) * 3),
    case("poisson_nll_loss_full_rates_none",
         lambda a, t: F.poisson_nll_loss(a, t, log_input=False, full=True, reduction="none"), unit, torch.rand(4, 5) * 3),
    case("gaussian_nll_loss", F.gaussian_nll_loss, x, y, torch.rand(4, 5) + 0.1),
    case("gaussian_nll_loss_full_sum_short_var",
         lambda a, b, v: F.gaussian_nll_loss(a, b, v, full=True, eps=0.2, reduction="sum"), x, y, torch.rand(4)),
    case("margin_ranking_loss", lambda a, b, t: F.margin_ranking_loss(a, b, t, 0.2), x[:, 0], y[:, 0], sign, grads=[0, 1]),
    case("hinge_embedding_loss", lambda a, t: F.hinge_embedding_loss(a, t, 0.5, reduction="sum"), x[:, 0].abs(), sign, grads=[0]),
    case("cosine_embedding_loss", lambda a, b, t: F.cosine_embedding_loss(a, b, t, 0.1), x, y, sign, grads=[0, 1]),
    case("soft_margin_loss", F.soft_margin_loss, x[:, 0], sign, grads=[0]),
    case("multi_margin_loss", F.multi_margin_loss, x, labels),
    case("multi_margin_loss_p2_weight_none",
         lambda a, t, w: F.multi_margin_loss(a, t, 2, 0.5, w, reduction="none"), x, labels, class_weight, grads=[0]),
    case("multilabel_margin_loss", F.multilabel_margin_loss, x,
         torch.tensor([[3, 0, -1, 1, 1], [1, -1, 0, 0, 0], [0, 1, 2, 4, -1], [4, 3, 2, 1, 0]])),
    case("multilabel_soft_margin_loss", F.multilabel_soft_margin_loss, x, binary),
    case("multilabel_soft_margin_loss_weight_sum",
         lambda a, t, w: F.multilabel_soft_margin_loss(a, t, w, reduction="sum"), x, binary, class_weight),
    case("triplet_margin_loss", F.triplet_margin_loss, x, y, torch.randn(4, 5)),
    case("triplet_margin_loss_p1_swap_none",
         lambda a, p, n: F.triplet_margin_loss(a, p, n, 0.5, 1, 1e-6, True, reduction="none"), x, y, torch.randn(4, 5)),
    case("triplet_margin_with_distance_loss", F.triplet_margin_with_distance_loss, x, y, torch.randn(4, 5)),
    case("triplet_margin_with_cosine_distance_swap_sum",
         lambda a, p, n: F.triplet_margin_with_distance_loss(
             a, p, n, distance_function=lambda u, v: 1.0 - F.cosine_similarity(u, v), margin=0.3, swap=True,
             reduction="sum"), x, y, torch.randn(4, 5)),
    case("ctc_loss", F.ctc_loss, torch.randn(6, 3, 5).log_softmax(2), torch.tensor([[1, 1, 2], [3, 4, 0], [2, 0, 0]]),
         torch.tensor([6, 5, 4]), torch.tensor([3, 2, 1])),
    case("ctc_loss_blank_sum_zero_infinity",
         lambda lp, t, il, tl: F.ctc_loss(lp, t, il, tl, blank=4, reduction="sum", zero_infinity=True),
         torch.randn(5, 3, 5).log_softmax(2), torch.tensor([0, 0, 0, 1, 2, 3, 3]), torch.tensor([4, 5, 4]),
         torch.tensor([3, 2, 2])),
    # linear maps and convolutions
    case("linear", F.linear, x, torch.randn(3, 5), torch.randn(3)),
    case("linear_no_bias", F.linear, x, torch.randn(3, 5)),
    case("bilinear", F.bilinear, x, y[:, :4], torch.randn(2, 5, 4), torch.randn(2)),
    case("conv1d", lambda a, w, b: F.conv1d(a, w, b, stride=2, padding=1, dilation=1, groups=1), seq,
         torch.randn(4, 3, 3), torch.randn(4)),
    case("conv1d_same", lambda a, w: F.conv1d(a, w, None, 1, "same", 2, 1), seq, torch.randn(2, 3, 3)),
    case("conv2d", F.conv2d, img, torch.randn(2, 3, 3, 2)),
    case("conv2d_stride_padding", lambda a, w, b: F.conv2d(a, w, b, 2, 1), img, torch.randn(2, 3, 3, 3),
         torch.randn(2)),
    case("conv2d_groups", lambda a, w, b: F.conv2d(a, w, b, (2, 1), (1, 0), (1, 2), 3), img,
         torch.randn(6, 1, 2, 2), torch.randn(6)),
    case("conv3d", lambda a, w: F.conv3d(a, w, None, 1, "valid", 1, 1), vol, torch.randn(3, 2, 2, 2, 3)),
    case("conv_transpose1d", lambda a, w, b: F.conv_transpose1d(a, w, b, 2, 1, 1, 1, 1), seq,
         torch.randn(3, 2, 3), torch.randn(2)),
    case("conv_transpose2d", F.conv_transpose2d, img, torch.randn(3, 2, 2, 2)),
    case("conv_transpose3d_groups", lambda a, w: F.conv_transpose3d(a, w, None, 1, 0, 0, 2, 2), vol,
         torch.randn(2, 1, 2, 2, 2)),
    # pooling
    case("max_pool1d", lambda a: F.max_pool1d(a, 2), seq),
    case("max_pool1d_stride_padding_ceil", lambda a: F.max_pool1d(a, 3, 2, 1, 1, ceil_mode=True), seq),
    case("max_pool1d_indices", lambda a: F.max_pool1d(a, 3, 2, 1, 1, True, return_indices=True)[1], seq),
    case("max_pool2d", lambda a: F.max_pool2d(a, 2), img),
    case("max_pool2d_stride_padding", lambda a: F.max_pool2d(a, 3, 2, 1), img),
    case("max_pool2d_dilation", lambda a: F.max_pool2d(a, (2, 3), (1, 2), (1, 1), (2, 1)), img),
    case("max_pool2d_indices", lambda a: F.max_pool2d(a, 2, None, 0, 1, False, return_indices=True)[1], img),
    case("max_pool3d", lambda a: F.max_pool3d(a, 2, None, 1, 1, True), vol),
    case("max_pool3d_indices", lambda a: F.max_pool3d(a, 2, return_indices=True)[1], vol),
    case("max_unpool1d", lambda a: F.max_unpool1d(*F.max_pool1d(a, 2, return_indices=True), 2), seq),
    case("max_unpool2d_output_size",
         lambda a: F.max_unpool2d(*F.max_pool2d(a, 2, return_indices=True), 2, output_size=[5, 7]), img),
    case("max_unpool3d_output_size",
         lambda a: F.max_unpool3d(*F.max_pool3d(a, 2, return_indices=True), 2, output_size=[1, 2, 4, 5, 6]), vol),
    case("fractional_max_pool2d", seeded(8, lambda a: F.fractional_max_pool2d(a, 2, output_size=(3, 4))), img),
    case("fractional_max_pool2d_ratio_indices",
         seeded(9, lambda a: F.fractional_max_pool2d(a, (2, 3), output_ratio=0.6, return_indices=True)[1]), img),
    case("fractional_max_pool3d_ratio", seeded(10, lambda a: F.fractional_max_pool3d(a, 2, output_ratio=(0.5, 0.6, 0.7))),
         vol),
    case("avg_pool1d", lambda a: F.avg_pool1d(a, 3, 2, 1, True, False), seq),
    case("avg_pool2d", lambda a: F.avg_pool2d(a, 2), img),
    case("avg_pool2d_stride_padding", lambda a: F.avg_pool2d(a, (3, 2), None, 1), img),
    case("avg_pool2d_divisor", lambda a: F.avg_pool2d(a, 3, 2, 1, False, True, 5), img),
    case("avg_pool3d", lambda a: F.avg_pool3d(a, (2, 2, 3), None, 0, True, False, None), vol),
    case("lp_pool1d", lambda a: F.lp_pool1d(a, 2, 3), seq.abs()),
    case("lp_pool1d_stride_ceil", lambda a: F.lp_pool1d(a, 3, 2, 3, True), seq.abs()),
    case("lp_pool2d", lambda a: F.lp_pool2d(a, 2, (2, 3)), img),
    case("lp_pool2d_stride", lambda a: F.lp_pool2d(a, 1.5, 2, 1, False), img.abs()),
    case("adaptive_avg_pool1d", lambda a: F.adaptive_avg_pool1d(a, 4), seq),
    case("adaptive_avg_pool2d", lambda a: F.adaptive_avg_pool2d(a, (3, 4)), img),
    case("adaptive_avg_pool3d", lambda a: F.adaptive_avg_pool3d(a, 3), vol),
    case("adaptive_max_pool1d", lambda a: F.adaptive_max_pool1d(a, 4), seq),
    case("adaptive_max_pool2d", lambda a: F.adaptive_max_pool2d(a, (3, 4)), img),
    case("adaptive_max_pool2d_indices", lambda a: F.adaptive_max_pool2d(a, (3, 4), return_indices=True)[1], img),
    case("adaptive_max_pool3d", lambda a: F.adaptive_max_pool3d(a, (2, 3, 3)), vol),
    # normalization
    case("batch_norm_eval", F.batch_norm, img, torch.randn(3), torch.rand(3) + 0.5, grads=[0]),
    case("batch_norm_training", lambda a, m, v, w, b: flat(F.batch_norm(a, m, v, w, b, True, 0.3, 1e-3), m, v),
         img, torch.randn(3), torch.rand(3) + 0.5, torch.randn(3), torch.randn(3), grads=False),
    case("batch_norm_training_affine_grads", lambda a, w, b: F.batch_norm(a, None, None, w, b, True), img,
         torch.randn(3), torch.randn(3)),
    case("instance_norm", F.instance_norm, img),
    case("instance_norm_running_stats_affine",
         lambda a, m, v, w, b: F.instance_norm(a, m, v, w, b, True, 0.2, 1e-4), img, torch.zeros(3), torch.ones(3),
         torch.randn(3), torch.randn(3), grads=False),
    case("layer_norm", lambda a: F.layer_norm(a, (5, 6)), img),
    case("layer_norm_affine", lambda a, w, b: F.layer_norm(a, (6,), w, b, 1e-3), img, torch.randn(6), torch.randn(6)),
    case("group_norm", lambda a: F.group_norm(a, 3), img),
    case("group_norm_affine", lambda a, w, b: F.group_norm(a, 1, w, b, 1e-3), img, torch.randn(3), torch.randn(3)),
    case("local_response_norm_3d", lambda a: F.local_response_norm(a, 2), seq),
    case("local_response_norm_4d", lambda a: F.local_response_norm(a, 3, 0.01, 0.6, 2.0), img),
    case("local_response_norm_5d", lambda a: F.local_response_norm(a, 2), vol),
    case("normalize", F.normalize, x),
    case("normalize_p1_dim0", lambda a: F.normalize(a, 1.0, 0), x),
    case("normalize_p3_last", lambda a: F.normalize(a, 3.0, -1), x),
    # embedding
    case("embedding", F.embedding, torch.tensor([[0, 2], [4, 2]]), torch.randn(5, 3)),
    case("embedding_padding_idx", lambda i, w: F.embedding(i, w, padding_idx=-3), torch.tensor([[0, 2], [4, 2]]),
         torch.randn(5, 3)),
    case("embedding_max_norm", lambda i, w: flat(F.embedding(i, w, max_norm=1.0, norm_type=1.0), w),
         torch.tensor([1, 3, 3]), torch.randn(5, 3) * 2, grads=False),
    case("embedding_bag", F.embedding_bag, torch.tensor([[0, 2, 4], [1, 1, 3]]), torch.randn(5, 3)),
    case("embedding_bag_offsets_sum_weights", lambda i, w, o, p: F.embedding_bag(i, w, o, mode="sum", per_sample_weights=p),
         torch.tensor([0, 2, 4, 1, 1, 3, 2]), torch.randn(5, 3), torch.tensor([0, 3, 3, 5]), torch.rand(7)),
    case("embedding_bag_max_padding", lambda i, w, o: F.embedding_bag(i, w, o, mode="max", padding_idx=1),
         torch.tensor([0, 2, 4, 1, 1, 3, 2]), torch.randn(5, 3), torch.tensor([0, 3, 5])),
    # (1.13 corrupts the heap when the last offset, with include_last_offset, leaves indices out of every bag)
    case("embedding_bag_sum_last_offset_padding",
         lambda i, w, o: F.embedding_bag(i, w, o, mode="sum", include_last_offset=True, padding_idx=-4),
         torch.tensor([0, 2, 4, 1, 1, 3, 2]), torch.randn(5, 3), torch.tensor([0, 3, 5, 7])),
    case("embedding_bag_mean_last_offset_empty_bag",
         lambda i, w, o: F.embedding_bag(i, w, o, mode="mean", include_last_offset=True),
         torch.tensor([0, 2, 4, 1, 1, 3, 2]), torch.randn(5, 3), torch.tensor([0, 3, 3, 7])),
    case("embedding_bag_mean_max_norm", lambda i, w, o: flat(F.embedding_bag(i, w, o, max_norm=1.5), w),
         torch.tensor([0, 2, 4, 1]), torch.randn(5, 3) * 2, torch.tensor([0, 2]), grads=False),
    case("one_hot", F.one_hot, torch.tensor([[0, 2], [1, 3]])),
    case("one_hot_classes", lambda t: F.one_hot(t, 6), torch.tensor([0, 2, 1])),
    # distances
    case("cosine_similarity", F.cosine_similarity, x, y),
    case("cosine_similarity_dim0_eps", lambda a, b: F.cosine_similarity(a, b, 0, 1e-3), x, y),
    case("pairwise_distance", F.pairwise_distance, x, y),
    case("pairwise_distance_p1_keepdim", lambda a, b: F.pairwise_distance(a, b, 1.0, 1e-3, True), x, y),
    case("pdist", F.pdist, x),
    case("pdist_p3", lambda a: F.pdist(a, 3), x),
    # attention: E = 4, 2 heads, L = 3, S = 5, N = 2; the query, key and value are one tensor where the call says so
    case("mha_self_attention", lambda a, w, b, ow, ob: flat(*F.multi_head_attention_forward(
        a, a, a, 4, 2, w, b, None, None, False, 0.0, ow, ob)), torch.randn(3, 2, 4), torch.randn(12, 4),
         torch.randn(12), torch.randn(4, 4), torch.randn(4)),
    case("mha_key_value_masks_per_head", lambda q, kv, w, b, ow, ob, am, kpm: flat(*F.multi_head_attention_forward(
        q, kv, kv, 4, 2, w, b, None, None, False, 0.0, ow, ob, key_padding_mask=kpm, attn_mask=am,
        average_attn_weights=False)), torch.randn(3, 2, 4), torch.randn(5, 2, 4), torch.randn(12, 4), torch.randn(12),
         torch.randn(4, 4), torch.randn(4), torch.randn(3, 5), torch.tensor([[0, 0, 0, 1, 1], [0, 0, 0, 0, 0]]) > 0,
         grads=[0, 1, 2, 3, 4, 5]),
    case("mha_separate_bias_kv_zero_attn_eval", lambda q, k, v, b, bk, bv, ow, ob, qw, kw, vw, am:
         F.multi_head_attention_forward(q, k, v, 4, 2, None, b, bk, bv, True, 0.5, ow, ob, training=False,
                                        attn_mask=am, use_separate_proj_weight=True, q_proj_weight=qw,
                                        k_proj_weight=kw, v_proj_weight=vw, need_weights=False)[0],
         torch.randn(3, 2, 4), torch.randn(5, 2, 3), torch.randn(5, 2, 6), torch.randn(12), torch.randn(1, 1, 4),
         torch.randn(1, 1, 4), torch.randn(4, 4), torch.randn(4), torch.randn(4, 4), torch.randn(4, 3),
         torch.randn(4, 6), torch.rand(4, 3, 5) > 0.7, grads=list(range(11))),
    case("mha_unbatched_static_kv", lambda q, w, b, ow, ob, sk, sv: flat(*F.multi_head_attention_forward(
        q, q, q, 4, 2, w, b, None, None, False, 0.0, ow, ob, static_k=sk, static_v=sv)), torch.randn(3, 4),
         torch.randn(12, 4), torch.randn(12), torch.randn(4, 4), torch.randn(4), torch.randn(2, 5, 2),
         torch.randn(2, 5, 2)),
    case("mha_training_dropout", seeded(14, lambda a, w, b, ow, ob: F.multi_head_attention_forward(
        a, a, a, 4, 2, w, b, None, None, False, 0.3, ow, ob)[0]), torch.randn(3, 2, 4), torch.randn(12, 4),
         torch.randn(12), torch.randn(4, 4), torch.randn(4)),
    # vision
    case("pad_constant", lambda a: F.pad(a, (1, 2, 0, 1)), img),
    case("pad_constant_value", lambda a: F.pad(a, (1, 1), "constant", 2.5), seq),
    case("pad_reflect", lambda a: F.pad(a, (2, 1, 1, 2), "reflect"), img),
    case("pad_replicate", lambda a: F.pad(a, (1, 2, 2, 1, 1, 0), "replicate"), vol),
    case("pad_circular", lambda a: F.pad(a, (2, 1), "circular"), seq),
    case("interpolate_nearest_size", lambda a: F.interpolate(a, size=(7, 9)), img),
    case("interpolate_nearest_scale", lambda a: F.interpolate(a, scale_factor=1.7), seq),
    case("interpolate_linear_align", lambda a: F.interpolate(a, size=11, mode="linear", align_corners=True), seq),
    case("interpolate_bilinear_scale", lambda a: F.interpolate(a, scale_factor=(1.5, 0.7), mode="bilinear"), img),
    case("interpolate_bilinear_recompute",
         lambda a: F.interpolate(a, scale_factor=(1.5, 0.7), mode="bilinear", recompute_scale_factor=True), img),
    case("interpolate_bicubic_align", lambda a: F.interpolate(a, size=(8, 4), mode="bicubic", align_corners=True), img),
    case("interpolate_trilinear", lambda a: F.interpolate(a, scale_factor=2, mode="trilinear"), vol),
    case("interpolate_nearest_3d", lambda a: F.interpolate(a, size=(5, 3, 8), mode="nearest"), vol),
    case("interpolate_area_size", lambda a: F.interpolate(a, size=(3, 4), mode="area"), img),
    case("interpolate_area_scale", lambda a: F.interpolate(a, scale_factor=0.6, mode="area"), seq),
    case("upsample", lambda a: F.upsample(a, scale_factor=2, mode="bilinear", align_corners=False), img),
    case("upsample_nearest", lambda a: F.upsample_nearest(a, size=(3, 8)), img),
    case("upsample_bilinear", lambda a: F.upsample_bilinear(a, scale_factor=1.5), img),
    case("channel_shuffle", lambda a: F.channel_shuffle(a, 2), torch.randn(2, 6, 2, 2), grads=False),  # no derivative in 1.13
    case("pixel_shuffle", lambda a: F.pixel_shuffle(a, 2), torch.randn(1, 8, 2, 3)),
    case("pixel_unshuffle", lambda a: F.pixel_unshuffle(a, 2), torch.randn(1, 2, 4, 6)),
    case("unfold", lambda a: F.unfold(a, (2, 3)), img),
    case("unfold_options", lambda a: F.unfold(a, 2, dilation=2, padding=1, stride=(1, 2)), img),
    case("fold", lambda a: F.fold(a, (4, 5), (2, 2)), torch.randn(2, 12, 12)),
    case("fold_options", lambda a: F.fold(a, (5, 6), 3, dilation=1, padding=1, stride=2), torch.randn(1, 9, 9)),
    case("affine_grid", lambda t: F.affine_grid(t, [2, 3, 4, 5], align_corners=False), torch.randn(2, 2, 3)),
    case("affine_grid_default_align", lambda t: F.affine_grid(t, [2, 3, 4, 5]), torch.randn(2, 2, 3)),
    case("affine_grid_unit_size_align", lambda t: F.affine_grid(t, [2, 3, 1, 5], align_corners=True),
         torch.randn(2, 2, 3)),
    case("affine_grid_3d_align", lambda t: F.affine_grid(t, [1, 2, 3, 4, 2], align_corners=True),
         torch.randn(1, 3, 4)),
    case("grid_sample", lambda a, g: F.grid_sample(a, g, align_corners=False), img, torch.rand(2, 4, 3, 2) * 2.4 - 1.2),
    case("grid_sample_default_align", F.grid_sample, img, torch.rand(2, 4, 3, 2) * 2.4 - 1.2),
    case("grid_sample_nearest_border", lambda a, g: F.grid_sample(a, g, "nearest", "border", True), img,
         torch.rand(2, 4, 3, 2) * 2.4 - 1.2),
    case("grid_sample_bicubic_reflection", lambda a, g: F.grid_sample(a, g, "bicubic", "reflection", False), img,
         torch.rand(2, 4, 3, 2) * 2.4 - 1.2),
]

errors = [
    error("dropout_probability", lambda: F.dropout(x, 1.5)),
    error("dropout1d_dims", lambda: F.dropout1d(img, 0.5)),
    error("glu_scalar", lambda: F.glu(torch.tensor(1.0))),
    error("cross_entropy_reduction", lambda: F.cross_entropy(x, labels, reduction="avg")),
    error("binary_cross_entropy_size", lambda: F.binary_cross_entropy(unit, binary[0])),
    error("bce_with_logits_size", lambda: F.binary_cross_entropy_with_logits(x, binary[:, :2])),
    error("gaussian_nll_var_size", lambda: F.gaussian_nll_loss(x, y, torch.ones(3, 5))),
    error("gaussian_nll_var_negative", lambda: F.gaussian_nll_loss(x, y, -torch.ones(4, 5))),
    error("gaussian_nll_reduction", lambda: F.gaussian_nll_loss(x, y, torch.ones(4, 5), reduction="avg")),
    error("poisson_nll_reduction", lambda: F.poisson_nll_loss(x, y, reduction="avg")),
    error("multilabel_soft_margin_reduction", lambda: F.multilabel_soft_margin_loss(x, binary, reduction="avg")),
    error("margin_ranking_dims", lambda: F.margin_ranking_loss(x, y[:, 0], sign)),
    error("multi_margin_p", lambda: F.multi_margin_loss(x, labels, p=3)),
    error("multi_margin_weight_dims", lambda: F.multi_margin_loss(x, labels, weight=torch.ones(1, 5))),
    error("fractional_max_pool_neither", lambda: F.fractional_max_pool2d(img, 2)),
    error("batch_norm_one_value", lambda: F.batch_norm(torch.randn(1, 3), None, None, training=True)),
    error("instance_norm_one_value", lambda: F.instance_norm(torch.randn(2, 3, 1))),
    error("group_norm_one_value", lambda: F.group_norm(torch.randn(1, 3, 1), 3)),
    error("local_response_norm_dims", lambda: F.local_response_norm(x, 2)),
    error("embedding_padding_idx", lambda: F.embedding(labels, torch.randn(5, 3), padding_idx=5)),
    error("embedding_bag_mode", lambda: F.embedding_bag(labels, torch.randn(5, 3), torch.tensor([0, 2]), mode="min")),
    error("embedding_bag_offsets_2d", lambda: F.embedding_bag(labels.view(2, 2), torch.randn(5, 3), torch.tensor([0]))),
    error("embedding_bag_no_offsets", lambda: F.embedding_bag(labels, torch.randn(5, 3))),
    error("embedding_bag_weights_mode",
          lambda: F.embedding_bag(labels, torch.randn(5, 3), torch.tensor([0, 2]), per_sample_weights=torch.rand(4))),
    error("mha_query_dims", lambda: F.multi_head_attention_forward(torch.randn(3, 2, 2, 4), torch.randn(5, 2, 4),
                                                                   torch.randn(5, 2, 4), 4, 2, torch.randn(12, 4),
                                                                   None, None, None, False, 0.0, torch.randn(4, 4),
                                                                   None)),
    error("mha_embed_dim", lambda: F.multi_head_attention_forward(torch.randn(3, 2, 4), torch.randn(5, 2, 4),
                                                                  torch.randn(5, 2, 4), 6, 2, torch.randn(12, 4),
                                                                  None, None, None, False, 0.0, torch.randn(4, 4),
                                                                  None)),
    error("mha_attn_mask_shape", lambda: F.multi_head_attention_forward(
        torch.randn(3, 2, 4), torch.randn(5, 2, 4), torch.randn(5, 2, 4), 4, 2, torch.randn(12, 4), None, None, None,
        False, 0.0, torch.randn(4, 4), None, attn_mask=torch.zeros(3, 4))),
    error("mha_key_padding_mask_dtype", lambda: F.multi_head_attention_forward(
        torch.randn(3, 2, 4), torch.randn(5, 2, 4), torch.randn(5, 2, 4), 4, 2, torch.randn(12, 4), None, None, None,
        False, 0.0, torch.randn(4, 4), None, key_padding_mask=torch.zeros(2, 5, dtype=torch.long))),
    error("max_unpool_output_size_length", lambda: F.max_unpool2d(*F.max_pool2d(img, 2, return_indices=True), 2,
                                                                  output_size=[5])),
    error("max_unpool_output_size_range", lambda: F.max_unpool2d(*F.max_pool2d(img, 2, return_indices=True), 2,
                                                                 output_size=[8, 6])),
    error("interpolate_size_and_scale", lambda: F.interpolate(img, size=(3, 3), scale_factor=2.0)),
    error("interpolate_neither", lambda: F.interpolate(img)),
    error("interpolate_align_nearest", lambda: F.interpolate(img, size=(3, 3), align_corners=True)),
    error("interpolate_size_dims", lambda: F.interpolate(img, size=[3, 3, 3])),
    error("interpolate_scale_dims", lambda: F.interpolate(img, scale_factor=[2.0])),
    error("interpolate_recompute_size", lambda: F.interpolate(img, size=(3, 3), recompute_scale_factor=True)),
    error("interpolate_linear_4d", lambda: F.interpolate(img, size=(3, 3), mode="linear")),
    error("interpolate_bicubic_3d", lambda: F.interpolate(seq, size=3, mode="bicubic")),
    error("interpolate_2d_input", lambda: F.interpolate(x, size=[], mode="nearest")),
    error("grid_sample_mode", lambda: F.grid_sample(img, torch.zeros(2, 4, 3, 2), "cubic", align_corners=False)),
    error("grid_sample_padding_mode",
          lambda: F.grid_sample(img, torch.zeros(2, 4, 3, 2), padding_mode="wrap", align_corners=False)),
    error("affine_grid_theta_shape", lambda: F.affine_grid(torch.zeros(2, 3, 3), [2, 3, 4, 5], False)),
    error("affine_grid_size_length", lambda: F.affine_grid(torch.zeros(2, 2, 3), [2, 3, 4], False)),
    error("pad_reflect_too_large", lambda: F.pad(seq, (7, 0), "reflect"), stable=False),
    error("conv2d_channels", lambda: F.conv2d(img, torch.randn(2, 4, 3, 3)), stable=False),
    error("nll_loss_target_size", lambda: F.nll_loss(x, labels[:3]), stable=False),
]


def lines(entries):
    return ",\n".join("  " + json.dumps(e, separators=(",", ":")) for e in entries)


OUT.write_text('{"torch_version": %s,\n "cases": [\n%s\n ],\n "errors": [\n%s\n ]\n}\n'
               % (json.dumps(torch.__version__), lines(cases), lines(errors)))
print("written", OUT, len(cases), "cases,", len(errors), "errors")
