package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The encoder-decoder transformer ({@code torch.nn.Transformer}): a {@link TransformerEncoder} of
 * {@code numEncoderLayers} layers and a {@link TransformerDecoder} of {@code numDecoderLayers}, each ending in a layer
 * norm, every parameter of more than one dim then re-drawn xavier-uniform, as PyTorch's {@code _reset_parameters}
 * does. {@link #generateSquareSubsequentMask} gives the causal mask for the target.
 */
public final class Transformer extends Module {
    private final TransformerEncoderLayer.Options options;
    private final TransformerEncoder encoder;
    private final TransformerDecoder decoder;

    /** PyTorch's defaults: d_model 512, 8 heads, 6 + 6 layers, feed-forward 2048, dropout 0.1, ReLU. */
    public Transformer() {
        this(TransformerEncoderLayer.Options.of(512, 8), 6, 6);
    }

    public Transformer(TransformerEncoderLayer.Options options, int numEncoderLayers, int numDecoderLayers) {
        this.options = options;
        LayerNorm encoderNorm = new LayerNorm(new long[] {options.dModel()}, options.layerNormEps(), true,
                ScalarType.Float32);
        this.encoder = registerModule("encoder", new TransformerEncoder(new TransformerEncoderLayer(options),
                numEncoderLayers, encoderNorm));
        LayerNorm decoderNorm = new LayerNorm(new long[] {options.dModel()}, options.layerNormEps(), true,
                ScalarType.Float32);
        this.decoder = registerModule("decoder", new TransformerDecoder(new TransformerDecoderLayer(options),
                numDecoderLayers, decoderNorm));
        for (Tensor p : parameters()) {
            if (p.dim() > 1) {
                Init.xavierUniform_(p, 1.0, null);
            }
        }
    }

    /** A transformer needs a source and a target: call {@link #forward(Tensor, Tensor)}. */
    @Override
    public Tensor forward(Tensor input) {
        throw new UnsupportedOperationException("Transformer.forward takes the source and the target: call"
                + " forward(src, tgt)");
    }

    public Tensor forward(Tensor src, Tensor tgt) {
        return forward(src, tgt, null, null, null, null, null, null);
    }

    /** The encoder over {@code src}, then the decoder over {@code tgt} and that memory, with the masks (or nulls). */
    public Tensor forward(Tensor src, Tensor tgt, Tensor srcMask, Tensor tgtMask, Tensor memoryMask,
            Tensor srcKeyPaddingMask, Tensor tgtKeyPaddingMask, Tensor memoryKeyPaddingMask) {
        boolean batched = src.dim() == 3;
        int batchDim = options.batchFirst() ? 0 : 1;
        if (batched && src.size(batchDim) != tgt.size(batchDim)) {
            throw new IllegalArgumentException("the batch number of src and tgt must be equal");
        }
        if (src.size(-1) != options.dModel() || tgt.size(-1) != options.dModel()) {
            throw new IllegalArgumentException("the feature number of src and tgt must be equal to d_model");
        }
        Tensor memory = encoder.forward(src, srcMask, srcKeyPaddingMask);
        return decoder.forward(tgt, memory, tgtMask, memoryMask, tgtKeyPaddingMask, memoryKeyPaddingMask);
    }

    /** {@code [size, size]}: 0 on and below the diagonal, -inf above it, so a position attends to itself and before. */
    public static Tensor generateSquareSubsequentMask(long size) {
        return Torch.triu(Torch.full(new long[] {size, size}, Scalar.of(Double.NEGATIVE_INFINITY), null, null, null,
                null), 1);
    }

    public TransformerEncoder encoder() {
        return encoder;
    }

    public TransformerDecoder decoder() {
        return decoder;
    }
}
