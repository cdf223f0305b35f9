package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;

/**
 * One transformer encoder block ({@code torch.nn.TransformerEncoderLayer} with batch_first, post-norm, as
 * PyTorch computes it in training): {@code x = norm1(x + dropout1(self_attn(x)))}, then
 * {@code x = norm2(x + dropout2(linear2(dropout(activation(linear1(x))))))}. Its children and their
 * initialisation order are PyTorch's ({@code self_attn}, {@code linear1}, {@code linear2}, {@code norm1},
 * {@code norm2}), so a state dict exported from PyTorch loads, and a seeded layer starts with PyTorch's
 * weights.
 */
public final class TransformerEncoderLayer extends Module {
    private final MultiheadAttention selfAttn;
    private final Linear linear1;
    private final Dropout dropout;
    private final Linear linear2;
    private final LayerNorm norm1;
    private final LayerNorm norm2;
    private final Dropout dropout1;
    private final Dropout dropout2;
    private final Module activation;

    /** d_model, nhead, dim_feedforward, dropout, GELU ("gelu") or ReLU ("relu"); batch first. */
    public TransformerEncoderLayer(long dModel, long nhead, long dimFeedforward, double dropout, String activation) {
        this.selfAttn = registerModule("self_attn",
                new MultiheadAttention(dModel, nhead, dropout, true, ScalarType.Float32, null));
        this.linear1 = registerModule("linear1", new Linear(dModel, dimFeedforward));
        this.dropout = registerModule("dropout", new Dropout(dropout));
        this.linear2 = registerModule("linear2", new Linear(dimFeedforward, dModel));
        this.norm1 = registerModule("norm1", new LayerNorm(dModel));
        this.norm2 = registerModule("norm2", new LayerNorm(dModel));
        this.dropout1 = registerModule("dropout1", new Dropout(dropout));
        this.dropout2 = registerModule("dropout2", new Dropout(dropout));
        switch (activation) {
            case "gelu":
                this.activation = new GELU();
                break;
            case "relu":
                this.activation = new ReLU();
                break;
            default:
                throw new IllegalArgumentException("activation should be relu/gelu, not " + activation);
        }
    }

    /** {@code x}: [N, L, d_model]. */
    @Override
    public Tensor forward(Tensor x) {
        Tensor attended = norm1.forward(x.add(dropout1.forward(selfAttn.forward(x))));
        Tensor fed = linear2.forward(dropout.forward(activation.forward(linear1.forward(attended))));
        return norm2.forward(attended.add(dropout2.forward(fed)));
    }
}
