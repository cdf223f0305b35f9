package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Layer operators written over others, as ATen 1.13 writes them or computes the same: {@code bilinear} (one
 * contraction of both inputs with the weight), {@code pdist} (the distances between every pair of rows),
 * {@code channel_shuffle} (channels interleaved across groups), and {@code embedding_renorm_} (rows an index
 * touches scaled down to a largest norm, outside autograd). Checks and messages are ATen's.
 */
public final class MoreLayers implements MoreLayersDeclarations {

    @Override
    public Tensor bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor bias) {
        if (input1.dim() != input2.dim()) {
            throw new IllegalArgumentException("bilinear(): input dimensions do not match: got " + input1.dim() + " and "
                    + input2.dim());
        }
        for (int i = 0; i < input1.dim() - 1; i++) {
            if (input1.size(i) != input2.size(i)) {
                throw new IllegalArgumentException("bilinear(): input batch dimensions do not match at dim " + i
                        + ": got " + input1.size(i) + " and " + input2.size(i));
            }
        }
        if (input1.size(-1) != weight.size(1)) {
            throw new IllegalArgumentException("bilinear(): input1 size does not match weight size: got "
                    + input1.size(-1) + " but expected " + weight.size(1));
        }
        if (input2.size(-1) != weight.size(2)) {
            throw new IllegalArgumentException("bilinear(): input2 size does not match weight size: got "
                    + input2.size(-1) + " but expected " + weight.size(2));
        }
        if (bias != null && bias.size(0) != weight.size(0)) {
            throw new IllegalArgumentException("bilinear(): bias size does not match weight size: got " + bias.size(0)
                    + " but expected " + weight.size(0));
        }
        long[] outputSize = Arrays.copyOf(input1.sizes(), input1.dim());
        outputSize[outputSize.length - 1] = weight.size(0);
        Tensor x1 = input1.reshape(new long[] {-1, input1.size(-1)});
        Tensor x2 = input2.reshape(new long[] {-1, input2.size(-1)});
        // out[b, o] = x1[b, i] W[o, i, j] x2[b, j]: first x1 with W, then the j sum with x2
        Tensor left = Torch.matmul(x1, weight.permute(new long[] {1, 0, 2}).reshape(new long[] {weight.size(1), -1}))
                .view(x1.size(0), weight.size(0), weight.size(2));
        Tensor output = Torch.bmm(left, x2.unsqueeze(2)).squeeze(2).reshape(outputSize);
        return bias == null ? output : output.add(bias);
    }

    @Override
    public Tensor pdist(Tensor self, double p) {
        if (self.dim() != 2) {
            throw new IllegalArgumentException("pdist only supports 2D tensors, got: " + self.dim() + "D");
        }
        if (!self.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("pdist only supports floating-point dtypes");
        }
        if (p < 0) {
            throw new IllegalArgumentException("pdist only supports non-negative p values");
        }
        long n = self.size(0);
        Tensor pairs = Torch.triu_indices(n, n, 1, ScalarType.Int64, null, null, null);
        Tensor diff = self.index_select(0, pairs.select(0, 0)).sub(self.index_select(0, pairs.select(0, 1)));
        return Torch.linalg_vector_norm(diff, Scalar.of(p), new long[] {1}, false, null);
    }

    @Override
    public Tensor channel_shuffle(Tensor self, long groups) {
        if (self.dim() <= 2) {
            throw new IllegalArgumentException("channel_shuffle expects input with > 2 dims, but got input with sizes "
                    + Arrays.toString(self.sizes()));
        }
        if (groups <= 0) {
            throw new IllegalArgumentException("Number of groups to divide channels in must be positive. Value of"
                    + " groups:" + groups);
        }
        long channels = self.size(1);
        if (channels % groups != 0) {
            throw new IllegalArgumentException("Number of channels must be divisible by groups. Got " + channels
                    + " channels and " + groups + " groups.");
        }
        long[] split = new long[self.dim() + 1];
        split[0] = self.size(0);
        split[1] = groups;
        split[2] = channels / groups;
        for (int d = 2; d < self.dim(); d++) {
            split[d + 1] = self.size(d);
        }
        return self.reshape(split).transpose(1, 2).clone(MemoryFormat.Contiguous).view(self.sizes());
    }

    @Override
    public Tensor embedding_renorm_(Tensor self, Tensor indices, double maxNorm, double normType) {
        if (self.dim() != 2) {
            throw new IllegalArgumentException("Expected 2-dimensional tensor, but got " + self.dim()
                    + "-dimensional tensor for argument #1 'self' (while checking arguments for embedding_renorm_)");
        }
        if (indices.dtype() != ScalarType.Int64 && indices.dtype() != ScalarType.Int32) {
            throw new IllegalArgumentException("Expected tensor for argument #2 'indices' to have one of the following"
                    + " scalar types: Long, Int; but got " + "torch." + indices.dtype().c10Name() + "Tensor"
                    + " instead (while checking arguments for embedding_renorm_)");
        }
        long[] rows = indices.contiguous().to(ScalarType.Int64).toLongArray();
        Arrays.sort(rows);
        for (int i = 0; i < rows.length; i++) {
            if (i > 0 && rows[i] == rows[i - 1]) {
                continue;
            }
            Tensor row = self.select(0, rows[i]);
            double norm = Torch.linalg_vector_norm(row, Scalar.of(normType), null, false, null).item().toDouble();
            if (norm > maxNorm) {
                row.mul_(Scalar.of(maxNorm / (norm + 1e-7)));
            }
        }
        return self;
    }
}
