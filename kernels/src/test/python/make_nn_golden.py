"""Reference runs of the nn layers in PyTorch 1.13, for NnGoldenTest.

Regenerate, from the repository root, with Debian's python3-torch (for /usr/bin/python3):

    /usr/bin/python3 kernels/src/test/python/make_nn_golden.py [name ...]

(names, such as lstm_training, write only those files: the float32 results of the attention and convolution
references differ in their last bits from run to run, so the committed files are rewritten only on purpose).
Each layer is built right after torch.manual_seed, so its initial weights show whether the Java layer draws
the same numbers in the same order; the file also holds an input, the output, and the gradients of the
input and of every parameter for a fixed upstream gradient. Files are safetensors, written with the
standard library. The recurrent modules (RecurrentModulesGoldenTest) also save their extra inputs ("in.*") and
their gradients, and two of them a few SGD steps: every loss and the final state.
"""
import json
import pathlib
import struct
import sys

import torch
from torch import nn

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "nn"
CODES = {torch.float32: "F32", torch.float64: "F64", torch.int64: "I64"}
ONLY = set(sys.argv[1:])  # names of the files to write (all by default)


def save(tensors, path):
    header, blobs, offset = {}, [], 0
    for name, t in tensors.items():
        data = t.detach().contiguous().numpy().tobytes()
        header[name] = {"dtype": CODES[t.dtype], "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    path.write_bytes(struct.pack("<Q", len(text)) + text + b"".join(blobs))


def reference(name, make, x, seed, forward=lambda m, x: m(x)):
    if ONLY and name not in ONLY:
        return
    torch.manual_seed(seed)
    module = make()
    state = {"init." + k: v.clone() for k, v in module.state_dict().items()}
    differentiable = x.dtype.is_floating_point
    x = x.clone().requires_grad_(differentiable)
    y = forward(module, x)
    upstream = torch.linspace(-1, 1, y.numel()).view(y.shape)
    y.backward(upstream)
    grads = {"grad." + k: p.grad for k, p in module.named_parameters()}
    after = {"after." + k: v.clone() for k, v in module.state_dict().items()}  # running statistics, updated
    if differentiable:
        grads["grad.x"] = x.grad
    save(dict(state, x=x, y=y, upstream=upstream, **grads, **after), OUT / f"{name}.safetensors")


def flat(*results):
    """Every result flattened into one vector: one upstream gradient covers output and final states."""
    return torch.cat([r.reshape(-1) for r in results])


def recurrent(name, make, inputs, seed, forward):
    """A recurrent module after manual_seed(seed): its initial state, `inputs` (each requiring grad), the results
    of forward(module, *inputs) flattened into y, and the gradients of the inputs and parameters for a fixed
    upstream gradient."""
    if ONLY and name not in ONLY:
        return
    torch.manual_seed(seed)
    module = make()
    state = {"init." + k: v.clone() for k, v in module.state_dict().items()}
    inputs = {k: v.clone().requires_grad_(True) for k, v in inputs.items()}
    y = flat(*forward(module, *inputs.values()))
    upstream = torch.linspace(-1, 1, y.numel())
    y.backward(upstream)
    grads = {"grad." + k: p.grad for k, p in module.named_parameters()}
    grads.update({"grad.in." + k: v.grad for k, v in inputs.items()})
    save(dict(state, y=y, upstream=upstream, **{"in." + k: v for k, v in inputs.items()}, **grads),
         OUT / f"{name}.safetensors")


def training(name, make, x, target, seed, steps, lr, forward):
    """`steps` steps of plain SGD on the mean squared error of forward(module, x) against target, in training mode
    (dropout draws from the generator seeded before the module was made): every loss and the final state."""
    if ONLY and name not in ONLY:
        return
    torch.manual_seed(seed)
    module = make()
    state = {"init." + k: v.clone() for k, v in module.state_dict().items()}
    optimizer = torch.optim.SGD(module.parameters(), lr=lr)
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(forward(module, x), target)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    after = {"after." + k: v.clone() for k, v in module.state_dict().items()}
    save(dict(state, x=x, target=target, losses=torch.stack(losses), **after), OUT / f"{name}.safetensors")


def inputs(seed):
    """randn from a generator of its own, so that an input does not depend on which references ran before it."""
    generator = torch.Generator().manual_seed(seed)
    return lambda *shape: torch.randn(*shape, generator=generator)


def recurrent_references():
    r = inputs(1)
    recurrent("rnn_cell", lambda: nn.RNNCell(4, 3), {"x": r(2, 4), "h": r(2, 3)}, 11, lambda m, x, h: [m(x, h)])
    recurrent("rnn_cell_relu_unbatched", lambda: nn.RNNCell(4, 3, nonlinearity="relu"), {"x": r(4)}, 12,
              lambda m, x: [m(x)])
    recurrent("gru_cell", lambda: nn.GRUCell(4, 3), {"x": r(2, 4), "h": r(2, 3)}, 13, lambda m, x, h: [m(x, h)])
    recurrent("lstm_cell", lambda: nn.LSTMCell(4, 3), {"x": r(2, 4), "h": r(2, 3), "c": r(2, 3)}, 14,
              lambda m, x, h, c: m(x, (h, c)))
    recurrent("lstm_cell_unbatched_no_bias", lambda: nn.LSTMCell(4, 3, bias=False), {"x": r(4)}, 15, lambda m, x: m(x))
    recurrent("rnn_two_layers", lambda: nn.RNN(4, 3, num_layers=2), {"x": r(5, 2, 4), "h": r(2, 2, 3)}, 16,
              lambda m, x, h: m(x, h))
    recurrent("rnn_relu_bidirectional_batch_first",
              lambda: nn.RNN(4, 3, nonlinearity="relu", bidirectional=True, batch_first=True), {"x": r(2, 5, 4)}, 17,
              lambda m, x: m(x))
    recurrent("gru_two_layers_bidirectional", lambda: nn.GRU(4, 3, num_layers=2, bidirectional=True),
              {"x": r(5, 2, 4), "h": r(4, 2, 3)}, 18, lambda m, x, h: m(x, h))
    recurrent("gru_unbatched", lambda: nn.GRU(4, 3), {"x": r(5, 4), "h": r(1, 3)}, 19, lambda m, x, h: m(x, h))
    recurrent("lstm_two_layers", lambda: nn.LSTM(4, 3, num_layers=2), {"x": r(5, 2, 4), "h": r(2, 2, 3), "c": r(2, 2, 3)},
              20, lambda m, x, h, c: (lambda o: [o[0], *o[1]])(m(x, (h, c))))
    recurrent("lstm_projections_bidirectional_batch_first",
              lambda: nn.LSTM(4, 5, proj_size=2, bidirectional=True, batch_first=True), {"x": r(2, 5, 4)}, 21,
              lambda m, x: (lambda o: [o[0], *o[1]])(m(x)))
    recurrent("lstm_unbatched_no_bias", lambda: nn.LSTM(4, 3, bias=False), {"x": r(5, 4)}, 22,
              lambda m, x: (lambda o: [o[0], *o[1]])(m(x)))
    training("lstm_training", lambda: nn.LSTM(4, 6, num_layers=2), r(7, 3, 4), r(7, 3, 6), 23, 4, 0.5,
             lambda m, x: m(x)[0])
    training("gru_training_dropout", lambda: nn.GRU(4, 5, num_layers=2, dropout=0.3, batch_first=True), r(3, 7, 4),
             r(3, 7, 5), 24, 4, 0.5, lambda m, x: m(x)[0])


def normalization_references():
    r = inputs(2)
    reference("group_norm", lambda: nn.GroupNorm(2, 6), r(3, 6, 4), 31)
    reference("group_norm_no_affine", lambda: nn.GroupNorm(3, 6, affine=False), r(2, 6, 2, 3), 32)
    reference("instance_norm1d_affine_tracking", lambda: nn.InstanceNorm1d(4, affine=True, track_running_stats=True),
              r(3, 4, 5), 33)
    reference("instance_norm2d_unbatched", lambda: nn.InstanceNorm2d(3), r(3, 4, 4), 34)
    reference("instance_norm2d_eval", lambda: nn.InstanceNorm2d(3, affine=True, track_running_stats=True).eval(),
              r(2, 3, 3, 3), 35)
    reference("batch_norm1d", lambda: nn.BatchNorm1d(4), r(5, 4), 36)
    reference("batch_norm1d_eval", lambda: nn.BatchNorm1d(4).eval(), r(5, 4, 3), 37)
    training("batch_norm1d_cumulative_training", lambda: nn.Sequential(nn.Conv1d(2, 3, 3), nn.BatchNorm1d(3, momentum=None),
                                                                       nn.Tanh()), r(4, 2, 7), r(4, 3, 5), 38, 3, 0.3,
             lambda m, x: m(x))
    training("group_norm_training", lambda: nn.Sequential(nn.Conv1d(2, 4, 3), nn.GroupNorm(2, 4), nn.ReLU()), r(4, 2, 7),
             r(4, 4, 5), 39, 3, 0.3, lambda m, x: m(x))


OUT.mkdir(parents=True, exist_ok=True)
torch.manual_seed(0)
reference("attention", lambda: nn.MultiheadAttention(8, 2), torch.randn(5, 3, 8), 5,
          forward=lambda m, x: m(x, x, x, need_weights=False)[0])
reference("attention_batch_first", lambda: nn.MultiheadAttention(8, 4, batch_first=True), torch.randn(3, 5, 8), 6,
          forward=lambda m, x: m(x, x, x, need_weights=False)[0])
reference("linear", lambda: nn.Linear(6, 4), torch.randn(7, 6), 7)
reference("cnn_block", lambda: nn.Sequential(nn.Conv2d(2, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(), nn.MaxPool2d(2),
                                             nn.Flatten(), nn.Linear(36, 5)), torch.randn(2, 2, 6, 6), 8)
reference("layer_norm", lambda: nn.LayerNorm(6), torch.randn(3, 4, 6), 9)
reference("embedding", lambda: nn.Embedding(10, 3, padding_idx=2), torch.tensor([[1, 2, 4], [4, 9, 0]]), 10)
reference("conv_transpose", lambda: nn.Sequential(nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1,
                                                                   groups=2),
                                                nn.Conv2d(6, 3, (2, 3), padding="same")), torch.randn(2, 4, 5, 5), 11)
reference("conv_transpose1d", lambda: nn.Sequential(nn.ConvTranspose1d(3, 2, 4, stride=3, padding=1, dilation=2),
                                                  nn.Conv1d(2, 2, 3, padding="valid")), torch.randn(2, 3, 7), 12)


class SizedTranspose(nn.Module):
    """A transposed convolution asked for one of the output sizes its stride allows."""

    def __init__(self):
        super().__init__()
        self.inner = nn.ConvTranspose2d(2, 3, 3, stride=2, bias=False)

    def forward(self, x):
        return self.inner(x, output_size=[10, 10])


reference("conv_transpose_output_size", SizedTranspose, torch.randn(1, 2, 4, 4), 13)
reference("conv3d", lambda: nn.Sequential(nn.Conv3d(2, 4, 3, padding=1), nn.ReLU(),
                                        nn.ConvTranspose3d(4, 2, 2, stride=2, groups=2)), torch.randn(2, 2, 3, 4, 4), 14)
reference("pool3d", lambda: nn.Sequential(nn.Conv3d(1, 2, 2), nn.MaxPool3d(2, stride=1), nn.AvgPool3d(2, padding=1),
                                        nn.AdaptiveMaxPool3d((2, 1, 2)), nn.AdaptiveAvgPool3d(1)),
          torch.randn(2, 1, 5, 6, 5), 15)
class MaskedCrossAttention(nn.Module):
    """Attention of a sequence over two slices of itself (keys and values of other widths), with a causal bool
    mask, a key padding mask and the averaged weights returned beside the output."""

    def __init__(self):
        super().__init__()
        self.inner = nn.MultiheadAttention(8, 2, batch_first=True, kdim=6, vdim=5)

    def forward(self, x):
        causal = torch.triu(torch.ones(4, 4, dtype=torch.bool), diagonal=1)
        padding = torch.tensor([[False, False, False, True], [False, False, False, False]])
        out, weights = self.inner(x, x[:, :, :6], x[:, :, 2:7], key_padding_mask=padding, attn_mask=causal)
        return flat(out, weights)


class SmallTransformer(nn.Module):
    """nn.Transformer, batch first, with a causal target mask and a source key padding mask."""

    def __init__(self):
        super().__init__()
        self.inner = nn.Transformer(8, 2, 2, 1, 16, 0.0, batch_first=True)

    def forward(self, x):
        tgt_mask = nn.Transformer.generate_square_subsequent_mask(3)
        padding = torch.tensor([[False, False, False, False, True], [False, False, False, False, False]])
        return self.inner(x, x[:, :3], tgt_mask=tgt_mask, src_key_padding_mask=padding,
                          memory_key_padding_mask=padding)


class PreNormEncoderLayer(nn.Module):
    """A pre-norm GELU encoder layer, sequence first, with an additive float mask."""

    def __init__(self):
        super().__init__()
        self.inner = nn.TransformerEncoderLayer(8, 2, 16, 0.0, "gelu", norm_first=True)

    def forward(self, x):
        mask = torch.linspace(-1, 1, 25).view(5, 5)
        return self.inner(x, src_mask=mask)


class BilinearShuffle(nn.Module):
    """Channels shuffled, then a bilinear layer of two halves of the features. 1.13 has no derivative for
    channel_shuffle, so the shuffle sees the input detached (the input's gradient is the zero of 0 * x.sum())."""

    def __init__(self):
        super().__init__()
        self.shuffle = nn.ChannelShuffle(2)
        self.bilinear = nn.Bilinear(12, 24, 5)

    def forward(self, x):
        flat_x = self.shuffle(x.detach()).flatten(1)
        return self.bilinear(flat_x[:, :12], flat_x[:, 12:]) + 0 * x.sum()


class BagOf(nn.Module):
    """An EmbeddingBag called with fixed offsets (and per-sample weights) on the indices it is given."""

    def __init__(self, bag, offsets=None, weighted=False):
        super().__init__()
        self.inner = bag
        self.offsets = offsets
        self.weighted = weighted

    def forward(self, x):
        weights = torch.linspace(0.5, 1.5, x.numel()).view(x.shape) if self.weighted else None
        return self.inner(x, self.offsets, per_sample_weights=weights)


def attention_references():
    generator = torch.Generator().manual_seed(16)
    reference("attention_masks", MaskedCrossAttention, torch.randn(2, 4, 8, generator=generator), 16)
    reference("transformer", SmallTransformer, torch.randn(2, 5, 8, generator=generator), 17)
    reference("encoder_layer_prenorm", PreNormEncoderLayer, torch.randn(5, 2, 8, generator=generator), 18)
    reference("embedding_max_norm", lambda: nn.Embedding(6, 4, max_norm=1.2, norm_type=3.0),
              torch.tensor([[1, 4, 4], [0, 1, 5]]), 20)
    reference("bilinear_shuffle", BilinearShuffle, torch.randn(2, 4, 3, 3, generator=generator), 21)
    reference("embedding_bag_sum", lambda: BagOf(nn.EmbeddingBag(10, 3, mode="sum", padding_idx=2),
                                                 torch.tensor([0, 2, 2, 5]), weighted=True),
              torch.tensor([1, 2, 4, 2, 9, 0, 7, 7]), 22)
    reference("embedding_bag_mean_2d", lambda: BagOf(nn.EmbeddingBag(10, 3, max_norm=1.0)),
              torch.tensor([[1, 2, 4, 2], [9, 0, 7, 7], [3, 3, 3, 5]]), 23)
    reference("embedding_bag_max", lambda: BagOf(nn.EmbeddingBag(10, 3, mode="max", padding_idx=0),
                                                 torch.tensor([0, 3, 3])), torch.tensor([1, 0, 4, 2, 9, 0, 7]), 24)
    reference("embedding_bag_last_offset", lambda: BagOf(nn.EmbeddingBag(10, 3, mode="sum", include_last_offset=True),
                                                         torch.tensor([0, 2, 2, 5]), weighted=True),
              torch.tensor([1, 2, 4, 2, 9, 0, 7, 7]), 25)
    reference("lrn_lp_pool", lambda: nn.Sequential(nn.LocalResponseNorm(3, alpha=0.1, beta=0.6, k=1.5),
                                                   nn.LPPool2d(2, 2), nn.LocalResponseNorm(2)),
              torch.randn(2, 5, 4, 6, generator=generator), 26)
    reference("lrn_lp_pool1d", lambda: nn.Sequential(nn.LocalResponseNorm(4), nn.LPPool1d(3, 2, stride=1)),
              torch.randn(2, 5, 6, generator=generator), 27)
    reference("padding_modes", lambda: nn.Sequential(
        nn.ReflectionPad2d((1, 0, 2, 1)), nn.Conv2d(2, 3, 3, padding=1, padding_mode="circular"), nn.ReplicationPad2d(1),
        nn.Conv2d(3, 2, (2, 3), padding="same", padding_mode="reflect"), nn.ZeroPad2d((0, 1, 1, 0)),
        nn.ConstantPad2d(2, 0.5), nn.Conv2d(2, 2, 3, padding=(1, 2), padding_mode="replicate")),
        torch.randn(2, 2, 5, 6, generator=generator), 19)


def packed_references():
    """The recurrent modules over packed sequences (PackedSequenceModulesGoldenTest): a padded batch packed with
    pack_padded_sequence (lengths with ties, enforce_sorted False or True), the module, and pad_packed_sequence; y
    holds the packed output data, the padded output and the final states, in the caller's order."""
    r = inputs(2)
    rnn = torch.nn.utils.rnn

    def packed(batch_first, lengths, enforce_sorted=False, padding_value=0.0, total_length=None):
        def forward(m, x, *state):
            seq = rnn.pack_padded_sequence(x, torch.tensor(lengths), batch_first, enforce_sorted)
            out, hidden = m(seq, (state if len(state) == 2 else state[0]) if state else None)
            padded, _ = rnn.pad_packed_sequence(out, batch_first, padding_value, total_length)
            return [out.data, padded, *(hidden if isinstance(hidden, tuple) else [hidden])]
        return forward

    recurrent("lstm_packed_two_layers_bidirectional", lambda: nn.LSTM(4, 3, num_layers=2, bidirectional=True),
              {"x": r(5, 4, 4), "h": r(4, 4, 3), "c": r(4, 4, 3)}, 31, packed(False, [2, 5, 3, 5]))
    recurrent("gru_packed_sorted_batch_first", lambda: nn.GRU(4, 3, batch_first=True), {"x": r(3, 4, 4)}, 32,
              packed(True, [4, 2, 1], enforce_sorted=True))
    recurrent("rnn_relu_packed_two_layers_bidirectional",
              lambda: nn.RNN(4, 3, nonlinearity="relu", num_layers=2, bidirectional=True),
              {"x": r(4, 3, 4), "h": r(4, 3, 3)}, 33, packed(False, [1, 4, 2]))
    recurrent("lstm_packed_projections_total_length",
              lambda: nn.LSTM(4, 5, proj_size=2, bidirectional=True, batch_first=True), {"x": r(3, 4, 4)}, 34,
              packed(True, [3, 4, 1], padding_value=-1.0, total_length=6))
    training("lstm_packed_training_dropout", lambda: nn.LSTM(4, 5, num_layers=2, dropout=0.3, bidirectional=True),
             r(6, 3, 4), r(6, 3, 10), 35, 4, 0.5,
             lambda m, x: rnn.pad_packed_sequence(m(rnn.pack_padded_sequence(x, torch.tensor([4, 6, 2]), False,
                                                                              False))[0])[0])


recurrent_references()
packed_references()
normalization_references()
attention_references()
print("written", sorted(p.name for p in OUT.iterdir()))
