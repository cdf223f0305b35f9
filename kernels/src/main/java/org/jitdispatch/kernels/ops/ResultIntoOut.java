package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.structured.StructuredMeta;

/**
 * The tail of an out= overload that computes its functional result first: ATen's resize_output of out to the
 * result's sizes (in out's dtype, with PyTorch's warning when out had elements), then {@code out.copy_(result)}.
 */
final class ResultIntoOut {
    private ResultIntoOut() {
    }

    static Tensor copy(Tensor result, Tensor out) {
        StructuredMeta resize = StructuredMeta.out(Tensor.FACTORY, out);
        resize.setOutputRawStrided(0, result.sizes(), null, out.dtype(), result.device());
        resize.commit();
        out.copy_(result);
        return out;
    }
}
