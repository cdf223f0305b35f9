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
        int[] positions = new int[(int) Math.min(v.inPlane(), w.kT * w.kH * w.kW)];
        v.forEachOutput((o, ot, oh, ow) -> {
            Box box = Box.max(v, w, ot, oh, ow);
            int count = box.positions(v, positions);
            long best = box.first(v);
            double max = Double.NEGATIVE_INFINITY;
            long base = o / v.outPlane() * v.inPlane();
            for (int k = 0; k < count; k++) {
                double value = in[(int) (base + positions[k])];
                if (value > max || Double.isNaN(value)) {
                    max = value;
                    best = positions[k];
                }
            }
            values[o] = single ? (float) max : max;
            indices[o] = best;
        });
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
        int[] positions = new int[(int) Math.min(v.inPlane(), w.kT * w.kH * w.kW)];
        v.forEachOutput((o, ot, oh, ow) -> {
            Box box = Box.avg(v, w, ot, oh, ow, countIncludePad, divisorOverride);
            int count = box.positions(v, positions);
            if (count == 0) {
                return;
            }
            long base = o / v.outPlane() * v.inPlane();
            double sum = 0;
            long longSum = 0;
            for (int k = 0; k < count; k++) {
                int at = (int) (base + positions[k]);
                if (integral) {
                    longSum += inLongs[at];
                } else {
                    sum = single ? (float) (sum + in[at]) : sum + in[at];
                }
            }
            if (integral) {
                longValues[o] = longSum / box.divisor;
            } else {
                values[o] = single ? (float) (sum / (float) box.divisor) : sum / box.divisor;
            }
        });
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
        int[] positions = new int[(int) Math.min(v.inPlane(), w.kT * w.kH * w.kW)];
        v.forEachOutput((o, ot, oh, ow) -> {
            Box box = Box.avg(v, w, ot, oh, ow, countIncludePad, divisorOverride);
            int count = box.positions(v, positions);
            if (count == 0 || box.divisor == 0) {
                return;
            }
            long base = o / v.outPlane() * v.inPlane();
            double delta = integral ? 0 : single ? (float) (grads[o] / (float) box.divisor) : grads[o] / box.divisor;
            long longDelta = integral ? longGrads[o] / box.divisor : 0;
            for (int k = 0; k < count; k++) {
                int at = (int) (base + positions[k]);
                if (integral) {
                    longResult[at] += longDelta;
                } else {
                    result[at] = single ? (float) (result[at] + delta) : result[at] + delta;
                }
            }
        });
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
        int[] positions = new int[Box.largestAdaptive(v)];
        v.forEachOutput((o, ot, oh, ow) -> {
            Box box = Box.adaptive(v, ot, oh, ow);
            int count = box.positions(v, positions);
            long base = o / v.outPlane() * v.inPlane();
            double sum = 0;
            for (int k = 0; k < count; k++) {
                double value = in[(int) (base + positions[k])];
                sum = single ? (float) (sum + value) : sum + value;
            }
            values[o] = box.divideByExtents(sum, single);
        });
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
        int[] positions = new int[Box.largestAdaptive(v)];
        v.forEachOutput((o, ot, oh, ow) -> {
            Box box = Box.adaptive(v, ot, oh, ow);
            int count = box.positions(v, positions);
            long base = o / v.outPlane() * v.inPlane();
            double delta = box.divideByExtents(grads[o], single);
            for (int k = 0; k < count; k++) {
                int at = (int) (base + positions[k]);
                result[at] = single ? (float) (result[at] + delta) : result[at] + delta;
            }
        });
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
        int[] positions = new int[Box.largestAdaptive(v)];
        v.forEachOutput((o, ot, oh, ow) -> {
            Box box = Box.adaptive(v, ot, oh, ow);
            int count = box.positions(v, positions);
            long base = o / v.outPlane() * v.inPlane();
            long best = box.first(v);
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < count; k++) {
                double value = in[(int) (base + positions[k])];
                if (value > max || Double.isNaN(value)) {
                    max = value;
                    best = positions[k];
                }
            }
            values[o] = max;
            indices[o] = best;
        });
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

    /** One output of a 3-D pooling: its index in the output and its position in its plane. */
    @FunctionalInterface
    private interface OutputVisitor {
        void visit(int o, long ot, long oh, long ow);
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

        /** Visits every output position, planes outermost, W innermost; {@code o} is its index in the output. */
        void forEachOutput(OutputVisitor visitor) {
            if (planes == 0 || outT == 0 || outH == 0 || outW == 0) {
                return; // no output, no loop: a zero size may come with others too large to count through
            }
            int o = 0;
            for (long p = 0; p < planes; p++) {
                for (long ot = 0; ot < outT; ot++) {
                    for (long oh = 0; oh < outH; oh++) {
                        for (long ow = 0; ow < outW; ow++, o++) {
                            visitor.visit(o, ot, oh, ow);
                        }
                    }
                }
            }
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

    /**
     * The input elements one output reads: from {@code t0} (inclusive) to {@code t1} (exclusive) in steps of
     * {@code stepT}, and likewise in H and W, clipped to the input; for average pooling, also the divisor.
     */
    private static final class Box {
        final long t0;
        final long h0;
        final long w0;
        final long t1;
        final long h1;
        final long w1;
        final long stepT;
        final long stepH;
        final long stepW;
        final long divisor;

        private Box(long t0, long t1, long h0, long h1, long w0, long w1, long stepT, long stepH, long stepW,
                long divisor) {
            this.t0 = t0;
            this.t1 = t1;
            this.h0 = h0;
            this.h1 = h1;
            this.w0 = w0;
            this.w1 = w1;
            this.stepT = stepT;
            this.stepH = stepH;
            this.stepW = stepW;
            this.divisor = divisor;
        }

        /** A dilated max-pooling window: its first element in each dim is the first one past the padding. */
        static Box max(Volume v, Window w, long ot, long oh, long ow) {
            long ts = ot * w.dT - w.pT;
            long hs = oh * w.dH - w.pH;
            long ws = ow * w.dW - w.pW;
            return new Box(firstInside(ts, w.dilT), Math.min(ts + (w.kT - 1) * w.dilT + 1, v.inT),
                    firstInside(hs, w.dilH), Math.min(hs + (w.kH - 1) * w.dilH + 1, v.inH),
                    firstInside(ws, w.dilW), Math.min(ws + (w.kW - 1) * w.dilW + 1, v.inW), w.dilT, w.dilH, w.dilW, 0);
        }

        /**
         * An average-pooling window, clipped to the input; its divisor counts the padding it covers when
         * {@code countIncludePad} (up to the input's end plus the padding), unless a divisor is given.
         */
        static Box avg(Volume v, Window w, long ot, long oh, long ow, boolean countIncludePad, Long divisorOverride) {
            long ts = ot * w.dT - w.pT;
            long hs = oh * w.dH - w.pH;
            long ws = ow * w.dW - w.pW;
            long te = Math.min(ts + w.kT, v.inT + w.pT);
            long he = Math.min(hs + w.kH, v.inH + w.pH);
            long we = Math.min(ws + w.kW, v.inW + w.pW);
            long t0 = Math.max(ts, 0);
            long h0 = Math.max(hs, 0);
            long w0 = Math.max(ws, 0);
            long t1 = Math.min(te, v.inT);
            long h1 = Math.min(he, v.inH);
            long w1 = Math.min(we, v.inW);
            long divisor = divisorOverride != null ? divisorOverride
                    : countIncludePad ? (te - ts) * (he - hs) * (we - ws) : (t1 - t0) * (h1 - h0) * (w1 - w0);
            return new Box(t0, t1, h0, h1, w0, w1, 1, 1, 1, divisor);
        }

        /** An adaptive window: from {@code floor(o * in / out)} to {@code ceil((o + 1) * in / out)} in each dim. */
        static Box adaptive(Volume v, long ot, long oh, long ow) {
            return new Box(Math.floorDiv(ot * v.inT, v.outT), -Math.floorDiv(-(ot + 1) * v.inT, v.outT),
                    Math.floorDiv(oh * v.inH, v.outH), -Math.floorDiv(-(oh + 1) * v.inH, v.outH),
                    Math.floorDiv(ow * v.inW, v.outW), -Math.floorDiv(-(ow + 1) * v.inW, v.outW), 1, 1, 1, 0);
        }

        /** The most elements an adaptive window of {@code v} holds: a buffer for {@link #positions}. */
        static int largestAdaptive(Volume v) {
            long most = 1;
            long[][] dims = {{v.inT, v.outT}, {v.inH, v.outH}, {v.inW, v.outW}};
            for (long[] d : dims) {
                most *= d[1] == 0 ? 0 : -Math.floorDiv(-d[0], d[1]) + 1;
            }
            return (int) Math.min(v.inPlane(), most);
        }

        /** The first position from {@code start} on, in steps of {@code dilation}, that is not in the padding. */
        private static long firstInside(long start, long dilation) {
            while (start < 0) {
                start += dilation;
            }
            return start;
        }

        /** Writes the window's positions within its plane into {@code into}, T outermost; returns their count. */
        int positions(Volume v, int[] into) {
            int n = 0;
            for (long t = t0; t < t1; t += stepT) {
                for (long h = h0; h < h1; h += stepH) {
                    for (long x = w0; x < w1; x += stepW) {
                        into[n++] = (int) ((t * v.inH + h) * v.inW + x);
                    }
                }
            }
            return n;
        }

        /** The position of the window's first element, the index a max pooling of only padding reports. */
        long first(Volume v) {
            return (t0 * v.inH + h0) * v.inW + w0;
        }

        /** {@code value} divided by each extent in turn, T first, as ATen's adaptive average pooling divides. */
        double divideByExtents(double value, boolean single) {
            if (single) {
                return (float) ((float) ((float) (value / (float) (t1 - t0)) / (float) (h1 - h0)) / (float) (w1 - w0));
            }
            return value / (t1 - t0) / (h1 - h0) / (w1 - w0);
        }
    }
}
