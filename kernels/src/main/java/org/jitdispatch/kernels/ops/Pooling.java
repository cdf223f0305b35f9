package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.LoopDtype;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.kernels.structured.TypeMetaNames;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorImpl;

/**
 * 2-D pooling as PyTorch 1.13 has it: the structured {@code max_pool2d_with_indices} (values and int64
 * indices into each input plane) and its backward (DilatedMaxPool2d.cpp), the composite {@code max_pool2d},
 * the structured {@code avg_pool2d} (ceil_mode, count_include_pad, divisor_override) and its backward
 * (AveragePool2d.cpp), and {@code _adaptive_avg_pool2d} with its backward under the composite
 * {@code adaptive_avg_pool2d} (AdaptiveAveragePooling.cpp). Meta functions make ATen's checks
 * (pooling_output_shape, pool2d_shape_check, check_dim_size) in their order with their messages.
 *
 * <p>The loops are ATen's CPU loops over {@code [planes, H, W]}: a max window keeps the first largest value
 * and any NaN (a later NaN replaces an earlier one); an average divides the window's sum by the divisor,
 * the window's size in the padded input or, without count_include_pad, in the input. float32 is summed in
 * float32. Inputs are read through a contiguous copy when they are not contiguous, and results are written
 * through the output's strides.
 *
 * <p>ATen's kernels check the dtype after out= has been resized and read indices without a check; the meta
 * functions here check the dtype, and the backward of max pooling refuses an index outside its plane, so
 * that a failing call leaves every tensor untouched.
 */
public final class Pooling implements PoolingDeclarations {

    // ----------------------------------------------------------------------------- max pooling

    @Override
    public Tensor max_pool2d(Tensor self, long[] kernelSize, long[] stride, long[] padding, long[] dilation,
            boolean ceilMode) {
        return Torch.max_pool2d_with_indices(self, kernelSize, stride, padding, dilation, ceilMode)[0];
    }

    /** TORCH_META_FUNC(max_pool2d_with_indices), with the kernel's dtype check. */
    @Override
    public void meta_max_pool2d_with_indices(StructuredMeta op, Tensor self, long[] kernelSize, long[] stride,
            long[] padding, long[] dilation, boolean ceilMode) {
        checkOutputsApart(op, 2, self);
        Window w = Window.max(kernelSize, stride, padding, dilation);
        if (!(self.dim() == 3 || self.dim() == 4)) {
            throw new IllegalArgumentException("non-empty 3D or 4D (batch mode) tensor expected for input");
        }
        Shape s = Shape.of(self, w, ceilMode, false);
        long[] outSizes = s.sizesWith(self, s.outH, s.outW);
        op.setOutputRawStrided(0, outSizes, null, self.dtype(), self.device());
        op.setOutputRawStrided(1, outSizes, null, ScalarType.Int64, self.device());
        if (onCpu(self)) {
            checkFloating("max_pool2d", self.dtype());
        }
    }

    @Override
    public void max_pool2d_with_indices_out_cpu(StructuredMeta op, Tensor self, long[] kernelSize, long[] stride,
            long[] padding, long[] dilation, boolean ceilMode, Tensor out, Tensor indices) {
        Window w = Window.max(kernelSize, stride, padding, dilation);
        Shape s = Shape.of(self, w, ceilMode, false);
        if (self.dtype().isReducedFloatingPoint()) {
            // float16 and bfloat16 are pooled in float32: the maximum of widened values is the widened maximum
            Tensor wide = Tensor.FACTORY.empty(out.sizes(), ScalarType.Float32, out.device());
            max_pool2d_with_indices_out_cpu(op, Elementwise.toDtype(self, ScalarType.Float32), kernelSize, stride, padding,
                    dilation, ceilMode, wide, indices);
            StridedCopy.copy(wide, out);
            return;
        }
        TensorImpl in = contiguous(self);
        // written in place when that cannot overwrite the input before it is read
        boolean direct = out.isContiguous() && out.storage() != in.storage();
        TensorImpl values = direct ? out : Tensor.FACTORY.empty(out.sizes(), out.dtype(), out.device());
        TensorImpl where = indices.isContiguous() ? indices
                : Tensor.FACTORY.empty(indices.sizes(), ScalarType.Int64, indices.device());
        int planes = Math.toIntExact(s.planes);
        int inH = (int) s.inH;
        int inW = (int) s.inW;
        int outH = (int) s.outH;
        int outW = (int) s.outW;
        int inOff = (int) in.storageOffset();
        int valuesOff = (int) values.storageOffset();
        int whereOff = (int) where.storageOffset();
        long[] whereData = where.storage().longs();
        if (self.dtype() == ScalarType.Float32) {
            FloatMaxPool2d.forward(in.storage().floats(), inOff, values.storage().floats(), valuesOff, whereData, whereOff,
                    planes, inH, inW, outH, outW, w);
        } else {
            DoubleMaxPool2d.forward(in.storage().doubles(), inOff, values.storage().doubles(), valuesOff, whereData,
                    whereOff, planes, inH, inW, outH, outW, w);
        }
        if (values != out) {
            StridedCopy.copy(values, out);
        }
        if (where != indices) {
            StridedCopy.copy(where, indices);
        }
    }

