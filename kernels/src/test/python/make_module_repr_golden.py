"""The repr of nn modules in PyTorch 1.13, for ModuleReprTest: {case name: repr(module)} for constructions that
ModuleReprTest builds the same way in Java, one per case name, and Python's repr of floats (keyed by float.hex)
for PyReprTest. Floats are given as floats where the Java constructor takes a double (PyTorch prints an int
norm_type or value as an int).

Regenerate, from the repository root, with Debian's python3-torch (for /usr/bin/python3):

    /usr/bin/python3 kernels/src/test/python/make_module_repr_golden.py
"""
import json
import math
import pathlib
import random
import struct

import torch
from torch import nn

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "nn" / "module_repr.json"

SMALL_LAYER = dict(d_model=8, nhead=2, dim_feedforward=16)


def cases():
    return {
        # linear layers
        "linear": nn.Linear(8, 16),
        "linear_no_bias": nn.Linear(8, 16, bias=False),
        "bilinear": nn.Bilinear(3, 4, 5),
        "bilinear_no_bias": nn.Bilinear(3, 4, 5, bias=False),
        "identity": nn.Identity(),
        # convolutions: kernel_size, stride, padding and dilation are always tuples
        "conv1d": nn.Conv1d(3, 8, 3),
        "conv1d_full": nn.Conv1d(3, 8, 3, stride=2, padding=1, dilation=2, groups=1, bias=False),
        "conv1d_same": nn.Conv1d(3, 8, 3, padding="same"),
        "conv1d_valid": nn.Conv1d(3, 8, 3, padding="valid"),
        "conv1d_reflect": nn.Conv1d(3, 8, 3, padding=1, padding_mode="reflect"),
        "conv2d": nn.Conv2d(3, 8, 3),
        "conv2d_stride_padding": nn.Conv2d(3, 8, 3, 2, 1),
        "conv2d_tuples": nn.Conv2d(4, 8, (3, 5), stride=(1, 2), padding=(1, 2), dilation=(2, 1), groups=2, bias=False),
        "conv2d_same_dilated": nn.Conv2d(4, 8, (3, 3), stride=(1, 1), padding="same", dilation=(2, 2), groups=4),
        "conv2d_circular": nn.Conv2d(3, 8, 3, 1, 1, padding_mode="circular"),
        "conv2d_padding_same": nn.Conv2d(3, 8, 3, padding="same"),
        "conv3d": nn.Conv3d(2, 4, 3),
        "conv3d_stride_padding": nn.Conv3d(2, 4, 3, 2, 1),
        "conv3d_tuples": nn.Conv3d(2, 4, (1, 2, 3), (1, 1, 2), (0, 1, 0), (1, 2, 1), 2, False),
        "conv3d_replicate": nn.Conv3d(2, 4, 3, 1, 1, padding_mode="replicate"),
        "conv_transpose1d": nn.ConvTranspose1d(3, 8, 3),
        "conv_transpose1d_full": nn.ConvTranspose1d(4, 8, 3, 2, 1, 1, 2, False, 2),
        "conv_transpose2d": nn.ConvTranspose2d(3, 8, 3),
        "conv_transpose2d_stride_padding": nn.ConvTranspose2d(3, 8, 3, 2, 1),
        "conv_transpose2d_tuples": nn.ConvTranspose2d(4, 8, (3, 2), (2, 1), (1, 0), (1, 0), 4, False, (1, 2)),
        "conv_transpose3d": nn.ConvTranspose3d(2, 4, 3),
        "conv_transpose3d_tuples": nn.ConvTranspose3d(2, 4, (3, 3, 3), (2, 2, 2), (1, 1, 1), (1, 1, 1), 1, True,
                                                      (1, 1, 1)),
        # pooling: arguments printed as given, an int or a tuple
        "max_pool1d": nn.MaxPool1d(2),
        "max_pool1d_full": nn.MaxPool1d(3, 2, 1, 2, ceil_mode=True),
        "max_pool2d": nn.MaxPool2d(2),
        "max_pool2d_tuples": nn.MaxPool2d((3, 3), (2, 2), (1, 1), (1, 1), False),
        "max_pool3d": nn.MaxPool3d(2),
        "max_pool3d_tuples": nn.MaxPool3d((2, 2, 2), (1, 1, 1), (0, 0, 0), (1, 1, 1), ceil_mode=True),
        "avg_pool1d": nn.AvgPool1d(2),
        "avg_pool1d_full": nn.AvgPool1d(3, 2, 1, True, False),
        "avg_pool2d": nn.AvgPool2d(2),
        "avg_pool2d_tuples": nn.AvgPool2d((3, 3), (2, 2), (1, 1), False, True),
        "avg_pool3d": nn.AvgPool3d(2),
        "avg_pool3d_tuples": nn.AvgPool3d((2, 2, 2), (1, 1, 1), (0, 0, 0), False, True, None),
        "adaptive_avg_pool1d": nn.AdaptiveAvgPool1d(4),
        "adaptive_avg_pool2d": nn.AdaptiveAvgPool2d(1),
        "adaptive_avg_pool2d_tuple": nn.AdaptiveAvgPool2d((1, 1)),
        "adaptive_avg_pool3d": nn.AdaptiveAvgPool3d(2),
        "adaptive_avg_pool3d_tuple": nn.AdaptiveAvgPool3d((2, 3, 4)),
        "adaptive_max_pool2d": nn.AdaptiveMaxPool2d(7),
        "adaptive_max_pool2d_tuple": nn.AdaptiveMaxPool2d((3, 7)),
        "adaptive_max_pool3d": nn.AdaptiveMaxPool3d(2),
        "adaptive_max_pool3d_tuple": nn.AdaptiveMaxPool3d((1, 2, 3)),
        "lp_pool1d": nn.LPPool1d(2.0, 3),
        "lp_pool1d_full": nn.LPPool1d(1.5, 3, 2, True),
        "lp_pool2d": nn.LPPool2d(2.0, 2),
        "lp_pool2d_tuples": nn.LPPool2d(3.0, (2, 3), (1, 2), False),
        "max_unpool2d": nn.MaxUnpool2d(2),
        "max_unpool2d_tuples": nn.MaxUnpool2d((2, 2), (2, 2), (1, 1)),
        "max_unpool3d": nn.MaxUnpool3d(2),
        "fractional_max_pool2d": nn.FractionalMaxPool2d(2, output_size=4),
        "fractional_max_pool3d": nn.FractionalMaxPool3d(2, output_size=4),
        # normalization
        "batch_norm1d": nn.BatchNorm1d(8),
        "batch_norm1d_options": nn.BatchNorm1d(8, 1e-3, None, False, False),
        "batch_norm2d": nn.BatchNorm2d(8),
        "batch_norm2d_eps_momentum": nn.BatchNorm2d(8, eps=1e-3, momentum=0.01),
        "instance_norm1d": nn.InstanceNorm1d(4),
        "instance_norm2d": nn.InstanceNorm2d(4),
        "instance_norm2d_affine": nn.InstanceNorm2d(4, 1e-6, 0.2, True, True),
        "layer_norm": nn.LayerNorm(16),
        "layer_norm_2d": nn.LayerNorm([4, 16]),
        "layer_norm_options": nn.LayerNorm([16], eps=1e-6, elementwise_affine=False),
        "group_norm": nn.GroupNorm(2, 8),
        "group_norm_options": nn.GroupNorm(4, 8, eps=1e-3, affine=False),
        "local_response_norm": nn.LocalResponseNorm(2),
        "local_response_norm_options": nn.LocalResponseNorm(3, 2e-4, 0.5, 2.0),
        # dropout
        "dropout": nn.Dropout(),
        "dropout_0.25": nn.Dropout(0.25),
        "dropout1d": nn.Dropout1d(0.5),
        "dropout2d": nn.Dropout2d(0.2),
        "dropout3d": nn.Dropout3d(0.3),
        "alpha_dropout": nn.AlphaDropout(0.1),
        "feature_alpha_dropout": nn.FeatureAlphaDropout(0.4),
        # sparse
        "embedding": nn.Embedding(10, 3),
        "embedding_padding_idx": nn.Embedding(10, 3, padding_idx=0),
        "embedding_max_norm": nn.Embedding(10, 3, padding_idx=-1, max_norm=1.0, norm_type=1.0),
        "embedding_bag": nn.EmbeddingBag(10, 3),
        "embedding_bag_max": nn.EmbeddingBag(10, 3, max_norm=2.0, norm_type=3.0, mode="max"),
        "embedding_bag_sum_padding": nn.EmbeddingBag(10, 3, mode="sum", padding_idx=2),
        # recurrent
        "rnn": nn.RNN(4, 8),
        "rnn_relu": nn.RNN(4, 8, nonlinearity="relu", num_layers=2, batch_first=True),
        "lstm": nn.LSTM(4, 8),
        "lstm_options": nn.LSTM(4, 8, num_layers=2, bias=False, batch_first=True, dropout=0.5, bidirectional=True),
        "lstm_proj": nn.LSTM(4, 8, proj_size=3),
        "gru": nn.GRU(4, 8),
        "gru_bidirectional": nn.GRU(4, 8, bidirectional=True, dropout=0.25, num_layers=3),
        "rnn_cell": nn.RNNCell(4, 8),
        "rnn_cell_relu_no_bias": nn.RNNCell(4, 8, bias=False, nonlinearity="relu"),
        "lstm_cell": nn.LSTMCell(4, 8),
        "lstm_cell_no_bias": nn.LSTMCell(4, 8, bias=False),
        "gru_cell": nn.GRUCell(4, 8),
        # attention and transformers
        "multihead_attention": nn.MultiheadAttention(16, 4),
        "multihead_attention_no_bias_kdim": nn.MultiheadAttention(16, 4, 0.1, False, False, False, 8, 12),
        "transformer_encoder_layer": nn.TransformerEncoderLayer(**SMALL_LAYER),
        "transformer_encoder_layer_gelu": nn.TransformerEncoderLayer(8, 2, 16, 0.2, "gelu", 1e-6, True, True),
        "transformer_decoder_layer": nn.TransformerDecoderLayer(**SMALL_LAYER),
        "transformer_encoder": nn.TransformerEncoder(nn.TransformerEncoderLayer(**SMALL_LAYER), 2),
        "transformer_encoder_norm": nn.TransformerEncoder(nn.TransformerEncoderLayer(**SMALL_LAYER), 1,
                                                          nn.LayerNorm(8)),
        "transformer_decoder": nn.TransformerDecoder(nn.TransformerDecoderLayer(**SMALL_LAYER), 1, nn.LayerNorm(8)),
        "transformer": nn.Transformer(8, 2, 1, 1, 16),
        # losses: none of them has an extra_repr
        "l1_loss": nn.L1Loss(),
        "mse_loss": nn.MSELoss(),
        "mse_loss_sum": nn.MSELoss(reduction="sum"),
        "cross_entropy_loss": nn.CrossEntropyLoss(),
        "cross_entropy_loss_smoothing": nn.CrossEntropyLoss(ignore_index=1, label_smoothing=0.1),
        "nll_loss": nn.NLLLoss(),
        "bce_loss": nn.BCELoss(),
        "bce_with_logits_loss": nn.BCEWithLogitsLoss(),
        "kl_div_loss": nn.KLDivLoss(),
        "huber_loss": nn.HuberLoss(),
        "smooth_l1_loss": nn.SmoothL1Loss(),
        "soft_margin_loss": nn.SoftMarginLoss(),
        "margin_ranking_loss": nn.MarginRankingLoss(),
        "hinge_embedding_loss": nn.HingeEmbeddingLoss(),
        "cosine_embedding_loss": nn.CosineEmbeddingLoss(),
        "multi_margin_loss": nn.MultiMarginLoss(),
        "multi_label_margin_loss": nn.MultiLabelMarginLoss(),
        "multi_label_soft_margin_loss": nn.MultiLabelSoftMarginLoss(),
        "poisson_nll_loss": nn.PoissonNLLLoss(),
        "gaussian_nll_loss": nn.GaussianNLLLoss(),
        "triplet_margin_loss": nn.TripletMarginLoss(),
        "triplet_margin_loss_options": nn.TripletMarginLoss(margin=2.0, p=1.0),
        "ctc_loss": nn.CTCLoss(),
        # padding: the padding always a tuple of every side
        "reflection_pad1d": nn.ReflectionPad1d(2),
        "reflection_pad1d_tuple": nn.ReflectionPad1d((1, 2)),
        "reflection_pad2d": nn.ReflectionPad2d(1),
        "reflection_pad3d": nn.ReflectionPad3d((1, 1, 2, 2, 0, 1)),
        "replication_pad1d": nn.ReplicationPad1d((3, 1)),
        "replication_pad2d": nn.ReplicationPad2d(2),
        "replication_pad3d": nn.ReplicationPad3d(1),
        "zero_pad2d": nn.ZeroPad2d(2),
        "zero_pad2d_tuple": nn.ZeroPad2d((1, 2, 3, 4)),
        "constant_pad1d": nn.ConstantPad1d(2, 3.5),
        "constant_pad2d": nn.ConstantPad2d((1, 0, 2, 0), -1.0),
        "constant_pad3d": nn.ConstantPad3d(1, 0.0),
        # vision and shape layers
        "upsample_size": nn.Upsample(size=(4, 6), mode="nearest"),
        "upsample_size_3d": nn.Upsample(size=(2, 4, 6), mode="trilinear", align_corners=True),
        "upsample_scale": nn.Upsample(scale_factor=2.0, mode="bilinear"),
        "upsample_scale_nearest": nn.Upsample(scale_factor=1.5),
        "pixel_shuffle": nn.PixelShuffle(2),
        "pixel_unshuffle": nn.PixelUnshuffle(3),
        "channel_shuffle": nn.ChannelShuffle(2),
        "flatten": nn.Flatten(),
        "flatten_0_2": nn.Flatten(0, 2),
        "fold": nn.Fold((4, 5), 2),
        "fold_tuples": nn.Fold((4, 5), (2, 2), (1, 2), (0, 1), (1, 1)),
        "unfold": nn.Unfold(2),
        "unfold_tuples": nn.Unfold((2, 3), (1, 1), (1, 0), (2, 1)),
        # activations whose arguments are floats
        "elu": nn.ELU(),
        "elu_0.5": nn.ELU(0.5),
        "celu": nn.CELU(),
        "leaky_relu": nn.LeakyReLU(),
        "leaky_relu_0.2": nn.LeakyReLU(0.2),
        "rrelu": nn.RReLU(),
        "softplus": nn.Softplus(),
        "softplus_options": nn.Softplus(0.5, 10.0),
        "hardtanh": nn.Hardtanh(),
        "threshold_tiny": nn.Threshold(1e-20, -1e20),
        "threshold_inf": nn.Threshold(float("inf"), float("-inf")),
        "hardshrink": nn.Hardshrink(),
        "gelu": nn.GELU(),
        "gelu_tanh": nn.GELU(approximate="tanh"),
        "prelu": nn.PReLU(),
        "prelu_4": nn.PReLU(4, 0.1),
        "relu": nn.ReLU(),
        "relu6": nn.ReLU6(),
        "selu": nn.SELU(),
        "silu": nn.SiLU(),
        "mish": nn.Mish(),
        "hardswish": nn.Hardswish(),
        "hardsigmoid": nn.Hardsigmoid(),
        "sigmoid": nn.Sigmoid(),
        "tanh": nn.Tanh(),
        "softmax": nn.Softmax(1),
        "log_softmax": nn.LogSoftmax(-1),
        "softmin": nn.Softmin(0),
        "softmax2d": nn.Softmax2d(),
        "glu": nn.GLU(),
        # containers: children indented by two spaces at each level
        "sequential_empty": nn.Sequential(),
        "sequential": nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Dropout(0.1), nn.Linear(8, 2)),
        "sequential_nested": nn.Sequential(
            nn.Sequential(nn.Conv2d(3, 8, 3, 1, 1), nn.BatchNorm2d(8), nn.ReLU()),
            nn.Sequential(nn.MaxPool2d(2), nn.Flatten()),
            nn.Linear(8, 10)),
        "module_list": nn.ModuleList([nn.Linear(2, 3), nn.Sequential(nn.Tanh(), nn.Identity()), nn.ModuleList()]),
        "module_list_empty": nn.ModuleList(),
    }


