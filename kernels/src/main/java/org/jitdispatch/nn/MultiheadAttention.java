package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * Multi-head attention ({@code torch.nn.MultiheadAttention}), computed by
 * {@link Functional#multi_head_attention_forward} as PyTorch's module computes it: the input projections (one
 * packed product for self-attention, the key and value packed for encoder-decoder attention), the heads folded into
 * the batch, {@code softmax(q k^T /
 * sqrt(head_dim) + mask)} with dropout on the weights while training, and the output projection. Masks are an
 * {@code attn_mask} ({@code [L, S]} or {@code [N * heads, L, S]}, boolean where true means "may not attend", or
 * float, added to the scores) and a {@code key_padding_mask} ({@code [N, S]}, true for padding), merged as 1.13
 * merges them. Parameters and their initialisation order are PyTorch's: {@code in_proj_weight} [3E, E] (or
 * {@code q_proj_weight}, {@code k_proj_weight}, {@code v_proj_weight} when the keys or values have other sizes),
 * xavier uniform, {@code in_proj_bias} (zeros) and {@code out_proj} (a Linear whose bias is zeroed). With
 * {@code batchFirst} the inputs are [N, L, E], else [L, N, E]; a 2-D input is one unbatched sequence. Not here:
 * {@code add_bias_kv} and {@code add_zero_attn}.
 */
public final class MultiheadAttention extends Module {
    private final long embedDim;
    private final long kdim;
    private final long vdim;
    private final long numHeads;
    private final double dropout;
    private final boolean batchFirst;
    private final Tensor inProjWeight;
    private final Tensor qProjWeight;
    private final Tensor kProjWeight;
    private final Tensor vProjWeight;
    private final Tensor inProjBias;
    private final Linear outProj;

    /** The attended values and, when asked for, the attention weights (averaged over the heads unless not). */
    public record Result(Tensor output, Tensor weights) {
    }

    public MultiheadAttention(long embedDim, long numHeads) {
        this(embedDim, numHeads, 0.0, false, ScalarType.Float32, null);
    }

    public MultiheadAttention(long embedDim, long numHeads, double dropout, boolean batchFirst, ScalarType dtype,
            Generator generator) {
        this(embedDim, numHeads, dropout, true, embedDim, embedDim, batchFirst, dtype, generator);
    }

    /** PyTorch's options: biases on the projections or none, and the feature sizes of the keys and values. */
    public MultiheadAttention(long embedDim, long numHeads, double dropout, boolean bias, long kdim, long vdim,
            boolean batchFirst, ScalarType dtype, Generator generator) {
        if (numHeads <= 0 || embedDim % numHeads != 0) {
            throw new IllegalArgumentException("embed_dim must be divisible by num_heads");
        }
        this.embedDim = embedDim;
        this.kdim = kdim;
        this.vdim = vdim;
        this.numHeads = numHeads;
        this.dropout = dropout;
        this.batchFirst = batchFirst;
        boolean packed = kdim == embedDim && vdim == embedDim;
        this.inProjWeight = packed ? registerParameter("in_proj_weight", empty(dtype, 3 * embedDim, embedDim)) : null;
        this.qProjWeight = packed ? null : registerParameter("q_proj_weight", empty(dtype, embedDim, embedDim));
        this.kProjWeight = packed ? null : registerParameter("k_proj_weight", empty(dtype, embedDim, kdim));
        this.vProjWeight = packed ? null : registerParameter("v_proj_weight", empty(dtype, embedDim, vdim));
        this.inProjBias = bias ? registerParameter("in_proj_bias", empty(dtype, 3 * embedDim)) : null;
        this.outProj = registerModule("out_proj",
                new NonDynamicallyQuantizableLinear(embedDim, embedDim, bias, dtype, generator));
        for (Tensor w : packed ? new Tensor[] {inProjWeight} : new Tensor[] {qProjWeight, kProjWeight, vProjWeight}) {
            Init.xavierUniform_(w, 1.0, generator);
        }
        if (bias) {
            Init.zeros_(inProjBias);
            Init.zeros_(outProj.bias());
        }
    }

    private static Tensor empty(ScalarType dtype, long... sizes) {
        return Torch.empty(sizes, dtype, null, null, null, null);
    }

    /** Self-attention of {@code x}, without masks: the attended values, projected, in x's layout. */
    @Override
    public Tensor forward(Tensor x) {
        return forward(x, x, x, null, false, null, true).output();
    }

    /** Attention of {@code query} over {@code key} and {@code value}, without masks or weights. */
    public Tensor forward(Tensor query, Tensor key, Tensor value) {
        return forward(query, key, value, null, false, null, true).output();
    }

    /**
     * {@code torch.nn.MultiheadAttention.forward}: {@code keyPaddingMask} and {@code attnMask} may be null;
     * {@code needWeights} returns the attention weights ({@code [N, L, S]} averaged over the heads, or {@code [N,
     * heads, L, S]}).
     */
    public Result forward(Tensor query, Tensor key, Tensor value, Tensor keyPaddingMask, boolean needWeights,
            Tensor attnMask, boolean averageAttnWeights) {
        boolean batched = query.dim() == 3;
        if (batchFirst && batched) {
            // the transposes keep which of the three are one tensor: the projections pack by it
            Tensor q = query.transpose(1, 0);
            Tensor k = key == query ? q : key.transpose(1, 0);
            Tensor v = value == key ? k : value == query ? q : value.transpose(1, 0);
            query = q;
            key = k;
            value = v;
        }
        Tensor[] r = Functional.multi_head_attention_forward(query, key, value, embedDim, numHeads, inProjWeight,
                inProjBias, null, null, false, dropout, outProj.weight(), outProj.bias(), isTraining(), keyPaddingMask,
                needWeights, attnMask, inProjWeight == null, qProjWeight, kProjWeight, vProjWeight, null, null,
                averageAttnWeights);
        return new Result(batchFirst && batched ? r[0].transpose(1, 0) : r[0], r[1]);
    }
}
