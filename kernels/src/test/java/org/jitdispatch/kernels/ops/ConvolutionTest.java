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

    @Test
    void transposedConvolutionIsRefused() {
        Tensor x = random(ScalarType.Float32, 1, 2, 4, 4);
        Tensor w = random(ScalarType.Float32, 2, 3, 3, 3);
        long[] one = {1};
        long[] zero = {0};
        NotImplementedError e = assertThrows(NotImplementedError.class,
                () -> Torch.convolution(x, w, null, one, zero, one, true, zero, 1));
        assertTrue(e.getMessage().contains("transposed"));
    }
}
