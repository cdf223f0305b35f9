package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * View operators PyTorch 1.13 writes over others or over strides (TensorShape.cpp), written the same way:
 * movedim/moveaxis (a permutation), swapaxes/swapdims (transpose), unflatten (view), the {@code *_as}
 * methods, diagonal (a strided view whose joint dim is appended last), diag_embed, diag and diagflat. Their checks and
 * messages are ATen's.
 */
public final class ShapeViews implements ShapeViewsDeclarations {

    @Override
    public Tensor movedim(Tensor self, long[] source, long[] destination) {
        if (source.length != destination.length) {
            throw new IllegalArgumentException("movedim: Invalid source or destination dims: source ("
                    + Arrays.toString(source) + " dims) should contain the same number of dims as destination ("
                    + Arrays.toString(destination) + " dims)");
        }
        int nd = self.dim();
        int[] src = wrapAll(source, nd);
        int[] dst = wrapAll(destination, nd);
        checkUnique(src, "source", source);
        checkUnique(dst, "destination", destination);
        if (nd == 0) {
            return self.permute(new long[0]); // a scalar: an alias
        }
        // the moved dims go to their destinations; the others keep their order in the places left free
        long[] order = new long[nd];
        boolean[] srcTaken = new boolean[nd];
        boolean[] dstTaken = new boolean[nd];
        for (int i = 0; i < src.length; i++) {
            order[dst[i]] = src[i];
            srcTaken[src[i]] = true;
            dstTaken[dst[i]] = true;
        }
        for (int s = 0, d = 0; s < nd; s++) {
            if (srcTaken[s]) {
                continue;
            }
            while (dstTaken[d]) {
                d++;
            }
            order[d++] = s;
        }
        return self.permute(order);
    }

    @Override
    public Tensor movedim(Tensor self, long source, long destination) {
        return Torch.movedim(self, new long[] {source}, new long[] {destination});
    }

    @Override
    public Tensor moveaxis(Tensor self, long[] source, long[] destination) {
        return Torch.movedim(self, source, destination);
    }

    @Override
    public Tensor moveaxis(Tensor self, long source, long destination) {
        return Torch.movedim(self, source, destination);
    }

    private static int[] wrapAll(long[] dims, int nd) {
        int[] wrapped = new int[dims.length];
        for (int i = 0; i < dims.length; i++) {
            wrapped[i] = TensorGeometry.wrapDim(dims[i], nd);
        }
        return wrapped;
    }

