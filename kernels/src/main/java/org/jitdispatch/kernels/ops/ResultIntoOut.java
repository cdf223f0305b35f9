package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.iter.CastRules;
import org.jitdispatch.kernels.structured.StructuredMeta;

/**
 * The tail of an out= overload that computes its functional result first: ATen's resize_output of out to the
 * result's sizes (in out's dtype, with PyTorch's warning when out had elements), then {@code out.copy_(result)}.
 */
final class ResultIntoOut {
    private ResultIntoOut() {
    }

    static Tensor copy(Tensor result, Tensor out) {
        return copy(result, out, null);
    }

    /**
     * As {@link #copy(Tensor, Tensor)}, but an out that must be resized takes the result's strides, as it does where
     * ATen's kernel lays out a resized out itself (nonzero's column-major result, TensorIterator's output order).
     */
    static Tensor copyInResultLayout(Tensor result, Tensor out) {
        return copy(result, out, result.strides());
    }

    /**
     * The tail of an out= overload whose ATen kernel writes through a TensorIterator op (sub_out, mul_out): the
     * result's dtype must cast safely to out's, with TensorIterator's message.
     */
    static Tensor castingCopy(Tensor result, Tensor out) {
        if (!CastRules.canCast(result.dtype(), out.dtype())) {
            throw new IllegalArgumentException("result type " + result.dtype().c10Name()
                    + " can't be cast to the desired output type " + out.dtype().c10Name());
        }
        return copy(result, out);
    }

    /** ATen's resize_output of out to {@code like}'s sizes, in out's dtype (with the warning when out had elements). */
    static void resize(Tensor out, Tensor like) {
        StructuredMeta resize = StructuredMeta.out(Tensor.FACTORY, out);
        resize.setOutputRawStrided(0, like.sizes(), null, out.dtype(), like.device());
        resize.commit();
    }

    private static Tensor copy(Tensor result, Tensor out, long[] stridesIfResized) {
        StructuredMeta resize = StructuredMeta.out(Tensor.FACTORY, out);
        resize.setOutputRawStrided(0, result.sizes(), stridesIfResized, out.dtype(), result.device());
        resize.commit();
        out.copy_(result);
        return out;
    }
}
