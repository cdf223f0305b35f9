package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.runtime.ScalarType;

/**
 * Pooling over three spatial dims, as PyTorch 1.13's DilatedMaxPool3d.cpp, AveragePool3d.cpp,
 * AdaptiveAveragePooling3d.cpp and AdaptiveMaxPooling3d.cpp: {@code max_pool3d_with_indices},
 * {@code avg_pool3d}, {@code _adaptive_avg_pool3d} and {@code adaptive_max_pool3d} with their backward operators,
 * and the composites {@code max_pool3d} and {@code adaptive_avg_pool3d}. Inputs are {@code [N, C, T, H, W]} or
 * {@code [C, T, H, W]}; an index is a position within its {@code T x H x W} plane. ATen's checks come in its order
 * with its messages (pool3d_shape_check's among them). The loops read and write whole planes in double, rounding
 * each float32 step as ATen's float arithmetic does; int64 average pooling divides as integers.
 */
public final class Pooling3d implements Pooling3dDeclarations {

    // --------------------------------------------------------------------------------------- max

    @Override
    public Tensor max_pool3d(Tensor self, long[] kernelSize, long[] stride, long[] padding, long[] dilation,
            boolean ceilMode) {
        return Torch.max_pool3d_with_indices(self, kernelSize, stride, padding, dilation, ceilMode)[0];
    }

    @Override
    public Tensor[] max_pool3d_with_indices(Tensor self, long[] kernelSize, long[] stride, long[] padding,
            long[] dilation, boolean ceilMode) {
        Window w = Window.max(kernelSize, stride, padding, dilation);
        Volume v = Volume.of(self, w, ceilMode, "max_pool3d_with_indices_out_cpu_template()", false);
        requireFloat32Or64("max_pool3d_with_indices_cpu", self.dtype());
        double[] in = contiguous(self).toDoubleArray();
        int n = v.outputElements();
        double[] values = new double[n];
        long[] indices = new long[n];
        boolean single = self.dtype() == ScalarType.Float32;
        int o = 0;
        for (long p = 0; p < v.planes; p++) {
            long base = p * v.inPlane();
            for (long ot = 0; ot < v.outT; ot++) {
                for (long oh = 0; oh < v.outH; oh++) {
                    for (long ow = 0; ow < v.outW; ow++, o++) {
                        long t0 = firstInside(ot * w.dT - w.pT, w.dilT);
                        long h0 = firstInside(oh * w.dH - w.pH, w.dilH);
                        long w0 = firstInside(ow * w.dW - w.pW, w.dilW);
                        long t1 = Math.min(ot * w.dT - w.pT + (w.kT - 1) * w.dilT + 1, v.inT);
                        long h1 = Math.min(oh * w.dH - w.pH + (w.kH - 1) * w.dilH + 1, v.inH);
                        long w1 = Math.min(ow * w.dW - w.pW + (w.kW - 1) * w.dilW + 1, v.inW);
                        long best = (t0 * v.inH + h0) * v.inW + w0;
                        double max = Double.NEGATIVE_INFINITY;
                        for (long t = t0; t < t1; t += w.dilT) {
                            for (long h = h0; h < h1; h += w.dilH) {
                                for (long x = w0; x < w1; x += w.dilW) {
                                    long at = (t * v.inH + h) * v.inW + x;
                                    double value = in[(int) (base + at)];
                                    if (value > max || Double.isNaN(value)) {
                                        max = value;
                                        best = at;
                                    }
                                }
                            }
                        }
                        values[o] = single ? (float) max : max;
                        indices[o] = best;
                    }
                }
            }
        }
        long[] sizes = v.outputSizes();
        return new Tensor[] {result(values, sizes, self.dtype()), Tensor.FACTORY.fromArray(indices, sizes)};
    }

