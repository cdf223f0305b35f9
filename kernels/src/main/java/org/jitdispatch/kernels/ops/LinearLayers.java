package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorImpl;

/**
 * What a linear layer is made of, as PyTorch 1.13 has it: {@code t} and {@code t_} (TensorShape.cpp), the
 * structured {@code addmm} and {@code baddbmm} ({@code beta * self + alpha * (mat1 @ mat2)}, self broadcast to
 * the product's size; LinearAlgebra.cpp) and the composite {@code linear} (addmm for a 2-D input with a bias,
 * else matmul then add).
 *
 * <p>The product is {@link Gemm}'s, written into the output; beta and alpha are applied after it, in one pass
 * over the output that reads self through its (expanded) strides. When the output shares memory with an
 * operand (addmm_ writes self) the product goes to a scratch matrix first. As ATen does, beta == 0 ignores
 * self (a NaN in it does not propagate) and a contraction of size 0 gives {@code beta * self}.
 *
 * <p>ATen checks two things in its kernel, after out= has been resized: self's expansion to the product's
 * size and the kernel's dtype. The meta functions here check them, so that a failing call leaves every
 * tensor untouched.
 */
public final class LinearLayers implements LinearLayersDeclarations {

    // ---------------------------------------------------------------------------------------- t

    @Override
    public Tensor t(Tensor self) {
        checkT(self, "t()");
        return self.transpose(0, self.dim() < 2 ? 0 : 1);
    }

    @Override
    public Tensor t_(Tensor self) {
        checkT(self, "t_()");
        return self.transpose_(0, self.dim() < 2 ? 0 : 1);
    }

    private static void checkT(Tensor self, String fn) {
        if (self.dim() > 2) {
            throw new IllegalArgumentException(fn + " expects a tensor with <= 2 dimensions, but self is " + self.dim()
                    + "D");
        }
    }

    // ------------------------------------------------------------------------------------ addmm

