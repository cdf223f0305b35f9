package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.kernels.TypeTemplate;

/**
 * im2col and col2im over three spatial dims (ATen's vol2col and col2vol) for float32, the template of
 * DoubleVol2Col: a sample {@code [C, D, H, W]} unfolded into rows {@code (c, kd, ki, kj)} of columns {@code (od, oh,
 * ow)}, zeros where the window lies in the padding. Each output row's run of columns is split at the input's
 * edges once, so the copy between them has no per-element test.
 */
@TypeTemplate
final class FloatVol2Col {
    private FloatVol2Col() {
    }

    /** Unfolds the sample at {@code srcOff} into rows starting at {@code dstOff}, {@code rowStride} apart. */
    static void vol2col(Convolution.Geometry g, float[] src, int srcOff, float[] dst, int dstOff, int rowStride) {
        int inD = (int) g.inD;
        int inH = (int) g.inH;
        int inW = (int) g.inW;
        int outW = (int) g.outW;
        int strideW = (int) g.strideW;
        int rowStart = dstOff;
        for (int c = 0; c < g.inChannels; c++) {
            for (int kd = 0; kd < g.kD; kd++) {
                for (int ki = 0; ki < g.kH; ki++) {
                    for (int kj = 0; kj < g.kW; kj++, rowStart += rowStride) {
                        int shift = (int) (kj * g.dilW - g.padW);
                        int lo = g.firstInside(shift);
                        int hi = g.endInside(shift, lo);
                        int d = rowStart;
                        for (int od = 0; od < g.outD; od++) {
                            long id = od * g.strideD - g.padD + kd * g.dilD;
                            for (int oh = 0; oh < g.outH; oh++, d += outW) {
                                long ih = oh * g.strideH - g.padH + ki * g.dilH;
                                if (id < 0 || id >= inD || ih < 0 || ih >= inH) {
                                    Arrays.fill(dst, d, d + outW, 0f);
                                    continue;
                                }
                                int row = srcOff + (int) (((c * inD + id) * inH + ih) * inW) + shift;
                                Arrays.fill(dst, d, d + lo, 0f);
                                for (int ow = lo; ow < hi; ow++) {
                                    dst[d + ow] = src[row + ow * strideW];
                                }
                                Arrays.fill(dst, d + hi, d + outW, 0f);
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * Adds the columns from {@code srcOff} (rows contiguous) into the sample at {@code dstOff}, each input
     * element's products in the order of (channel, kernel offset, output position).
     */
    static void col2vol(Convolution.Geometry g, float[] src, int srcOff, float[] dst, int dstOff) {
        int inD = (int) g.inD;
        int inH = (int) g.inH;
        int inW = (int) g.inW;
        int outW = (int) g.outW;
        int strideW = (int) g.strideW;
        int s = srcOff;
        for (int c = 0; c < g.inChannels; c++) {
            for (int kd = 0; kd < g.kD; kd++) {
                for (int ki = 0; ki < g.kH; ki++) {
                    for (int kj = 0; kj < g.kW; kj++) {
                        int shift = (int) (kj * g.dilW - g.padW);
                        int lo = g.firstInside(shift);
                        int hi = g.endInside(shift, lo);
                        for (int od = 0; od < g.outD; od++) {
                            long id = od * g.strideD - g.padD + kd * g.dilD;
                            for (int oh = 0; oh < g.outH; oh++, s += outW) {
                                long ih = oh * g.strideH - g.padH + ki * g.dilH;
                                if (id < 0 || id >= inD || ih < 0 || ih >= inH) {
                                    continue;
                                }
                                int row = dstOff + (int) (((c * inD + id) * inH + ih) * inW) + shift;
                                for (int ow = lo; ow < hi; ow++) {
                                    dst[row + ow * strideW] += src[s + ow];
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
