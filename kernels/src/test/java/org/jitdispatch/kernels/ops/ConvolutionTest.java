package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorTesting;
import org.jitdispatch.runtime.dispatch.NotImplementedError;
import org.junit.jupiter.api.Test;

/**
 * Convolution against a direct loop on sizes large enough for the threaded paths, convolution_backward's
 * output_mask, meta tensors through the new operators, and what is refused. (Values, gradients and error
 * messages against PyTorch are in golden/convolution.json and autograd/gradients.json.)
 */
class ConvolutionTest {
    private static final Random RANDOM = new Random(11);

    private static Tensor random(ScalarType dtype, long... sizes) {
        int n = 1;
        for (long s : sizes) {
            n *= (int) s;
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = RANDOM.nextDouble() * 2 - 1;
        }
        return Torch.tensor(v, sizes).to(dtype);
    }

    /** The definition, summed in double. */
    private static double[] directConv2d(Tensor x, Tensor w, Tensor b, int stride, int pad, int dil, int groups) {
        long n = x.size(0), c = x.size(1), h = x.size(2), wd = x.size(3);
        long o = w.size(0), kh = w.size(2), kw = w.size(3);
        long oh = (h + 2 * pad - dil * (kh - 1) - 1) / stride + 1;
        long ow = (wd + 2 * pad - dil * (kw - 1) - 1) / stride + 1;
        double[] xs = x.to(ScalarType.Float64).contiguous().toDoubleArray();
        double[] ws = w.to(ScalarType.Float64).contiguous().toDoubleArray();
        double[] bs = b.to(ScalarType.Float64).toDoubleArray();
        long cg = c / groups, og = o / groups;
        double[] out = new double[(int) (n * o * oh * ow)];
        int at = 0;
        for (long in = 0; in < n; in++) {
            for (long oc = 0; oc < o; oc++) {
                long g = oc / og;
                for (long i = 0; i < oh; i++) {
                    for (long j = 0; j < ow; j++) {
                        double sum = bs[(int) oc];
                        for (long ic = 0; ic < cg; ic++) {
                            for (long p = 0; p < kh; p++) {
                                for (long q = 0; q < kw; q++) {
                                    long ih = i * stride - pad + p * dil;
                                    long iw = j * stride - pad + q * dil;
                                    if (ih >= 0 && ih < h && iw >= 0 && iw < wd) {
                                        sum += xs[(int) (((in * c + g * cg + ic) * h + ih) * wd + iw)]
                                                * ws[(int) (((oc * cg + ic) * kh + p) * kw + q)];
                                    }
                                }
                            }
                        }
                        out[at++] = sum;
                    }
                }
            }
        }
        return out;
    }

    @Test
    void conv2dMatchesTheDefinitionOnLargeInputs() {
        for (ScalarType dtype : new ScalarType[] {ScalarType.Float32, ScalarType.Float64}) {
            Tensor x = random(dtype, 8, 16, 28, 28);
            Tensor w = random(dtype, 32, 8, 3, 3);
            Tensor b = random(dtype, 32);
            Tensor y = Torch.conv2d(x, w, b, new long[] {2}, new long[] {1}, new long[] {2}, 2);
            double[] want = directConv2d(x, w, b, 2, 1, 2, 2);
            double tolerance = dtype == ScalarType.Float32 ? 1e-4 : 1e-10;
            TensorTesting.assertClose(y.to(ScalarType.Float64), Torch.tensor(want, y.sizes()), tolerance, tolerance);
        }
    }

    @Test
    void convolutionBackwardComputesOnlyWhatTheMaskAsksFor() {
        Tensor x = random(ScalarType.Float64, 2, 3, 5, 5);
        Tensor w = random(ScalarType.Float64, 4, 3, 3, 3);
        Tensor g = random(ScalarType.Float64, 2, 4, 3, 3);
        long[] one = {1};
        long[] zero = {0};
        Tensor[] all = Torch.convolution_backward(g, x, w, new long[] {4}, one, zero, one, false, zero, 1,
                new boolean[] {true, true, true});
        Tensor[] some = Torch.convolution_backward(g, x, w, null, one, zero, one, false, zero, 1,
                new boolean[] {false, true, false});
        assertNull(some[0]);
        assertNull(some[2]);
        assertNotNull(some[1]);
        TensorTesting.assertClose(some[1], all[1], 0, 0);
        assertArrayEquals(new long[] {4}, all[2].sizes());
    }

