package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * One transformer decoder block ({@code torch.nn.TransformerDecoderLayer}): self-attention over the target,
 * attention over the encoder's output ("memory") and a feed-forward block, each with a residual connection and a
 * layer norm after it (or before it, with {@code normFirst}), as PyTorch 1.13 computes them. Children and their
 * initialisation order are PyTorch's ({@code self_attn}, {@code multihead_attn}, {@code linear1}, {@code linear2},
 * {@code norm1..3}).
 */
public final class TransformerDecoderLayer extends Module {
    private final TransformerEncoderLayer.Options options;
    private final MultiheadAttention selfAttn;
    private final MultiheadAttention multiheadAttn;
    private final Linear linear1;
    private final Dropout dropout;
    private final Linear linear2;
    private final LayerNorm norm1;
    private final LayerNorm norm2;
    private final LayerNorm norm3;
    private final Dropout dropout1;
    private final Dropout dropout2;
    private final Dropout dropout3;
    private final Module activation;

    /** The options of {@link TransformerEncoderLayer.Options}, which a decoder layer shares with PyTorch's. */
    public TransformerDecoderLayer(TransformerEncoderLayer.Options options) {
        this(options, null);
    }

    TransformerDecoderLayer(TransformerEncoderLayer.Options o, Generator generator) {
        this.options = o;
        this.activation = TransformerEncoderLayer.activation(o.activation());
        this.selfAttn = registerModule("self_attn", attention(o, generator));
        this.multiheadAttn = registerModule("multihead_attn", attention(o, generator));
        this.linear1 = registerModule("linear1", new Linear(o.dModel(), o.dimFeedforward(), true, ScalarType.Float32,
                generator));
        this.dropout = registerModule("dropout", new Dropout(o.dropout()));
        this.linear2 = registerModule("linear2", new Linear(o.dimFeedforward(), o.dModel(), true, ScalarType.Float32,
                generator));
        this.norm1 = registerModule("norm1", norm(o));
        this.norm2 = registerModule("norm2", norm(o));
        this.norm3 = registerModule("norm3", norm(o));
        this.dropout1 = registerModule("dropout1", new Dropout(o.dropout()));
        this.dropout2 = registerModule("dropout2", new Dropout(o.dropout()));
        this.dropout3 = registerModule("dropout3", new Dropout(o.dropout()));
    }

    private static MultiheadAttention attention(TransformerEncoderLayer.Options o, Generator generator) {
        return new MultiheadAttention(o.dModel(), o.nhead(), o.dropout(), true, o.dModel(), o.dModel(), o.batchFirst(),
                ScalarType.Float32, generator);
    }

    private static LayerNorm norm(TransformerEncoderLayer.Options o) {
        return new LayerNorm(new long[] {o.dModel()}, o.layerNormEps(), true, ScalarType.Float32);
    }

    /** A decoder layer needs the encoder's output: call {@link #forward(Tensor, Tensor)}. */
    @Override
    public Tensor forward(Tensor input) {
        throw new UnsupportedOperationException("TransformerDecoderLayer.forward takes the target and the memory:"
                + " call forward(tgt, memory)");
    }

    public Tensor forward(Tensor tgt, Tensor memory) {
        return forward(tgt, memory, null, null, null, null);
    }

    /** With the target's and the memory's attention and key padding masks, each of which may be null. */
    public Tensor forward(Tensor tgt, Tensor memory, Tensor tgtMask, Tensor memoryMask, Tensor tgtKeyPaddingMask,
            Tensor memoryKeyPaddingMask) {
        Tensor x = tgt;
        if (options.normFirst()) {
            x = x.add(selfAttentionBlock(norm1.forward(x), tgtMask, tgtKeyPaddingMask));
            x = x.add(memoryBlock(norm2.forward(x), memory, memoryMask, memoryKeyPaddingMask));
            return x.add(feedForwardBlock(norm3.forward(x)));
        }
        x = norm1.forward(x.add(selfAttentionBlock(x, tgtMask, tgtKeyPaddingMask)));
        x = norm2.forward(x.add(memoryBlock(x, memory, memoryMask, memoryKeyPaddingMask)));
        return norm3.forward(x.add(feedForwardBlock(x)));
    }

    private Tensor selfAttentionBlock(Tensor x, Tensor mask, Tensor keyPaddingMask) {
        return dropout1.forward(selfAttn.forward(x, x, x, keyPaddingMask, false, mask, true).output());
    }

    private Tensor memoryBlock(Tensor x, Tensor memory, Tensor mask, Tensor keyPaddingMask) {
        return dropout2.forward(multiheadAttn.forward(x, memory, memory, keyPaddingMask, false, mask, true).output());
    }

    private Tensor feedForwardBlock(Tensor x) {
        return dropout3.forward(linear2.forward(dropout.forward(activation.forward(linear1.forward(x)))));
    }

    /** A layer with this one's options and a copy of its weights (PyTorch's deepcopy), drawing no random numbers. */
    public TransformerDecoderLayer copy() {
        TransformerDecoderLayer copy = new TransformerDecoderLayer(options, Torch.generator());
        copy.loadStateDict(stateDict());
        copy.train(isTraining());
        return copy;
    }
}