    /** TORCH_META_FUNC(max_pool2d_with_indices_backward), with the kernel's checks of dtypes and indices. */
    @Override
    public void meta_max_pool2d_with_indices_backward(StructuredMeta op, Tensor gradOutput, Tensor self,
            long[] kernelSize, long[] stride, long[] padding, long[] dilation, boolean ceilMode, Tensor indices) {
        checkOutputsApart(op, 1, gradOutput, self, indices);
        Window w = Window.max(kernelSize, stride, padding, dilation);
        if (self.dtype() != gradOutput.dtype()) {
            throw new IllegalArgumentException("expected dtype " + TypeMetaNames.of(self.dtype())
                    + " for `gradOutput` but got dtype " + TypeMetaNames.of(gradOutput.dtype()));
        }
        if (!(self.dim() == 3 || self.dim() == 4)) {
            throw new IllegalArgumentException("non-empty 3D or 4D (batch mode) tensor expected for input");
        }
        Shape s = Shape.of(self, w, ceilMode, false);
        s.checkDimSizes(gradOutput, self);
        s.checkDimSizes(indices, self);
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device());
        if (onCpu(self)) {
            checkFloating("max_pool2d_backward", self.dtype());
            if (indices.dtype() != ScalarType.Int64) {
                throw new IllegalArgumentException("expected scalar type Long but found " + indices.dtype().c10Name());
            }
            if (!indices.isMeta() && gradOutput.numel() == indices.numel()) {
                checkIndicesInPlane(indices, s);
            }
        }
    }

    @Override
    public void max_pool2d_with_indices_backward_out_cpu(StructuredMeta op, Tensor gradOutput, Tensor self,
            long[] kernelSize, long[] stride, long[] padding, long[] dilation, boolean ceilMode, Tensor indices,
            Tensor gradInput) {
        Window w = Window.max(kernelSize, stride, padding, dilation);
        Shape s = Shape.of(self, w, ceilMode, false);
        // float16 and bfloat16 gradients are added up in float32 and rounded once
        ScalarType dtype = LoopDtype.widened(self.dtype());
        TensorImpl grads = contiguous(dtype == gradOutput.dtype() ? gradOutput : Elementwise.toDtype(gradOutput, dtype));
        TensorImpl where = contiguous(indices);
        boolean[][] empty = s.emptyWindows();
        if (empty != null) {
            // a window over the padding alone has a constant output: it passes no gradient (ATen would add its
            // gradient at an index outside the window)
            grads = copyOf(grads);
            where = copyOf(where);
            withoutEmptyWindows(grads, where, s, empty);
        }
        // the gradients are added into zeros: a functional call's new gradInput (zeros, and no operand's alias)
        // when the loop can write it, else a new storage copied into gradInput
        boolean direct = op.mode() == StructuredMeta.Mode.FUNCTIONAL && gradInput.dtype() == dtype
                && gradInput.isContiguous();
        TensorImpl result = direct ? gradInput : Tensor.FACTORY.empty(self.sizes(), dtype, self.device());
        int resultOff = (int) result.storageOffset();
        int planes = Math.toIntExact(s.planes);
        int inPlane = Math.toIntExact(s.inH * s.inW);
        int outPlane = Math.toIntExact(s.outH * s.outW);
        int gradsOff = (int) grads.storageOffset();
        int whereOff = (int) where.storageOffset();
        if (dtype == ScalarType.Float32) {
            FloatMaxPool2d.backward(grads.storage().floats(), gradsOff, where.storage().longs(), whereOff,
                    result.storage().floats(), resultOff, planes, inPlane, outPlane);
        } else {
            DoubleMaxPool2d.backward(grads.storage().doubles(), gradsOff, where.storage().longs(), whereOff,
                    result.storage().doubles(), resultOff, planes, inPlane, outPlane);
        }
        if (!direct) {
            StridedCopy.copy(result, gradInput);
        }
    }

    // ------------------------------------------------------------------------- average pooling

    /** TORCH_PRECOMPUTE_META_FUNC(avg_pool2d), with the kernel's dtype check. */
    @Override
    public void meta_avg_pool2d(StructuredMeta op, Tensor self, long[] kernelSize, long[] stride, long[] padding,
            boolean ceilMode, boolean countIncludePad, Long divisorOverride) {
        checkOutputsApart(op, 1, self);
        Window w = Window.avg(kernelSize, stride, padding);
        if (divisorOverride != null && divisorOverride == 0) {
            throw new IllegalArgumentException("divisor must be not zero");
        }
        Shape s = Shape.of(self, w, ceilMode, false);
        op.setOutputRawStrided(0, s.sizesWith(self, s.outH, s.outW), null, self.dtype(), self.device());
        if (onCpu(self)) {
            checkAvgType("avg_pool2d", self.dtype());
        }
    }

    @Override
    public void avg_pool2d_out_cpu(StructuredMeta op, Tensor self, long[] kernelSize, long[] stride, long[] padding,
            boolean ceilMode, boolean countIncludePad, Long divisorOverride, Tensor out) {
        Window w = Window.avg(kernelSize, stride, padding);
        Shape s = Shape.of(self, w, ceilMode, false);
        ScalarType dtype = self.dtype();
        boolean integral = !dtype.isFloatingPoint();
        boolean single = LoopDtype.of(dtype) == ScalarType.Float32; // float32 and the types it computes
        double[] in = integral ? null : self.toDoubleArray();
        long[] inLongs = integral ? longs(self) : null;
        long outPlane = s.outH * s.outW;
        int n = Math.toIntExact(s.planes * outPlane);
        double[] values = integral ? null : new double[n];
        long[] longValues = integral ? new long[n] : null;
        for (long p = 0; p < s.planes; p++) {
            int base = (int) (p * s.inH * s.inW);
            for (long oh = 0; oh < s.outH; oh++) {
                for (long ow = 0; ow < s.outW; ow++) {
                    int o = (int) (p * outPlane + oh * s.outW + ow);
                    long h0 = oh * w.dH - w.padH;
                    long w0 = ow * w.dW - w.padW;
                    long h1 = Math.min(h0 + w.kH, s.inH + w.padH);
                    long w1 = Math.min(w0 + w.kW, s.inW + w.padW);
                    long poolSize = (h1 - h0) * (w1 - w0);
                    h0 = Math.max(h0, 0);
                    w0 = Math.max(w0, 0);
                    h1 = Math.min(h1, s.inH);
                    w1 = Math.min(w1, s.inW);
                    if (h0 >= h1 || w0 >= w1) {
                        continue; // zero
                    }
                    long divide = divisorOverride != null ? divisorOverride
                            : countIncludePad ? poolSize : (h1 - h0) * (w1 - w0);
                    if (integral) {
                        long sum = 0;
                        for (long ih = h0; ih < h1; ih++) {
                            for (long iw = w0; iw < w1; iw++) {
                                sum += inLongs[base + (int) (ih * s.inW + iw)];
                            }
                        }
                        longValues[o] = sum / divide;
                    } else {
                        double sum = 0;
                        for (long ih = h0; ih < h1; ih++) {
                            for (long iw = w0; iw < w1; iw++) {
                                double v = in[base + (int) (ih * s.inW + iw)];
                                sum = single ? (float) (sum + v) : sum + v;
                            }
                        }
                        values[o] = single ? (float) (sum / (float) divide) : sum / divide;
                    }
                }
            }
        }
        if (integral) {
            write(longValues, out);
        } else {
            write(values, out);
        }
    }

    /** TORCH_META_FUNC(avg_pool2d_backward), with the kernel's dtype checks. */
    @Override
    public void meta_avg_pool2d_backward(StructuredMeta op, Tensor gradOutput, Tensor self, long[] kernelSize,
            long[] stride, long[] padding, boolean ceilMode, boolean countIncludePad, Long divisorOverride) {
        checkOutputsApart(op, 1, gradOutput, self);
        Window w = Window.avg(kernelSize, stride, padding);
        if (divisorOverride != null && divisorOverride == 0) {
            throw new IllegalArgumentException("divisor must be not zero");
        }
        Shape s = Shape.of(self, w, ceilMode, true);
        s.checkDimSizes(gradOutput, self);
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device());
        if (self.dtype() != gradOutput.dtype()) {
            throw new IllegalArgumentException("expected dtype " + TypeMetaNames.of(self.dtype())
                    + " for `gradOutput` but got dtype " + TypeMetaNames.of(gradOutput.dtype()));
        }
        if (onCpu(self)) {
            checkAvgType("avg_pool2d_backward_out_frame", self.dtype());
        }
    }

    @Override
    public void avg_pool2d_backward_out_cpu(StructuredMeta op, Tensor gradOutput, Tensor self, long[] kernelSize,
            long[] stride, long[] padding, boolean ceilMode, boolean countIncludePad, Long divisorOverride,
            Tensor gradInput) {
        Window w = Window.avg(kernelSize, stride, padding);
        Shape s = Shape.of(self, w, ceilMode, true);
        ScalarType dtype = self.dtype();
        boolean integral = !dtype.isFloatingPoint();
        boolean single = LoopDtype.of(dtype) == ScalarType.Float32; // float32 and the types it computes
        double[] grads = integral ? null : gradOutput.toDoubleArray();
        long[] longGrads = integral ? longs(gradOutput) : null;
        long inPlane = s.inH * s.inW;
        long outPlane = s.outH * s.outW;
        int n = Math.toIntExact(s.planes * inPlane);
        double[] result = integral ? null : new double[n];
        long[] longResult = integral ? new long[n] : null;
        for (long p = 0; p < s.planes; p++) {
            int base = (int) (p * inPlane);
            for (long oh = 0; oh < s.outH; oh++) {
                for (long ow = 0; ow < s.outW; ow++) {
                    int o = (int) (p * outPlane + oh * s.outW + ow);
                    long h0 = oh * w.dH - w.padH;
                    long w0 = ow * w.dW - w.padW;
                    long h1 = Math.min(h0 + w.kH, s.inH + w.padH);
                    long w1 = Math.min(w0 + w.kW, s.inW + w.padW);
                    long poolSize = (h1 - h0) * (w1 - w0);
                    h0 = Math.max(h0, 0);
                    w0 = Math.max(w0, 0);
                    h1 = Math.min(h1, s.inH);
                    w1 = Math.min(w1, s.inW);
                    long divide = divisorOverride != null ? divisorOverride
                            : countIncludePad ? poolSize : (h1 - h0) * (w1 - w0);
                    if (divide == 0) {
                        continue; // a window wholly in the padding: nothing to spread
                    }
                    if (integral) {
                        long delta = longGrads[o] / divide;
                        for (long ih = h0; ih < h1; ih++) {
                            for (long iw = w0; iw < w1; iw++) {
                                longResult[base + (int) (ih * s.inW + iw)] += delta;
                            }
                        }
                    } else {
                        double delta = single ? (float) (grads[o] / (float) divide) : grads[o] / divide;
                        for (long ih = h0; ih < h1; ih++) {
                            for (long iw = w0; iw < w1; iw++) {
                                int i = base + (int) (ih * s.inW + iw);
                                result[i] = single ? (float) (result[i] + delta) : result[i] + delta;
                            }
                        }
                    }
                }
            }
        }
        if (integral) {
            write(longResult, gradInput);
        } else {
            write(result, gradInput);
        }
    }

    // ---------------------------------------------------------------- adaptive average pooling

    /** ATen's adaptive_avg_pool2d: a 1 x 1 output is a mean over the last two dims, else _adaptive_avg_pool2d. */
    @Override
    public Tensor adaptive_avg_pool2d(Tensor self, long[] outputSize) {
        checkOutputSize(outputSize);
        if (outputSize[0] < 0 || outputSize[1] < 0) {
            throw new IllegalArgumentException("adaptive_avg_pool2d: elements of output_size must be greater than or"
                    + " equal to 0 but received {" + outputSize[0] + ", " + outputSize[1] + "}");
        }
        if (outputSize[0] == 1 && outputSize[1] == 1) {
            return Torch.mean(self, new long[] {-1, -2}, true, null);
        }
        return Torch._adaptive_avg_pool2d(self, outputSize);
    }

    /** adaptive_avg_pool2d_out_cpu_template, on CPU and meta tensors. */
    @Override
    public Tensor adaptive_avg_pool2d_cpu(Tensor self, long[] outputSize) {
        checkOutputSize(outputSize);
        int ndim = self.dim();
        if (!(ndim == 3 || ndim == 4)) {
            throw new IllegalArgumentException("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got "
                    + Arrays.toString(self.sizes()));
        }
        for (int i = ndim - 2; i < ndim; i++) {
            if (self.size(i) <= 0) {
                throw new IllegalArgumentException("adaptive_avg_pool2d(): Expected input to have non-zero size for"
                        + " non-batch dimensions, but input has sizes " + Arrays.toString(self.sizes())
                        + " with dimension " + i + " being empty");
            }
        }
        if (outputSize[0] < 0 || outputSize[1] < 0) {
            throw new IllegalArgumentException("adaptive_avg_pool2d(): output_size must be non-negative, but got "
                    + Arrays.toString(outputSize));
        }
        long[] sizes = self.sizes();
        long[] outSizes = sizes.clone();
        outSizes[ndim - 2] = outputSize[0];
        outSizes[ndim - 1] = outputSize[1];
        checkElements(outSizes);
        if (self.isMeta()) {
            return Tensor.FACTORY.empty(outSizes, self.dtype(), Device.META);
        }
        checkFloating("adaptive_avg_pool2d", self.dtype());
        Tensor out = Tensor.FACTORY.empty(outSizes, self.dtype(), self.device());
        if (out.numel() == 0) {
            return out;
        }
        long inH = sizes[ndim - 2];
        long inW = sizes[ndim - 1];
        long outH = outputSize[0];
        long outW = outputSize[1];
        long planes = self.numel() / (inH * inW);
        boolean single = LoopDtype.of(self.dtype()) == ScalarType.Float32; // float32 and the types it computes
        double[] in = self.toDoubleArray();
        double[] values = new double[Math.toIntExact(out.numel())];
        for (long p = 0; p < planes; p++) {
            int base = (int) (p * inH * inW);
            for (long oh = 0; oh < outH; oh++) {
                long h0 = startIndex(oh, outH, inH);
                long h1 = endIndex(oh, outH, inH);
                for (long ow = 0; ow < outW; ow++) {
                    long w0 = startIndex(ow, outW, inW);
                    long w1 = endIndex(ow, outW, inW);
                    double sum = 0;
                    for (long ih = h0; ih < h1; ih++) {
                        for (long iw = w0; iw < w1; iw++) {
                            double v = in[base + (int) (ih * inW + iw)];
                            sum = single ? (float) (sum + v) : sum + v;
                        }
                    }
                    double kh = h1 - h0;
                    double kw = w1 - w0;
                    values[(int) ((p * outH + oh) * outW + ow)] = single ? (float) ((float) (sum / kh) / kw) : sum / kh / kw;
                }
            }
        }
        write(values, out);
        return out;
    }

    /** adaptive_avg_pool2d_backward_out_cpu_template: each output's gradient spread evenly over its window. */
    @Override
    public Tensor adaptive_avg_pool2d_backward_cpu(Tensor gradOutput, Tensor self) {
        int ndim = gradOutput.dim();
        for (int i = 1; i < ndim; i++) {
            if (gradOutput.size(i) <= 0) {
                throw new IllegalArgumentException("adaptive_avg_pool2d_backward(): Expected grad_output to have non-zero"
                        + " size for non-batch dimensions, but grad_output has sizes "
                        + Arrays.toString(gradOutput.sizes()) + " with dimension " + i + " being empty");
            }
        }
        if (!(ndim == 3 || ndim == 4)) {
            throw new IllegalArgumentException("adaptive_avg_pool2d_backward(): Expected 3D or 4D tensor, but got "
                    + Arrays.toString(self.sizes()));
        }
        if (self.dtype() != gradOutput.dtype()) {
            throw new IllegalArgumentException("expected dtype " + TypeMetaNames.of(self.dtype())
                    + " for `grad_output` but got dtype " + TypeMetaNames.of(gradOutput.dtype()));
        }
        if (self.dim() != ndim || !Arrays.equals(Arrays.copyOf(self.sizes(), ndim - 2),
                Arrays.copyOf(gradOutput.sizes(), ndim - 2))) {
            throw new IllegalArgumentException("adaptive_avg_pool2d_backward(): Expected grad_output of sizes "
                    + Arrays.toString(gradOutput.sizes()) + " to match the batch and channels of input "
                    + Arrays.toString(self.sizes()));
        }
        checkFloating("adaptive_avg_pool2d_backward", self.dtype());
        Tensor gradInput = Tensor.FACTORY.empty(self.sizes(), self.dtype(), self.device());
        long inH = self.size(ndim - 2);
        long inW = self.size(ndim - 1);
        long outH = gradOutput.size(ndim - 2);
        long outW = gradOutput.size(ndim - 1);
        long planes = inH * inW == 0 ? 0 : self.numel() / (inH * inW);
        boolean single = LoopDtype.of(self.dtype()) == ScalarType.Float32; // float32 and the types it computes
        double[] grads = gradOutput.toDoubleArray();
        double[] result = new double[Math.toIntExact(self.numel())];
        for (long p = 0; p < planes; p++) {
            int base = (int) (p * inH * inW);
            for (long oh = 0; oh < outH; oh++) {
                long h0 = startIndex(oh, outH, inH);
                long h1 = endIndex(oh, outH, inH);
                for (long ow = 0; ow < outW; ow++) {
                    long w0 = startIndex(ow, outW, inW);
                    long w1 = endIndex(ow, outW, inW);
                    double kh = h1 - h0;
                    double kw = w1 - w0;
                    double g = grads[(int) ((p * outH + oh) * outW + ow)];
                    double delta = single ? (float) ((float) (g / kh) / kw) : g / kh / kw;
                    for (long ih = h0; ih < h1; ih++) {
                        for (long iw = w0; iw < w1; iw++) {
                            int i = base + (int) (ih * inW + iw);
                            result[i] = single ? (float) (result[i] + delta) : result[i] + delta;
                        }
                    }
                }
            }
        }
        write(result, gradInput);
        return gradInput;
    }

    // ---------------------------------------------------------------------------- adaptive max pooling

    /** TORCH_META_FUNC(adaptive_max_pool2d): the windows of adaptive_avg_pool2d, values and int64 indices. */
    @Override
    public void meta_adaptive_max_pool2d(StructuredMeta op, Tensor self, long[] outputSize) {
        checkOutputsApart(op, 2, self);
        int ndim = self.dim();
        if (!(ndim == 3 || ndim == 4)) {
            throw new IllegalArgumentException("adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: "
                    + Arrays.toString(self.sizes()));
        }
        for (int i = 1; i < ndim; i++) {
            if (self.size(i) <= 0) {
                throw new IllegalArgumentException("adaptive_max_pool2d(): Expected input to have non-zero size for"
                        + " non-batch dimensions, but input has sizes " + Arrays.toString(self.sizes())
                        + " with dimension " + i + " being empty");
            }
        }
        if (outputSize.length != 2) {
            throw new IllegalArgumentException("adaptive_max_pool2d(): internal error: output_size.size() must be 2");
        }
        long[] sizes = self.sizes();
        sizes[ndim - 2] = outputSize[0];
        sizes[ndim - 1] = outputSize[1];
        checkElements(sizes);
        if (onCpu(self)) {
            checkAdaptiveMaxDtype("adaptive_max_pool2d", self.dtype()); // before out= tensors are resized
        }
        long[] strides = ndim == 4 ? suggestedStrides(self, sizes) : null;
        op.setOutputRawStrided(0, sizes, strides, self.dtype(), self.device());
        op.setOutputRawStrided(1, sizes.clone(), strides, ScalarType.Int64, self.device());
    }

    /**
     * cpu_adaptive_max_pool: each output's window is rows {@code [floor(oh * H / oH), ceil((oh + 1) * H / oH))}
     * and the same for columns; its maximum (a NaN wins, and among equal values the first) and that element's
     * index within its plane.
     */
    @Override
    public void adaptive_max_pool2d_out_cpu(StructuredMeta op, Tensor self, long[] outputSize, Tensor out,
            Tensor indices) {
        if (out.numel() == 0) {
            return;
        }
        int ndim = self.dim();
        long inH = self.size(ndim - 2);
        long inW = self.size(ndim - 1);
        long outH = outputSize[0];
        long outW = outputSize[1];
        long planes = self.numel() / (inH * inW);
        double[] in = self.toDoubleArray();
        double[] values = new double[Math.toIntExact(out.numel())];
        long[] where = new long[values.length];
        int o = 0;
        for (long p = 0; p < planes; p++) {
            int base = (int) (p * inH * inW);
            for (long oh = 0; oh < outH; oh++) {
                long h0 = startIndex(oh, outH, inH);
                long h1 = endIndex(oh, outH, inH);
                for (long ow = 0; ow < outW; ow++, o++) {
                    long w0 = startIndex(ow, outW, inW);
                    long w1 = endIndex(ow, outW, inW);
                    double max = Double.NEGATIVE_INFINITY;
                    long maxIndex = h0 * inW + w0;
                    for (long ih = h0; ih < h1; ih++) {
                        for (long iw = w0; iw < w1; iw++) {
                            long index = ih * inW + iw;
                            double v = in[base + (int) index];
                            if (v > max || v != v) {
                                max = v;
                                maxIndex = index;
                            }
                        }
                    }
                    values[o] = max;
                    where[o] = maxIndex;
                }
            }
        }
        write(values, out);
        write(where, indices);
    }

    /** TORCH_META_FUNC(adaptive_max_pool2d_backward): grad_input of the input's sizes. */
    @Override
    public void meta_adaptive_max_pool2d_backward(StructuredMeta op, Tensor gradOutput, Tensor self, Tensor indices) {
        checkOutputsApart(op, 1, gradOutput, self, indices);
        int ndim = gradOutput.dim();
        if (!(ndim == 3 || ndim == 4)) {
            throw new IllegalArgumentException("adaptive_max_pooling2d_backward(): Expected 3D or 4D grad_output, but"
                    + " got: " + Arrays.toString(gradOutput.sizes()));
        }
        for (int i = 1; i < ndim; i++) {
            if (gradOutput.size(i) <= 0) {
                throw new IllegalArgumentException("adaptive_max_pooling2d_backward(): Expected grad_output to have"
                        + " non-zero size for non-batch dimensions, but grad_output has sizes "
                        + Arrays.toString(gradOutput.sizes()) + " with dimension " + i + " being empty");
            }
        }
        if (self.dtype() != gradOutput.dtype()) {
            throw new IllegalArgumentException("expected dtype " + TypeMetaNames.of(self.dtype())
                    + " for `grad_output` but got dtype " + TypeMetaNames.of(gradOutput.dtype()));
        }
        if (onCpu(self)) {
            checkAdaptiveMaxDtype("adaptive_max_pool2d_backward", self.dtype());
            if (indices.dtype() != ScalarType.Int64) {
                throw new IllegalArgumentException("expected scalar type Long but found " + indices.dtype().c10Name());
            }
            if (!java.util.Arrays.equals(indices.sizes(), gradOutput.sizes())) {
                throw new IllegalArgumentException("adaptive_max_pool2d_backward(): indices of sizes "
                        + Arrays.toString(indices.sizes()) + " for a grad_output of sizes "
                        + Arrays.toString(gradOutput.sizes()));
            }
            if (self.dim() < 2) {
                // the kernel reads self's last two dims: refused with the error size(-2) raises in ATen's kernel,
                // here before grad_input is resized
                org.jitdispatch.runtime.TensorGeometry.wrapDim(-2, self.dim());
            }
            if (!indices.isMeta()) {
                checkIndicesInPlane(indices, self.size(-2) * self.size(-1));
            }
        }
        op.setOutputRawStrided(0, self.sizes(), self.dim() == 4 ? suggestedStrides(self, self.sizes()) : null,
                self.dtype(), self.device());
    }

    /** cpu_adaptive_max_pool_backward: each output's gradient added at its index, in output order. */
    @Override
    public void adaptive_max_pool2d_backward_out_cpu(StructuredMeta op, Tensor gradOutput, Tensor self,
            Tensor indices, Tensor gradInput) {
        long inPlane = self.size(-2) * self.size(-1);
        long outPlane = gradOutput.size(-2) * gradOutput.size(-1);
        boolean single = LoopDtype.of(self.dtype()) == ScalarType.Float32; // float32 and the types it computes
        double[] grads = gradOutput.toDoubleArray();
        long[] where = indices.contiguous().toLongArray();
        double[] result = new double[Math.toIntExact(self.numel())];
        for (int o = 0; o < grads.length; o++) {
            int at = (int) (o / outPlane * inPlane + where[o]);
            double sum = result[at] + grads[o];
            result[at] = single ? (float) sum : sum;
        }
        write(result, gradInput);
    }

    /**
     * An out= tensor that shares memory with an input is refused before anything is resized or written: resizing
     * it to the output's sizes would change the input the kernel then reads (ATen reads it changed).
     */
    private static void checkOutputsApart(StructuredMeta op, int outputs, Tensor... inputs) {
        for (int i = 0; i < outputs; i++) {
            org.jitdispatch.runtime.TensorImpl out = op.maybeGetOutput(i);
            if (out == null) {
                continue;
            }
            for (Tensor in : inputs) {
                if (in != null && !in.isMeta() && !out.isMeta() && out.storage() == in.storage()) {
                    MemOverlap.assertNoOverlap(MemOverlap.Region.of(out), MemOverlap.Region.of(in));
                }
            }
        }
    }

    /** ATen dispatches adaptive max pooling over float32, float64 and bfloat16. */
    private static void checkAdaptiveMaxDtype(String kernel, ScalarType dtype) {
        if (!(dtype == ScalarType.Float32 || dtype == ScalarType.Float64 || dtype == ScalarType.BFloat16)) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }

    /** The strides of {@code sizes} in the memory format ATen suggests for {@code self} (channels-last or not). */
    private static long[] suggestedStrides(Tensor self, long[] sizes) {
        return MemoryFormats.strides(sizes, MemoryFormats.suggest(self));
    }

    private static long startIndex(long a, long b, long c) {
        return (a / b) * c + ((a % b) * c) / b;
    }

    private static long endIndex(long a, long b, long c) {
        return 1 + ((a + 1) * c - 1) / b;
    }

    private static void checkOutputSize(long[] outputSize) {
        if (outputSize.length != 2) {
            throw new IllegalArgumentException("adaptive_avg_pool2d: output_size must be 2");
        }
    }

    // ---------------------------------------------------------------------------------- helpers

    /** A pooling window's parameters, each list given as one value or two (stride omitted: the kernel's). */
    static final class Window {
        long kH;
        long kW;
        long dH;
        long dW;
        long padH;
        long padW;
        long dilH = 1;
        long dilW = 1;

        static Window max(long[] kernelSize, long[] stride, long[] padding, long[] dilation) {
            Window w = parse("max_pool2d", kernelSize, stride, padding, "max_pool2d: padding must be either be a single"
                    + " int, or a tuple of two ints", true);
            if (!(dilation.length == 1 || dilation.length == 2)) {
                throw new IllegalArgumentException("max_pool2d: dilation must be either a single int, or a tuple of two"
                        + " ints");
            }
            w.dilH = toInt(dilation[0]);
            w.dilW = dilation.length == 1 ? w.dilH : toInt(dilation[1]);
            return w;
        }

        static Window avg(long[] kernelSize, long[] stride, long[] padding) {
            return parse("avg_pool2d", kernelSize, stride, padding, "avg_pool2d: padding must either be a single int,"
                    + " or a tuple of two ints", false);
        }

        private static Window parse(String name, long[] kernelSize, long[] stride, long[] padding,
                String paddingMessage, boolean narrow) {
            if (!(kernelSize.length == 1 || kernelSize.length == 2)) {
                throw new IllegalArgumentException(name + ": kernel_size must either be a single int, or a tuple of two"
                        + " ints");
            }
            Window w = new Window();
            w.kH = bounded(kernelSize[0], narrow);
            w.kW = kernelSize.length == 1 ? w.kH : bounded(kernelSize[1], narrow);
            if (!(stride.length == 0 || stride.length == 1 || stride.length == 2)) {
                throw new IllegalArgumentException(name + ": stride must either be omitted, a single int, or a tuple of"
                        + " two ints");
            }
            w.dH = stride.length == 0 ? w.kH : bounded(stride[0], narrow);
            w.dW = stride.length == 0 ? w.kW : stride.length == 1 ? w.dH : bounded(stride[1], narrow);
            if (!(padding.length == 1 || padding.length == 2)) {
                throw new IllegalArgumentException(paddingMessage);
            }
            w.padH = bounded(padding[0], narrow);
            w.padW = padding.length == 1 ? w.padH : bounded(padding[1], narrow);
            return w;
        }

        /** max_pool2d's safe_downcast to int; avg_pool2d's int64 values are bounded to keep the size arithmetic exact. */
        private static long bounded(long v, boolean narrow) {
            return narrow ? toInt(v) : checked(v);
        }

        private static long toInt(long v) {
            if (v != (int) v) {
                throw new IllegalArgumentException("value cannot be converted to type int32_t without overflow");
            }
            return v;
        }

        private static long checked(long v) {
            if (Math.abs(v) > 1L << 40) {
                throw new IllegalArgumentException("avg_pool2d: a pooling parameter of " + v + " is out of range");
            }
            return v;
        }
    }

    /** The input's planes and the output's size: pooling_output_shape and pool2d_shape_check. */
    private static final class Shape {
        long planes;
        long channels;
        long inH;
        long inW;
        long outH;
        long outW;
        Window window;

        /** {@code widthFirst}: avg_pool2d_backward computes the output width before the height. */
        static Shape of(Tensor input, Window w, boolean ceilMode, boolean widthFirst) {
            Shape s = new Shape();
            s.window = w;
            s.channels = input.size(-3);
            s.inH = input.size(-2);
            s.inW = input.size(-1);
            if (widthFirst) {
                s.outW = outputSize(s.inW, w.kW, w.padW, w.dW, w.dilW, ceilMode);
                s.outH = outputSize(s.inH, w.kH, w.padH, w.dH, w.dilH, ceilMode);
            } else {
                s.outH = outputSize(s.inH, w.kH, w.padH, w.dH, w.dilH, ceilMode);
                s.outW = outputSize(s.inW, w.kW, w.padW, w.dW, w.dilW, ceilMode);
            }
            if (!(w.kW > 0 && w.kH > 0)) {
                throw new IllegalArgumentException("kernel size should be greater than zero, but got kH: " + w.kH
                        + " kW: " + w.kW);
            }
            if (!(w.dW > 0 && w.dH > 0)) {
                throw new IllegalArgumentException("stride should be greater than zero, but got dH: " + w.dH + " dW: "
                        + w.dW);
            }
            if (!(w.dilH > 0 && w.dilW > 0)) {
                throw new IllegalArgumentException("dilation should be greater than zero, but got dilationH: " + w.dilH
                        + " dilationW: " + w.dilW);
            }
            int ndim = input.dim();
            boolean validDims = input.size(1) != 0 && input.size(2) != 0;
            if (!((ndim == 3 && input.size(0) != 0 && validDims) || (ndim == 4 && validDims && input.size(3) != 0))) {
                throw new IllegalArgumentException("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size"
                        + " for input, but got:" + Arrays.toString(input.sizes()));
            }
            if (!(w.kW / 2 >= w.padW && w.kH / 2 >= w.padH)) {
                throw new IllegalArgumentException("pad should be smaller than or equal to half of kernel size, but got"
                        + " padW = " + w.padW + ", padH = " + w.padH + ", kW = " + w.kW + ", kH = " + w.kH);
            }
            if (!(s.outW >= 1 && s.outH >= 1)) {
                throw new IllegalArgumentException("Given input size: (" + s.channels + "x" + s.inH + "x" + s.inW
                        + "). Calculated output size: (" + s.channels + "x" + s.outH + "x" + s.outW
                        + "). Output size is too small");
            }
            s.planes = (ndim == 4 ? input.size(0) : 1) * s.channels;
            checkElements(new long[] {s.planes, s.outH, s.outW});
            return s;
        }

        /**
         * For each output position, whether its max-pooling window lies wholly in the padding, or null when none
         * does (always, but for a dilation that steps a window's rows or columns over the input): such a window's
         * output is -infinity whatever the input, and the index ATen gives it (the first row and column past the
         * padding) can lie outside the window, even outside the plane. Row {@code oh} is
         * {@code empty[0][oh]}, column {@code ow} is {@code empty[1][ow]}.
         */
        boolean[][] emptyWindows() {
            boolean[] rows = emptyWindows(inH, outH, window.kH, window.dH, window.padH, window.dilH);
            boolean[] columns = emptyWindows(inW, outW, window.kW, window.dW, window.padW, window.dilW);
            if (rows == null && columns == null) {
                return null;
            }
            return new boolean[][] {rows == null ? new boolean[(int) outH] : rows,
                columns == null ? new boolean[(int) outW] : columns};
        }

        private static boolean[] emptyWindows(long in, long out, long k, long stride, long pad, long dil) {
            boolean[] empty = null;
            for (int o = 0; o < out; o++) {
                long start = o * stride - pad;
                long first = start < 0 ? start + (-start + dil - 1) / dil * dil : start; // the forward's skip
                if (first >= Math.min(start + (k - 1) * dil + 1, in)) {
                    if (empty == null) {
                        empty = new boolean[(int) out];
                    }
                    empty[o] = true;
                }
            }
            return empty;
        }

        long[] sizesWith(Tensor input, long h, long w) {
            return input.dim() == 3 ? new long[] {channels, h, w} : new long[] {input.size(0), channels, h, w};
        }

        /** check_dim_size of grad_output (or indices) against the output's planes and size. */
        void checkDimSizes(Tensor t, Tensor input) {
            int ndim = input.dim();
            long[] expected = {channels, outH, outW};
            for (int i = 0; i < 3; i++) {
                int dim = ndim - 3 + i;
                if (!(t.dim() == ndim && t.size(dim) == expected[i])) {
                    throw new IllegalArgumentException("Expected a tensor of dimension " + ndim + " and tensor.size["
                            + dim + "] == " + expected[i] + " but got: dimension " + t.dim() + " and tensor.size[" + dim
                            + "] = " + (dim < t.dim() ? t.size(dim) : 0));
                }
            }
            if (ndim == 4 && t.size(0) != input.size(0)) {
                throw new IllegalArgumentException("Expected a tensor of dimension 4 and tensor.size[0] == "
                        + input.size(0) + " but got: dimension 4 and tensor.size[0] = " + t.size(0));
            }
        }
    }

    /** pooling_output_shape (pooling_output_shape_pad_lr with equal pads). */
    static long outputSize(long inputSize, long kernelSize, long pad, long stride, long dilation,
            boolean ceilMode) {
        if (stride == 0) {
            throw new IllegalArgumentException("stride should not be zero");
        }
        if (pad < 0) {
            throw new IllegalArgumentException("pad must be non-negative, but got pad: " + pad);
        }
        if (pad > kernelSize / 2) {
            throw new IllegalArgumentException("pad should be at most half of kernel size, but got pad=" + pad
                    + " and kernel_size=" + kernelSize);
        }
        long numerator = inputSize + 2 * pad - dilation * (kernelSize - 1) - 1 + (ceilMode ? stride - 1 : 0);
        long outputSize = Math.floorDiv(numerator, stride) + 1;
        if (ceilMode && (outputSize - 1) * stride >= inputSize + pad) {
            outputSize--;
        }
        return outputSize;
    }

    private static void checkElements(long[] sizes) {
        long n = 1;
        for (long s : sizes) {
            if (s > 0 && n > Integer.MAX_VALUE / s) {
                throw new IllegalArgumentException("pooling: an output of sizes " + Arrays.toString(sizes)
                        + " is too large");
            }
            n *= Math.max(s, 0);
        }
    }

    private static boolean onCpu(TensorImpl t) {
        return t.device().type() == DeviceType.CPU;
    }

    /** The pooling kernels exist for the floating dtypes (float16 and bfloat16 computed in float32). */
    private static void checkFloating(String kernel, ScalarType dtype) {
        if (!dtype.isFloatingPoint()) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }

    /** avg_pool2d's CPU kernels exist for floating dtypes and int64. */
    private static void checkAvgType(String kernel, ScalarType dtype) {
        if (!dtype.isFloatingPoint() && dtype != ScalarType.Int64) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }


    /** {@code t}, or a contiguous copy of it. */
    private static TensorImpl contiguous(Tensor t) {
        return t.isContiguous() ? t : StridedCopy.contiguousCopy(t, t.dtype(), Tensor.FACTORY);
    }

    /**
     * As {@link #checkIndicesInPlane(Tensor, long)}, but for windows over the padding alone, whose indices are not
     * used.
     */
    private static void checkIndicesInPlane(Tensor indices, Shape s) {
        long plane = s.inH * s.inW;
        boolean[][] empty = s.emptyWindows();
        if (empty == null) {
            checkIndicesInPlane(indices, plane);
            return;
        }
        long[] values = longs(indices);
        int outW = (int) s.outW;
        int outPlane = (int) (s.outH * s.outW);
        for (int i = 0; i < values.length; i++) {
            int o = i % outPlane;
            long v = values[i];
            if (!empty[0][o / outW] && !empty[1][o % outW] && (v < 0 || v >= plane)) {
                throw new IndexOutOfBoundsException("max_pool2d_with_indices_backward: index " + v
                        + " is out of bounds for an input plane of " + plane + " elements");
            }
        }
    }

    /** A new contiguous tensor with {@code t}'s values. */
    private static TensorImpl copyOf(TensorImpl t) {
        TensorImpl copy = Tensor.FACTORY.empty(t.sizes(), t.dtype(), t.device());
        StridedCopy.copy(t, copy);
        return copy;
    }

    /** Zeroes the gradients of windows over the padding alone and points their indices at element 0. */
    private static void withoutEmptyWindows(TensorImpl grads, TensorImpl where, Shape s, boolean[][] empty) {
        int outW = (int) s.outW;
        int outPlane = (int) (s.outH * s.outW);
        Storage indices = where.storage();
        Storage values = grads.storage();
        long n = grads.numel();
        for (long i = 0; i < n; i++) {
            int o = (int) (i % outPlane);
            if (empty[0][o / outW] || empty[1][o % outW]) {
                indices.setLong(where.storageOffset() + i, 0);
                values.setDouble(grads.storageOffset() + i, 0);
            }
        }
    }

    /** Every index names an element of an input plane of {@code plane} elements. */
    private static void checkIndicesInPlane(Tensor indices, long plane) {
        if (indices.isContiguous()) {
            long[] data = indices.storage().longs();
            int from = (int) indices.storageOffset();
            int to = from + (int) indices.numel();
            long outside = 0;
            for (int i = from; i < to; i++) {
                // an index outside [0, plane) sets the sign bit of one of the two
                outside |= data[i] | (plane - 1 - data[i]);
            }
            if (outside >= 0) {
                return;
            }
        }
        for (long v : longs(indices)) {
            if (v < 0 || v >= plane) {
                throw new IndexOutOfBoundsException("max_pool2d_with_indices_backward: index " + v
                        + " is out of bounds for an input plane of " + plane + " elements");
            }
        }
    }

    private static long[] longs(Tensor t) {
        TensorImpl c = contiguous(t);
        long[] out = new long[Math.toIntExact(c.numel())];
        Storage s = c.storage();
        long at = c.storageOffset();
        for (int i = 0; i < out.length; i++) {
            out[i] = s.getLong(at + i);
        }
        return out;
    }

    /** Row-major values into {@code out} (any strides), converted to its dtype. */
    private static void write(double[] values, Tensor out) {
        if (out.isContiguous() && out.storage().data() instanceof float[] floats) {
            int at = (int) out.storageOffset();
            for (int i = 0; i < values.length; i++) {
                floats[at + i] = (float) values[i];
            }
            return;
        }
        StridedCopy.copy(Tensor.FACTORY.fromArray(values, out.sizes()), out);
    }

    private static void write(long[] values, Tensor out) {
        StridedCopy.copy(Tensor.FACTORY.fromArray(values, out.sizes()), out);
    }
}
