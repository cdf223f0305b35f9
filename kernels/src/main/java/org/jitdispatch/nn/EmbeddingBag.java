package org.jitdispatch.nn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Sums, means or maxima of bags of embeddings without building the embeddings of every index
 * ({@code torch.nn.EmbeddingBag}): a 2-D input is a batch of bags of equal length; a 1-D input is cut into bags at
 * {@code offsets} (with {@code includeLastOffset}, the last offset ends the last bag). {@code perSampleWeights}
 * scale each index's embedding in {@code "sum"} mode, an index equal to {@code paddingIdx} counts for nothing, and
 * an empty bag gives zeros. The weight is drawn from N(0, 1) as PyTorch draws it, and {@code maxNorm} renormalizes
 * the rows a lookup reads, as {@code F.embedding_bag} does. Computed over index_select and index_add (the maxima
 * with max, the first of equal values receiving the gradient, as ATen's max mode gives it), so autograd
 * differentiates it; {@code F.embedding_bag}'s checks and messages.
 */
public final class EmbeddingBag extends Module {
    private final long num;
    private final long dim;
    private final String mode;
    private final Long paddingIdx;
    private final Double maxNorm;
    private final double normType;
    private final boolean includeLastOffset;
    private final Tensor weight;

    /** Mean mode, no padding index, no maximum norm. */
    public EmbeddingBag(long num, long dim) {
        this(num, dim, "mean", null, null, 2.0, false, ScalarType.Float32, null);
    }

    public EmbeddingBag(long num, long dim, String mode, Long paddingIdx, Double maxNorm, double normType,
            boolean includeLastOffset, ScalarType dtype, Generator generator) {
        if (!mode.equals("sum") && !mode.equals("mean") && !mode.equals("max")) {
            throw new IllegalArgumentException("mode has to be one of sum, mean or max");
        }
        if (paddingIdx != null && (paddingIdx >= num || paddingIdx < -num)) {
            throw new IllegalArgumentException("padding_idx must be within num_embeddings");
        }
        this.num = num;
        this.dim = dim;
        this.mode = mode;
        this.paddingIdx = paddingIdx == null ? null : paddingIdx < 0 ? paddingIdx + num : paddingIdx;
        this.maxNorm = maxNorm;
        this.normType = normType;
        this.includeLastOffset = includeLastOffset;
        this.weight = registerParameter("weight", Torch.empty(new long[] {num, dim}, dtype, null, null, null, null));
        Init.normal_(weight, 0, 1, generator);
        if (this.paddingIdx != null) {
            try (NoGrad g = NoGrad.enter()) {
                weight.select(0, this.paddingIdx).zero_();
            }
        }
    }

    /** A batch of bags of equal length: {@code input} is {@code [B, N]}. */
    @Override
    public Tensor forward(Tensor input) {
        return forward(input, null, null);
    }

    /** {@code F.embedding_bag(input, weight, offsets, ..., per_sample_weights)}: offsets and weights may be null. */
    public Tensor forward(Tensor input, Tensor offsets, Tensor perSampleWeights) {
        if (perSampleWeights != null && !Arrays.equals(input.sizes(), perSampleWeights.sizes())) {
            throw new IllegalArgumentException("embedding_bag: If per_sample_weights ("
                    + Arrays.toString(perSampleWeights.sizes()) + ") is not None, then it must have the same"
                    + " shape as the input (" + Arrays.toString(input.sizes()) + ")");
        }
        Tensor indices = input;
        Tensor samples = perSampleWeights;
        long[] starts;
        if (input.dim() == 2) {
            if (offsets != null) {
                throw new IllegalArgumentException("if input is 2D, then offsets has to be None, as input is treated is a"
                        + " mini-batch of fixed length sequences. However, found offsets of type Tensor");
            }
            long length = input.size(1);
            starts = new long[(int) input.size(0)];
            for (int b = 0; b < starts.length; b++) {
                starts[b] = b * length;
            }
            indices = input.reshape(new long[] {-1});
            samples = samples == null ? null : samples.reshape(new long[] {-1});
        } else if (input.dim() == 1) {
            if (offsets == null) {
                throw new IllegalArgumentException("offsets has to be a 1D Tensor but got None");
            }
            if (offsets.dim() != 1) {
                throw new IllegalArgumentException("offsets has to be a 1D Tensor");
            }
            starts = offsets.to(ScalarType.Int64).toLongArray();
        } else {
            throw new IllegalArgumentException("input has to be 1D or 2D Tensor, but got Tensor of dimension "
                    + input.dim());
        }
        if (indices.dtype() != ScalarType.Int64 && indices.dtype() != ScalarType.Int32) {
            throw new IllegalArgumentException("embedding_bag: expected indices of dtype int64 or int32, but got "
                    + indices.dtype().pythonName());
        }
        if (maxNorm != null) {
            try (NoGrad g = NoGrad.enter()) {
                Torch.embedding_renorm_(weight, indices, maxNorm, normType);
            }
        }
        if (samples != null && !mode.equals("sum")) {
            throw new UnsupportedOperationException("embedding_bag: per_sample_weights was not None. per_sample_weights"
                    + " is only supported for mode='sum' (got mode='" + mode + "'). Please open a feature request on"
                    + " GitHub.");
        }
        long n = indices.numel();
        if (includeLastOffset && starts.length < 1) {
            throw new IllegalArgumentException("include_last_offset: number of offset should be at least 1");
        }
        if (starts.length > 0 && starts[0] != 0) {
            throw new IllegalArgumentException("offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to"
                    + " start from position 0. However, got " + starts[0]);
        }
        if (starts.length > 0 && starts[starts.length - 1] > n) {
            throw new IllegalArgumentException("offsets[-1] can not be greater than input's length (" + n + "), but got"
                    + " offsets[-1] of " + starts[starts.length - 1]);
        }
        int bags = includeLastOffset ? starts.length - 1 : starts.length;
        if (includeLastOffset && starts[bags] < n) {
            // the indices after the last offset belong to no bag
            n = starts[bags];
            indices = indices.narrow(0, 0, n);
            samples = samples == null ? null : samples.narrow(0, 0, n);
        }
        long[] ids = indices.to(ScalarType.Int64).toLongArray();
        for (long id : ids) {
            if (id < 0 || id >= num) {
                throw new IndexOutOfBoundsException("embedding_bag: index " + id + " is out of bounds for an embedding"
                        + " of " + num + " rows");
            }
        }
        long[] bagOf = new long[(int) n];
        long[] counts = new long[bags];
        for (int b = 0; b < bags; b++) {
            long end = b + 1 < starts.length ? starts[b + 1] : n;
            for (long i = starts[b]; i < end; i++) {
                bagOf[(int) i] = b;
                if (paddingIdx == null || ids[(int) i] != paddingIdx) {
                    counts[b]++;
                }
            }
        }
        return mode.equals("max") ? maxima(indices, ids, starts, bags, n) : sums(indices, ids, samples, bagOf, counts);
    }

    private Tensor sums(Tensor indices, long[] ids, Tensor samples, long[] bagOf, long[] counts) {
        Tensor rows = weight.index_select(0, indices.to(ScalarType.Int64));
        if (samples != null) {
            rows = rows.mul(samples.unsqueeze(1));
        }
        if (paddingIdx != null) {
            double[] keep = new double[ids.length];
            for (int i = 0; i < ids.length; i++) {
                keep[i] = ids[i] == paddingIdx ? 0 : 1;
            }
            rows = rows.mul(Torch.tensor(keep, keep.length).to(weight.dtype()).unsqueeze(1));
        }
        Tensor zeros = Torch.zeros(new long[] {counts.length, dim}, weight.dtype(), null, null, null);
        Tensor out = zeros.index_add(0, Torch.tensor(bagOf, bagOf.length), rows, Scalar.of(1));
        if (mode.equals("mean")) {
            double[] divisors = new double[counts.length];
            for (int b = 0; b < counts.length; b++) {
                divisors[b] = Math.max(counts[b], 1);
            }
            out = out.div(Torch.tensor(divisors, divisors.length).to(weight.dtype()).unsqueeze(1));
        }
        return out;
    }

    private Tensor maxima(Tensor indices, long[] ids, long[] starts, int bags, long n) {
        List<Tensor> rows = new ArrayList<>();
        for (int b = 0; b < bags; b++) {
            long end = b + 1 < starts.length ? starts[b + 1] : n;
            List<Long> kept = new ArrayList<>();
            for (long i = starts[b]; i < end; i++) {
                if (paddingIdx == null || ids[(int) i] != paddingIdx) {
                    kept.add(ids[(int) i]);
                }
            }
            if (kept.isEmpty()) {
                rows.add(Torch.zeros(new long[] {dim}, weight.dtype(), null, null, null));
                continue;
            }
            long[] bagIds = kept.stream().mapToLong(Long::longValue).toArray();
            rows.add(Torch.max(weight.index_select(0, Torch.tensor(bagIds, bagIds.length)), 0, false)[0]);
        }
        return bags == 0 ? Torch.zeros(new long[] {0, dim}, weight.dtype(), null, null, null)
                : Torch.stack(rows.toArray(new Tensor[0]), 0);
    }

    public Tensor weight() {
        return weight;
    }

    @Override
    public String toString() {
        return "EmbeddingBag(" + num + ", " + dim + ", mode='" + mode + "')";
    }
}
