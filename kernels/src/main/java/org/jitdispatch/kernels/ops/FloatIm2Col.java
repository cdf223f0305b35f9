package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.kernels.TypeTemplate;

/**
 * im2col and col2im of one float32 sample for {@link Convolution}: the input plane's pixels under each
 * kernel offset, laid out as the rows of a {@code [C * kH * kW, oH * oW]} matrix, and the sum of such a
 * matrix back into the plane. A row's output positions split into three runs: those left of the input
 * (padding: zeros), those over it (a copy, or one strided read each) and those right of it (zeros), so the
 * inner loops hold no test per element.
 */
@TypeTemplate
final class FloatIm2Col {
    private FloatIm2Col() {
    }

    /**
     * Writes the columns of the sample at {@code srcOff} (a contiguous {@code [C, H, W]}): row {@code r} of
     * {@code oH * oW} elements at {@code dstOff + r * rowStride} ({@code oH * oW} for a {@code [C * kH * kW,
     * oH * oW]} matrix per sample, {@code N * oH * oW} for one matrix whose rows hold every sample in turn).
     */
    static void im2col(Convolution.Geometry g, float[] src, int srcOff, float[] dst, int dstOff, int rowStride) {
        int inH = (int) g.inH;
        int inW = (int) g.inW;
        int outW = (int) g.outW;
        int strideW = (int) g.strideW;
        int rowStart = dstOff;
        for (int c = 0; c < g.inChannels; c++) {
            int plane = srcOff + c * inH * inW;
            for (int ki = 0; ki < g.kH; ki++) {
                for (int kj = 0; kj < g.kW; kj++, rowStart += rowStride) {
                    int shift = (int) (kj * g.dilW - g.padW);
                    int lo = g.firstInside(shift);
                    int hi = g.endInside(shift, lo);
                    int d = rowStart;
                    for (int oh = 0; oh < g.outH; oh++, d += outW) {
                        long ih = oh * g.strideH - g.padH + ki * g.dilH;
                        if (ih < 0 || ih >= inH) {
                            Arrays.fill(dst, d, d + outW, 0f);
                            continue;
                        }
                        int row = plane + (int) ih * inW + shift;
                        Arrays.fill(dst, d, d + lo, 0f);
                        if (strideW == 1) {
                            System.arraycopy(src, row + lo, dst, d + lo, hi - lo);
                        } else {
                            for (int ow = lo; ow < hi; ow++) {
                                dst[d + ow] = src[row + ow * strideW];
                            }
                        }
                        Arrays.fill(dst, d + hi, d + outW, 0f);
                    }
                }
            }
        }
    }

    /**
     * Adds the columns from {@code srcOff} into the zeroed sample at {@code dstOff}, each pixel's products in
     * the order of (channel, kernel row, kernel column, output row, output column).
     */
    static void col2im(Convolution.Geometry g, float[] src, int srcOff, float[] dst, int dstOff) {
        int inH = (int) g.inH;
        int inW = (int) g.inW;
        int outW = (int) g.outW;
        int strideW = (int) g.strideW;
        int s = srcOff;
        for (int c = 0; c < g.inChannels; c++) {
            int plane = dstOff + c * inH * inW;
            for (int ki = 0; ki < g.kH; ki++) {
                for (int kj = 0; kj < g.kW; kj++) {
                    int shift = (int) (kj * g.dilW - g.padW);
                    int lo = g.firstInside(shift);
                    int hi = g.endInside(shift, lo);
                    for (int oh = 0; oh < g.outH; oh++, s += outW) {
                        long ih = oh * g.strideH - g.padH + ki * g.dilH;
                        if (ih < 0 || ih >= inH) {
                            continue;
                        }
                        int row = plane + (int) ih * inW + shift;
                        for (int ow = lo; ow < hi; ow++) {
                            dst[row + ow * strideW] += src[s + ow];
                        }
                    }
                }
            }
        }
    }
}
