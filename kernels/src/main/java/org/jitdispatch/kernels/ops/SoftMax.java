package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * softmax and log_softmax over one dim, and their backward operators: PyTorch 1.13's SoftMax.cpp (the
 * structured {@code _softmax}, {@code _log_softmax}, {@code _softmax_backward_data} and
 * {@code _log_softmax_backward_data}, and the composite {@code softmax.int}/{@code log_softmax.int} that
 * convert to {@code dtype} first) with the loops of SoftMaxKernel.cpp.
 *
 * <p>The input is viewed as {@code [outer, dim, inner]} (contiguous); each of the {@code outer * inner}
 * slices along dim is reduced to its maximum, then {@code exp(x - max)} is summed, as ATen does, so large
 * inputs do not overflow. float32 is computed in float32. The kernels read contiguous inputs and write a
 * contiguous result, which is copied into an out= tensor of other strides.
 *
 * <p>Two liberties, both so that a failing call leaves its tensors untouched: a non-floating dtype and
 * {@code half_to_float} are refused by the meta function (ATen's kernel refuses them after out= has been
 * resized), and log_softmax's backward checks that grad_output and output have the same sizes, as
 * softmax's does (PyTorch 1.13 reads past a smaller one).
 */
public final class SoftMax implements SoftMaxDeclarations {

    // ---------------------------------------------------------------- the operators

    @Override
    public Tensor softmax(Tensor self, long dim, ScalarType dtype) {
        return Torch._softmax(dtype == null ? self : self.to(dtype), dim, false);
    }

    @Override
    public Tensor log_softmax(Tensor self, long dim, ScalarType dtype) {
        return Torch._log_softmax(dtype == null ? self : self.to(dtype), dim, false);
    }

    @Override
    public void meta__softmax(StructuredMeta op, Tensor self, long dim, boolean halfToFloat) {
        forwardMeta(op, self, dim, halfToFloat, "softmax");
    }

    @Override
    public void meta__log_softmax(StructuredMeta op, Tensor self, long dim, boolean halfToFloat) {
        forwardMeta(op, self, dim, halfToFloat, "log_softmax");
    }

    @Override
    public void softmax_cpu_out(StructuredMeta op, Tensor self, long dim, boolean halfToFloat, Tensor out) {
        forward(self, dim, out, false);
    }

    @Override
    public void log_softmax_cpu_out(StructuredMeta op, Tensor self, long dim, boolean halfToFloat, Tensor out) {
        forward(self, dim, out, true);
    }

    @Override
    public void meta__softmax_backward_data(StructuredMeta op, Tensor gradOutput, Tensor output, long dim,
            ScalarType inputDtype) {
        backwardMeta(op, gradOutput, output, dim, "softmax_backward");
    }

    @Override
    public void meta__log_softmax_backward_data(StructuredMeta op, Tensor gradOutput, Tensor output, long dim,
            ScalarType inputDtype) {
        backwardMeta(op, gradOutput, output, dim, "log_softmax_backward");
    }

    @Override
    public void softmax_backward_cpu_out(StructuredMeta op, Tensor gradOutput, Tensor output, long dim,
            ScalarType inputDtype, Tensor gradInput) {
        backward(gradOutput, output, dim, gradInput, false);
    }

    @Override
    public void log_softmax_backward_cpu_out(StructuredMeta op, Tensor gradOutput, Tensor output, long dim,
            ScalarType inputDtype, Tensor out) {
        backward(gradOutput, output, dim, out, true);
    }

    // ---------------------------------------------------------------- meta

