package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * {@link Functional#multi_head_attention_forward}'s computation, PyTorch 1.13's {@code multi_head_attention_forward}
 * step by step: the shape checks, the in-projections, the masks, the key and value biases and zero attention, the
 * scaled dot product and the out-projection. PyTorch's assertions are {@link IllegalArgumentException}s.
 */
final class MultiHeadAttentionForward {
    private MultiHeadAttentionForward() {
    }

    static Tensor[] forward(Tensor query, Tensor key, Tensor value, long embedDimToCheck, long numHeads,
            Tensor inProjWeight, Tensor inProjBias, Tensor biasK, Tensor biasV, boolean addZeroAttn, double dropoutP,
            Tensor outProjWeight, Tensor outProjBias, boolean training, Tensor keyPaddingMask, boolean needWeights,
            Tensor attnMask, boolean useSeparateProjWeight, Tensor qProjWeight, Tensor kProjWeight,
            Tensor vProjWeight, Tensor staticK, Tensor staticV, boolean averageAttnWeights) {
        boolean batched = checkShapes(query, key, value, keyPaddingMask, attnMask, numHeads);
        if (!batched) {
            query = query.unsqueeze(1);
            key = key.unsqueeze(1);
            value = value.unsqueeze(1);
            keyPaddingMask = keyPaddingMask == null ? null : keyPaddingMask.unsqueeze(0);
        }
        long tgtLen = query.size(0);
        long bsz = query.size(1);
        long embedDim = query.size(2);
        long srcLen = key.size(0);
        if (keyPaddingMask != null && keyPaddingMask.dtype() != ScalarType.Bool
                && !keyPaddingMask.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("only bool and floating types of key_padding_mask are supported");
        }
        check(embedDim == embedDimToCheck, "was expecting embedding dimension of " + embedDimToCheck + ", but got "
                + embedDim);
        long headDim = embedDim / numHeads;
        check(headDim * numHeads == embedDim, "embed_dim " + embedDim + " not divisible by num_heads " + numHeads);
        if (useSeparateProjWeight) {
            check(key.size(0) == value.size(0) && key.size(1) == value.size(1), "key's sequence and batch dims "
                    + shape(Arrays.copyOf(key.sizes(), 2)) + " do not match value's "
                    + shape(Arrays.copyOf(value.sizes(), 2)));
        } else {
            check(Arrays.equals(key.sizes(), value.sizes()), "key shape " + shape(key.sizes())
                    + " does not match value shape " + shape(value.sizes()));
        }
        Tensor[] qkv;
        if (!useSeparateProjWeight) {
            check(inProjWeight != null, "use_separate_proj_weight is False but in_proj_weight is None");
            qkv = inProjectionPacked(query, key, value, inProjWeight, inProjBias);
        } else {
            check(qProjWeight != null, "use_separate_proj_weight is True but q_proj_weight is None");
            check(kProjWeight != null, "use_separate_proj_weight is True but k_proj_weight is None");
            check(vProjWeight != null, "use_separate_proj_weight is True but v_proj_weight is None");
            Tensor[] b = inProjBias == null ? new Tensor[3] : inProjBias.chunk(3);
            qkv = new Tensor[] {Torch.linear(query, qProjWeight, b[0]), Torch.linear(key, kProjWeight, b[1]),
                Torch.linear(value, vProjWeight, b[2])};
        }
        Tensor q = qkv[0];
        Tensor k = qkv[1];
        Tensor v = qkv[2];
        Tensor mask = attentionMask(attnMask, tgtLen, srcLen, bsz, numHeads);
        if (biasK != null && biasV != null) {
            check(staticK == null, "bias cannot be added to static key.");
            check(staticV == null, "bias cannot be added to static value.");
            k = Torch.cat(new Tensor[] {k, biasK.repeat(1, bsz, 1)});
            v = Torch.cat(new Tensor[] {v, biasV.repeat(1, bsz, 1)});
            mask = mask == null ? null : Torch.pad(mask, 0, 1);
            keyPaddingMask = keyPaddingMask == null ? null : Torch.pad(keyPaddingMask, 0, 1);
        } else {
            check(biasK == null && biasV == null, "bias_k and bias_v must both be given or both be None");
        }
        q = q.contiguous().view(tgtLen, bsz * numHeads, headDim).transpose(0, 1);
        k = staticK == null ? k.contiguous().view(k.size(0), bsz * numHeads, headDim).transpose(0, 1)
                : checkedStatic(staticK, "static_k", bsz * numHeads, headDim);
        v = staticV == null ? v.contiguous().view(v.size(0), bsz * numHeads, headDim).transpose(0, 1)
                : checkedStatic(staticV, "static_v", bsz * numHeads, headDim);
        if (addZeroAttn) {
            long[] zeroAttnShape = {bsz * numHeads, 1, headDim};
            k = Torch.cat(new Tensor[] {k, Torch.zeros(zeroAttnShape, k.dtype(), null, k.device(), null)}, 1);
            v = Torch.cat(new Tensor[] {v, Torch.zeros(zeroAttnShape, v.dtype(), null, v.device(), null)}, 1);
            mask = mask == null ? null : Torch.pad(mask, 0, 1);
            keyPaddingMask = keyPaddingMask == null ? null : Torch.pad(keyPaddingMask, 0, 1);
        }
        srcLen = k.size(1);
        if (keyPaddingMask != null) {
            check(keyPaddingMask.dim() == 2 && keyPaddingMask.size(0) == bsz && keyPaddingMask.size(1) == srcLen,
                    "expecting key_padding_mask shape of (" + bsz + ", " + srcLen + "), but got "
                            + shape(keyPaddingMask.sizes()));
            Tensor padding = keyPaddingMask.view(bsz, 1, 1, srcLen).expand(-1, numHeads, -1, -1)
                    .reshape(bsz * numHeads, 1, srcLen);
            mask = mask == null ? padding
                    : mask.dtype() == ScalarType.Bool ? mask.logical_or(padding)
                    : mask.masked_fill(padding, Scalar.of(Double.NEGATIVE_INFINITY));
        }
        if (mask != null && mask.dtype() == ScalarType.Bool) {
            Tensor newMask = Torch.zeros_like(mask, q.dtype());
            newMask.masked_fill_(mask, Scalar.of(Double.NEGATIVE_INFINITY));
            mask = newMask;
        }
        if (!training) {
            dropoutP = 0.0;
        }
        Tensor qScaled = q.div(Scalar.of(Math.sqrt(q.size(2))));
        Tensor weights = mask != null ? Torch.baddbmm(mask, qScaled, k.transpose(-2, -1))
                : Torch.bmm(qScaled, k.transpose(-2, -1));
        weights = Functional.softmax(weights, -1);
        if (dropoutP > 0.0) {
            weights = Functional.dropout(weights, dropoutP);
        }
        Tensor output = Torch.bmm(weights, v).transpose(0, 1).contiguous().view(tgtLen * bsz, embedDim);
        output = Torch.linear(output, outProjWeight, outProjBias);
        output = output.view(tgtLen, bsz, output.size(1));
        if (!needWeights) {
            return new Tensor[] {batched ? output : output.squeeze(1), null};
        }
        weights = weights.view(bsz, numHeads, tgtLen, srcLen);
        if (averageAttnWeights) {
            weights = weights.sum(new long[] {1}, false).div(Scalar.of(numHeads));
        }
        return batched ? new Tensor[] {output, weights} : new Tensor[] {output.squeeze(1), weights.squeeze(0)};
    }

    /** _in_projection_packed: one product for self-attention, the key and value's together when they are one. */
    private static Tensor[] inProjectionPacked(Tensor q, Tensor k, Tensor v, Tensor w, Tensor b) {
        long e = q.size(-1);
        if (k == v) {
            if (q == k) {
                return Torch.linear(q, w, b).chunk(3, -1);
            }
            Tensor[] ws = w.split_with_sizes(new long[] {e, e * 2}, 0);
            Tensor[] bs = b == null ? new Tensor[2] : b.split_with_sizes(new long[] {e, e * 2}, 0);
            Tensor[] kv = Torch.linear(k, ws[1], bs[1]).chunk(2, -1);
            return new Tensor[] {Torch.linear(q, ws[0], bs[0]), kv[0], kv[1]};
        }
        Tensor[] ws = w.chunk(3);
        Tensor[] bs = b == null ? new Tensor[3] : b.chunk(3);
        return new Tensor[] {Torch.linear(q, ws[0], bs[0]), Torch.linear(k, ws[1], bs[1]),
            Torch.linear(v, ws[2], bs[2])};
    }

    /** The attention mask as {@code [1 or N * heads, L, S]}, bool or float, with 1.13's checks. */
    private static Tensor attentionMask(Tensor attnMask, long tgtLen, long srcLen, long bsz, long numHeads) {
        if (attnMask == null) {
            return null;
        }
        Tensor mask = attnMask;
        if (mask.dtype() == ScalarType.UInt8) {
            Warnings.warn("Byte tensor for attn_mask in nn.MultiheadAttention is deprecated. Use bool tensor"
                    + " instead.");
            mask = mask.to(ScalarType.Bool);
        } else {
            check(mask.dtype().isFloatingPoint() || mask.dtype() == ScalarType.Bool, "Only float, byte, and bool"
                    + " types are supported for attn_mask, not " + mask.dtype().pythonName());
        }
        if (mask.dim() == 2) {
            if (mask.size(0) != tgtLen || mask.size(1) != srcLen) {
                throw new IllegalArgumentException("The shape of the 2D attn_mask is " + shape(mask.sizes())
                        + ", but should be (" + tgtLen + ", " + srcLen + ").");
            }
            return mask.unsqueeze(0);
        }
        if (mask.dim() == 3) {
            if (mask.size(0) != bsz * numHeads || mask.size(1) != tgtLen || mask.size(2) != srcLen) {
                throw new IllegalArgumentException("The shape of the 3D attn_mask is " + shape(mask.sizes())
                        + ", but should be (" + bsz * numHeads + ", " + tgtLen + ", " + srcLen + ").");
            }
            return mask;
        }
        throw new IllegalArgumentException("attn_mask's dimension " + mask.dim() + " is not supported");
    }

    private static Tensor checkedStatic(Tensor t, String name, long rows, long headDim) {
        check(t.size(0) == rows, "expecting " + name + ".size(0) of " + rows + ", but got " + t.size(0));
        check(t.size(2) == headDim, "expecting " + name + ".size(2) of " + headDim + ", but got " + t.size(2));
        return t;
    }

    /** _mha_shape_check: whether the query is batched, and the dims of the others to match. */
    private static boolean checkShapes(Tensor query, Tensor key, Tensor value, Tensor keyPaddingMask,
            Tensor attnMask, long numHeads) {
        if (query.dim() == 3) {
            check(key.dim() == 3 && value.dim() == 3, "For batched (3-D) `query`, expected `key` and `value` to be"
                    + " 3-D but found " + key.dim() + "-D and " + value.dim() + "-D tensors respectively");
            check(keyPaddingMask == null || keyPaddingMask.dim() == 2, "For batched (3-D) `query`, expected"
                    + " `key_padding_mask` to be `None` or 2-D but found " + dims(keyPaddingMask)
                    + "-D tensor instead");
            check(attnMask == null || attnMask.dim() == 2 || attnMask.dim() == 3, "For batched (3-D) `query`,"
                    + " expected `attn_mask` to be `None`, 2-D or 3-D but found " + dims(attnMask)
                    + "-D tensor instead");
            return true;
        }
        if (query.dim() == 2) {
            check(key.dim() == 2 && value.dim() == 2, "For unbatched (2-D) `query`, expected `key` and `value` to be"
                    + " 2-D but found " + key.dim() + "-D and " + value.dim() + "-D tensors respectively");
            check(keyPaddingMask == null || keyPaddingMask.dim() == 1, "For unbatched (2-D) `query`, expected"
                    + " `key_padding_mask` to be `None` or 1-D but found " + dims(keyPaddingMask)
                    + "-D tensor instead");
            if (attnMask != null) {
                check(attnMask.dim() == 2 || attnMask.dim() == 3, "For unbatched (2-D) `query`, expected"
                        + " `attn_mask` to be `None`, 2-D or 3-D but found " + attnMask.dim() + "-D tensor instead");
                long[] expected = {numHeads, query.size(0), key.size(0)};
                check(attnMask.dim() != 3 || Arrays.equals(attnMask.sizes(), expected), "Expected `attn_mask` shape"
                        + " to be (" + expected[0] + ", " + expected[1] + ", " + expected[2] + ") but got "
                        + shape(attnMask.sizes()));
            }
            return false;
        }
        throw new IllegalArgumentException("query should be unbatched 2D or batched 3D tensor but received "
                + query.dim() + "-D query tensor");
    }

    private static long dims(Tensor t) {
        return t == null ? 0 : t.dim();
    }

    private static String shape(long[] sizes) {
        return NormChecks.torchSize(sizes);
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
