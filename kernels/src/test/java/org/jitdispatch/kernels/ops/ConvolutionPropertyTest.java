package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import java.util.Random;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorTesting;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * conv2d and convolution_backward against the definition summed in double, on random geometries: batch,
 * channels and groups, kernels up to 4 x 4, strides, padding (up to more than the kernel) and dilation, both
 * dtypes, with and without bias. Half the geometries have stride 1 and "same" padding, where im2col and
 * col2im take one run of memory per row of the columns; the others take one run per output row. Kernels that
 * reach past the input (a kernel offset with no column inside it) are among them.
 */
class ConvolutionPropertyTest {
    @BeforeAll
    static void load() {
        AtenLibrary.load();
    }

    @Test
    void forwardAndBackwardMatchTheDefinition() {
        Random rnd = new Random(27112026);
        int cases = 0;
        while (cases < 250) {
            int groups = 1 + rnd.nextInt(2);
            int n = 1 + rnd.nextInt(3);
            int c = groups * (1 + rnd.nextInt(2));
            int o = groups * (1 + rnd.nextInt(3));
            int h = 1 + rnd.nextInt(9);
            int w = 1 + rnd.nextInt(9);
            int kh = 1 + rnd.nextInt(4);
            int kw = 1 + rnd.nextInt(4);
            int[] dil = {1 + rnd.nextInt(2), 1 + rnd.nextInt(2)};
            int[] stride;
            int[] pad;
            if (rnd.nextBoolean()) {
                stride = new int[] {1, 1};
                pad = new int[] {dil[0] * (kh - 1) / 2, dil[1] * (kw - 1) / 2};
            } else {
                stride = new int[] {1 + rnd.nextInt(3), 1 + rnd.nextInt(3)};
                pad = new int[] {rnd.nextInt(4), rnd.nextInt(4)};
            }
            if (dil[0] * (kh - 1) + 1 > h + 2 * pad[0] || dil[1] * (kw - 1) + 1 > w + 2 * pad[1]) {
                continue; // no output: refused by the shape check
            }
            cases++;
            ScalarType dtype = rnd.nextBoolean() ? ScalarType.Float32 : ScalarType.Float64;
            boolean withBias = rnd.nextBoolean();
            Geometry g = new Geometry(n, c, o, h, w, kh, kw, stride, pad, dil, groups);
            double[] x = randoms(rnd, n * c * h * w);
            double[] wt = randoms(rnd, o * (c / groups) * kh * kw);
            double[] b = randoms(rnd, o);
            double[] gy = randoms(rnd, n * o * g.oh * g.ow);
            String where = "case " + cases + ": " + g + " " + dtype + (withBias ? " bias" : "");
            double tolerance = dtype == ScalarType.Float32 ? 1e-4 : 1e-10;

            Tensor xt = Torch.tensor(x, new long[] {n, c, h, w}).to(dtype);
            Tensor wtt = Torch.tensor(wt, new long[] {o, c / groups, kh, kw}).to(dtype);
            Tensor bt = withBias ? Torch.tensor(b, new long[] {o}).to(dtype) : null;
            Tensor y = Torch.conv2d(xt, wtt, bt, longs(stride), longs(pad), longs(dil), groups);
            assertClose(y, g.forward(x, wt, withBias ? b : null), tolerance, where + ", output");

            Tensor gyt = Torch.tensor(gy, y.sizes()).to(dtype);
            Tensor[] grads = Torch.convolution_backward(gyt, xt, wtt, withBias ? new long[] {o} : null, longs(stride),
                    longs(pad), longs(dil), false, new long[] {0, 0}, groups, new boolean[] {true, true, withBias});
            double[][] want = g.backward(x, wt, gy);
            assertClose(grads[0], want[0], tolerance, where + ", grad_input");
            assertClose(grads[1], want[1], tolerance, where + ", grad_weight");
            if (withBias) {
                assertClose(grads[2], want[2], tolerance, where + ", grad_bias");
            }
        }
    }

