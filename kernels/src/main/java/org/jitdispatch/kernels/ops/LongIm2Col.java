package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.Storage;

/**
 * im2col and col2im of an integer convolution over one, two or three spatial dims, through the storage's long
 * accessors: ATen computes int32 and int64 convolutions forwards (and int64 transposed ones), where integers
 * wrap. Integer columns are only ever one sample's ({@code [C * kD * kH * kW, oD * oH * oW]}, rows contiguous):
 * integer convolutions have no backward.
 */
final class LongIm2Col {
    private LongIm2Col() {
    }

    /** Unfolds the sample at {@code srcOff} into the columns at {@code dstOff}, zeros over the padding. */
    static void im2col(Convolution.Geometry g, Storage src, long srcOff, Storage dst, long dstOff) {
        long d = dstOff;
        for (long c = 0; c < g.inChannels; c++) {
            for (long kd = 0; kd < g.kD; kd++) {
                for (long ki = 0; ki < g.kH; ki++) {
                    for (long kj = 0; kj < g.kW; kj++) {
                        for (long od = 0; od < g.outD; od++) {
                            long id = od * g.strideD - g.padD + kd * g.dilD;
                            for (long oh = 0; oh < g.outH; oh++) {
                                long ih = oh * g.strideH - g.padH + ki * g.dilH;
                                boolean rowInside = id >= 0 && id < g.inD && ih >= 0 && ih < g.inH;
                                long row = srcOff + ((c * g.inD + id) * g.inH + ih) * g.inW;
                                for (long ow = 0; ow < g.outW; ow++) {
                                    long iw = ow * g.strideW - g.padW + kj * g.dilW;
                                    boolean inside = rowInside && iw >= 0 && iw < g.inW;
                                    dst.setLong(d++, inside ? src.getLong(row + iw) : 0L);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /** Adds the columns at {@code srcOff} back into the sample at {@code dstOff}. */
    static void col2im(Convolution.Geometry g, Storage src, long srcOff, Storage dst, long dstOff) {
        long s = srcOff;
        for (long c = 0; c < g.inChannels; c++) {
            for (long kd = 0; kd < g.kD; kd++) {
                for (long ki = 0; ki < g.kH; ki++) {
                    for (long kj = 0; kj < g.kW; kj++) {
                        for (long od = 0; od < g.outD; od++) {
                            long id = od * g.strideD - g.padD + kd * g.dilD;
                            for (long oh = 0; oh < g.outH; oh++) {
                                long ih = oh * g.strideH - g.padH + ki * g.dilH;
                                boolean rowInside = id >= 0 && id < g.inD && ih >= 0 && ih < g.inH;
                                long row = dstOff + ((c * g.inD + id) * g.inH + ih) * g.inW;
                                for (long ow = 0; ow < g.outW; ow++, s++) {
                                    long iw = ow * g.strideW - g.padW + kj * g.dilW;
                                    if (rowInside && iw >= 0 && iw < g.inW) {
                                        dst.setLong(row + iw, dst.getLong(row + iw) + src.getLong(s));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
