package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * embedding and index_select, as PyTorch 1.13's Embedding.cpp and TensorAdvancedIndexing.cpp: embedding
 * is {@code weight.index_select(0, indices)} viewed as {@code indices.sizes() + [embedding_dim]}; its
 * gradient is embedding_dense_backward (the rows of grad summed into the rows they came from, none into
 * padding_idx, each divided by its index's count with scale_grad_by_freq). index_select copies whole
 * slices along dim for every dtype; its gradient, index_select_backward, adds them back.
 *
 * <p>index_select checks every index before it writes (ATen checks them while copying, after resizing
 * out=). embedding_dense_backward refuses indices outside [0, num_weights) (PyTorch 1.13 skips them
 * silently, or writes out of bounds with scale_grad_by_freq), and embedding_backward refuses
 * {@code sparse=True}, since there are no sparse tensors here.
 */
public final class Embedding implements EmbeddingDeclarations {

    // ---------------------------------------------------------------- embedding

    @Override
    public Tensor embedding(Tensor weight, Tensor indices, long paddingIdx, boolean scaleGradByFreq, boolean sparse) {
        if (weight.dim() != 2) {
            throw new IllegalArgumentException("'weight' must be 2-D");
        }
        checkIndexType(indices, "#1", "embedding");
        if (indices.dim() == 1) {
            return weight.index_select(0, indices);
        }
        long[] size = Arrays.copyOf(indices.sizes(), indices.dim() + 1);
        size[indices.dim()] = weight.size(1);
        return weight.index_select(0, indices.reshape(-1)).view(size);
    }

    @Override
    public Tensor embedding_backward(Tensor grad, Tensor indices, long numWeights, long paddingIdx,
            boolean scaleGradByFreq, boolean sparse) {
        if (sparse) {
            throw new IllegalArgumentException("embedding_backward: sparse gradients are not supported (there are no"
                    + " sparse tensors); call embedding with sparse=False");
        }
        return Torch.embedding_dense_backward(grad, indices, numWeights, paddingIdx, scaleGradByFreq);
    }

    @Override
    public Tensor embedding_dense_backward_cpu(Tensor gradOutput, Tensor indices, long numWeights, long paddingIdx,
            boolean scaleGradByFreq) {
        long dim = checkDenseBackward(gradOutput, indices, numWeights);
        Tensor gradWeight = Torch.zeros(new long[] {numWeights, dim}, gradOutput.dtype(), null, null, null);
        long[] idx = indices.toLongArray();
        for (long k : idx) {
            if (k < 0 || k >= numWeights) {
                throw new IndexOutOfBoundsException("embedding_dense_backward: index " + k + " is out of range for "
                        + numWeights + " embeddings");
            }
        }
        if (idx.length == 0 || dim == 0) {
            return gradWeight;
        }
        int[] counts = null;
        if (scaleGradByFreq) {
            counts = new int[Math.toIntExact(numWeights)];
            for (long k : idx) {
                counts[(int) k]++;
            }
        }
        Tensor rows = gradOutput.contiguous();
        int d = Math.toIntExact(dim);
        int off = (int) rows.storageOffset();
        Object src = rows.storage().data();
        Object dst = gradWeight.storage().data();
        for (int i = 0; i < idx.length; i++) {
            int k = (int) idx[i];
            if (k == paddingIdx) {
                continue;
            }
            double scale = counts == null ? 1.0 : 1.0 / counts[k];
            addRow(dst, k * d, src, off + i * d, d, scale);
        }
        return gradWeight;
    }

    @Override
    public Tensor embedding_dense_backward_meta(Tensor gradOutput, Tensor indices, long numWeights, long paddingIdx,
            boolean scaleGradByFreq) {
        long dim = checkDenseBackward(gradOutput, indices, numWeights);
        return Tensor.FACTORY.empty(new long[] {numWeights, dim}, gradOutput.dtype(), Device.META);
    }

    /** The checks of embedding_dense_backward_cpu; returns the embedding dim, grad's last size. */
    private static long checkDenseBackward(Tensor gradOutput, Tensor indices, long numWeights) {
        checkIndexType(indices, "#2", "embedding_backward");
        if (numWeights < 0) {
            throw new IllegalArgumentException("Trying to create tensor with negative dimension " + numWeights + ": ["
                    + numWeights + ", " + (gradOutput.dim() == 0 ? 1 : gradOutput.size(-1)) + "]");
        }
        long dim = gradOutput.size(-1);
        long rows = indices.numel();
        if (rows * dim != gradOutput.numel()) {
            throw new IllegalArgumentException("shape '[" + rows + ", " + dim + "]' is invalid for input of size "
                    + gradOutput.numel());
        }
        if (!gradOutput.dtype().isFloatingPoint() && gradOutput.dtype() != ScalarType.Int64
                && gradOutput.dtype() != ScalarType.Int32) {
            throw Elementwise.notImplemented("add_stub", gradOutput.dtype());
        }
        return dim;
    }

    private static void addRow(Object dst, int dstOff, Object src, int srcOff, int n, double scale) {
        if (dst instanceof float[] d) {
            float[] s = (float[]) src;
            float f = (float) scale;
            for (int j = 0; j < n; j++) {
                d[dstOff + j] += s[srcOff + j] * f;
            }
        } else if (dst instanceof double[] d) {
            double[] s = (double[]) src;
            for (int j = 0; j < n; j++) {
                d[dstOff + j] += s[srcOff + j] * scale;
            }
        } else if (dst instanceof long[] d) {
            long[] s = (long[]) src;
            for (int j = 0; j < n; j++) {
                d[dstOff + j] += (long) (s[srcOff + j] * scale);
            }
        } else if (dst instanceof boolean[] d) {
            boolean[] s = (boolean[]) src;
            for (int j = 0; j < n; j++) {
                d[dstOff + j] |= s[srcOff + j];
            }
        } else {
            int[] d = (int[]) dst;
            int[] s = (int[]) src;
            for (int j = 0; j < n; j++) {
                d[dstOff + j] += (int) (s[srcOff + j] * scale);
            }
        }
    }

    // ---------------------------------------------------------------- index_select

    @Override
    public Tensor index_select_cpu(Tensor self, long dim, Tensor index) {
        long[] sizes = checkIndexSelect(self, dim, index);
        Tensor result = Tensor.FACTORY.empty(sizes, self.dtype(), self.device());
        gather(self, dim, index, result);
        return result;
    }

    @Override
    public Tensor index_select_meta(Tensor self, long dim, Tensor index) {
        long[] sizes = checkIndexSelect(self, dim, index);
        return Tensor.FACTORY.empty(sizes, self.dtype(), Device.META);
    }

    @Override
    public Tensor index_select_out_cpu(Tensor self, long dim, Tensor index, Tensor out) {
        long[] sizes = checkIndexSelectOut(self, dim, index, out);
        StructuredMeta resize = StructuredMeta.out(Tensor.FACTORY, out);
        resize.setOutputRawStrided(0, sizes, null, self.dtype(), self.device());
        resize.commit();
        if (out.isContiguous()) {
            gather(self, dim, index, out);
        } else {
            Tensor result = Tensor.FACTORY.empty(sizes, self.dtype(), self.device());
            gather(self, dim, index, result);
            out.copy_(result);
        }
        return out;
    }

    @Override
    public Tensor index_select_out_meta(Tensor self, long dim, Tensor index, Tensor out) {
        long[] sizes = checkIndexSelectOut(self, dim, index, out);
        StructuredMeta resize = StructuredMeta.out(Tensor.FACTORY, out);
        resize.setOutputRawStrided(0, sizes, null, self.dtype(), Device.META);
        resize.commit();
        return out;
    }

    private static long[] checkIndexSelectOut(Tensor self, long dim, Tensor index, Tensor out) {
        long[] sizes = checkIndexSelect(self, dim, index);
        if (out.dtype() != self.dtype()) {
            throw new IllegalArgumentException("index_select(): self and result must have the same scalar type");
        }
        MemOverlap.assertNoInternalOverlap(MemOverlap.Region.of(out));
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(out), MemOverlap.Region.of(self));
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(out), MemOverlap.Region.of(index));
        return sizes;
    }

    /** index_select_out_cpu_'s checks, every index included; returns the result's sizes. */
    private static long[] checkIndexSelect(Tensor self, long dim, Tensor index) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        if (index.dim() > 1) {
            throw new IndexOutOfBoundsException("index_select(): Index is supposed to be a vector");
        }
        if (index.dtype() != ScalarType.Int64 && index.dtype() != ScalarType.Int32) {
            throw new IllegalArgumentException("index_select(): Expected dtype int32 or int64 for index");
        }
        long[] sizes = self.sizes();
        long numel = index.numel();
        if (self.dim() > 0) {
            sizes[d] = numel;
        }
        if (index.isMeta() || self.isMeta()) {
            return sizes;
        }
        long bound = self.dim() == 0 ? 1 : self.size(d);
        // ATen's paths for an empty self and for dim 1 (index_select_out_cpu_dim1_) check with another message
        if (self.dim() > 1 && numel > 0 && (self.numel() == 0 || d == 1)) {
            if (self.numel() == 0 && bound <= 0) {
                throw new IllegalArgumentException("index_select(): self indexing axis dim should be positive");
            }
            for (long i : index.toLongArray()) {
                if (i < 0 || i >= bound) {
                    throw new IllegalArgumentException("INDICES element is out of DATA bounds, id=" + i + " axis_dim="
                            + bound);
                }
            }
            return sizes;
        }
        for (long i : index.toLongArray()) {
            if (i < 0 || i >= bound) {
                throw new IndexOutOfBoundsException("index out of range in self");
            }
        }
        return sizes;
    }

    /** Copies slice index[j] of self along dim into slice j of the contiguous result. */
    private static void gather(Tensor self, long dim, Tensor index, Tensor result) {
        if (result.numel() == 0) {
            return;
        }
        if (self.dim() == 0) {
            System.arraycopy(self.contiguous().storage().data(), (int) self.contiguous().storageOffset(),
                    result.storage().data(), (int) result.storageOffset(), 1);
            return;
        }
        int d = TensorGeometry.wrapDim(dim, self.dim());
        Tensor src = self.contiguous();
        long[] sizes = src.sizes();
        long outer = 1;
        for (int i = 0; i < d; i++) {
            outer *= sizes[i];
        }
        long inner = 1;
        for (int i = d + 1; i < sizes.length; i++) {
            inner *= sizes[i];
        }
        long[] idx = index.toLongArray();
        int n = idx.length;
        int size = Math.toIntExact(sizes[d]);
        int in = Math.toIntExact(inner);
        Object from = src.storage().data();
        Object to = result.storage().data();
        int srcOff = (int) src.storageOffset();
        int dstOff = (int) result.storageOffset();
        for (int o = 0; o < outer; o++) {
            for (int j = 0; j < n; j++) {
                System.arraycopy(from, srcOff + (o * size + (int) idx[j]) * in, to, dstOff + (o * n + j) * in, in);
            }
        }
    }

    /** zeros(self_sizes).index_add_(dim, index, grad), as PyTorch 1.13's composite computes it. */
    @Override
    public Tensor index_select_backward(Tensor grad, long[] selfSizes, long dim, Tensor index) {
        int d = TensorGeometry.wrapDim(dim, selfSizes.length);
        if (index.dim() > 1) {
            throw new IndexOutOfBoundsException("index_add_(): Index is supposed to be a vector");
        }
        if (index.dtype() != ScalarType.Int64 && index.dtype() != ScalarType.Int32) {
            throw new IllegalArgumentException("index_add_(): Expected dtype int32/int64 for index");
        }
        long[] expected = selfSizes.clone();
        if (expected.length > 0) {
            expected[d] = index.numel();
        }
        if (!Arrays.equals(grad.sizes(), expected) && !(selfSizes.length == 0 && grad.numel() == 1)) {
            throw new IllegalArgumentException("index_select_backward: grad must have sizes " + Arrays.toString(expected)
                    + " (self_sizes with dim " + d + " of index's length), but got " + Arrays.toString(grad.sizes()));
        }
        boolean meta = grad.isMeta() || index.isMeta();
        Tensor result = Torch.zeros(selfSizes, grad.dtype(), null, meta ? Device.META : grad.device(), null);
        if (meta) {
            return result;
        }
        long[] idx = index.toLongArray();
        long bound = selfSizes.length == 0 ? 1 : selfSizes[d];
        for (long i : idx) {
            if (i < 0 || i >= bound) {
                throw new IndexOutOfBoundsException("index out of range in self");
            }
        }
        if (result.numel() == 0 || idx.length == 0) {
            return result;
        }
        if (selfSizes.length == 0) {
            // index_select of a 0-dim self returns self once, however many (zero) indices it is given
            return result.add(grad.reshape(selfSizes));
        }
        Tensor src = grad.contiguous();
        long outer = 1;
        long inner = 1;
        for (int i = 0; i < selfSizes.length; i++) {
            if (i < d) {
                outer *= selfSizes[i];
            } else if (i > d) {
                inner *= selfSizes[i];
            }
        }
        int size = (int) bound;
        int in = Math.toIntExact(inner);
        int n = idx.length;
        Object from = src.storage().data();
        Object to = result.storage().data();
        int srcOff = (int) src.storageOffset();
        for (int o = 0; o < outer; o++) {
            for (int j = 0; j < n; j++) {
                addRow(to, (o * size + (int) idx[j]) * in, from, srcOff + (o * n + j) * in, in, 1.0);
            }
        }
        return result;
    }

    // ---------------------------------------------------------------- helpers

    /** checkScalarTypes(name, indices, {Long, Int}). */
    private static void checkIndexType(Tensor indices, String position, String name) {
        if (indices.dtype() != ScalarType.Int64 && indices.dtype() != ScalarType.Int32) {
            throw new IllegalArgumentException("Expected tensor for argument " + position + " 'indices' to have one of"
                    + " the following scalar types: Long, Int; but got " + legacyName(indices.dtype())
                    + " instead (while checking arguments for " + name + ")");
        }
    }

    /** The legacy type names c10 prints for CPU tensors: torch.FloatTensor. */
    private static String legacyName(ScalarType dtype) {
        switch (dtype) {
            case Float32: return "torch.FloatTensor";
            case Float64: return "torch.DoubleTensor";
            case Bool: return "torch.BoolTensor";
            case Int32: return "torch.IntTensor";
            case Int64: return "torch.LongTensor";
            default: return "torch." + dtype.c10Name() + "Tensor";
        }
    }
}