    private static void assertClose(Tensor actual, double[] expected, double tolerance, String where) {
        try {
            TensorTesting.assertClose(actual.to(ScalarType.Float64), Torch.tensor(expected, actual.sizes()), tolerance,
                    tolerance);
        } catch (AssertionError e) {
            throw new AssertionError(where + ": " + e.getMessage(), e);
        }
    }

    private static double[] randoms(Random rnd, int count) {
        double[] v = new double[count];
        for (int i = 0; i < count; i++) {
            v[i] = rnd.nextDouble() * 2 - 1;
        }
        return v;
    }

    private static long[] longs(int[] v) {
        return Arrays.stream(v).asLongStream().toArray();
    }

    /** The definition of a grouped 2-d convolution and its gradients, in double. */
    private record Geometry(int n, int c, int o, int h, int w, int kh, int kw, int[] stride, int[] pad, int[] dil,
            int groups, int oh, int ow) {
        Geometry(int n, int c, int o, int h, int w, int kh, int kw, int[] stride, int[] pad, int[] dil, int groups) {
            this(n, c, o, h, w, kh, kw, stride, pad, dil, groups,
                    (h + 2 * pad[0] - dil[0] * (kh - 1) - 1) / stride[0] + 1,
                    (w + 2 * pad[1] - dil[1] * (kw - 1) - 1) / stride[1] + 1);
        }

        /** Calls {@code visit(xIndex, wIndex, yIndex)} for every product of the convolution. */
        void forEachProduct(Product visit) {
            int cg = c / groups;
            int og = o / groups;
            for (int s = 0; s < n; s++) {
                for (int oc = 0; oc < o; oc++) {
                    int grp = oc / og;
                    for (int i = 0; i < oh; i++) {
                        for (int j = 0; j < ow; j++) {
                            int yi = ((s * o + oc) * oh + i) * ow + j;
                            for (int ic = 0; ic < cg; ic++) {
                                for (int p = 0; p < kh; p++) {
                                    for (int q = 0; q < kw; q++) {
                                        int ih = i * stride[0] - pad[0] + p * dil[0];
                                        int iw = j * stride[1] - pad[1] + q * dil[1];
                                        if (ih >= 0 && ih < h && iw >= 0 && iw < w) {
                                            visit.at(((s * c + grp * cg + ic) * h + ih) * w + iw,
                                                    ((oc * cg + ic) * kh + p) * kw + q, yi);
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }

        double[] forward(double[] x, double[] wt, double[] b) {
            double[] y = new double[n * o * oh * ow];
            if (b != null) {
                for (int i = 0; i < y.length; i++) {
                    y[i] = b[i / (oh * ow) % o];
                }
            }
            forEachProduct((xi, wi, yi) -> y[yi] += x[xi] * wt[wi]);
            return y;
        }

        double[][] backward(double[] x, double[] wt, double[] gy) {
            double[] gx = new double[x.length];
            double[] gw = new double[wt.length];
            double[] gb = new double[o];
            forEachProduct((xi, wi, yi) -> {
                gx[xi] += gy[yi] * wt[wi];
                gw[wi] += gy[yi] * x[xi];
            });
            for (int i = 0; i < gy.length; i++) {
                gb[i / (oh * ow) % o] += gy[i];
            }
            return new double[][] {gx, gw, gb};
        }

        @Override
        public String toString() {
            return "input [" + n + ", " + c + ", " + h + ", " + w + "], weight [" + o + ", " + c / groups + ", " + kh
                    + ", " + kw + "], stride " + Arrays.toString(stride) + ", padding " + Arrays.toString(pad)
                    + ", dilation " + Arrays.toString(dil) + ", groups " + groups;
        }
    }

    @FunctionalInterface
    private interface Product {
        void at(int xIndex, int wIndex, int yIndex);
    }
}
