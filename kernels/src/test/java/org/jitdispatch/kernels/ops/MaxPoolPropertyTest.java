package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * max_pool2d_with_indices and its backward against a plain reference written here from ATen's definition
 * (each window's first maximum, a NaN replacing whatever came before it, as ATen's {@code val > maxval ||
 * isnan(val)} does; gradients added at the indices in output order), on
 * random shapes, kernels, strides, padding, dilation and ceil mode, float32 and float64, inputs of every
 * layout RandomTensors makes (NaN, signed zeros, infinities) and out= tensors contiguous or transposed.
 */
class MaxPoolPropertyTest {
    @BeforeAll
    static void load() {
        AtenLibrary.load();
    }

    @Test
    void matchesTheReference() {
        Random rnd = new Random(20261126);
        RandomTensors tensors = new RandomTensors(rnd);
        for (int c = 0; c < 300; c++) {
            ScalarType dtype = rnd.nextBoolean() ? ScalarType.Float32 : ScalarType.Float64;
            long n = 1 + rnd.nextInt(2);
            long ch = 1 + rnd.nextInt(3);
            long h = 1 + rnd.nextInt(9);
            long w = 1 + rnd.nextInt(9);
            long[] kernel = {1 + rnd.nextInt((int) Math.min(3, h)), 1 + rnd.nextInt((int) Math.min(3, w))};
            long[] stride = {1 + rnd.nextInt(3), 1 + rnd.nextInt(3)};
            long[] padding = {rnd.nextInt((int) kernel[0] / 2 + 1), rnd.nextInt((int) kernel[1] / 2 + 1)};
            long[] dilation = {1 + rnd.nextInt(2), 1 + rnd.nextInt(2)};
            boolean ceil = rnd.nextBoolean();
            if ((kernel[0] - 1) * dilation[0] + 1 > h + 2 * padding[0]
                    || (kernel[1] - 1) * dilation[1] + 1 > w + 2 * padding[1]) {
                continue; // an output of no elements: the shape check's error, tested elsewhere
            }
            Tensor x = rnd.nextBoolean() ? tensors.tensorOf(dtype, new long[] {n, ch, h, w})
                    : tensors.tensorOf(dtype, new long[] {ch, h, w});
            String where = "case " + c + ": " + x + " kernel " + java.util.Arrays.toString(kernel) + " stride "
                    + java.util.Arrays.toString(stride) + " padding " + java.util.Arrays.toString(padding) + " dilation "
                    + java.util.Arrays.toString(dilation) + " ceil " + ceil;
            Tensor[] got = Torch.max_pool2d_with_indices(x, kernel, stride, padding, dilation, ceil);
            Reference ref = Reference.of(x, kernel, stride, padding, dilation, got[0].size(-2), got[0].size(-1));
            assertArrayEquals(ref.values, got[0].toDoubleArray(), where);
            assertArrayEquals(ref.indices, got[1].toLongArray(), where);

            Tensor out = Torch.empty(got[0].sizes(), dtype).transpose(-1, -2).contiguous().transpose(-1, -2);
            Tensor indices = Torch.empty(got[1].sizes(), ScalarType.Int64);
            Torch.max_pool2d_with_indices_out(out, indices, x, kernel, stride, padding, dilation, ceil);
            assertArrayEquals(ref.values, out.toDoubleArray(), where + " (out=)");
            assertArrayEquals(ref.indices, indices.toLongArray(), where + " (out=)");

            Tensor grad = tensors.tensorOf(dtype, got[0].sizes(), true);
            Tensor gradInput = Torch.max_pool2d_with_indices_backward(grad, x, kernel, stride, padding, dilation, ceil,
                    got[1]);
            assertEquals(x.dtype(), gradInput.dtype());
            double[] expectedGrad = ref.backward(grad.toDoubleArray(), dtype, x.numel());
            assertArrayEquals(expectedGrad, gradInput.toDoubleArray(), where + " (backward)");

            // out= takes the other path: a new buffer copied into grad_input, here holding stale values
            Tensor gradOut = Torch.full(x.sizes(), org.jitdispatch.runtime.Scalar.of(7), dtype);
            if (x.dim() == 4 && rnd.nextBoolean()) {
                gradOut = gradOut.transpose(-1, -2).contiguous().transpose(-1, -2);
            }
            Torch.max_pool2d_with_indices_backward_out(gradOut, grad, x, kernel, stride, padding, dilation, ceil, got[1]);
            assertArrayEquals(expectedGrad, gradOut.toDoubleArray(), where + " (backward, out=)");
        }
    }