def floats():
    """[float.hex(x), repr(x)] for PyRepr's float: edge cases, then random doubles of every magnitude."""
    values = [0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1e-5, 1e-4, 9.999e-5, 0.001, 1e15, 1e16, 9999999999999998.0, 1e17,
              1e20, 1e-20, 1e22, 1e23, 2e-7, 123456789.125, 1 / 3, 2 / 3, 5e-324, 2.2250738585072014e-308,
              1.7976931348623157e308, 0.3, 100.0, 1234.5, 4.35, 2.675, math.pi, math.e, float("inf"), float("-inf"),
              float("nan")]
    rng = random.Random(0)
    for _ in range(300):
        bits = rng.getrandbits(64)
        x = struct.unpack("<d", struct.pack("<Q", bits))[0]
        if math.isfinite(x):
            values.append(x)
    for _ in range(100):
        values.append(round(rng.uniform(-1000, 1000), rng.randint(0, 6)) * 10.0 ** rng.randint(-8, 8))
    return [[x.hex() if math.isfinite(x) else repr(x), repr(x)] for x in values]


def main():
    torch.manual_seed(0)
    reprs = {name: repr(module) for name, module in cases().items()}
    OUT.write_text(json.dumps({"generated_by": "/usr/bin/python3 kernels/src/test/python/make_module_repr_golden.py",
                               "torch_version": torch.__version__, "reprs": reprs, "floats": floats()}, indent=1)
                   + "\n")
    print(f"wrote {OUT} ({len(reprs)} cases)")


if __name__ == "__main__":
    main()
