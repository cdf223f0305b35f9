package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.TensorGeometry;

/** Views: operators that return a tensor sharing self's storage with other sizes and strides. */
public final class TensorShape implements TensorShapeDeclarations {
    @Override
    public Tensor view(Tensor self, long[] size) {
        long[] shape = inferSize(size, self.numel());
        long[] stride = computeStride(self.sizes(), self.strides(), shape);
        if (stride == null) {
            throw new IllegalArgumentException("view size is not compatible with input tensor's size and stride (at least"
                    + " one dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
        }
        return self.asStrided(shape, stride, self.storageOffset());
    }

    @Override
    public Tensor transpose(Tensor self, long dim0, long dim1) {
        int nd = self.dim();
        int d0 = TensorGeometry.wrapDim(dim0, nd);
        int d1 = TensorGeometry.wrapDim(dim1, nd);
        long[] sizes = self.sizes();
        long[] strides = self.strides();
        if (nd > 0) {
            swap(sizes, d0, d1);
            swap(strides, d0, d1);
        }
        return self.asStrided(sizes, strides, self.storageOffset());
    }

    /** Resolves a single -1 in a requested shape (PyTorch's infer_size). */
    static long[] inferSize(long[] shape, long numel) {
        long[] out = shape.clone();
        int inferred = -1;
        long known = 1;
        for (int i = 0; i < out.length; i++) {
            if (out[i] == -1) {
                if (inferred >= 0) {
                    throw new IllegalArgumentException("only one dimension can be inferred");
                }
                inferred = i;
            } else if (out[i] >= 0) {
                known *= out[i];
            } else {
                throw new IllegalArgumentException("invalid shape dimension " + out[i]);
            }
        }
        if (inferred >= 0 && known != 0 && numel % known == 0) {
            out[inferred] = numel / known;
            return out;
        }
        if (inferred < 0 && known == numel) {
            return out;
        }
        throw new IllegalArgumentException("shape '" + Arrays.toString(shape) + "' is invalid for input of size " + numel);
    }

    /**
     * Strides that let a tensor of {@code oldSizes}/{@code oldStrides} be viewed as {@code newSizes}, or null
     * when no view exists (PyTorch's computeStride): dimensions are grouped into chunks that are contiguous
     * with respect to each other, and each chunk must map onto whole new dimensions.
     */
    static long[] computeStride(long[] oldSizes, long[] oldStrides, long[] newSizes) {
        long[] newStrides = new long[newSizes.length];
        if (oldSizes.length == 0) {
            Arrays.fill(newStrides, 1);
            return newStrides;
        }
        if (TensorGeometry.numel(oldSizes) == 0) {
            if (Arrays.equals(oldSizes, newSizes)) {
                return oldStrides.clone();
            }
            return TensorGeometry.contiguousStrides(newSizes);
        }
        int viewD = newSizes.length - 1;
        long chunkBaseStride = oldStrides[oldStrides.length - 1];
        long tensorNumel = 1;
        long viewNumel = 1;
        for (int tensorD = oldSizes.length - 1; tensorD >= 0; tensorD--) {
            tensorNumel *= oldSizes[tensorD];
            if (tensorD == 0 || (oldSizes[tensorD - 1] != 1 && oldStrides[tensorD - 1] != tensorNumel * chunkBaseStride)) {
                while (viewD >= 0 && (viewNumel < tensorNumel || newSizes[viewD] == 1)) {
                    newStrides[viewD] = viewNumel * chunkBaseStride;
                    viewNumel *= newSizes[viewD];
                    viewD--;
                }
                if (viewNumel != tensorNumel) {
                    return null;
                }
                if (tensorD > 0) {
                    chunkBaseStride = oldStrides[tensorD - 1];
                    tensorNumel = 1;
                    viewNumel = 1;
                }
            }
        }
        return viewD == -1 ? newStrides : null;
    }

    private static void swap(long[] a, int i, int j) {
        long t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