    @Test
    void metaTensorsGetResultsOfTheRightSize() {
        Tensor x = Tensor.FACTORY.empty(new long[] {2, 3, 8, 8}, ScalarType.Float32, Device.META);
        Tensor w = Tensor.FACTORY.empty(new long[] {4, 3, 3, 3}, ScalarType.Float32, Device.META);
        Tensor y = Torch.conv2d(x, w, null, new long[] {2}, new long[] {1}, new long[] {1}, 1);
        assertTrue(y.isMeta());
        assertArrayEquals(new long[] {2, 4, 4, 4}, y.sizes());
        Tensor[] pooled = Torch.max_pool2d_with_indices(x, new long[] {2}, new long[0], new long[] {0}, new long[] {1},
                false);
        assertTrue(pooled[0].isMeta() && pooled[1].isMeta());
        assertEquals(ScalarType.Int64, pooled[1].dtype());
        assertArrayEquals(new long[] {2, 3, 4, 4}, pooled[0].sizes());
        assertArrayEquals(new long[] {2, 3, 4, 4},
                Torch.avg_pool2d(x, new long[] {3}, new long[] {2}, new long[] {1}, false, true, null).sizes());
        assertArrayEquals(new long[] {2, 3, 2, 5}, Torch.adaptive_avg_pool2d(x, new long[] {2, 5}).sizes());
        Tensor m = Tensor.FACTORY.empty(new long[] {5, 4}, ScalarType.Float32, Device.META);
        Tensor l = Torch.linear(m, Tensor.FACTORY.empty(new long[] {3, 4}, ScalarType.Float32, Device.META),
                Tensor.FACTORY.empty(new long[] {3}, ScalarType.Float32, Device.META));
        assertTrue(l.isMeta());
        assertArrayEquals(new long[] {5, 3}, l.sizes());
    }

