package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * A stack of encoder layers ({@code torch.nn.TransformerEncoder}): {@code numLayers} copies of one layer (equal
 * weights at the start, as PyTorch's deepcopy gives), named {@code layers.0}, {@code layers.1}, ..., and an
 * optional final layer norm ({@code norm}).
 */
public final class TransformerEncoder extends Module {
    private final ModuleList<TransformerEncoderLayer> layers;
    private final LayerNorm norm;

    public TransformerEncoder(TransformerEncoderLayer layer, int numLayers, LayerNorm norm) {
        this.layers = registerModule("layers", new ModuleList<>());
        for (int i = 0; i < numLayers; i++) {
            layers.append(layer.copy());
        }
        this.norm = norm == null ? null : registerModule("norm", norm);
    }

    @Override
    public Tensor forward(Tensor src) {
        return forward(src, null, null);
    }

    /** Every layer with the source mask and key padding mask (either may be null), then the norm. */
    public Tensor forward(Tensor src, Tensor mask, Tensor srcKeyPaddingMask) {
        Tensor output = src;
        for (TransformerEncoderLayer layer : layers) {
            output = layer.forward(output, mask, srcKeyPaddingMask);
        }
        return norm == null ? output : norm.forward(output);
    }
}