    /** TORCH_META_FUNC(_softmax) and (_log_softmax): a contiguous output of self's sizes and dtype. */
    private static void forwardMeta(StructuredMeta op, Tensor self, long dim, boolean halfToFloat, String name) {
        int wrapped = TensorGeometry.wrapDim(dim, self.dim());
        if (halfToFloat) {
            throw new IllegalArgumentException("softmax with half to float conversion is not supported on CPU");
        }
        // ATen's log_softmax kernel over a dim other than the last names itself softmax_kernel_impl
        boolean lastDim = self.dim() == 0 || wrapped == self.dim() - 1;
        checkFloating(self.dtype(), lastDim ? name + "_lastdim_kernel_impl" : "softmax_kernel_impl");
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device());
    }

    /** TORCH_META_FUNC(_softmax_backward_data): grad_output and output of one size and dtype. */
    private static void backwardMeta(StructuredMeta op, Tensor gradOutput, Tensor output, long dim, String name) {
        if (!gradOutput.sameSizes(output)) {
            throw new IllegalArgumentException("Expected tensor for argument #1 'grad' to have same size as tensor"
                    + " for argument #2 'output'; but " + Arrays.toString(gradOutput.sizes()) + " does not equal "
                    + Arrays.toString(output.sizes()) + " (while checking arguments for " + name + ")");
        }
        int wrapped = TensorGeometry.wrapDim(dim, gradOutput.dim());
        boolean lastDim = gradOutput.dim() == 0 || wrapped == gradOutput.dim() - 1;
        checkFloating(gradOutput.dtype(), name + (lastDim ? "_lastdim" : "") + "_kernel_impl");
        if (output.dtype() != gradOutput.dtype()) {
            throw new IllegalArgumentException("expected scalar type " + gradOutput.dtype().c10Name() + " but found "
                    + output.dtype().c10Name());
        }
        op.setOutputRawStrided(0, gradOutput.sizes(), null, gradOutput.dtype(), gradOutput.device());
    }

    /**
     * ATen's kernels exist for floating dtypes (float16 and bfloat16 computed in float32); the message names the
     * kernel as ATen's dispatch macro does.
     */
    private static void checkFloating(ScalarType dtype, String kernel) {
        if (!dtype.isFloatingPoint()) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }

    // ---------------------------------------------------------------- impl

    private static void forward(Tensor self, long dim, Tensor out, boolean log) {
        if (self.numel() == 0) {
            return;
        }
        Slices s = Slices.of(self, dim);
        Tensor input = computable(self);
        Tensor target = out.isContiguous() && out.dtype() == input.dtype() ? out : Torch.empty_like(input);
        int inOff = (int) input.storageOffset();
        int outOff = (int) target.storageOffset();
        boolean single = input.dtype() == ScalarType.Float32;
        Object in = input.storage().data();
        Object to = target.storage().data();
        forEachBlocks(s, (from, end) -> {
            if (single) {
                FloatSoftMax.forward((float[]) in, inOff, (float[]) to, outOff, s, log, (int) from, (int) end);
            } else {
                DoubleSoftMax.forward((double[]) in, inOff, (double[]) to, outOff, s, log, (int) from, (int) end);
            }
        });
        if (target != out) {
            out.copy_(target);
        }
    }

    private static void backward(Tensor gradOutput, Tensor output, long dim, Tensor gradInput, boolean log) {
        if (output.numel() == 0) {
            return;
        }
        Slices s = Slices.of(output, dim);
        Tensor g = computable(gradOutput);
        Tensor y = computable(output);
        Tensor target = gradInput.isContiguous() && gradInput.dtype() == g.dtype() ? gradInput : Torch.empty_like(g);
        int gOff = (int) g.storageOffset();
        int yOff = (int) y.storageOffset();
        int outOff = (int) target.storageOffset();
        boolean single = g.dtype() == ScalarType.Float32;
        Object gd = g.storage().data();
        Object yd = y.storage().data();
        Object to = target.storage().data();
        forEachBlocks(s, (from, end) -> {
            if (single) {
                FloatSoftMax.backward((float[]) gd, gOff, (float[]) yd, yOff, (float[]) to, outOff, s, log, (int) from,
                        (int) end);
            } else {
                DoubleSoftMax.backward((double[]) gd, gOff, (double[]) yd, yOff, (double[]) to, outOff, s, log, (int) from,
                        (int) end);
            }
        });
        if (target != gradInput) {
            gradInput.copy_(target);
        }
    }

    /** The outer blocks in parallel chunks above the grain (each block's slices are independent). */
    private static void forEachBlocks(Slices s, Parallel.RangeBody body) {
        long perBlock = (long) s.size() * s.inner();
        if (perBlock * s.outer() > Parallel.GRAIN_SIZE && s.outer() > 1) {
            Parallel.parallelFor(0, s.outer(), Math.max(1, Parallel.GRAIN_SIZE / perBlock), body);
        } else {
            body.apply(0, s.outer());
        }
    }

    /**
     * {@code t} contiguous, in float32 when it is float16 or bfloat16: their softmax is computed in float32 and
     * rounded once, as ATen's vectorized kernels do.
     */
    private static Tensor computable(Tensor t) {
        return t.dtype().isReducedFloatingPoint() ? Elementwise.toDtype(t, ScalarType.Float32).contiguous() : t.contiguous();
    }

    /** A contiguous tensor seen as {@code [outer, size, inner]} around the reduced dim (a 0-dim tensor as [1]). */
    record Slices(int outer, int size, int inner) {
        static Slices of(Tensor t, long dim) {
            int nd = t.dim();
            if (nd == 0) {
                return new Slices(1, 1, 1);
            }
            int d = TensorGeometry.wrapDim(dim, nd);
            long[] sizes = t.sizes();
            long outer = 1;
            long inner = 1;
            for (int i = 0; i < d; i++) {
                outer *= sizes[i];
            }
            for (int i = d + 1; i < nd; i++) {
                inner *= sizes[i];
            }
            return new Slices(Math.toIntExact(outer), Math.toIntExact(sizes[d]), Math.toIntExact(inner));
        }
    }
}