    @Test
    void backwardRefusesAnIndexOutsideThePlaneAndWritesNothing() {
        Tensor x = Torch.randn(1, 2, 4, 4);
        Tensor[] got = Torch.max_pool2d_with_indices(x, new long[] {2, 2}, new long[] {2, 2}, new long[] {0, 0},
                new long[] {1, 1}, false);
        Tensor grad = Torch.ones_like(got[0]);
        for (long bad : new long[] {16, -1, Long.MIN_VALUE, Long.MAX_VALUE}) {
            Tensor indices = got[1].clone();
            indices.view(-1).select(0, 5).fill_(org.jitdispatch.runtime.Scalar.of(bad));
            for (Tensor where : new Tensor[] {indices, indices.transpose(-1, -2).contiguous().transpose(-1, -2)}) {
                Tensor gradInput = Torch.full(x.sizes(), org.jitdispatch.runtime.Scalar.of(3), ScalarType.Float32);
                IndexOutOfBoundsException e = org.junit.jupiter.api.Assertions.assertThrows(
                        IndexOutOfBoundsException.class, () -> Torch.max_pool2d_with_indices_backward_out(gradInput,
                                grad, x, new long[] {2, 2}, new long[] {2, 2}, new long[] {0, 0}, new long[] {1, 1},
                                false, where));
                assertEquals("max_pool2d_with_indices_backward: index " + bad
                        + " is out of bounds for an input plane of 16 elements", e.getMessage());
                assertArrayEquals(Torch.full(x.sizes(), org.jitdispatch.runtime.Scalar.of(3), ScalarType.Float32)
                        .toDoubleArray(), gradInput.toDoubleArray());
            }
        }
    }

    /**
     * A dilation can step a window's columns (or rows) over the whole input, so that it covers padding alone:
     * PyTorch 1.13 gives it -infinity and the index of the first column past the padding, outside the window and
     * here outside the plane (indices 1, 3 and 5 of a plane of 5, and 2 of a plane of 2). Its output does not
     * depend on the input, so it passes no gradient: through autograd and through the backward operator with
     * those indices, the gradient is zero, where ATen would add it outside the window.
     */
    @Test
    void windowsOverThePaddingAloneGiveMinusInfinityAndPassNoGradient() {
        long[][][] cases = {
            // input sizes, kernel, stride, padding, dilation; PyTorch's indices
            {{1, 1, 5, 1}, {1, 2}, {2, 1}, {0, 1}, {1, 2}, {1, 3, 5}},
            {{1, 2, 1, 2}, {2, 4}, {3, 3}, {1, 2}, {2, 1}, {2, 2}},
        };
        for (long[][] c : cases) {
            for (ScalarType dtype : new ScalarType[] {ScalarType.Float32, ScalarType.Float64}) {
                Tensor x = Torch.randn(c[0]).to(dtype).requiresGrad_(true);
                Tensor[] got = Torch.max_pool2d_with_indices(x, c[1], c[2], c[3], c[4], false);
                for (double v : got[0].toDoubleArray()) {
                    assertEquals(Double.NEGATIVE_INFINITY, v);
                }
                assertArrayEquals(c[5], got[1].toLongArray());
                Tensor grad = Torch.ones_like(got[0]);
                got[0].backward(grad);
                assertArrayEquals(new double[(int) x.numel()], x.grad().toDoubleArray());
                Tensor direct = Torch.max_pool2d_with_indices_backward(grad, x.detach(), c[1], c[2], c[3], c[4], false,
                        got[1]);
                assertArrayEquals(new double[(int) x.numel()], direct.toDoubleArray());
            }
        }
    }