    @Override
    public Tensor max_pool3d_with_indices_backward(Tensor gradOutput, Tensor self, long[] kernelSize, long[] stride,
            long[] padding, long[] dilation, boolean ceilMode, Tensor indices) {
        Window w = Window.max(kernelSize, stride, padding, dilation);
        Volume v = Volume.of(self, w, ceilMode, "max_pool3d_with_indices_backward_out_cpu_template()", false);
        v.checkDimSizes(gradOutput);
        v.checkDimSizes(indices);
        requireFloat32Or64("max_pool3d_with_indices_backward_cpu", self.dtype());
        requireDtype(gradOutput, self.dtype());
        requireDtype(indices, ScalarType.Int64);
        double[] grads = contiguous(gradOutput).toDoubleArray();
        long[] where = contiguous(indices).toLongArray();
        long plane = v.inPlane();
        double[] result = new double[v.inputElements()];
        boolean single = self.dtype() == ScalarType.Float32;
        long outPlane = v.outPlane();
        for (int o = 0; o < grads.length; o++) {
            long at = where[o];
            if (at < 0 || at >= plane) {
                throw new IndexOutOfBoundsException("max_pool3d_with_indices_backward: index " + at
                        + " is out of bounds for an input plane of " + plane + " elements");
            }
            int i = (int) (o / outPlane * plane + at);
            result[i] = single ? (float) (result[i] + grads[o]) : result[i] + grads[o];
        }
        return result(result, self.sizes(), self.dtype());
    }

    // ----------------------------------------------------------------------------------- average

    @Override
    public Tensor avg_pool3d(Tensor self, long[] kernelSize, long[] stride, long[] padding, boolean ceilMode,
            boolean countIncludePad, Long divisorOverride) {
        Window w = Window.avg(kernelSize, stride, padding);
        requireBatchDims(self);
        requireDivisor(divisorOverride);
        Volume v = Volume.of(self, w, ceilMode, "avg_pool3d()", true);
        requireAvgType("avg_pool3d_out_frame", self.dtype());
        boolean integral = self.dtype() == ScalarType.Int64;
        boolean single = self.dtype() == ScalarType.Float32;
        double[] in = integral ? null : contiguous(self).toDoubleArray();
        long[] inLongs = integral ? contiguous(self).toLongArray() : null;
        int n = v.outputElements();
        double[] values = integral ? null : new double[n];
        long[] longValues = integral ? new long[n] : null;
        int o = 0;
        for (long p = 0; p < v.planes; p++) {
            long base = p * v.inPlane();
            for (long ot = 0; ot < v.outT; ot++) {
                for (long oh = 0; oh < v.outH; oh++) {
                    for (long ow = 0; ow < v.outW; ow++, o++) {
                        AvgWindow a = new AvgWindow(v, w, ot, oh, ow, countIncludePad, divisorOverride);
                        if (a.empty()) {
                            continue;
                        }
                        double sum = 0;
                        long longSum = 0;
                        for (long t = a.t0; t < a.t1; t++) {
                            for (long h = a.h0; h < a.h1; h++) {
                                for (long x = a.w0; x < a.w1; x++) {
                                    int at = (int) (base + (t * v.inH + h) * v.inW + x);
                                    if (integral) {
                                        longSum += inLongs[at];
                                    } else {
                                        sum = single ? (float) (sum + in[at]) : sum + in[at];
                                    }
                                }
                            }
                        }
                        if (integral) {
                            longValues[o] = longSum / a.divide;
                        } else {
                            values[o] = single ? (float) (sum / (float) a.divide) : sum / a.divide;
                        }
                    }
                }
            }
        }
        long[] sizes = v.outputSizes();
        return integral ? Tensor.FACTORY.fromArray(longValues, sizes) : result(values, sizes, self.dtype());
    }

