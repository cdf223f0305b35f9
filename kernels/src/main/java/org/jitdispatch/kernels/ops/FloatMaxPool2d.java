package org.jitdispatch.kernels.ops;

import org.jitdispatch.kernels.TypeTemplate;

/**
 * The float32 loops of max_pool2d_with_indices and its backward (ATen's max_pool2d kernels), over contiguous
 * planes: every window's first maximum, a NaN replacing whatever came before it (ATen's {@code val > maxval ||
 * isnan(val)}), and its index in the plane; and the
 * gradient of each output added to the input element its index names, in output order.
 */
@TypeTemplate
final class FloatMaxPool2d {
    private FloatMaxPool2d() {
    }

    /**
     * Pools {@code planes} planes of {@code inH x inW} from {@code in[inOff]} into {@code outH x outW} values
     * at {@code out[outOff]} and their indices at {@code indices[indicesOff]}.
     */
    static void forward(float[] in, int inOff, float[] out, int outOff, long[] indices, int indicesOff,
            int planes, int inH, int inW, int outH, int outW, Pooling.Window w) {
        int kH = (int) w.kH;
        int kW = (int) w.kW;
        int dH = (int) w.dH;
        int dW = (int) w.dW;
        int padH = (int) w.padH;
        int padW = (int) w.padW;
        int dilH = (int) w.dilH;
        int dilW = (int) w.dilW;
        int o = 0;
        for (int p = 0; p < planes; p++) {
            int base = inOff + p * inH * inW;
            for (int oh = 0; oh < outH; oh++) {
                int h0 = oh * dH - padH;
                int h1 = Math.min(h0 + (kH - 1) * dilH + 1, inH);
                while (h0 < 0) {
                    h0 += dilH;
                }
                for (int ow = 0; ow < outW; ow++, o++) {
                    int w0 = ow * dW - padW;
                    int w1 = Math.min(w0 + (kW - 1) * dilW + 1, inW);
                    while (w0 < 0) {
                        w0 += dilW;
                    }
                    int maxIndex = h0 * inW + w0;
                    float max = Float.NEGATIVE_INFINITY;
                    for (int ih = h0; ih < h1; ih += dilH) {
                        for (int iw = w0; iw < w1; iw += dilW) {
                            int index = ih * inW + iw;
                            float v = in[base + index];
                            if (v > max || v != v) {
                                max = v;
                                maxIndex = index;
                            }
                        }
                    }
                    out[outOff + o] = max;
                    indices[indicesOff + o] = maxIndex;
                }
            }
        }
    }

    /**
     * Adds {@code planes} planes of {@code outPlane} gradients from {@code grads[gradsOff]} into the zeroed
     * {@code result[resultOff]}, planes of {@code inPlane}, at the elements {@code indices} name.
     */
    static void backward(float[] grads, int gradsOff, long[] indices, int indicesOff, float[] result, int resultOff,
            int planes, int inPlane, int outPlane) {
        for (int p = 0; p < planes; p++) {
            int g = gradsOff + p * outPlane;
            int x = indicesOff + p * outPlane;
            int r = resultOff + p * inPlane;
            for (int o = 0; o < outPlane; o++) {
                result[r + (int) indices[x + o]] += grads[g + o];
            }
        }
    }
}
