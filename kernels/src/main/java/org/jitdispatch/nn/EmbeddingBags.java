package org.jitdispatch.nn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * {@link Functional#embedding_bag}'s computation. There is no {@code embedding_bag} operator here, so the bags are
 * computed over index_select and index_add (the maxima with max, the first of equal values receiving the gradient,
 * as ATen's max mode gives it), which autograd differentiates; the checks and messages are F.embedding_bag's.
 */
final class EmbeddingBags {
    private EmbeddingBags() {
    }

    /** F.embedding_bag without scale_grad_by_freq and sparse; see {@link Functional#embedding_bag}. */
    static Tensor embeddingBag(Tensor input, Tensor weight, Tensor offsets, Double maxNorm, double normType,
            String mode, Tensor perSampleWeights, boolean includeLastOffset, Long paddingIdx) {
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
                throw new IllegalArgumentException("if input is 2D, then offsets has to be None, as input is treated is"
                        + " a mini-batch of fixed length sequences. However, found offsets of type"
                        + " <class 'torch.Tensor'>");
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
        if (!mode.equals("sum") && !mode.equals("mean") && !mode.equals("max")) {
            throw new IllegalArgumentException("mode has to be one of sum, mean or max");
        }
        long num = weight.size(0);
        if (paddingIdx != null) {
            if (paddingIdx >= num || paddingIdx < -num) {
                throw new IllegalArgumentException("padding_idx must be within the number of embeddings, -" + num
                        + " through " + (num - 1) + ", but got " + paddingIdx);
            }
            paddingIdx = paddingIdx < 0 ? paddingIdx + num : paddingIdx;
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
            throw new IllegalArgumentException("offsets[0] has to be 0, i.e., the first sequence in the mini-batch has"
                    + " to start from position 0. However, got " + starts[0]);
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
        return mode.equals("max") ? maxima(weight, ids, starts, bags, n, paddingIdx)
                : sums(weight, indices, ids, samples, bagOf, counts, mode, paddingIdx);
    }

    /** Sums or means of each bag's rows, each scaled by its sample weight, padding rows zeroed. */
    private static Tensor sums(Tensor weight, Tensor indices, long[] ids, Tensor samples, long[] bagOf, long[] counts,
            String mode, Long paddingIdx) {
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
        Tensor zeros = Torch.zeros(new long[] {counts.length, weight.size(1)}, weight.dtype(), null, null, null);
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

    /** The elementwise maximum of each bag's rows (zeros for an empty bag). */
    private static Tensor maxima(Tensor weight, long[] ids, long[] starts, int bags, long n, Long paddingIdx) {
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
                rows.add(Torch.zeros(new long[] {weight.size(1)}, weight.dtype(), null, null, null));
                continue;
            }
            long[] bagIds = kept.stream().mapToLong(Long::longValue).toArray();
            rows.add(Torch.max(weight.index_select(0, Torch.tensor(bagIds, bagIds.length)), 0, false)[0]);
        }
        return bags == 0 ? Torch.zeros(new long[] {0, weight.size(1)}, weight.dtype(), null, null, null)
                : Torch.stack(rows.toArray(new Tensor[0]), 0);
    }
}