    private static void checkUnique(int[] dims, String name, long[] given) {
        int[] sorted = dims.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw new IllegalArgumentException("movedim: repeated dim in `" + name + "` (" + Arrays.toString(given)
                        + ")");
            }
        }
    }

    @Override
    public Tensor swapaxes(Tensor self, long axis0, long axis1) {
        return self.transpose(axis0, axis1);
    }

    @Override
    public Tensor swapdims(Tensor self, long dim0, long dim1) {
        return self.transpose(dim0, dim1);
    }

    /** dim's size split into {@code sizes} (one may be -1), as a view. */
    @Override
    public Tensor unflatten(Tensor self, long dim, long[] sizes) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        if (sizes.length == 0) {
            throw new IllegalArgumentException("unflatten: sizes must be non-empty");
        }
        long[] inferred;
        try {
            inferred = TensorShape.inferSize(sizes, self.size(d));
        } catch (IllegalArgumentException e) {
            if (!String.valueOf(e.getMessage()).contains("is invalid for input of size")) {
                throw e;
            }
            throw new IllegalArgumentException("unflatten: Provided sizes " + Arrays.toString(sizes)
                    + " don't multiply up to the size of dim " + d + " (" + self.size(d) + ") in the input tensor");
        }
        long[] shape = new long[self.dim() - 1 + inferred.length];
        for (int i = 0, j = 0; i < self.dim(); i++) {
            if (i == d) {
                for (long s : inferred) {
                    shape[j++] = s;
                }
            } else {
                shape[j++] = self.size(i);
            }
        }
        return self.view(shape);
    }

    @Override
    public Tensor expand_as(Tensor self, Tensor other) {
        return self.expand(other.sizes(), false);
    }

    @Override
    public Tensor view_as(Tensor self, Tensor other) {
        return self.view(other.sizes());
    }

    @Override
    public Tensor reshape_as(Tensor self, Tensor other) {
        return self.reshape(other.sizes());
    }

    /** {@code self.to(other.options())}: other's dtype and device; self itself when both already match. */
    @Override
    public Tensor type_as(Tensor self, Tensor other) {
        return self.to(other.dtype(), null, other.device(), null, false, false, null);
    }

    /**
     * The diagonal {@code offset} above (or, negative, below) the main one of the matrices spanned by dim1 and
     * dim2: those dims are dropped and the diagonal appended as the last dim, with the sum of their strides.
     */
    @Override
    public Tensor diagonal(Tensor self, long offset, long dim1, long dim2) {
        int nd = self.dim();
        int d1 = TensorGeometry.wrapDim(dim1, nd);
        int d2 = TensorGeometry.wrapDim(dim2, nd);
        if (d1 == d2) {
            throw new IllegalArgumentException("diagonal dimensions cannot be identical " + dim1 + ", " + dim2);
        }
        long diagSize = offset >= 0 ? Math.max(Math.min(self.size(d1), self.size(d2) - offset), 0)
                : Math.max(Math.min(self.size(d1) + offset, self.size(d2)), 0);
        long storageOffset = self.storageOffset();
        if (diagSize > 0) {
            storageOffset += offset >= 0 ? offset * self.stride(d2) : -offset * self.stride(d1);
        }
        int outDims = nd - 1;
        long[] g = new long[2 * outDims]; // sizes, then strides
        for (int k = 0, j = 0; k < nd; k++) {
            if (k != d1 && k != d2) {
                g[j] = self.size(k);
                g[outDims + j] = self.stride(k);
                j++;
            }
        }
        g[outDims - 1] = diagSize;
        g[2 * outDims - 1] = self.stride(d1) + self.stride(d2);
        return self.asStridedOwning(g, storageOffset);
    }

    /**
     * Every window of {@code size} elements along {@code dimension}, {@code step} apart, as a new last dim: a view
     * ({@code Tensor.unfold}). A 0-dim tensor is one window of its single element.
     */
    @Override
    public Tensor unfold(Tensor self, long dimension, long size, long step) {
        int nd = self.dim();
        int d = TensorGeometry.wrapDim(dimension, nd);
        long available = nd == 0 ? 1 : self.size(d);
        if (size > available) {
            throw new IllegalArgumentException("maximum size for tensor at dimension " + d + " is " + available
                    + " but size is " + size);
        }
        if (step <= 0) {
            throw new IllegalArgumentException("step is " + step + " but must be > 0");
        }
        long[] g = new long[2 * (nd + 1)]; // sizes, then strides
        for (int k = 0; k < nd; k++) {
            g[k] = self.size(k);
            g[nd + 1 + k] = self.stride(k);
        }
        g[nd] = size;
        g[2 * nd + 1] = nd == 0 ? 1 : self.stride(d);
        if (nd > 0) {
            g[d] = (self.size(d) - size) / step + 1;
            g[nd + 1 + d] *= step;
        }
        if (size < 0) {
            throw new IllegalArgumentException("Storage size calculation overflowed with sizes="
                    + Arrays.toString(Arrays.copyOf(g, nd + 1)) + " and strides="
                    + Arrays.toString(Arrays.copyOfRange(g, nd + 1, g.length)));
        }
        return self.asStridedOwning(g, self.storageOffset());
    }

    /**
     * The gradient of {@link #unfold}: each window's gradient added back where it was read. Windows overlap when
     * {@code step < size}, so it adds one offset within the windows at a time, each a strided slice that touches
     * an element at most once.
     */
    @Override
    public Tensor unfold_backward(Tensor gradIn, long[] inputSizes, long dim, long size, long step) {
        if (step <= 0) {
            throw new IllegalArgumentException("step is " + step + " but must be > 0");
        }
        int nd = inputSizes.length;
        int d = TensorGeometry.wrapDim(dim, nd);
        long windows = nd == 0 ? 1 : (inputSizes[d] - size) / step + 1;
        long[] expected = Arrays.copyOf(inputSizes, nd + 1);
        expected[nd] = size;
        if (nd > 0) {
            expected[d] = windows;
        }
        if (!Arrays.equals(gradIn.sizes(), expected)) {
            throw new IllegalArgumentException("unfold_backward: expected grad_in of size " + Arrays.toString(expected)
                    + " for an input of size " + Arrays.toString(inputSizes) + ", but got "
                    + Arrays.toString(gradIn.sizes()));
        }
        Tensor gradInput = Torch.zeros(inputSizes, gradIn.dtype(), null, gradIn.device());
        if (nd == 0) {
            return gradInput.add_(gradIn.select(0, 0));
        }
        for (long j = 0; j < size && windows > 0; j++) {
            gradInput.slice(d, j, j + (windows - 1) * step + 1, step).add_(gradIn.select(nd, j));
        }
        return gradInput;
    }

    /** Zeros with self's last dim written along the diagonal {@code offset} of the new dims dim1 and dim2. */
    @Override
    public Tensor diag_embed(Tensor self, long offset, long dim1, long dim2) {
        int nd = self.dim() + 1;
        int d1 = TensorGeometry.wrapDim(dim1, nd);
        int d2 = TensorGeometry.wrapDim(dim2, nd);
        if (d1 == d2) {
            throw new IllegalArgumentException("diagonal dimensions cannot be identical " + dim1 + ", " + dim2);
        }
        if (self.dim() == 0) {
            throw new IndexOutOfBoundsException("dimension specified as -1 but tensor has no dimensions");
        }
        long side = Math.abs(offset) + self.size(-1);
        long[] sizes = new long[nd];
        int lo = Math.min(d1, d2);
        int hi = Math.max(d1, d2);
        for (int i = 0, j = 0; i < nd; i++) {
            sizes[i] = i == lo || i == hi ? side : self.size(j++);
        }
        Tensor result = Torch.zeros(sizes, self.dtype(), null, self.device());
        Torch.diagonal(result, offset, d1, d2).copy_(self);
        return result;
    }

    /** A vector's diagonal matrix, or a matrix's diagonal as a new vector. */
    @Override
    public Tensor diag(Tensor self, long diagonal) {
        if (self.dim() == 1) {
            return Torch.diag_embed(self, diagonal, 0, 1);
        }
        if (self.dim() == 2) {
            return Torch.diagonal(self, diagonal, 0, 1).clone(MemoryFormat.Contiguous); // a new vector
        }
        throw new IllegalArgumentException("matrix or a vector expected");
    }

    /** The diagonal matrix of all of self's elements, in row-major order, on the offset-th diagonal. */
    @Override
    public Tensor diagflat(Tensor self, long offset) {
        return self.contiguous().view(-1).diag(offset);
    }
}
