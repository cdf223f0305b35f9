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
                    if (g.outputRowsRunOn() && lo < hi) {
                        im2colRun(g, src, plane, ki, shift, lo, hi, dst, rowStart);
                        continue;
                    }
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
                            if (lo < hi) { // no column inside: row + lo may be past the input's end
                                System.arraycopy(src, row + lo, dst, d + lo, hi - lo);
                            }
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
     * the order of (channel, kernel row, kernel column, output row, output column). The columns are scratch:
     * their entries over the padding may be zeroed.
     */
    static void col2im(Convolution.Geometry g, float[] src, int srcOff, float[] dst, int dstOff) {
        int inH = (int) g.inH;
        int inW = (int) g.inW;
        int outW = (int) g.outW;
        int strideW = (int) g.strideW;
        int planeSize = inH * inW;
        PlaneSums sums = g.outputRowsRunOn() && planeSize <= PlaneSums.MAX_PLANE ? PLANE_SUMS.get().reserve(planeSize)
                : null;
        int s = srcOff;
        for (int c = 0; c < g.inChannels; c++) {
            int plane = dstOff + c * planeSize;
            if (sums != null) {
                // a channel's pixels are summed only from its own rows: in the kept plane, then copied
                s = col2imPlane(g, src, s, sums);
                System.arraycopy(sums.plane, 0, dst, plane, planeSize);
                continue;
            }
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

    private static final ThreadLocal<PlaneSums> PLANE_SUMS = ThreadLocal.withInitial(PlaneSums::new);

    /**
     * col2im of one channel's {@code kH * kW} rows of the columns from {@code s} when
     * {@link Convolution.Geometry#outputRowsRunOn}, into {@code sums.plane} from zero; returns where the next
     * channel's rows start. Each row's run is first copied into {@code sums.run} at the offsets of the plane it
     * is added to, so that the additions index both arrays alike, the loop C2's superword pass vectorizes (it
     * leaves {@code plane[at + i] += src[i]} scalar: the two could be one array).
     */
    private static int col2imPlane(Convolution.Geometry g, float[] src, int s, PlaneSums sums) {
        float[] plane = sums.plane;
        float[] run = sums.run;
        int inW = (int) g.inW;
        int outW = (int) g.outW;
        Arrays.fill(plane, 0, (int) (g.inH * g.inW), 0f);
        for (int ki = 0; ki < g.kH; ki++) {
            int first = g.firstRowInside(ki);
            int end = g.endRowInside(ki, first);
            for (int kj = 0; kj < g.kW; kj++, s += (int) g.outputPlane()) {
                int shift = (int) (kj * g.dilW - g.padW);
                int lo = g.firstInside(shift);
                int hi = g.endInside(shift, lo);
                if (first == end || lo >= hi) {
                    continue;
                }
                // the run passes the padding columns between its rows, which land on the neighbouring input
                // rows: zeroed first (the columns are scratch; adding +0.0 leaves every sum as it was, since
                // a sum that starts at +0.0 is never -0.0)
                zeroColumns(src, s + first * outW, s + end * outW, outW, lo, hi);
                int from = s + first * outW + lo;
                int to = s + (end - 1) * outW + hi;
                int at = (int) (first - g.padH + ki * g.dilH) * inW + shift + lo;
                int until = at + (to - from);
                System.arraycopy(src, from, run, at, to - from);
                for (int i = at; i < until; i++) {
                    plane[i] += run[i];
                }
            }
        }
        return s;
    }

    /** A thread's plane of sums and its copy of one run of the columns, kept between calls. */
    private static final class PlaneSums {
        /** Planes up to 256 KiB of float32 use the kept arrays; larger ones add into the input directly. */
        static final int MAX_PLANE = 1 << 16;

        float[] plane = new float[0];
        float[] run = new float[0];

        PlaneSums reserve(int size) {
            if (plane.length < size) {
                plane = new float[size];
                run = new float[size];
            }
            return this;
        }
    }

    /**
     * One row of the columns (kernel offset {@code ki}, {@code shift}) when {@link Convolution.Geometry#outputRowsRunOn}:
     * output row {@code oh + 1} reads the input row after {@code oh}'s, so the rows over the input are one copy,
     * after which the padding columns it carried over from the neighbouring input rows are zeroed again.
     */
    private static void im2colRun(Convolution.Geometry g, float[] src, int plane, int ki, int shift, int lo, int hi,
            float[] dst, int d) {
        int inW = (int) g.inW;
        int outW = (int) g.outW;
        int first = g.firstRowInside(ki);
        int end = g.endRowInside(ki, first);
        Arrays.fill(dst, d, d + first * outW, 0f);
        Arrays.fill(dst, d + end * outW, d + (int) g.outputPlane(), 0f);
        if (first == end) {
            return;
        }
        int from = d + first * outW + lo;
        int to = d + (end - 1) * outW + hi;
        System.arraycopy(src, plane + (int) (first - g.padH + ki * g.dilH) * inW + shift + lo, dst, from, to - from);
        zeroColumns(dst, d + first * outW, d + end * outW, outW, lo, hi);
    }

    /**
     * Zeroes columns {@code [0, lo)} and {@code [hi, width)} of the rows of {@code width} from {@code start} to
     * {@code end}: a column at a time, since there are few of them (the padding) and many rows.
     */
    private static void zeroColumns(float[] a, int start, int end, int width, int lo, int hi) {
        for (int column = 0; column < lo; column++) {
            for (int i = start + column; i < end; i += width) {
                a[i] = 0f;
            }
        }
        for (int column = hi; column < width; column++) {
            for (int i = start + column; i < end; i += width) {
                a[i] = 0f;
            }
        }
    }
}