    /** TORCH_META_FUNC(addmm), plus the expansion of self and the dtype check of addmm_impl_cpu_. */
    @Override
    public void meta_addmm(StructuredMeta op, Tensor self, Tensor mat1, Tensor mat2, Scalar beta, Scalar alpha) {
        check(self.dtype() == mat2.dtype(), "self and mat2 must have the same dtype");
        check(mat1.dtype() == mat2.dtype(), "mat1 and mat2 must have the same dtype");
        if (mat1.dim() != 2) {
            throw new IllegalArgumentException("mat1 must be a matrix, got " + mat1.dim() + "-D tensor");
        }
        if (mat2.dim() != 2) {
            throw new IllegalArgumentException("mat2 must be a matrix, got " + mat2.dim() + "-D tensor");
        }
        long[] s = mat1.sizes();
        long[] t = mat2.sizes();
        if (s[1] != t[0]) {
            throw new IllegalArgumentException("mat1 and mat2 shapes cannot be multiplied (" + s[0] + "x" + s[1]
                    + " and " + t[0] + "x" + t[1] + ")");
        }
        long[] outSizes = {s[0], t[1]};
        expandedStrides(self, outSizes);
        if (op.maybeGetOutput(0) != self) { // addmm_ checks self's size itself, with its own message
            MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(0), outSizes, self, mat1, mat2);
        } else { // an out= tensor that is self too: resizing it must not change a matrix it reads
            MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(0), outSizes, mat1, mat2);
        }
        op.setOutputRawStrided(0, outSizes, null, mat1.dtype(), mat1.device());
        if (onCpu(mat1) && s[0] * t[1] != 0 && mat1.dtype() == ScalarType.Bool) {
            throw Elementwise.notImplemented("addmm_impl_cpu_", mat1.dtype());
        }
    }

    @Override
    public void addmm_out_cpu(StructuredMeta op, Tensor self, Tensor mat1, Tensor mat2, Scalar beta, Scalar alpha,
            Tensor out) {
        addProduct(self, beta, alpha, out, target -> Gemm.multiply(mat1, mat2, target), mat1, mat2);
    }

    // ---------------------------------------------------------------------------------- baddbmm

    /**
     * TORCH_META_FUNC(baddbmm): self is expanded to {@code [batch1.size(0), batch1.size(1), batch2.size(2)]}
     * first (so a batch2 of fewer dims fails there), then bmm's checks; the result has batch2's dtype.
     */
    @Override
    public void meta_baddbmm(StructuredMeta op, Tensor self, Tensor batch1, Tensor batch2, Scalar beta, Scalar alpha) {
        long[] expandTo = {batch1.size(0), batch1.size(1), batch2.size(2)};
        expandedStrides(self, expandTo);
        check(batch1.dim() == 3, "batch1 must be a 3D tensor");
        check(batch2.dim() == 3, "batch2 must be a 3D tensor");
        long[] b1 = batch1.sizes();
        long[] b2 = batch2.sizes();
        long bs = b1[0];
        long contraction = b1[2];
        long rows = b1[1];
        long cols = b2[2];
        if (!(b2[0] == bs && b2[1] == contraction)) {
            throw new IllegalArgumentException("Expected size for first two dimensions of batch2 tensor to be: ["
                    + bs + ", " + contraction + "] but got: [" + b2[0] + ", " + b2[1] + "].");
        }
        long[] outSizes = {bs, rows, cols};
        if (op.maybeGetOutput(0) != self) { // baddbmm_ checks self's size itself, with its own message
            MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(0), outSizes, self, batch1, batch2);
        } else { // an out= tensor that is self too: resizing it must not change a batch it reads
            MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(0), outSizes, batch1, batch2);
        }
        op.setOutputRawStrided(0, outSizes, null, batch2.dtype(), batch2.device());
        if (onCpu(batch1) && bs * rows * cols != 0 && contraction != 0) {
            if (contraction * rows * cols < 400) {
                // baddbmm_cpu_kernel, dispatched on batch1's dtype, reads the result (batch2's dtype) first
                checkKernelTypes("baddbmm", batch1.dtype(), batch2);
            } else {
                // one addmm_impl_cpu_ per batch, dispatched on the result's dtype (batch2's)
                checkKernelTypes("addmm_impl_cpu_", batch2.dtype(), batch1);
            }
        }
    }

    @Override
    public void baddbmm_out_cpu(StructuredMeta op, Tensor self, Tensor batch1, Tensor batch2, Scalar beta,
            Scalar alpha, Tensor out) {
        addProduct(self, beta, alpha, out, target -> {
            long bs = batch1.size(0);
            long perBatch = Math.max(1, batch1.size(1) * batch1.size(2) * batch2.size(2));
            if (bs >= Parallel.getNumThreads()) {
                Parallel.parallelFor(0, bs, (Gemm.GRAIN_MULTIPLY_ADDS + perBatch - 1) / perBatch, (from, to) -> {
                    for (long b = from; b < to; b++) {
                        Gemm.multiply(select0(batch1, b), select0(batch2, b), select0(target, b));
                    }
                });
            } else {
                for (long b = 0; b < bs; b++) {
                    Gemm.multiply(select0(batch1, b), select0(batch2, b), select0(target, b));
                }
            }
        }, batch1, batch2);
    }

    // ----------------------------------------------------------------------------------- linear

    /**
     * ATen's linear: addmm for a 2-D input with a bias (the fused path), and for a contiguous 3-D one folded to 2-D
     * (1.13's _flatten_3d_linear: a recurrent layer's whole-sequence input projection is one addmm), else matmul,
     * then add the bias.
     */
    @Override
    public Tensor linear(Tensor input, Tensor weight, Tensor bias) {
        if (input.dim() == 2 && bias != null) {
            return Torch.addmm(bias, input, weight.t(), Scalar.of(1), Scalar.of(1));
        }
        if (input.dim() == 3 && bias != null && input.isContiguous()) {
            long[] sizes = input.sizes();
            Tensor flat = input.view(sizes[0] * sizes[1], sizes[2]);
            Tensor result = Torch.addmm(bias, flat, weight.t(), Scalar.of(1), Scalar.of(1));
            return result.view(sizes[0], sizes[1], result.size(1));
        }
        Tensor output = Torch.matmul(input, weight.t());
        return bias == null ? output : output.add(bias);
    }

    // ---------------------------------------------------------------------------------- helpers

    /** Writes the product into {@code target} (the output, or a scratch tensor of its sizes and dtype). */
    private interface Product {
        void into(Tensor target);
    }

    /**
     * {@code out = beta * self + alpha * product}: the product goes into out itself unless out shares memory
     * with self or an operand, then out is combined with self, element by element.
     */
    private static void addProduct(Tensor self, Scalar beta, Scalar alpha, Tensor out, Product product,
            Tensor... operands) {
        if (out.isMeta() || out.numel() == 0) {
            return;
        }
        boolean shares = out.storage() == self.storage();
        for (Tensor t : operands) {
            shares |= out.storage() == t.storage();
        }
        Tensor target = shares ? Tensor.FACTORY.empty(out.sizes(), out.dtype(), out.device()) : out;
        product.into(target);
        combine(target, self, beta, alpha, out);
    }

    /** {@code out = beta * self + alpha * product}, all of out's sizes, self read through expanded strides. */
    private static void combine(Tensor product, Tensor self, Scalar beta, Scalar alpha, Tensor out) {
        long[] sizes = out.sizes();
        boolean ignoreSelf = Elementwise.scalarEquals(beta, 0.0);
        boolean plainProduct = Elementwise.scalarEquals(alpha, 1.0);
        if (ignoreSelf && plainProduct && product == out) {
            return;
        }
        long[] selfStrides = expandedStrides(self, sizes);
        if (product == out && !ignoreSelf && plainProduct && Elementwise.scalarEquals(beta, 1.0)
                && addBiasInPlace(self, selfStrides, out)) {
            return;
        }
        long[] pStrides = product.strides();
        long[] oStrides = out.strides();
        Storage p = product.storage();
        Storage s = self.storage();
        Storage o = out.storage();
        int nd = sizes.length;
        long[] index = new long[nd];
        long n = out.numel();
        boolean floating = out.dtype().isFloatingPoint();
        boolean single = out.dtype() == ScalarType.Float32;
        double betaD = beta.toDouble();
        double alphaD = alpha.toDouble();
        long betaL = floating ? 0 : beta.toLong();
        long alphaL = floating ? 0 : alpha.toLong();
        for (long i = 0; i < n; i++) {
            long po = product.storageOffset();
            long so = self.storageOffset();
            long oo = out.storageOffset();
            for (int d = 0; d < nd; d++) {
                po += index[d] * pStrides[d];
                so += index[d] * selfStrides[d];
                oo += index[d] * oStrides[d];
            }
            if (floating) {
                double v = plainProduct ? p.getDouble(po) : alphaD * p.getDouble(po);
                if (single) {
                    v = (float) v;
                }
                if (!ignoreSelf) {
                    double b = betaD * s.getDouble(so);
                    v = single ? (float) ((float) b + (float) v) : b + v;
                }
                o.setDouble(oo, v);
            } else {
                long v = alphaL * p.getLong(po);
                if (!ignoreSelf) {
                    v += betaL * s.getLong(so);
                }
                o.setLong(oo, v);
            }
            for (int d = nd - 1; d >= 0; d--) {
                if (++index[d] < sizes[d]) {
                    break;
                }
                index[d] = 0;
            }
        }
    }

    /**
     * {@code out += self} for a row-major float32 or float64 matrix out that already holds the product, self of its
     * dtype read through {@code selfStrides} (a bias row broadcast down the rows): linear's common case, which the
     * general loop below computes with the same arithmetic ({@code self + product}, in the dtype) one element and one
     * storage read at a time. Returns false, having written nothing, for every other case.
     */
    private static boolean addBiasInPlace(Tensor self, long[] selfStrides, Tensor out) {
        if (out.dim() != 2 || !out.isContiguous() || self.dtype() != out.dtype()) {
            return false;
        }
        int rows = (int) out.size(0);
        int cols = (int) out.size(1);
        int o = (int) out.storageOffset();
        int s0 = (int) self.storageOffset();
        long rowStride = selfStrides[0];
        long colStride = selfStrides[1];
        if (out.dtype() == ScalarType.Float32) {
            float[] od = out.storage().floats();
            float[] sd = self.storage().floats();
            for (int r = 0; r < rows; r++) {
                int row = o + r * cols;
                long srow = s0 + r * rowStride;
                for (int c = 0; c < cols; c++) {
                    od[row + c] = sd[(int) (srow + c * colStride)] + od[row + c];
                }
            }
            return true;
        }
        if (out.dtype() == ScalarType.Float64) {
            double[] od = out.storage().doubles();
            double[] sd = self.storage().doubles();
            for (int r = 0; r < rows; r++) {
                int row = o + r * cols;
                long srow = s0 + r * rowStride;
                for (int c = 0; c < cols; c++) {
                    od[row + c] = sd[(int) (srow + c * colStride)] + od[row + c];
                }
            }
            return true;
        }
        return false;
    }

    /**
     * The strides of {@code self} expanded to {@code sizes} (0 for a broadcast dim), with expand's message
     * when it cannot be.
     */
    static long[] expandedStrides(TensorImpl self, long[] sizes) {
        int nd = sizes.length;
        int sd = self.dim();
        if (sd > nd) {
            throw new IllegalArgumentException("expand(" + self.dtype().c10Name() + "Type{" + Arrays.toString(self.sizes())
                    + "}, size=" + Arrays.toString(sizes) + "): the number of sizes provided (" + nd + ") must be greater"
                    + " or equal to the number of dimensions in the tensor (" + sd + ")");
        }
        long[] strides = new long[nd];
        for (int i = nd - 1; i >= 0; i--) {
            int dim = sd - nd + i;
            if (dim < 0) {
                continue;
            }
            long size = self.size(dim);
            if (size == sizes[i]) {
                strides[i] = self.stride(dim);
            } else if (size != 1) {
                throw new IllegalArgumentException("The expanded size of the tensor (" + sizes[i] + ") must match"
                        + " the existing size (" + size + ") at non-singleton dimension " + i + ".  Target sizes: "
                        + Arrays.toString(sizes) + ".  Tensor sizes: " + Arrays.toString(self.sizes()));
            }
        }
        return strides;
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    private static boolean onCpu(TensorImpl t) {
        return t.device().type() == DeviceType.CPU;
    }

    /** AT_DISPATCH on {@code scalarType} (none for bool), then {@code data_ptr<scalar_t>()} on the operands. */
    private static void checkKernelTypes(String name, ScalarType scalarType, TensorImpl... operands) {
        if (scalarType == ScalarType.Bool) {
            throw Elementwise.notImplemented(name, scalarType);
        }
        for (TensorImpl t : operands) {
            if (t.dtype() != scalarType) {
                throw new IllegalArgumentException("expected scalar type " + scalarType.c10Name() + " but found "
                        + t.dtype().c10Name());
            }
        }
    }

    /** {@code t.select(0, index)}, a kernel-internal view. */
    private static Tensor select0(Tensor t, long index) {
        long[] sizes = t.sizes();
        long[] strides = t.strides();
        return t.asStrided(Arrays.copyOfRange(sizes, 1, sizes.length), Arrays.copyOfRange(strides, 1, strides.length),
                t.storageOffset() + index * strides[0]);
    }
}
