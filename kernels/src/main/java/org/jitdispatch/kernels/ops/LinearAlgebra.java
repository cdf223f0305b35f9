package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import java.util.function.Consumer;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * Matrix products: mm, bmm, dot, mv and matmul (ATen's LinearAlgebra.cpp and Blas.cpp, PyTorch 1.13),
 * with their checks in their order and their messages. The arithmetic is {@link Gemm}'s.
 *
 * <p>ATen's CPU kernels raise some errors only once they touch data: a dtype the kernel has no loop
 * for ({@code "addmm_impl_cpu_" not implemented for 'Bool'}) and an operand of another dtype than the
 * one dispatched on ({@code expected scalar type Float but found Double}), and then only when there is
 * something to compute. By then an out= tensor has been resized, so the metas here raise them instead,
 * under the same conditions, and a failing call leaves every tensor untouched; on meta tensors they are
 * not raised, as PyTorch's Meta kernels do not.
 */
public final class LinearAlgebra implements LinearAlgebraDeclarations {

    // ------------------------------------------------------------------------------------------- mm

    @Override
    public void meta_mm(StructuredMeta op, Tensor self, Tensor mat2) {
        check(self.dim() == 2, "self must be a matrix");
        check(mat2.dim() == 2, "mat2 must be a matrix");
        long[] s = self.sizes();
        long[] t = mat2.sizes();
        if (s[1] != t[0]) {
            throw new IllegalArgumentException("mat1 and mat2 shapes cannot be multiplied (" + s[0] + "x" + s[1]
                    + " and " + t[0] + "x" + t[1] + ")");
        }
        // PyTorch resizes an out= that is self, then multiplies the resized self (Gemm would index past it)
        MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(0), new long[] {s[0], t[1]}, self, mat2);
        op.setOutputRawStrided(0, new long[] {s[0], t[1]}, null, self.dtype(), self.device());
        if (onCpu(self) && s[0] * t[1] != 0 && s[1] != 0) {
            // addmm_impl_cpu_ dispatches on the result's dtype (self's), then reads mat2 and self
            checkKernelTypes("addmm_impl_cpu_", self.dtype(), mat2);
        }
    }

    @Override
    public void mm_out_cpu(StructuredMeta op, Tensor self, Tensor mat2, Tensor out) {
        Gemm.multiply(self, mat2, out);
    }

    // ------------------------------------------------------------------------------------------ bmm

    @Override
    public void meta_bmm(StructuredMeta op, Tensor self, Tensor mat2) {
        check(self.dim() == 3, "batch1 must be a 3D tensor");
        check(mat2.dim() == 3, "batch2 must be a 3D tensor");
        long[] b1 = self.sizes();
        long[] b2 = mat2.sizes();
        long bs = b1[0];
        long contraction = b1[2];
        long rows = b1[1];
        long cols = b2[2];
        if (!(b2[0] == bs && b2[1] == contraction)) {
            throw new IllegalArgumentException("Expected size for first two dimensions of batch2 tensor to be: ["
                    + bs + ", " + contraction + "] but got: [" + b2[0] + ", " + b2[1] + "].");
        }
        MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(0), new long[] {bs, rows, cols}, self, mat2);
        op.setOutputRawStrided(0, new long[] {bs, rows, cols}, null, mat2.dtype(), mat2.device());
        if (onCpu(self) && bs * rows * cols != 0 && contraction != 0) {
            if (contraction * rows * cols < 400) {
                // baddbmm_cpu_kernel, dispatched on batch1's dtype, reads the result (batch2's dtype) first
                checkKernelTypes("bmm", self.dtype(), mat2);
            } else {
                // one addmm_impl_cpu_ per batch, dispatched on the result's dtype (batch2's)
                checkKernelTypes("addmm_impl_cpu_", mat2.dtype(), self);
            }
        }
    }

    @Override
    public void bmm_out_cpu(StructuredMeta op, Tensor self, Tensor mat2, Tensor out) {
        long bs = self.size(0);
        long perBatch = Math.max(1, self.size(1) * self.size(2) * mat2.size(2));
        if (bs >= Parallel.getNumThreads() && !out.isMeta() && !Gemm.sharedWithNative(self.dtype(), perBatch)) {
            // enough batches for every thread: each product on one thread, the batch split between threads (unless
            // a single-threaded native BLAS computes them: then each product is shared between it and the Java
            // kernels, and the batch runs in order)
            Parallel.parallelFor(0, bs, (Gemm.GRAIN_MULTIPLY_ADDS + perBatch - 1) / perBatch, (from, to) -> {
                for (long b = from; b < to; b++) {
                    Gemm.multiply(select0(self, b), select0(mat2, b), select0(out, b));
                }
            });
        } else {
            for (long b = 0; b < bs; b++) {
                Gemm.multiply(select0(self, b), select0(mat2, b), select0(out, b));
            }
        }
    }

    // ------------------------------------------------------------------------------------------ dot

    /**
     * ATen's dot (CPU), and PyTorch 1.13's Python meta_dot for meta tensors, which checks only the dims
     * and returns {@code self.new_empty(())}.
     */
    @Override
    public Tensor dot(Tensor self, Tensor tensor) {
        if (!(self.dim() == 1 && tensor.dim() == 1)) {
            throw new IllegalArgumentException("1D tensors expected, but got " + self.dim() + "D and "
                    + tensor.dim() + "D tensors");
        }
        if (self.dtype() != tensor.dtype()) {
            throw new IllegalArgumentException("dot : expected both vectors to have same dtype, but found "
                    + self.dtype().c10Name() + " and " + tensor.dtype().c10Name());
        }
        if (self.numel() != tensor.numel()) {
            throw new IllegalArgumentException("inconsistent tensor size, expected tensor [" + self.numel()
                    + "] and src [" + tensor.numel() + "] to have the same number of elements, but got " + self.numel()
                    + " and " + tensor.numel() + " elements respectively");
        }
        if (self.isMeta() || tensor.isMeta()) {
            // the Meta kernel: either operand on meta makes the call compute on meta
            return Tensor.FACTORY.empty(new long[0], self.dtype(), Device.META);
        }
        checkKernelTypes("dot", self.dtype());
        Tensor result = Tensor.FACTORY.empty(new long[0], self.dtype(), self.device());
        Gemm.multiply(asRow(self), asColumn(tensor), result.asStrided(new long[] {1, 1}, new long[] {1, 1}, 0));
        return result;
    }

    /**
     * ATen's dot_out (CompositeExplicitAutograd): out becomes a 0-dim tensor holding self.dot(tensor). ATen
     * resizes out before checking its dtype and computing; here the resize comes last, so that a failing
     * call leaves out as it was.
     */
    @Override
    public Tensor dot_out(Tensor self, Tensor tensor, Tensor out) {
        if (!(out.device().equals(self.device()) && self.device().equals(tensor.device()))) {
            throw new IllegalArgumentException("dot(): all tensors must be on the same device. Found: output tensor on "
                    + out.device()
                    + ", input1 tensor on " + self.device() + ", and input2 tensor on " + tensor.device());
        }
        if (out.dtype() != self.dtype()) {
            throw new IllegalArgumentException("result dtype " + out.dtype().c10Name() + " does not match input dtype "
                    + self.dtype().c10Name());
        }
        Tensor value = self.dot(tensor);
        resizeOutput(out, new long[0]);
        out.copy_(value);
        return out;
    }

    // ------------------------------------------------------------------------------------------- mv

    /**
     * ATen's mv: {@code addmv_(empty({self.size(0)}), self, vec, beta=0, alpha=1)}, with addmv's checks and
     * messages; the result has vec's dtype.
     */
    @Override
    public Tensor mv(Tensor self, Tensor vec) {
        long m = self.size(0);
        Tensor result = Tensor.FACTORY.empty(new long[] {m}, vec.dtype(), vec.device());
        addmvChecks(m, self, vec);
        if (onCpu(self)) {
            addmvKernelChecks(self, vec);
        }
        gemv(self, vec, result);
        return result;
    }

    /** ATen's mv_out: {@code addmv_out(out, empty({self.size(0)}), self, vec, beta=0, alpha=1)}. */
    @Override
    public Tensor mv_out(Tensor self, Tensor vec, Tensor out) {
        long m = self.size(0);
        addmvChecks(m, self, vec);
        // PyTorch resizes an out= that is self, then fails on the resized matrix or multiplies the wrong values
        MemOverlap.assertResizedOutOverlapsNoInput(out, new long[] {m}, self, vec);
        StructuredMeta op = StructuredMeta.out(Tensor.FACTORY, out);
        op.setOutputRawStrided(0, new long[] {self.size(0)}, null, vec.dtype(), vec.device());
        if (onCpu(self)) {
            addmvKernelChecks(self, vec);
        }
        op.commit();
        gemv(self, vec, (Tensor) op.output(0));
        op.finish();
        out.versionCounter().bump(); // a composite kernel that writes out's data itself
        return out;
    }

    /** addmv's meta checks, {@code self} being the (1-D, m elements) tensor added to. */
    private static void addmvChecks(long m, Tensor mat, Tensor vec) {
        if (!(mat.dim() == 2 && vec.dim() == 1)) {
            throw new IllegalArgumentException("vector + matrix @ vector expected, got 1, " + mat.dim() + ", "
                    + vec.dim());
        }
        if (mat.size(1) != vec.size(0)) {
            throw new IllegalArgumentException("size mismatch, got " + m + ", " + mat.size(0) + "x" + mat.size(1) + ","
                    + vec.size(0));
        }
    }

    /** addmv_impl_cpu: dispatched on mat's dtype, reading mat then vec, when mat has elements. */
    private static void addmvKernelChecks(Tensor mat, Tensor vec) {
        if (mat.numel() != 0) {
            checkKernelTypes("addmv_impl_cpu", mat.dtype(), vec);
        }
    }

    private static void gemv(Tensor mat, Tensor vec, Tensor result) {
        if (!mat.isMeta() && !vec.isMeta()) {
            Gemm.multiply(mat, asColumn(vec), asColumn(result));
        }
    }

    // --------------------------------------------------------------------------------------- matmul

    /** ATen's matmul (CompositeImplicitAutograd): {@code _matmul_impl} without an out tensor. */
    @Override
    public Tensor matmul(Tensor self, Tensor other) {
        return matmulImpl(null, self, other);
    }

    /** ATen's matmul_out (CompositeImplicitAutograd): {@code _matmul_impl} writing {@code out}. */
    @Override
    public Tensor matmul_out(Tensor self, Tensor other, Tensor out) {
        matmulImpl(out, self, other);
        return out;
    }

    /**
     * PyTorch 1.13's {@code _matmul_impl}: dot for 1-D @ 1-D, mv for 2-D @ 1-D, mm for 1-D @ 2-D and
     * 2-D @ 2-D; when one side has 3+ dims and the other 1 or 2 and the strides allow it
     * ({@link #shouldFold}), the batch of the larger side is folded into its rows and one mm or mv does it
     * all (the smaller side on the left is handled by transposing both, {@code (A B)^T = B^T A^T}); otherwise
     * the batch dims are broadcast, flattened, and bmm does it. Every product goes through the dispatcher.
     */
    private static Tensor matmulImpl(Tensor out, Tensor tensor1, Tensor tensor2) {
        int dim1 = tensor1.dim();
        int dim2 = tensor2.dim();
        if (!(dim1 != 0 && dim2 != 0)) {
            throw new IllegalArgumentException("both arguments to matmul need to be at least 1D, but they are "
                    + dim1 + "D and " + dim2 + "D");
        }
        boolean hasOut = out != null;
        if (dim1 == 1 && dim2 == 1) {
            return hasOut ? Torch.dot_out(out, tensor1, tensor2) : tensor1.dot(tensor2);
        }
        if (dim1 == 2 && dim2 == 1) {
            return hasOut ? Torch.mv_out(out, tensor1, tensor2) : tensor1.mv(tensor2);
        }
        if (dim1 == 1 && dim2 == 2) {
            if (hasOut) {
                Torch.mm_out(out, tensor1.unsqueeze(0), tensor2);
                out.squeeze_(0);
                return out;
            }
            return tensor1.unsqueeze(0).mm(tensor2).squeeze(0);
        }
        if (dim1 == 2 && dim2 == 2) {
            return hasOut ? Torch.mm_out(out, tensor1, tensor2) : tensor1.mm(tensor2);
        }
        if (shouldFold(tensor1, dim2) || shouldFold(tensor2, dim1)) {
            return folded(out, tensor1, tensor2);
        }
        return batched(out, tensor1, tensor2);
    }

    /**
     * Whether the batch of {@code tensor} (3+ dims, against a 1-D or 2-D other side) is folded into mm/mv
     * rather than broadcast for bmm: always, except for a 3-D tensor against a matrix whose last two dims
     * are transposed in a batch-outermost layout (bmm handles that without a copy).
     */
    private static boolean shouldFold(Tensor tensor, int otherDim) {
        int dim = tensor.dim();
        if (dim >= 3 && (otherDim == 1 || otherDim == 2)) {
            long[] sizes = tensor.sizes();
            long[] strides = tensor.strides();
            return !(dim == 3 && otherDim == 2 && strides[2] != 1 && strides[0] == sizes[1] * sizes[2]);
        }
        return false;
    }

    private static Tensor folded(Tensor out, Tensor tensor1, Tensor tensor2) {
        int dim1 = tensor1.dim();
        int dim2 = tensor2.dim();
        boolean transpose = dim2 > dim1;
        Tensor t1 = transpose ? tensor2.transpose(-2, -1) : tensor1;
        Tensor t2 = !transpose ? tensor2 : dim1 == 2 ? tensor1.transpose(0, 1) : tensor1;
        // t1 has 3+ dims, t2 has 1 or 2, and t1 @ t2 is what is computed
        long[] sizes1 = t1.sizes();
        long[] outputShape = Arrays.copyOf(sizes1, sizes1.length - 1);
        long foldedDim1 = TensorGeometry.numel(outputShape);
        boolean t2IsMatrix = t2.dim() == 2;
        if (t2IsMatrix) {
            outputShape = append(outputShape, t2.size(1));
        }
        Tensor t1Folded = t1.reshape(foldedDim1, sizes1[sizes1.length - 1]);
        if (out == null) {
            if (t2IsMatrix) {
                Tensor output = t1Folded.mm(t2).view(outputShape);
                return transpose ? output.transpose(-2, -1).contiguous() : output;
            }
            return t1Folded.mv(t2).view(outputShape);
        }
        boolean transposeOut = transpose && t2IsMatrix;
        long[] outShape = transposeOut ? swapLastTwo(outputShape) : outputShape;
        long[] productShape = t2IsMatrix ? new long[] {foldedDim1, t2.size(1)} : new long[] {foldedDim1};
        return intoOut(out, outShape, transposeOut, productShape, target -> {
            if (t2IsMatrix) {
                Torch.mm_out(target, t1Folded, t2);
            } else {
                Torch.mv_out(target, t1Folded, t2);
            }
        });
    }

    private static Tensor batched(Tensor out, Tensor tensor1, Tensor tensor2) {
        int dim1 = tensor1.dim();
        int dim2 = tensor2.dim();
        long[] sizes1 = tensor1.sizes();
        long[] sizes2 = tensor2.sizes();
        long n = dim1 > 1 ? sizes1[dim1 - 2] : 1;
        long m1 = sizes1[dim1 - 1];
        long[] batchA = Arrays.copyOf(sizes1, Math.max(dim1 - 2, 0));
        long m2 = dim2 > 1 ? sizes2[dim2 - 2] : sizes2[0];
        long p = dim2 > 1 ? sizes2[dim2 - 1] : 1;
        long[] batchB = Arrays.copyOf(sizes2, Math.max(dim2 - 2, 0));
        long[] outputShape = Broadcast.inferSize(batchA, batchB);
        long batch = TensorGeometry.numel(outputShape);

        Tensor tensor1Expanded = tensor1.expand(append(outputShape, n, m1)).reshape(batch, n, m1);
        boolean vectorRhs = dim2 == 1;
        Tensor tensor2Expanded = vectorRhs
                ? tensor2.expand(append(outputShape, m2)).reshape(batch, m2).unsqueeze(2)
                : tensor2.expand(append(outputShape, m2, p)).reshape(batch, m2, p);
        if (dim1 > 1) {
            outputShape = append(outputShape, n);
        }
        if (dim2 > 1) {
            outputShape = append(outputShape, p);
        }
        if (out == null) {
            Tensor product = tensor1Expanded.bmm(tensor2Expanded);
            return (vectorRhs ? product.squeeze(2) : product).view(outputShape);
        }
        return intoOut(out, outputShape, false, new long[] {batch, n, p},
                target -> Torch.bmm_out(target, tensor1Expanded, tensor2Expanded));
    }

    /**
     * The out= tail of matmul's folded and batched paths. ATen resizes out to {@code outShape} (with the
     * usual warning), reshapes it (or its mT, {@code transposeOut}) to the shape of the product, writes the
     * product with mm_out/mv_out/bmm_out and copies it back when the reshape was not a view. Here the resize
     * waits until the product has succeeded: while out still has other sizes, the product goes to a new
     * tensor of out's dtype (so mm_out and friends still check out's dtype, with their messages), and is
     * copied into out once out is resized.
     */
    private static Tensor intoOut(Tensor out, long[] outShape, boolean transposeOut, long[] productShape,
            Consumer<Tensor> product) {
        boolean resize = !Arrays.equals(out.sizes(), outShape);
        Tensor target = resize
                ? Tensor.FACTORY.empty(productShape, out.dtype(), out.device())
                : (transposeOut ? out.transpose(-2, -1) : out).reshape(productShape);
        product.accept(target);
        if (resize) {
            resizeOutput(out, outShape);
        }
        Tensor dst = transposeOut ? out.transpose(-2, -1) : out;
        if (target.storage() != dst.storage()) {
            dst.copy_(target.reshape(dst.sizes()));
        }
        return out;
    }

    // ------------------------------------------------------------------------------------- checking

    /** For constant messages; a message built from values is built in an {@code if}, only when it fails. */
    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    private static boolean onCpu(TensorImpl t) {
        return t.device().type() == DeviceType.CPU;
    }

    /**
     * What an ATen CPU kernel does before it computes: AT_DISPATCH on {@code scalarType} (no kernel for
     * bool: {@code "name" not implemented for 'Bool'}), then {@code data_ptr<scalar_t>()} on its operands
     * in order ({@code expected scalar type Float but found Double}).
     */
    private static void checkKernelTypes(String name, ScalarType scalarType, TensorImpl... operands) {
        if (scalarType == ScalarType.Bool) {
            throw new IllegalArgumentException("\"" + name + "\" not implemented for '" + scalarType.c10Name() + "'");
        }
        for (TensorImpl t : operands) {
            if (t.dtype() != scalarType) {
                throw new IllegalArgumentException("expected scalar type " + scalarType.c10Name() + " but found "
                        + t.dtype().c10Name());
            }
        }
    }

    /** ATen's resize_output: out gets {@code shape} (contiguous) unless it has it, warning if it had elements. */
    private static void resizeOutput(Tensor out, long[] shape) {
        StructuredMeta resize = StructuredMeta.out(Tensor.FACTORY, out);
        resize.setOutputRawStrided(0, shape, null, out.dtype(), out.device());
        resize.commit();
    }

    // ---------------------------------------------------------------------------------------- views
    // Kernel-internal views of mm/bmm/mv operands (matmul itself calls the view operators through the
    // dispatcher, as PyTorch does).

    /** A vector as a 1 x n matrix. */
    private static Tensor asRow(Tensor v) {
        return v.asStrided(new long[] {1, v.size(0)}, new long[] {1, v.stride(0)}, v.storageOffset());
    }

    /** A vector as an n x 1 matrix. */
    private static Tensor asColumn(Tensor v) {
        return v.asStrided(new long[] {v.size(0), 1}, new long[] {v.stride(0), 1}, v.storageOffset());
    }

    /** {@code t.select(0, index)}. */
    private static Tensor select0(Tensor t, long index) {
        long[] sizes = t.sizes();
        long[] strides = t.strides();
        return t.asStrided(Arrays.copyOfRange(sizes, 1, sizes.length), Arrays.copyOfRange(strides, 1, strides.length),
                t.storageOffset() + index * strides[0]);
    }



    private static long[] append(long[] a, long... more) {
        long[] r = Arrays.copyOf(a, a.length + more.length);
        System.arraycopy(more, 0, r, a.length, more.length);
        return r;
    }

    private static long[] swapLastTwo(long[] a) {
        long[] r = a.clone();
        int n = r.length;
        long t = r[n - 1];
        r[n - 1] = r[n - 2];
        r[n - 2] = t;
        return r;
    }
}