    @Override
    public Tensor avg_pool3d_backward(Tensor gradOutput, Tensor self, long[] kernelSize, long[] stride,
            long[] padding, boolean ceilMode, boolean countIncludePad, Long divisorOverride) {
        Window w = Window.avg(kernelSize, stride, padding);
        requireBatchDims(self);
        requireDivisor(divisorOverride);
        Volume v = Volume.of(self, w, ceilMode, "avg_pool3d_backward()", true);
        v.checkDimSizes(gradOutput);
        requireAvgType("avg_pool3d_backward_out_frame", self.dtype());
        requireDtype(gradOutput, self.dtype());
        boolean integral = self.dtype() == ScalarType.Int64;
        boolean single = self.dtype() == ScalarType.Float32;
        double[] grads = integral ? null : contiguous(gradOutput).toDoubleArray();
        long[] longGrads = integral ? contiguous(gradOutput).toLongArray() : null;
        int n = v.inputElements();
        double[] result = integral ? null : new double[n];
        long[] longResult = integral ? new long[n] : null;
        int o = 0;
        for (long p = 0; p < v.planes; p++) {
            long base = p * v.inPlane();
            for (long ot = 0; ot < v.outT; ot++) {
                for (long oh = 0; oh < v.outH; oh++) {
                    for (long ow = 0; ow < v.outW; ow++, o++) {
                        AvgWindow a = new AvgWindow(v, w, ot, oh, ow, countIncludePad, divisorOverride);
                        if (a.empty() || a.divide == 0) {
                            continue;
                        }
                        double delta = integral ? 0 : single ? (float) (grads[o] / (float) a.divide) : grads[o] / a.divide;
                        long longDelta = integral ? longGrads[o] / a.divide : 0;
                        for (long t = a.t0; t < a.t1; t++) {
                            for (long h = a.h0; h < a.h1; h++) {
                                for (long x = a.w0; x < a.w1; x++) {
                                    int at = (int) (base + (t * v.inH + h) * v.inW + x);
                                    if (integral) {
                                        longResult[at] += longDelta;
                                    } else {
                                        result[at] = single ? (float) (result[at] + delta) : result[at] + delta;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return integral ? Tensor.FACTORY.fromArray(longResult, self.sizes()) : result(result, self.sizes(), self.dtype());
    }

    // ---------------------------------------------------------------------------------- adaptive

    /** ATen's adaptive_avg_pool3d: a 1 x 1 x 1 output is a mean over the last three dims. */
    @Override
    public Tensor adaptive_avg_pool3d(Tensor self, long[] outputSize) {
        if (outputSize.length != 3) {
            throw new IllegalArgumentException("adaptive_avg_pool3d: output_size must be 3");
        }
        if (outputSize[0] < 0 || outputSize[1] < 0 || outputSize[2] < 0) {
            throw new IllegalArgumentException("adaptive_avg_pool2d: elements of output_size must be greater than or"
                    + " equal to 0 but received {" + outputSize[0] + ", " + outputSize[1] + "," + outputSize[2] + "}");
        }
        if (outputSize[0] == 1 && outputSize[1] == 1 && outputSize[2] == 1) {
            return self.mean(new long[] {-1, -2, -3}, true, null);
        }
        return Torch._adaptive_avg_pool3d(self, outputSize);
    }

    @Override
    public Tensor _adaptive_avg_pool3d(Tensor self, long[] outputSize) {
        if (outputSize.length != 3) {
            throw new IllegalArgumentException("adaptive_avg_pool3d: output_size must be 3");
        }
        requireNonEmpty(self, "adaptive_avg_pool3d()");
        requireBatchDims(self, "adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got ");
        if (!(self.dtype() == ScalarType.Float32 || self.dtype() == ScalarType.Float64
                || self.dtype() == ScalarType.Float16)) {
            throw Elementwise.notImplemented("adaptive_avg_pool3d_cpu", self.dtype());
        }
        Volume v = Volume.adaptive(self, outputSize);
        boolean single = self.dtype() != ScalarType.Float64;
        double[] in = contiguous(self).toDoubleArray();
        double[] values = new double[v.outputElements()];
        int o = 0;
        // no output, no loop: a user-given output size may pair a zero with sizes too large to count through
        for (long p = 0; p < (values.length == 0 ? 0 : v.planes); p++) {
            long base = p * v.inPlane();
            for (long ot = 0; ot < v.outT; ot++) {
                for (long oh = 0; oh < v.outH; oh++) {
                    for (long ow = 0; ow < v.outW; ow++, o++) {
                        AdaptiveWindow a = new AdaptiveWindow(v, ot, oh, ow);
                        double sum = 0;
                        for (long t = a.t0; t < a.t1; t++) {
                            for (long h = a.h0; h < a.h1; h++) {
                                for (long x = a.w0; x < a.w1; x++) {
                                    double value = in[(int) (base + (t * v.inH + h) * v.inW + x)];
                                    sum = single ? (float) (sum + value) : sum + value;
                                }
                            }
                        }
                        // ATen divides by each extent in turn
                        values[o] = single ? (float) ((float) ((float) (sum / (float) (a.t1 - a.t0))
                                / (float) (a.h1 - a.h0)) / (float) (a.w1 - a.w0))
                                : sum / (a.t1 - a.t0) / (a.h1 - a.h0) / (a.w1 - a.w0);
                    }
                }
            }
        }
        return result(values, v.outputSizes(), self.dtype());
    }

    @Override
    public Tensor _adaptive_avg_pool3d_backward(Tensor gradOutput, Tensor self) {
        requireNonEmpty(self, "adaptive_avg_pool3d_backward()");
        requireBatchDims(self, "adaptive_avg_pool3d_backward(): Expected 4D or 5D tensor, but got ");
        requireDtype(gradOutput, self.dtype());
        long[] outputSize = Arrays.copyOfRange(gradOutput.sizes(), Math.max(0, gradOutput.dim() - 3), gradOutput.dim());
        if (outputSize.length != 3) {
            throw new IllegalArgumentException("adaptive_avg_pool3d_backward(): Expected grad_output of 4 or 5 dims, but"
                    + " got " + Arrays.toString(gradOutput.sizes()));
        }
        Volume v = Volume.adaptive(self, outputSize);
        v.checkDimSizes(gradOutput);
        boolean single = self.dtype() != ScalarType.Float64;
        double[] grads = contiguous(gradOutput).toDoubleArray();
        double[] result = new double[v.inputElements()];
        int o = 0;
        for (long p = 0; p < (grads.length == 0 ? 0 : v.planes); p++) {
            long base = p * v.inPlane();
            for (long ot = 0; ot < v.outT; ot++) {
                for (long oh = 0; oh < v.outH; oh++) {
                    for (long ow = 0; ow < v.outW; ow++, o++) {
                        AdaptiveWindow a = new AdaptiveWindow(v, ot, oh, ow);
                        double delta = single ? (float) ((float) ((float) (grads[o] / (float) (a.t1 - a.t0))
                                / (float) (a.h1 - a.h0)) / (float) (a.w1 - a.w0))
                                : grads[o] / (a.t1 - a.t0) / (a.h1 - a.h0) / (a.w1 - a.w0);
                        for (long t = a.t0; t < a.t1; t++) {
                            for (long h = a.h0; h < a.h1; h++) {
                                for (long x = a.w0; x < a.w1; x++) {
                                    int at = (int) (base + (t * v.inH + h) * v.inW + x);
                                    result[at] = single ? (float) (result[at] + delta) : result[at] + delta;
                                }
                            }
                        }
                    }
                }
            }
        }
        return result(result, self.sizes(), self.dtype());
    }

    @Override
    public Tensor[] adaptive_max_pool3d(Tensor self, long[] outputSize) {
        requireBatchDims(self, "adaptive_max_pool3d(): Expected 4D or 5D tensor, but got: ");
        requireNonEmpty(self, "adaptive_max_pool3d()");
        if (outputSize.length != 3) {
            throw new IllegalArgumentException("adaptive_max_pool3d(): internal error: output_size.size() must be 3");
        }
        Volume v = Volume.adaptive(self, outputSize);
        for (long size : outputSize) {
            if (size < 0) {
                throw new IllegalArgumentException("Trying to create tensor with negative dimension " + size + ": "
                        + Arrays.toString(v.outputSizes()));
            }
        }
        requireFloat32Or64("adaptive_max_pool3d_cpu", self.dtype());
        double[] in = contiguous(self).toDoubleArray();
        int n = v.outputElements();
        double[] values = new double[n];
        long[] indices = new long[n];
        int o = 0;
        for (long p = 0; p < (n == 0 ? 0 : v.planes); p++) {
            long base = p * v.inPlane();
            for (long ot = 0; ot < v.outT; ot++) {
                for (long oh = 0; oh < v.outH; oh++) {
                    for (long ow = 0; ow < v.outW; ow++, o++) {
                        AdaptiveWindow a = new AdaptiveWindow(v, ot, oh, ow);
                        long best = (a.t0 * v.inH + a.h0) * v.inW + a.w0;
                        double max = Double.NEGATIVE_INFINITY;
                        for (long t = a.t0; t < a.t1; t++) {
                            for (long h = a.h0; h < a.h1; h++) {
                                for (long x = a.w0; x < a.w1; x++) {
                                    long at = (t * v.inH + h) * v.inW + x;
                                    double value = in[(int) (base + at)];
                                    if (value > max || Double.isNaN(value)) {
                                        max = value;
                                        best = at;
                                    }
                                }
                            }
                        }
                        values[o] = max;
                        indices[o] = best;
                    }
                }
            }
        }
        long[] sizes = v.outputSizes();
        return new Tensor[] {result(values, sizes, self.dtype()), Tensor.FACTORY.fromArray(indices, sizes)};
    }

    @Override
    public Tensor adaptive_max_pool3d_backward(Tensor gradOutput, Tensor self, Tensor indices) {
        requireBatchDims(self, "adaptive_max_pool3d_backward(): Expected 4D or 5D tensor, but got: ");
        requireNonEmpty(self, "adaptive_max_pool3d_backward()");
        if (!Arrays.equals(gradOutput.sizes(), indices.sizes())) {
            throw new IllegalArgumentException("adaptive_max_pool3d_backward(): Expected grad_output and indices of one"
                    + " size, but got " + Arrays.toString(gradOutput.sizes()) + " and "
                    + Arrays.toString(indices.sizes()));
        }
        requireFloat32Or64("adaptive_max_pool3d_backward", self.dtype());
        requireDtype(gradOutput, self.dtype());
        requireDtype(indices, ScalarType.Int64);
        long[] outputSize = Arrays.copyOfRange(gradOutput.sizes(), Math.max(0, gradOutput.dim() - 3), gradOutput.dim());
        Volume v = Volume.adaptive(self, outputSize);
        v.checkDimSizes(gradOutput);
        double[] grads = contiguous(gradOutput).toDoubleArray();
        long[] where = contiguous(indices).toLongArray();
        long plane = v.inPlane();
        long outPlane = v.outPlane();
        boolean single = self.dtype() == ScalarType.Float32;
        double[] result = new double[v.inputElements()];
        for (int o = 0; o < grads.length; o++) {
            long at = where[o];
            if (at < 0 || at >= plane) {
                throw new IndexOutOfBoundsException("adaptive_max_pool3d_backward: index " + at
                        + " is out of bounds for an input plane of " + plane + " elements");
            }
            int i = (int) (o / outPlane * plane + at);
            result[i] = single ? (float) (result[i] + grads[o]) : result[i] + grads[o];
        }
        return result(result, self.sizes(), self.dtype());
    }

    // ----------------------------------------------------------------------------------- helpers

    /** The first position from {@code start} on, in steps of {@code dilation}, that is not in the padding. */
    private static long firstInside(long start, long dilation) {
        while (start < 0) {
            start += dilation;
        }
        return start;
    }

    private static Tensor contiguous(Tensor t) {
        return t.isContiguous() ? t : StridedCopy.contiguousCopy(t, t.dtype(), Tensor.FACTORY);
    }

    /** A tensor of {@code sizes} and {@code dtype} holding the row-major {@code values}. */
    private static Tensor result(double[] values, long[] sizes, ScalarType dtype) {
        Tensor wide = Tensor.FACTORY.fromArray(values, sizes);
        return dtype == ScalarType.Float64 ? wide : Elementwise.toDtype(wide, dtype);
    }

    private static void requireFloat32Or64(String kernel, ScalarType dtype) {
        if (dtype != ScalarType.Float32 && dtype != ScalarType.Float64) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }

    /** avg_pool3d's kernels exist for float32, float64 and int64. */
    private static void requireAvgType(String kernel, ScalarType dtype) {
        if (dtype != ScalarType.Float32 && dtype != ScalarType.Float64 && dtype != ScalarType.Int64) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }

    private static void requireDtype(Tensor t, ScalarType expected) {
        if (t.dtype() != expected) {
            throw new IllegalArgumentException("expected scalar type " + expected.c10Name() + " but found "
                    + t.dtype().c10Name());
        }
    }

    private static void requireDivisor(Long divisorOverride) {
        if (divisorOverride != null && divisorOverride == 0) {
            throw new IllegalArgumentException("divisor must be not zero");
        }
    }

    private static void requireBatchDims(Tensor self) {
        if (self.dim() != 4 && self.dim() != 5) {
            throw new IllegalArgumentException("non-empty 4D or 5D (batch mode) tensor expected for input");
        }
    }

    private static void requireBatchDims(Tensor self, String message) {
        if (self.dim() != 4 && self.dim() != 5) {
            throw new IllegalArgumentException(message + Arrays.toString(self.sizes()));
        }
    }

    /** The adaptive kernels' check that every dim but the first has elements. */
    private static void requireNonEmpty(Tensor self, String fn) {
        for (int i = 1; i < self.dim(); i++) {
            if (self.size(i) <= 0) {
                throw new IllegalArgumentException(fn + ": Expected input to have non-zero size for non-batch"
                        + " dimensions, but input has sizes " + Arrays.toString(self.sizes()) + " with dimension " + i
                        + " being empty");
            }
        }
    }

    /** A pooling window's sizes, strides, padding and dilation in T, H, W, each parsed as ATen parses them. */
    private static final class Window {
        final long kT;
        final long kH;
        final long kW;
        final long dT;
        final long dH;
        final long dW;
        final long pT;
        final long pH;
        final long pW;
        final long dilT;
        final long dilH;
        final long dilW;

        private Window(long[] k, long[] d, long[] p, long[] dil) {
            kT = k[0];
            kH = k[1];
            kW = k[2];
            dT = d[0];
            dH = d[1];
            dW = d[2];
            pT = p[0];
            pH = p[1];
            pW = p[2];
            dilT = dil[0];
            dilH = dil[1];
            dilW = dil[2];
        }

        static Window max(long[] kernel, long[] stride, long[] padding, long[] dilation) {
            if (kernel.length != 1 && kernel.length != 3) {
                throw new IllegalArgumentException("max_pool3d: kernel_size must either be a single int, or a tuple of"
                        + " three ints");
            }
            if (stride.length != 0 && stride.length != 1 && stride.length != 3) {
                throw new IllegalArgumentException("max_pool3d: stride must either be omitted, a single int, or a tuple"
                        + " of three ints");
            }
            if (padding.length != 1 && padding.length != 3) {
                throw new IllegalArgumentException("max_pool3d: padding must be either be a single int, or a tuple of"
                        + " three ints");
            }
            if (dilation.length != 1 && dilation.length != 3) {
                throw new IllegalArgumentException("max_pool3d: dilation must be either a single int, or a tuple of"
                        + " three ints");
            }
            long[] k = three(kernel);
            return new Window(k, stride.length == 0 ? k : three(stride), three(padding), three(dilation));
        }

        static Window avg(long[] kernel, long[] stride, long[] padding) {
            if (kernel.length != 1 && kernel.length != 3) {
                throw new IllegalArgumentException("avg_pool3d: kernel_size must be a single int, or a tuple of three"
                        + " ints");
            }
            if (stride.length != 0 && stride.length != 1 && stride.length != 3) {
                throw new IllegalArgumentException("avg_pool3d: stride must be omitted, a single int, or a tuple of"
                        + " three ints");
            }
            if (padding.length != 1 && padding.length != 3) {
                throw new IllegalArgumentException("avg_pool3d: padding must be a single int, or a tuple of three ints");
            }
            long[] k = three(kernel);
            return new Window(k, stride.length == 0 ? k : three(stride), three(padding), new long[] {1, 1, 1});
        }

        private static long[] three(long[] values) {
            return values.length == 1 ? new long[] {values[0], values[0], values[0]} : values;
        }
    }

    /** The planes ({@code N * C}) and the input and output sizes of a 3-D pooling, checked. */
    private static final class Volume {
        final long[] leading;
        final long planes;
        final long inT;
        final long inH;
        final long inW;
        final long outT;
        final long outH;
        final long outW;

        private Volume(Tensor self, long outT, long outH, long outW) {
            int nd = self.dim();
            this.leading = Arrays.copyOf(self.sizes(), nd - 3);
            long n = 1;
            for (long s : leading) {
                n *= s;
            }
            this.planes = n;
            this.inT = self.size(nd - 3);
            this.inH = self.size(nd - 2);
            this.inW = self.size(nd - 1);
            this.outT = outT;
            this.outH = outH;
            this.outW = outW;
        }

        /** The output sizes and pool3d_shape_check, as the kernels named {@code fn} check them. */
        static Volume of(Tensor self, Window w, boolean ceilMode, String fn, boolean checkInputSize) {
            if (self.dim() != 4 && self.dim() != 5) {
                throw new IllegalArgumentException("non-empty 4D or 5D (batch mode) tensor expected for input");
            }
            int nd = self.dim();
            long slices = self.size(nd - 4);
            long inT = self.size(nd - 3);
            long inH = self.size(nd - 2);
            long inW = self.size(nd - 1);
            long outT = Pooling.outputSize(inT, w.kT, w.pT, w.dT, w.dilT, ceilMode);
            long outH = Pooling.outputSize(inH, w.kH, w.pH, w.dH, w.dilH, ceilMode);
            long outW = Pooling.outputSize(inW, w.kW, w.pW, w.dW, w.dilW, ceilMode);
            if (w.kT <= 0 || w.kH <= 0 || w.kW <= 0) {
                throw new IllegalArgumentException("kernel size should be greater than zero, but got kT: " + w.kT
                        + " kH: " + w.kH + " kW: " + w.kW);
            }
            if (w.dT <= 0 || w.dH <= 0 || w.dW <= 0) {
                throw new IllegalArgumentException("stride should be greater than zero, but got dT: " + w.dT + " dH: "
                        + w.dH + " dW: " + w.dW);
            }
            if (w.dilT <= 0 || w.dilH <= 0 || w.dilW <= 0) {
                throw new IllegalArgumentException("dilation should be greater than zero, but got dilationT: " + w.dilT
                        + " dilationH: " + w.dilH + " dilationW: " + w.dilW);
            }
            for (int i = nd == 5 ? 1 : 0; i < nd; i++) {
                if (self.size(i) <= 0) {
                    // ATen prints the dim's length where it means the dim
                    throw new IllegalArgumentException(fn + ": Expected input's non-batch dimensions to have positive"
                            + " length, but input has a shape of " + Arrays.toString(self.sizes())
                            + " and non-batch dimension " + self.size(i) + " has length zero!");
                }
            }
            if (checkInputSize && (inT < w.kT || inH < w.kH || inW < w.kW)) {
                throw new IllegalArgumentException("input image (T: " + inT + " H: " + inH + " W: " + inW
                        + ") smaller than kernel size (kT: " + w.kT + " kH: " + w.kH + " kW: " + w.kW + ")");
            }
            if (w.kT / 2 < w.pT || w.kW / 2 < w.pW || w.kH / 2 < w.pH) {
                throw new IllegalArgumentException("pad should be at most half of kernel size, but got kT: " + w.kT
                        + " kW: " + w.kW + " kH: " + w.kH + " pT: " + w.pT + " pW: " + w.pW + " pH: " + w.pH);
            }
            if (outT < 1 || outH < 1 || outW < 1) {
                throw new IllegalArgumentException("Given input size: (" + slices + "x" + inT + "x" + inH + "x" + inW
                        + "). Calculated output size: (" + slices + "x" + outT + "x" + outH + "x" + outW
                        + "). Output size is too small");
            }
            return new Volume(self, outT, outH, outW);
        }

        static Volume adaptive(Tensor self, long[] outputSize) {
            return new Volume(self, outputSize[0], outputSize[1], outputSize[2]);
        }

        long inPlane() {
            return inT * inH * inW;
        }

        /** The elements of the input, which the loops hold in one array. */
        int inputElements() {
            return elements(planes, inT, inH, inW);
        }

        /** The elements of the output, refused when no Java array holds them (an absurd output size). */
        int outputElements() {
            return elements(planes, outT, outH, outW);
        }

        private int elements(long... factors) {
            for (long f : factors) {
                if (f <= 0) {
                    requireCountable(factors);
                    return 0;
                }
            }
            long n = 1;
            for (long f : factors) {
                // both at most Integer.MAX_VALUE here, so the product fits in a long
                n = f > Integer.MAX_VALUE ? f : n * f;
                if (n > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("pooling: an output of sizes " + Arrays.toString(outputSizes())
                            + " for an input of " + planes + " planes of " + inT + " x " + inH + " x " + inW
                            + " is too large");
                }
            }
            return (int) n;
        }

        /**
         * An empty output whose other sizes multiply past a long is refused, as at::empty refuses it (and the
         * loops over its dims would not end).
         */
        private void requireCountable(long... factors) {
            long n = 1;
            for (long f : factors) {
                if (f > 0 && (Math.multiplyHigh(n, f) != 0 || n * f < 0)) {
                    throw new IllegalArgumentException("Storage size calculation overflowed with sizes="
                            + Arrays.toString(outputSizes()));
                }
                n = f > 0 ? n * f : n;
            }
        }

        long outPlane() {
            return outT * outH * outW;
        }

        long[] outputSizes() {
            long[] sizes = Arrays.copyOf(leading, leading.length + 3);
            sizes[leading.length] = outT;
            sizes[leading.length + 1] = outH;
            sizes[leading.length + 2] = outW;
            return sizes;
        }

        /** check_dim_size of a gradient or indices against the output: its dims, slices, T, H and W. */
        void checkDimSizes(Tensor t) {
            long[] want = outputSizes();
            int nd = want.length;
            for (int d = Math.max(0, nd - 4); d < nd; d++) {
                if (t.dim() != nd || t.size(d) != want[d]) {
                    throw new IllegalArgumentException("Expected a tensor of dimension " + nd + " and tensor.size[" + d
                            + "] == " + want[d] + " but got: dimension " + t.dim() + " and tensor.size[" + d + "] = "
                            + (d < t.dim() ? t.size(d) : 0));
                }
            }
        }
    }

    /** An average pooling window of one output, clipped to the input (and to the padding for its size). */
    private static final class AvgWindow {
        final long t0;
        final long h0;
        final long w0;
        final long t1;
        final long h1;
        final long w1;
        final long divide;

        AvgWindow(Volume v, Window w, long ot, long oh, long ow, boolean countIncludePad, Long divisorOverride) {
            long ts = ot * w.dT - w.pT;
            long hs = oh * w.dH - w.pH;
            long ws = ow * w.dW - w.pW;
            long te = Math.min(ts + w.kT, v.inT + w.pT);
            long he = Math.min(hs + w.kH, v.inH + w.pH);
            long we = Math.min(ws + w.kW, v.inW + w.pW);
            long poolSize = (te - ts) * (he - hs) * (we - ws);
            t0 = Math.max(ts, 0);
            h0 = Math.max(hs, 0);
            w0 = Math.max(ws, 0);
            t1 = Math.min(te, v.inT);
            h1 = Math.min(he, v.inH);
            w1 = Math.min(we, v.inW);
            divide = divisorOverride != null ? divisorOverride
                    : countIncludePad ? poolSize : (t1 - t0) * (h1 - h0) * (w1 - w0);
        }

        boolean empty() {
            return t0 >= t1 || h0 >= h1 || w0 >= w1;
        }
    }

    /** An adaptive window: from {@code floor(o * in / out)} to {@code ceil((o + 1) * in / out)} in each dim. */
    private static final class AdaptiveWindow {
        final long t0;
        final long h0;
        final long w0;
        final long t1;
        final long h1;
        final long w1;

        AdaptiveWindow(Volume v, long ot, long oh, long ow) {
            t0 = Math.floorDiv(ot * v.inT, v.outT);
            t1 = -Math.floorDiv(-(ot + 1) * v.inT, v.outT);
            h0 = Math.floorDiv(oh * v.inH, v.outH);
            h1 = -Math.floorDiv(-(oh + 1) * v.inH, v.outH);
            w0 = Math.floorDiv(ow * v.inW, v.outW);
            w1 = -Math.floorDiv(-(ow + 1) * v.inW, v.outW);
        }
    }
}
