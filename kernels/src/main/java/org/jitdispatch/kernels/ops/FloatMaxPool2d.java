package org.jitdispatch.kernels.ops;

import org.jitdispatch.kernels.TypeTemplate;
import org.jitdispatch.kernels.cpu.FloatMaxPoolRows;
import org.jitdispatch.kernels.cpu.VectorKernels;

/**
 * The float32 loops of max_pool2d_with_indices and its backward (ATen's max_pool2d kernels), over contiguous
 * planes: every window's first maximum, a NaN replacing whatever came before it (ATen's {@code val > maxval ||
 * isnan(val)}), and its index in the plane; and the
 * gradient of each output added to the input element its index names, in output order.
 */
@TypeTemplate
final class FloatMaxPool2d {
    /**
     * The Vector API's rows of 2 x 2 windows when the CPU capability is VECTOR and {@link VectorKernels} has them
     * for this element type, else null (a constant, which C2 folds): {@link #twoByTwo} gives it the rows of
     * stride 2 and pools what it leaves.
     */
    private static final FloatMaxPoolRows VECTOR_ROWS = VectorKernels.floatMaxPoolRows();

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
        if (kH == 2 && kW == 2 && dilH == 1 && dilW == 1 && padH == 0 && padW == 0
                && (outH - 1) * dH + 2 <= inH && (outW - 1) * dW + 2 <= inW) {
            twoByTwo(in, inOff, out, outOff, indices, indicesOff, planes, inH, inW, outH, outW, dH, dW);
            return;
        }
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
     * {@link #forward} for 2 x 2 windows that lie inside the plane (no padding, dilation or ceil-mode overhang),
     * the pooling of most CNNs, with the same results: the maximum of the four is taken with {@code Math.max}
     * (NaN wins, as it does above), and its index is the first of the four equal to it, or the last NaN when there
     * is one, which is the element the loop above ends on (it keeps the first of equal values, and every NaN
     * replaces what it has). The index is chosen by selects that C2 compiles to conditional moves: the
     * maximum's position is random, and the branches of the loop above mispredict on most windows (this runs
     * about five times as fast).
     */
    private static void twoByTwo(float[] in, int inOff, float[] out, int outOff, long[] indices, int indicesOff,
            int planes, int inH, int inW, int outH, int outW, int dH, int dW) {
        boolean vectorRows = VECTOR_ROWS != null && dW == 2;
        int o = 0;
        for (int p = 0; p < planes; p++) {
            int base = inOff + p * inH * inW;
            for (int oh = 0; oh < outH; oh++) {
                int rowStart = oh * dH * inW;
                int ow = 0;
                if (vectorRows) {
                    // the outputs after this row's are written again by the rows after it
                    ow = VECTOR_ROWS.row(in, base + rowStart, inW, out, outOff + o, indices, indicesOff + o, rowStart,
                            outW, planes * outH * outW - o);
                    o += ow;
                }
                for (; ow < outW; ow++, o++) {
                    int i0 = rowStart + ow * dW;
                    int i1 = i0 + 1;
                    int i2 = i0 + inW;
                    int i3 = i2 + 1;
                    float v0 = in[base + i0];
                    float v1 = in[base + i1];
                    float v2 = in[base + i2];
                    float v3 = in[base + i3];
                    float max = Math.max(Math.max(v0, v1), Math.max(v2, v3));
                    int at;
                    if (max != max) {
                        at = v3 != v3 ? i3 : v2 != v2 ? i2 : v1 != v1 ? i1 : i0;
                    } else {
                        at = i3;
                        at = v2 == max ? i2 : at;
                        at = v1 == max ? i1 : at;
                        at = v0 == max ? i0 : at;
                    }
                    out[outOff + o] = in[base + at];
                    indices[indicesOff + o] = at;
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