    /**
     * The 2 x 2 windows without padding or dilation that most CNNs pool with, which take a path of their own
     * (FloatMaxPool2d.twoByTwo): random strides and ceil mode (whose overhanging windows take the general loop),
     * on values drawn from a few (ties, signed zeros, NaNs, infinities) and on RandomTensors' values.
     */
    @Test
    void twoByTwoWindowsMatchTheReference() {
        Random rnd = new Random(112026);
        RandomTensors tensors = new RandomTensors(rnd);
        double[] few = {-1, 0, -0.0, 1, 2, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int c = 0; c < 300; c++) {
            ScalarType dtype = rnd.nextBoolean() ? ScalarType.Float32 : ScalarType.Float64;
            long[] shape = {1 + rnd.nextInt(3), 1 + rnd.nextInt(3), 2 + rnd.nextInt(9), 2 + rnd.nextInt(9)};
            long[] kernel = {2, 2};
            long[] stride = {1 + rnd.nextInt(3), 1 + rnd.nextInt(3)};
            long[] zero = {0, 0};
            long[] one = {1, 1};
            boolean ceil = rnd.nextInt(4) == 0;
            Tensor x;
            if (rnd.nextBoolean()) {
                double[] values = new double[(int) (shape[0] * shape[1] * shape[2] * shape[3])];
                for (int i = 0; i < values.length; i++) {
                    values[i] = few[rnd.nextInt(rnd.nextBoolean() ? 5 : few.length)];
                }
                x = Torch.tensor(values).to(dtype).view(shape);
            } else {
                x = tensors.tensorOf(dtype, shape);
            }
            String where = "case " + c + ": " + x + " stride " + java.util.Arrays.toString(stride) + " ceil " + ceil;
            Tensor[] got = Torch.max_pool2d_with_indices(x, kernel, stride, zero, one, ceil);
            Reference ref = Reference.of(x, kernel, stride, zero, one, got[0].size(-2), got[0].size(-1));
            assertArrayEquals(ref.values, got[0].toDoubleArray(), where);
            assertArrayEquals(ref.indices, got[1].toLongArray(), where);
            double[] gotValues = got[0].toDoubleArray();
            for (int i = 0; i < gotValues.length; i++) {
                assertEquals(Double.doubleToRawLongBits(ref.values[i]), Double.doubleToRawLongBits(gotValues[i]),
                        where + ": the sign of a zero at " + i);
            }
        }
    }

    /** The reference results, row-major. */
    private record Reference(double[] values, long[] indices, long planes, long plane, long outPlane) {
        static Reference of(Tensor x, long[] k, long[] s, long[] p, long[] d, long outH, long outW) {
            double[] in = x.toDoubleArray();
            long inH = x.size(-2);
            long inW = x.size(-1);
            long planes = x.numel() / (inH * inW);
            double[] values = new double[(int) (planes * outH * outW)];
            long[] indices = new long[values.length];
            int o = 0;
            for (long pl = 0; pl < planes; pl++) {
                for (long oh = 0; oh < outH; oh++) {
                    for (long ow = 0; ow < outW; ow++, o++) {
                        double best = Double.NEGATIVE_INFINITY;
                        long bestIndex = -1;
                        for (long i = 0; i < k[0]; i++) {
                            for (long j = 0; j < k[1]; j++) {
                                long ih = oh * s[0] - p[0] + i * d[0];
                                long iw = ow * s[1] - p[1] + j * d[1];
                                if (ih < 0 || ih >= inH || iw < 0 || iw >= inW) {
                                    continue;
                                }
                                double v = in[(int) (pl * inH * inW + ih * inW + iw)];
                                if (bestIndex < 0 || v > best || Double.isNaN(v)) {
                                    best = v;
                                    bestIndex = ih * inW + iw;
                                }
                            }
                        }
                        values[o] = best;
                        indices[o] = bestIndex;
                    }
                }
            }
            return new Reference(values, indices, planes, inH * inW, outH * outW);
        }

        double[] backward(double[] grad, ScalarType dtype, long numel) {
            double[] result = new double[(int) numel];
            for (int o = 0; o < grad.length; o++) {
                int at = (int) ((o / outPlane) * plane + indices[o]);
                double sum = result[at] + grad[o];
                result[at] = dtype == ScalarType.Float32 ? (float) sum : sum;
            }
            return result;
        }
    }
}
