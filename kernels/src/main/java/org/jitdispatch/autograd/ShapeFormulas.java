package org.jitdispatch.autograd;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.TensorGeometry;

/** Gradient helpers of the shape operators (roll, as_strided), as PyTorch 1.13's derivatives.yaml. */
public final class ShapeFormulas {

    private ShapeFormulas() {}

    /** roll's gradient: the gradient rolled back, {@code grad.roll(-reversed(shifts), reversed(dims))}. */
    public static Tensor rollBackward(Tensor grad, long[] shifts, long[] dims) {
        long[] s = new long[shifts.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = -shifts[shifts.length - 1 - i];
        }
        long[] d = new long[dims.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = dims[dims.length - 1 - i];
        }
        return grad.roll(s, d);
    }

    /**
     * split's gradient (split_backward): the pieces' gradients concatenated along dim, zeros for a piece that
     * got none (also for the pieces after the last one that did, which the gradient array leaves out).
     */
    public static Tensor splitBackward(Tensor[] grads, long splitSize, long dim, long[] selfSizes) {
        int d = TensorGeometry.wrapDim(dim, selfSizes.length);
        long dimSize = selfSizes[d];
        long pieces = splitSize == 0 ? 1 : Math.max((dimSize + splitSize - 1) / splitSize, 1);
        Tensor like = firstDefined(grads);
        Tensor[] all = new Tensor[(int) pieces];
        for (int i = 0; i < all.length; i++) {
            Tensor g = i < grads.length ? grads[i] : null;
            if (g == null) {
                long[] sizes = selfSizes.clone();
                sizes[d] = i < all.length - 1 ? splitSize : dimSize - splitSize * (all.length - 1);
                g = Torch.zeros(sizes, like.dtype(), null, like.device(), null);
            }
            all[i] = g;
        }
        return Torch.cat(all, d);
    }

    /**
     * split_with_sizes's gradient (split_with_sizes_backward): the pieces' gradients concatenated along dim, zeros
     * of its size for a piece that got none.
     */
    public static Tensor splitWithSizesBackward(Tensor[] grads, long[] splitSizes, long dim, long[] selfSizes) {
        int d = TensorGeometry.wrapDim(dim, selfSizes.length);
        Tensor like = firstDefined(grads);
        Tensor[] all = new Tensor[splitSizes.length];
        for (int i = 0; i < all.length; i++) {
            Tensor g = i < grads.length ? grads[i] : null;
            if (g == null) {
                long[] sizes = selfSizes.clone();
                sizes[d] = splitSizes[i];
                g = Torch.zeros(sizes, like.dtype(), null, like.device(), null);
            }
            all[i] = g;
        }
        return Torch.cat(all, d);
    }

    /** unbind's gradient (unbind_backward): the slices' gradients stacked along dim, zeros for a slice that got none. */
    public static Tensor unbindBackward(Tensor[] grads, long dim, long[] selfSizes) {
        int d = TensorGeometry.wrapDim(dim, selfSizes.length);
        Tensor like = firstDefined(grads);
        long[] sliceSizes = new long[selfSizes.length - 1];
        for (int i = 0, j = 0; i < selfSizes.length; i++) {
            if (i != d) {
                sliceSizes[j++] = selfSizes[i];
            }
        }
        Tensor[] all = new Tensor[(int) selfSizes[d]];
        for (int i = 0; i < all.length; i++) {
            Tensor g = i < grads.length ? grads[i] : null;
            all[i] = g != null ? g : Torch.zeros(sliceSizes, like.dtype(), null, like.device(), null);
        }
        return Torch.stack(all, d);
    }

    private static Tensor firstDefined(Tensor[] grads) {
        for (Tensor g : grads) {
            if (g != null) {
                return g;
            }
        }
        throw new IllegalArgumentException("no gradient defined");
    }

    /**
     * as_strided's gradient (FunctionsManual's as_strided_backward) for an input of geometry {@code input}: the
     * gradient goes to the storage positions the output covers (summed where the output covers one position
     * several times, as an expanded view does), and is read back in the input's layout; where the input
     * covers a position several times, that position's gradient is shared equally among them. Built from
     * index_put and index, so it can be differentiated again.
     */
    public static Tensor asStridedBackward(Tensor grad, SavedGeometry input, long[] size, long[] stride, Long storageOffset) {
        long[] out = TensorGeometry.elementOffsets(size, stride, storageOffset != null ? storageOffset
                : input.storageOffset());
        long[] in = TensorGeometry.elementOffsets(input.sizes(), input.strides(), input.storageOffset());
        if (in.length == 0) {
            return Torch.zeros(input.sizes(), grad.dtype(), null, grad.device(), null);
        }
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long[] offsets : new long[][] {out, in}) {
            for (long o : offsets) {
                lo = Math.min(lo, o);
                hi = Math.max(hi, o);
            }
        }
        for (int i = 0; i < out.length; i++) {
            out[i] -= lo;
        }
        long[] uses = new long[(int) (hi - lo + 1)];
        boolean overlapping = false;
        for (int i = 0; i < in.length; i++) {
            in[i] -= lo;
            overlapping |= uses[(int) in[i]]++ > 0;
        }
        Tensor storage = Torch.zeros(new long[] {uses.length}, grad.dtype(), null, grad.device(), null);
        if (out.length > 0) {
            storage = storage.index_put(new Tensor[] {Torch.tensor(out)}, grad.reshape(-1), true);
        }
        Tensor inIndex = Torch.tensor(in);
        Tensor result = storage.index(new Tensor[] {inIndex});
        if (overlapping) {
            result = result.div(Torch.tensor(uses).index(new Tensor[] {inIndex}).to(grad.dtype()));
        }
        return result.view(input.sizes());
    }
}
