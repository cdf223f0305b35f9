package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Multi-head self-attention ({@code torch.nn.MultiheadAttention} called with query = key = value, no masks),
 * computed as PyTorch 1.13's {@code multi_head_attention_forward}: one packed input projection, the heads
 * folded into the batch, {@code softmax(q k^T / sqrt(head_dim))} with dropout on the weights while training,
 * and the output projection. Parameters and their initialisation order are PyTorch's: {@code in_proj_weight}
 * [3E, E] (xavier uniform), {@code in_proj_bias} (zeros) and {@code out_proj} (a Linear whose bias is zeroed).
 * With {@code batchFirst} the input is [N, L, E], else [L, N, E], as in PyTorch.
 */
public final class MultiheadAttention extends Module {
    private final long embedDim;
    private final long numHeads;
    private final long headDim;
    private final double dropout;
    private final boolean batchFirst;
    private final Tensor inProjWeight;
    private final Tensor inProjBias;
    private final Linear outProj;

    public MultiheadAttention(long embedDim, long numHeads) {
        this(embedDim, numHeads, 0.0, false, ScalarType.Float32, null);
    }

    public MultiheadAttention(long embedDim, long numHeads, double dropout, boolean batchFirst, ScalarType dtype,
            Generator generator) {
        if (numHeads <= 0 || embedDim % numHeads != 0) {
            throw new IllegalArgumentException("embed_dim must be divisible by num_heads");
        }
        this.embedDim = embedDim;
        this.numHeads = numHeads;
        this.headDim = embedDim / numHeads;
        this.dropout = dropout;
        this.batchFirst = batchFirst;
        this.inProjWeight = registerParameter("in_proj_weight",
                Torch.empty(new long[] {3 * embedDim, embedDim}, dtype, null, null, null, null));
        this.inProjBias = registerParameter("in_proj_bias", Torch.empty(new long[] {3 * embedDim}, dtype, null, null, null,
                null));
        this.outProj = registerModule("out_proj", new Linear(embedDim, embedDim, true, dtype, generator));
        Init.xavierUniform_(inProjWeight, 1.0, generator);
        Init.zeros_(inProjBias);
        Init.zeros_(outProj.bias());
    }

    /** Self-attention of {@code x}: the attended values, projected, in x's layout. */
    @Override
    public Tensor forward(Tensor x) {
        if (x.dim() != 3 || x.size(2) != embedDim) {
            throw new IllegalArgumentException("MultiheadAttention expects a 3-D input with " + embedDim
                    + " features, got " + java.util.Arrays.toString(x.sizes()));
        }
        Tensor seqFirst = batchFirst ? x.transpose(0, 1) : x; // [L, N, E]
        long length = seqFirst.size(0);
        long batch = seqFirst.size(1);
        Tensor projected = Torch.matmul(seqFirst, inProjWeight.transpose(0, 1)).add(inProjBias); // [L, N, 3E]
        Tensor q = heads(projected.narrow(2, 0, embedDim), length, batch);
        Tensor k = heads(projected.narrow(2, embedDim, embedDim), length, batch);
        Tensor v = heads(projected.narrow(2, 2 * embedDim, embedDim), length, batch);
        Tensor scores = q.div(Scalar.of(Math.sqrt(headDim))).bmm(k.transpose(1, 2)); // [N*H, L, L]
        Tensor weights = scores.softmax(-1);
        if (dropout > 0) {
            weights = Torch.dropout(weights, dropout, isTraining());
        }
        Tensor attended = weights.bmm(v) // [N*H, L, D]
                .transpose(0, 1).contiguous().view(length * batch, embedDim);
        Tensor out = outProj.forward(attended).view(length, batch, embedDim);
        return batchFirst ? out.transpose(0, 1) : out;
    }

    /** [L, N, E] to [N * H, L, D]: the heads folded into the batch. */
    private Tensor heads(Tensor t, long length, long batch) {
        return t.contiguous().view(length, batch * numHeads, headDim).transpose(0, 1);
    }

    @Override
    public String toString() {
        return "MultiheadAttention(embed_dim=" + embedDim + ", num_heads=" + numHeads + ")";
    }
}
