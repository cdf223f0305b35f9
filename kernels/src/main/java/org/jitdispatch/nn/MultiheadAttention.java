package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Multi-head attention ({@code torch.nn.MultiheadAttention}), computed as PyTorch 1.13's
 * {@code multi_head_attention_forward}: the input projections (one packed product for self-attention, the key
 * and value packed for encoder-decoder attention), the heads folded into the batch, {@code softmax(q k^T /
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
    private final long headDim;
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
        this.headDim = embedDim / numHeads;
        this.dropout = dropout;
        this.batchFirst = batchFirst;
        boolean packed = kdim == embedDim && vdim == embedDim;
        this.inProjWeight = packed ? registerParameter("in_proj_weight", empty(dtype, 3 * embedDim, embedDim)) : null;
        this.qProjWeight = packed ? null : registerParameter("q_proj_weight", empty(dtype, embedDim, embedDim));
        this.kProjWeight = packed ? null : registerParameter("k_proj_weight", empty(dtype, embedDim, kdim));
        this.vProjWeight = packed ? null : registerParameter("v_proj_weight", empty(dtype, embedDim, vdim));
        this.inProjBias = bias ? registerParameter("in_proj_bias", empty(dtype, 3 * embedDim)) : null;
        this.outProj = registerModule("out_proj", new Linear(embedDim, embedDim, bias, dtype, generator));
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
        boolean batched = checkShapes(query, key, value, keyPaddingMask, attnMask);
        if (batchFirst && batched) {
            // the transposes keep which of the three are one tensor: the projections pack by it
            Tensor q = query.transpose(1, 0);
            Tensor k = key == query ? q : key.transpose(1, 0);
            Tensor v = value == key ? k : value == query ? q : value.transpose(1, 0);
            query = q;
            key = k;
            value = v;
        }
        Result r = attend(query, key, value, keyPaddingMask, needWeights, attnMask, averageAttnWeights, batched);
        return batchFirst && batched ? new Result(r.output().transpose(1, 0), r.weights()) : r;
    }

    /** multi_head_attention_forward on [L, N, E] inputs (or unbatched [L, E]). */
    private Result attend(Tensor query, Tensor key, Tensor value, Tensor keyPaddingMask, boolean needWeights,
            Tensor attnMask, boolean averageAttnWeights, boolean batched) {
        if (!batched) {
            Tensor q = query.unsqueeze(1);
            Tensor k = key == query ? q : key.unsqueeze(1);
            Tensor v = value == key ? k : value == query ? q : value.unsqueeze(1);
            query = q;
            key = k;
            value = v;
            keyPaddingMask = keyPaddingMask == null ? null : keyPaddingMask.unsqueeze(0);
        }
        long tgtLen = query.size(0);
        long bsz = query.size(1);
        if (keyPaddingMask != null && !(keyPaddingMask.dtype() == ScalarType.Bool
                || keyPaddingMask.dtype().isFloatingPoint())) {
            throw new IllegalArgumentException("only bool and floating types of key_padding_mask are supported");
        }
        if (query.size(2) != embedDim) {
            throw new IllegalArgumentException("was expecting embedding dimension of " + embedDim + ", but got "
                    + query.size(2));
        }
        boolean packed = inProjWeight != null;
        if (packed ? !Arrays.equals(key.sizes(), value.sizes())
                : key.size(0) != value.size(0) || key.size(1) != value.size(1)) {
            throw new IllegalArgumentException(packed
                    ? "key shape " + Arrays.toString(key.sizes()) + " does not match value shape "
                            + Arrays.toString(value.sizes())
                    : "key's sequence and batch dims " + Arrays.toString(Arrays.copyOf(key.sizes(), 2))
                            + " do not match value's " + Arrays.toString(Arrays.copyOf(value.sizes(), 2)));
        }
        Tensor[] qkv = packed ? projectPacked(query, key, value) : projectSeparately(query, key, value);
        Tensor mask = attentionMask(attnMask, tgtLen, key.size(0), bsz);
        Tensor q = qkv[0].contiguous().view(tgtLen, bsz * numHeads, headDim).transpose(0, 1);
        Tensor k = qkv[1].contiguous().view(qkv[1].size(0), bsz * numHeads, headDim).transpose(0, 1);
        Tensor v = qkv[2].contiguous().view(qkv[2].size(0), bsz * numHeads, headDim).transpose(0, 1);
        long srcLen = k.size(1);
        if (keyPaddingMask != null) {
            if (keyPaddingMask.size(0) != bsz || keyPaddingMask.size(1) != srcLen) {
                throw new IllegalArgumentException("expecting key_padding_mask shape of [" + bsz + ", " + srcLen
                        + "], but got " + Arrays.toString(keyPaddingMask.sizes()));
            }
            // a bool mask marks padding; a float one is added to the scores, as an attn_mask is
            Tensor padding = keyPaddingMask.view(bsz, 1, 1, srcLen)
                    .expand(new long[] {-1, numHeads, -1, -1}, false).reshape(new long[] {bsz * numHeads, 1, srcLen});
            mask = mask == null ? padding
                    : mask.dtype() == ScalarType.Bool ? mask.logical_or(padding)
                    : mask.masked_fill(padding, Scalar.of(Double.NEGATIVE_INFINITY));
        }
        if (mask != null && mask.dtype() == ScalarType.Bool) {
            mask = Torch.zeros_like(mask, q.dtype(), null, null, null, null)
                    .masked_fill_(mask, Scalar.of(Double.NEGATIVE_INFINITY));
        }
        // _scaled_dot_product_attention
        Tensor scaled = q.div(Scalar.of(Math.sqrt(headDim)));
        Tensor scores = mask == null ? scaled.bmm(k.transpose(-2, -1))
                : Torch.baddbmm(mask, scaled, k.transpose(-2, -1), Scalar.of(1), Scalar.of(1));
        Tensor weights = scores.softmax(-1);
        if (dropout > 0 && isTraining()) {
            weights = Torch.dropout(weights, dropout, true);
        }
        Tensor attended = weights.bmm(v).transpose(0, 1).contiguous().view(tgtLen * bsz, embedDim);
        Tensor out = outProj.forward(attended).view(tgtLen, bsz, embedDim);
        Tensor averaged = null;
        if (needWeights) {
            averaged = weights.view(bsz, numHeads, tgtLen, srcLen);
            if (averageAttnWeights) {
                averaged = Torch.sum(averaged, new long[] {1}, false, null).div(Scalar.of(numHeads));
            }
            if (!batched) {
                averaged = averaged.squeeze(0);
            }
        }
        return new Result(batched ? out : out.squeeze(1), averaged);
    }

    /** _in_projection_packed: one product for self-attention, the key and value's together when they are one. */
    private Tensor[] projectPacked(Tensor query, Tensor key, Tensor value) {
        if (key == value) {
            if (query == key) {
                return Torch.linear(query, inProjWeight, inProjBias).chunk(3, -1);
            }
            Tensor[] w = inProjWeight.split_with_sizes(new long[] {embedDim, 2 * embedDim}, 0);
            Tensor[] b = inProjBias == null ? new Tensor[2] : inProjBias.split_with_sizes(new long[] {embedDim,
                    2 * embedDim}, 0);
            Tensor[] kv = Torch.linear(key, w[1], b[1]).chunk(2, -1);
            return new Tensor[] {Torch.linear(query, w[0], b[0]), kv[0], kv[1]};
        }
        Tensor[] w = inProjWeight.chunk(3, 0);
        Tensor[] b = inProjBias == null ? new Tensor[3] : inProjBias.chunk(3, 0);
        return new Tensor[] {Torch.linear(query, w[0], b[0]), Torch.linear(key, w[1], b[1]),
            Torch.linear(value, w[2], b[2])};
    }

    private Tensor[] projectSeparately(Tensor query, Tensor key, Tensor value) {
        Tensor[] b = inProjBias == null ? new Tensor[3] : inProjBias.chunk(3, 0);
        return new Tensor[] {Torch.linear(query, qProjWeight, b[0]), Torch.linear(key, kProjWeight, b[1]),
            Torch.linear(value, vProjWeight, b[2])};
    }

    /** The attention mask as {@code [1 or N * heads, L, S]}, bool or float, with 1.13's checks. */
    private Tensor attentionMask(Tensor attnMask, long tgtLen, long srcLen, long bsz) {
        if (attnMask == null) {
            return null;
        }
        Tensor mask = attnMask.dtype() == ScalarType.UInt8 ? attnMask.to(ScalarType.Bool) : attnMask;
        if (!(mask.dtype().isFloatingPoint() || mask.dtype() == ScalarType.Bool)) {
            throw new IllegalArgumentException("Only float, byte, and bool types are supported for attn_mask, not "
                    + attnMask.dtype().pythonName());
        }
        if (mask.dim() == 2) {
            if (mask.size(0) != tgtLen || mask.size(1) != srcLen) {
                throw new IllegalArgumentException("The shape of the 2D attn_mask is " + Arrays.toString(mask.sizes())
                        + ", but should be [" + tgtLen + ", " + srcLen + "].");
            }
            return mask.unsqueeze(0);
        }
        if (mask.size(0) != bsz * numHeads || mask.size(1) != tgtLen || mask.size(2) != srcLen) {
            throw new IllegalArgumentException("The shape of the 3D attn_mask is " + Arrays.toString(mask.sizes())
                    + ", but should be [" + bsz * numHeads + ", " + tgtLen + ", " + srcLen + "].");
        }
        return mask;
    }

    /** _mha_shape_check: whether the query is batched, and the dims of the others to match. */
    private boolean checkShapes(Tensor query, Tensor key, Tensor value, Tensor keyPaddingMask, Tensor attnMask) {
        if (query.dim() == 3) {
            if (key.dim() != 3 || value.dim() != 3) {
                throw new IllegalArgumentException("For batched (3-D) `query`, expected `key` and `value` to be 3-D but"
                        + " found " + key.dim() + "-D and " + value.dim() + "-D tensors respectively");
            }
            if (keyPaddingMask != null && keyPaddingMask.dim() != 2) {
                throw new IllegalArgumentException("For batched (3-D) `query`, expected `key_padding_mask` to be `None`"
                        + " or 2-D but found " + keyPaddingMask.dim() + "-D tensor instead");
            }
            if (attnMask != null && attnMask.dim() != 2 && attnMask.dim() != 3) {
                throw new IllegalArgumentException("For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or"
                        + " 3-D but found " + attnMask.dim() + "-D tensor instead");
            }
            return true;
        }
        if (query.dim() == 2) {
            if (key.dim() != 2 || value.dim() != 2) {
                throw new IllegalArgumentException("For unbatched (2-D) `query`, expected `key` and `value` to be 2-D but"
                        + " found " + key.dim() + "-D and " + value.dim() + "-D tensors respectively");
            }
            if (keyPaddingMask != null && keyPaddingMask.dim() != 1) {
                throw new IllegalArgumentException("For unbatched (2-D) `query`, expected `key_padding_mask` to be"
                        + " `None` or 1-D but found " + keyPaddingMask.dim() + "-D tensor instead");
            }
            if (attnMask != null) {
                if (attnMask.dim() != 2 && attnMask.dim() != 3) {
                    throw new IllegalArgumentException("For unbatched (2-D) `query`, expected `attn_mask` to be `None`,"
                            + " 2-D or 3-D but found " + attnMask.dim() + "-D tensor instead");
                }
                long[] expected = {numHeads, query.size(0), key.size(0)};
                if (attnMask.dim() == 3 && !Arrays.equals(attnMask.sizes(), expected)) {
                    throw new IllegalArgumentException("Expected `attn_mask` shape to be " + Arrays.toString(expected)
                            + " but got " + Arrays.toString(attnMask.sizes()));
                }
            }
            return false;
        }
        throw new IllegalArgumentException("query should be unbatched 2D or batched 3D tensor but received "
                + query.dim() + "-D query tensor");
    }

    @Override
    public String toString() {
        return "MultiheadAttention(embed_dim=" + embedDim + ", num_heads=" + numHeads + ")";
    }
}
