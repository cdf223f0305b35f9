package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * One transformer encoder block ({@code torch.nn.TransformerEncoderLayer}), as PyTorch computes it in training:
 * post-norm {@code x = norm1(x + sa(x)); x = norm2(x + ff(x))}, or with {@code normFirst} {@code x = x +
 * sa(norm1(x)); x = x + ff(norm2(x))}, where {@code sa} is self-attention (with the source mask and key padding
 * mask) and {@code ff} is {@code linear2(dropout(activation(linear1(x))))}, each followed by its dropout. Its
 * children and their initialisation order are PyTorch's ({@code self_attn}, {@code linear1}, {@code linear2},
 * {@code norm1}, {@code norm2}), so a state dict exported from PyTorch loads, and a seeded layer starts with
 * PyTorch's weights.
 */
public final class TransformerEncoderLayer extends Module {
    private final Options options;
    private final MultiheadAttention selfAttn;
    private final Linear linear1;
    private final Dropout dropout;
    private final Linear linear2;
    private final LayerNorm norm1;
    private final LayerNorm norm2;
    private final Dropout dropout1;
    private final Dropout dropout2;
    private final Module activation;

    /** A layer's sizes and choices, PyTorch's constructor arguments ({@code batchFirst} false by default there). */
    public record Options(long dModel, long nhead, long dimFeedforward, double dropout, String activation,
            double layerNormEps, boolean batchFirst, boolean normFirst) {
        /** PyTorch's defaults: feed-forward 2048, dropout 0.1, ReLU, eps 1e-5, sequence first, post-norm. */
        public static Options of(long dModel, long nhead) {
            return new Options(dModel, nhead, 2048, 0.1, "relu", 1e-5, false, false);
        }

        public Options withFeedforward(long size) {
            return new Options(dModel, nhead, size, dropout, activation, layerNormEps, batchFirst, normFirst);
        }

        public Options withDropout(double p) {
            return new Options(dModel, nhead, dimFeedforward, p, activation, layerNormEps, batchFirst, normFirst);
        }

        public Options withActivation(String name) {
            return new Options(dModel, nhead, dimFeedforward, dropout, name, layerNormEps, batchFirst, normFirst);
        }

        public Options withLayerNormEps(double eps) {
            return new Options(dModel, nhead, dimFeedforward, dropout, activation, eps, batchFirst, normFirst);
        }

        public Options withBatchFirst(boolean first) {
            return new Options(dModel, nhead, dimFeedforward, dropout, activation, layerNormEps, first, normFirst);
        }

        public Options withNormFirst(boolean first) {
            return new Options(dModel, nhead, dimFeedforward, dropout, activation, layerNormEps, batchFirst, first);
        }
    }

    /** d_model, nhead, dim_feedforward, dropout, GELU ("gelu") or ReLU ("relu"); batch first, post-norm. */
    public TransformerEncoderLayer(long dModel, long nhead, long dimFeedforward, double dropout, String activation) {
        this(new Options(dModel, nhead, dimFeedforward, dropout, activation, 1e-5, true, false), null);
    }

    public TransformerEncoderLayer(Options options) {
        this(options, null);
    }

    TransformerEncoderLayer(Options o, Generator generator) {
        this.options = o;
        this.activation = activation(o.activation());
        this.selfAttn = registerModule("self_attn", new MultiheadAttention(o.dModel(), o.nhead(), o.dropout(), true,
                o.dModel(), o.dModel(), o.batchFirst(), ScalarType.Float32, generator));
        this.linear1 = registerModule("linear1", new Linear(o.dModel(), o.dimFeedforward(), true, ScalarType.Float32,
                generator));
        this.dropout = registerModule("dropout", new Dropout(o.dropout()));
        this.linear2 = registerModule("linear2", new Linear(o.dimFeedforward(), o.dModel(), true, ScalarType.Float32,
                generator));
        this.norm1 = registerModule("norm1", new LayerNorm(new long[] {o.dModel()}, o.layerNormEps(), true,
                ScalarType.Float32));
        this.norm2 = registerModule("norm2", new LayerNorm(new long[] {o.dModel()}, o.layerNormEps(), true,
                ScalarType.Float32));
        this.dropout1 = registerModule("dropout1", new Dropout(o.dropout()));
        this.dropout2 = registerModule("dropout2", new Dropout(o.dropout()));
    }

    /** PyTorch's _get_activation_fn for the names it takes. */
    static Module activation(String name) {
        switch (name) {
            case "gelu":
                return new GELU();
            case "relu":
                return new ReLU();
            default:
                throw new IllegalArgumentException("activation should be relu/gelu, not " + name);
        }
    }

    public Options options() {
        return options;
    }

    /** {@code x}: [N, L, d_model] with batchFirst, else [L, N, d_model] (or one unbatched [L, d_model]). */
    @Override
    public Tensor forward(Tensor x) {
        return forward(x, null, null);
    }

    /** With the source's attention mask ([L, L] or [N * nhead, L, L]) and key padding mask ([N, L]), either null. */
    public Tensor forward(Tensor src, Tensor srcMask, Tensor srcKeyPaddingMask) {
        Tensor x = src;
        if (options.normFirst()) {
            x = x.add(selfAttentionBlock(norm1.forward(x), srcMask, srcKeyPaddingMask));
            return x.add(feedForwardBlock(norm2.forward(x)));
        }
        x = norm1.forward(x.add(selfAttentionBlock(x, srcMask, srcKeyPaddingMask)));
        return norm2.forward(x.add(feedForwardBlock(x)));
    }

    private Tensor selfAttentionBlock(Tensor x, Tensor mask, Tensor keyPaddingMask) {
        return dropout1.forward(selfAttn.forward(x, x, x, keyPaddingMask, false, mask, true).output());
    }

    private Tensor feedForwardBlock(Tensor x) {
        return dropout2.forward(linear2.forward(dropout.forward(activation.forward(linear1.forward(x)))));
    }

    /** A layer with this one's options and a copy of its weights (PyTorch's deepcopy), drawing no random numbers. */
    public TransformerEncoderLayer copy() {
        TransformerEncoderLayer copy = new TransformerEncoderLayer(options, Torch.generator());
        copy.loadStateDict(stateDict());
        copy.train(isTraining());
        return copy;
    }
}