    /** The definition of a transposed convolution: each input element scatters weight * x, summed in double. */
    private static double[] directConvTranspose2d(Tensor x, Tensor w, Tensor b, int stride, int pad, int outPad,
            int dil, int groups) {
        long n = x.size(0), c = x.size(1), h = x.size(2), wd = x.size(3);
        long og = w.size(1), kh = w.size(2), kw = w.size(3);
        long o = og * groups, cg = c / groups;
        long oh = (h - 1) * stride - 2 * pad + dil * (kh - 1) + outPad + 1;
        long ow = (wd - 1) * stride - 2 * pad + dil * (kw - 1) + outPad + 1;
        double[] xs = x.to(ScalarType.Float64).contiguous().toDoubleArray();
        double[] ws = w.to(ScalarType.Float64).contiguous().toDoubleArray();
        double[] bs = b.to(ScalarType.Float64).toDoubleArray();
        double[] out = new double[(int) (n * o * oh * ow)];
        for (long in = 0; in < n; in++) {
            for (long oc = 0; oc < o; oc++) {
                for (long i = 0; i < oh * ow; i++) {
                    out[(int) ((in * o + oc) * oh * ow + i)] = bs[(int) oc];
                }
            }
            for (long ic = 0; ic < c; ic++) {
                long g = ic / cg;
                for (long i = 0; i < h; i++) {
                    for (long j = 0; j < wd; j++) {
                        double v = xs[(int) (((in * c + ic) * h + i) * wd + j)];
                        for (long q = 0; q < og; q++) {
                            for (long p = 0; p < kh; p++) {
                                for (long r = 0; r < kw; r++) {
                                    long y = i * stride - pad + p * dil;
                                    long z = j * stride - pad + r * dil;
                                    if (y >= 0 && y < oh && z >= 0 && z < ow) {
                                        out[(int) (((in * o + g * og + q) * oh + y) * ow + z)] +=
                                                v * ws[(int) (((ic * og + q) * kh + p) * kw + r)];
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    @Test
    void convTranspose2dMatchesTheDefinitionOnLargeInputs() {
        for (ScalarType dtype : new ScalarType[] {ScalarType.Float32, ScalarType.Float64}) {
            Tensor x = random(dtype, 8, 16, 14, 14);
            Tensor w = random(dtype, 16, 6, 3, 3);
            Tensor b = random(dtype, 12);
            Tensor y = Torch.conv_transpose2d(x, w, b, new long[] {2}, new long[] {1}, new long[] {1}, 2,
                    new long[] {2});
            double[] want = directConvTranspose2d(x, w, b, 2, 1, 1, 2, 2);
            double tolerance = dtype == ScalarType.Float32 ? 1e-4 : 1e-10;
            TensorTesting.assertClose(y.to(ScalarType.Float64), Torch.tensor(want, y.sizes()), tolerance, tolerance);
        }
    }

    /**
     * A transposed convolution is the adjoint of the regular one with the same parameters: for every x and y,
     * {@code <conv(x, w), y> = <x, conv_transpose(y, w)>}; and its gradients are those of that identity.
     */
    @Test
    void transposedConvolutionIsTheAdjointOfConvolution() {
        Random sizes = new Random(5);
        for (int trial = 0; trial < 40; trial++) {
            int groups = 1 + sizes.nextInt(2);
            int c = groups * (1 + sizes.nextInt(2));
            int o = groups * (1 + sizes.nextInt(2));
            int k = 1 + sizes.nextInt(3);
            int stride = 1 + sizes.nextInt(3);
            int pad = sizes.nextInt(2);
            int dil = 1 + sizes.nextInt(2);
            int h = dil * (k - 1) + 1 + sizes.nextInt(5);
            long[] s = {stride};
            long[] p = {pad};
            long[] d = {dil};
            Tensor x = random(ScalarType.Float64, 2, c, h, h + 1);
            Tensor w = random(ScalarType.Float64, o, c / groups, k, k);
            Tensor conv = Torch.convolution(x, w, null, s, p, d, false, new long[] {0}, groups);
            Tensor y = random(ScalarType.Float64, conv.sizes());
            // output_padding restores the rows the stride's rounding dropped
            long[] outPad = {(h + 2 * pad - dil * (k - 1) - 1) % stride, (h + 1 + 2 * pad - dil * (k - 1) - 1) % stride};
            Tensor back = Torch.convolution(y, w, null, s, p, d, true, outPad, groups);
            assertArrayEquals(x.sizes(), back.sizes(), "trial " + trial);
            double lhs = Torch.sum(Torch.mul(conv, y)).item().toDouble();
            double rhs = Torch.sum(Torch.mul(x, back)).item().toDouble();
            assertEquals(lhs, rhs, 1e-9 * (1 + Math.abs(lhs)), "trial " + trial);
            // grad_input of the transposed convolution is the regular convolution of its output gradient
            Tensor[] grads = Torch.convolution_backward(random(ScalarType.Float64, back.sizes()), y, w, null, s, p, d,
                    true, outPad, groups, new boolean[] {true, true, true});
            assertArrayEquals(y.sizes(), grads[0].sizes());
            assertArrayEquals(w.sizes(), grads[1].sizes());
        }
    }

    @Test
    void transposedGradientsMatchTheRegularConvolutionsGradients() {
        // d/dw <conv_transpose(y, w), x> = d/dw <conv(x, w), y>: both are y's and x's correlation
        Tensor x = random(ScalarType.Float64, 3, 4, 7, 6);
        Tensor w = random(ScalarType.Float64, 6, 2, 3, 2);
        long[] s = {2, 1};
        long[] p = {1, 0};
        long[] d = {1, 2};
        Tensor y = random(ScalarType.Float64, Torch.convolution(x, w, null, s, p, d, false, new long[] {0}, 2).sizes());
        Tensor regular = Torch.convolution_backward(y, x, w, null, s, p, d, false, new long[] {0}, 2,
                new boolean[] {false, true, false})[1];
        Tensor transposed = Torch.convolution_backward(x, y, w, null, s, p, d, true, new long[] {0, 0}, 2,
                new boolean[] {false, true, false})[1];
        TensorTesting.assertClose(transposed, regular, 1e-10, 1e-10);
    }

    @Test
    void fourSpatialDimsAreRefused() {
        Tensor x = random(ScalarType.Float32, 1, 2, 3, 3, 3, 3);
        Tensor w = random(ScalarType.Float32, 2, 2, 1, 1, 1, 1);
        long[] one = {1};
        long[] zero = {0};
        NotImplementedError e = assertThrows(NotImplementedError.class,
                () -> Torch.convolution(x, w, null, one, zero, one, false, zero, 1));
        assertTrue(e.getMessage().contains("4 spatial dims"));
    }

    /** conv3d is the sum over kernel depths of 2-D convolutions of the input's depth planes. */
    @Test
    void conv3dIsASumOfConv2dOverDepth() {
        for (ScalarType dtype : new ScalarType[] {ScalarType.Float32, ScalarType.Float64}) {
            Tensor x = random(dtype, 4, 6, 5, 9, 8);
            Tensor w = random(dtype, 8, 3, 3, 3, 2);
            long strideD = 2;
            long padD = 1;
            Tensor y = Torch.conv3d(x, w, null, new long[] {strideD, 1, 2}, new long[] {padD, 1, 0},
                    new long[] {1, 2, 1}, 2);
            for (long od = 0; od < y.size(2); od++) {
                Tensor want = null;
                for (long kd = 0; kd < w.size(2); kd++) {
                    long id = od * strideD - padD + kd;
                    if (id < 0 || id >= x.size(2)) {
                        continue;
                    }
                    Tensor plane = Torch.conv2d(x.select(2, id), w.select(2, kd), null, new long[] {1, 2},
                            new long[] {1, 0}, new long[] {2, 1}, 2);
                    want = want == null ? plane : want.add(plane);
                }
                double tolerance = dtype == ScalarType.Float32 ? 1e-4 : 1e-10;
                TensorTesting.assertClose(y.select(2, od), want, tolerance, tolerance);
            }
        }
    }

    @Test
    void transposedConvolution3dIsTheAdjointOfConv3d() {
        Random sizes = new Random(9);
        for (int trial = 0; trial < 12; trial++) {
            int groups = 1 + sizes.nextInt(2);
            int c = groups * (1 + sizes.nextInt(2));
            int o = groups * (1 + sizes.nextInt(2));
            long[] s = {1 + sizes.nextInt(2), 1 + sizes.nextInt(2), 1 + sizes.nextInt(2)};
            long[] p = {sizes.nextInt(2), sizes.nextInt(2), sizes.nextInt(2)};
            long[] d = {1, 1 + sizes.nextInt(2), 1};
            Tensor x = random(ScalarType.Float64, 2, c, 4 + sizes.nextInt(3), 5, 4);
            Tensor w = random(ScalarType.Float64, o, c / groups, 2, 2, 3);
            Tensor conv = Torch.convolution(x, w, null, s, p, d, false, new long[] {0}, groups);
            Tensor y = random(ScalarType.Float64, conv.sizes());
            long[] outPad = new long[3];
            for (int i = 0; i < 3; i++) {
                outPad[i] = (x.size(i + 2) + 2 * p[i] - d[i] * (w.size(i + 2) - 1) - 1) % s[i];
            }
            Tensor back = Torch.convolution(y, w, null, s, p, d, true, outPad, groups);
            assertArrayEquals(x.sizes(), back.sizes(), "trial " + trial);
            double lhs = Torch.sum(Torch.mul(conv, y)).item().toDouble();
            double rhs = Torch.sum(Torch.mul(x, back)).item().toDouble();
            assertEquals(lhs, rhs, 1e-9 * (1 + Math.abs(lhs)), "trial " + trial);
        }
    }

    /**
     * 1.13's conv2d (int paddings) checks the bias's dtype first, printing TypeMeta names:
     * <pre>F.conv2d(torch.randn(1,2,4,4), torch.randn(2,2,3,3), torch.randn(2).double())
     * # RuntimeError: Input type (float) and bias type (double) should be the same
     * F.conv2d(torch.randn(1,1,2,4,4), torch.randn(2,2,3,3), torch.randn(2).long())
     * # RuntimeError: Input type (float) and bias type (long int) should be the same</pre>
     */
    @Test
    void conv2dRefusesABiasOfAnotherDtypeWithItsOwnMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Torch.conv2d(
                random(ScalarType.Float32, 1, 2, 4, 4), random(ScalarType.Float32, 2, 2, 3, 3),
                random(ScalarType.Float64, 2)));
        assertEquals("Input type (float) and bias type (double) should be the same", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Torch.conv2d(random(ScalarType.Float32, 1, 1, 2, 4, 4),
                random(ScalarType.Float32, 2, 2, 3, 3), random(ScalarType.Int64, 2)));
        assertEquals("Input type (float) and bias type (long int) should be the same", e.getMessage());
    }
}
