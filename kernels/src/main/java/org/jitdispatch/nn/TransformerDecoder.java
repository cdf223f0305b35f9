package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * A stack of decoder layers ({@code torch.nn.TransformerDecoder}): {@code numLayers} copies of one layer (equal
 * weights at the start, as PyTorch's deepcopy gives), named {@code layers.0}, ..., each attending to the same
 * memory, and an optional final layer norm ({@code norm}).
 */
public final class TransformerDecoder extends Module {
    private final ModuleList<TransformerDecoderLayer> layers;
    private final LayerNorm norm;

    public TransformerDecoder(TransformerDecoderLayer layer, int numLayers, LayerNorm norm) {
        this.layers = registerModule("layers", new ModuleList<>());
        for (int i = 0; i < numLayers; i++) {
            layers.append(layer.copy());
        }
        this.norm = norm == null ? null : registerModule("norm", norm);
    }

    /** A decoder needs the encoder's output: call {@link #forward(Tensor, Tensor)}. */
    @Override
    public Tensor forward(Tensor input) {
        throw new UnsupportedOperationException("TransformerDecoder.forward takes the target and the memory: call"
                + " forward(tgt, memory)");
    }

    public Tensor forward(Tensor tgt, Tensor memory) {
        return forward(tgt, memory, null, null, null, null);
    }

    /** Every layer with the given masks (each may be null), then the norm. */
    public Tensor forward(Tensor tgt, Tensor memory, Tensor tgtMask, Tensor memoryMask, Tensor tgtKeyPaddingMask,
            Tensor memoryKeyPaddingMask) {
        Tensor output = tgt;
        for (TransformerDecoderLayer layer : layers) {
            output = layer.forward(output, memory, tgtMask, memoryMask, tgtKeyPaddingMask, memoryKeyPaddingMask);
        }
        return norm == null ? output : norm.forward(output);
    }
}
