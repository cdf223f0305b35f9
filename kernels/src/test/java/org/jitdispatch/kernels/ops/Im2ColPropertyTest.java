package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Convolution's im2col and col2im against the definition written here element by element: a column entry is
 * its input pixel, or 0 over the padding; col2im adds each entry over the input into its pixel in the order
 * (channel, kernel row, kernel column, output row, output column), in the element type, and ignores the
 * entries over the padding (NaN there must not reach the input). Random geometries, half of them with
 * "same" padding and stride 1, where both take one run per row of the columns
 * ({@link Convolution.Geometry#outputRowsRunOn}); the others take one run per output row. The results must
 * be the same bits.
 */
class Im2ColPropertyTest {
    @BeforeAll
    static void load() {
        AtenLibrary.load();
    }

    @Test
    void matchesTheDefinition() {
        Random rnd = new Random(20261127);
        int runs = 0;
        int cases = 0;
        while (cases < 400) {
            long c = 1 + rnd.nextInt(3);
            long h = 1 + rnd.nextInt(12);
            long w = 1 + rnd.nextInt(12);
            long kh = 1 + rnd.nextInt(5);
            long kw = 1 + rnd.nextInt(5);
            long[] dilation = {1 + rnd.nextInt(2), 1 + rnd.nextInt(2)};
            long[] stride;
            long[] padding;
            if (rnd.nextBoolean()) {
                // "same": stride 1, padding half the dilated kernel (when that is whole), or more in height
                stride = new long[] {1, 1};
                padding = new long[] {dilation[0] * (kh - 1) / 2 + rnd.nextInt(2), dilation[1] * (kw - 1) / 2};
            } else {
                stride = new long[] {1 + rnd.nextInt(2), 1 + rnd.nextInt(2)};
                padding = new long[] {rnd.nextInt(3), rnd.nextInt(3)};
            }
            if (dilation[0] * (kh - 1) + 1 > h + 2 * padding[0] || dilation[1] * (kw - 1) + 1 > w + 2 * padding[1]) {
                continue; // no output: the shape check refuses it
            }
            cases++;
            Tensor x = Torch.empty(new long[] {2, c, h, w}, ScalarType.Float32);
            Tensor weight = Torch.empty(new long[] {1, c, kh, kw}, ScalarType.Float32);
            Convolution.Geometry g = Convolution.Geometry.of(x, weight, null, stride, padding, dilation, false,
                    new long[] {0}, 1);
            if (g.outputRowsRunOn()) {
                runs++;
            }
            String where = "input " + Arrays.toString(x.sizes()) + " kernel " + kh + "x" + kw + " stride "
                    + Arrays.toString(stride) + " padding " + Arrays.toString(padding) + " dilation "
                    + Arrays.toString(dilation);
            try {
                checkFloats(g, rnd, where);
                checkDoubles(g, rnd, where);
            } catch (RuntimeException e) {
                throw new AssertionError(where, e);
            }
        }
        assertTrue(runs > 100, "only " + runs + " geometries took the one-run path");
    }

    private static void checkFloats(Convolution.Geometry g, Random rnd, String where) {
        int plane = (int) (g.inChannels * g.inH * g.inW);
        int rows = (int) g.colsRows();
        int l = (int) g.outputPlane();
        float[] input = new float[3 + 2 * plane];
        for (int i = 0; i < input.length; i++) {
            input[i] = rnd.nextInt(8) == 0 ? -0f : (float) rnd.nextGaussian();
        }
        // the second sample of a batch of two, its columns inside rows of both samples (the weight gradient's)
        float[] cols = new float[1 + rows * 2 * l];
        Arrays.fill(cols, Float.NaN);
        FloatIm2Col.im2col(g, input, 3 + plane, cols, 1 + l, 2 * l);
        float[] want = new float[cols.length];
        Arrays.fill(want, Float.NaN);
        for (int r = 0; r < rows; r++) {
            for (int o = 0; o < l; o++) {
                int at = pixel(g, r, o);
                want[1 + l + r * 2 * l + o] = at < 0 ? 0f : input[3 + plane + at];
            }
        }
        assertArrayEquals(bits(want), bits(cols), "im2col, float32, " + where);

        float[] gradCols = new float[2 + rows * l];
        for (int i = 0; i < gradCols.length; i++) {
            gradCols[i] = (float) rnd.nextGaussian();
        }
        for (int r = 0; r < rows; r++) {
            for (int o = 0; o < l; o++) {
                if (pixel(g, r, o) < 0) {
                    gradCols[2 + r * l + o] = Float.NaN; // over the padding: never added
                }
            }
        }
        float[] wantGrad = new float[5 + plane];
        for (int r = 0; r < rows; r++) {
            for (int o = 0; o < l; o++) {
                int at = pixel(g, r, o);
                if (at >= 0) {
                    wantGrad[5 + at] += gradCols[2 + r * l + o];
                }
            }
        }
        float[] grad = new float[5 + plane];
        FloatIm2Col.col2im(g, gradCols, 2, grad, 5);
        assertArrayEquals(bits(wantGrad), bits(grad), "col2im, float32, " + where);
    }

    private static void checkDoubles(Convolution.Geometry g, Random rnd, String where) {
        int plane = (int) (g.inChannels * g.inH * g.inW);
        int rows = (int) g.colsRows();
        int l = (int) g.outputPlane();
        double[] input = new double[plane];
        for (int i = 0; i < input.length; i++) {
            input[i] = rnd.nextGaussian();
        }
        double[] cols = new double[rows * l];
        Arrays.fill(cols, Double.NaN);
        DoubleIm2Col.im2col(g, input, 0, cols, 0, l);
        double[] want = new double[cols.length];
        double[] gradCols = new double[rows * l];
        double[] wantGrad = new double[plane];
        for (int r = 0; r < rows; r++) {
            for (int o = 0; o < l; o++) {
                int at = pixel(g, r, o);
                want[r * l + o] = at < 0 ? 0 : input[at];
                gradCols[r * l + o] = at < 0 ? Double.NaN : rnd.nextGaussian();
                if (at >= 0) {
                    wantGrad[at] += gradCols[r * l + o];
                }
            }
        }
        assertArrayEquals(want, cols, "im2col, float64, " + where);
        double[] grad = new double[plane];
        DoubleIm2Col.col2im(g, gradCols, 0, grad, 0);
        assertArrayEquals(wantGrad, grad, "col2im, float64, " + where);
    }

    /** The input element of one sample under column entry ({@code r}, {@code o}), or -1 over the padding. */
    private static int pixel(Convolution.Geometry g, int r, int o) {
        long kk = g.kH * g.kW;
        long c = r / kk;
        long ki = r % kk / g.kW;
        long kj = r % g.kW;
        long oh = o / g.outW;
        long ow = o % g.outW;
        long ih = oh * g.strideH - g.padH + ki * g.dilH;
        long iw = ow * g.strideW - g.padW + kj * g.dilW;
        if (ih < 0 || ih >= g.inH || iw < 0 || iw >= g.inW) {
            return -1;
        }
        return (int) ((c * g.inH + ih) * g.inW + iw);
    }

    private static int[] bits(float[] v) {
        int[] b = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = Float.floatToIntBits(v[i]);
        }
        return b;
    }
}
