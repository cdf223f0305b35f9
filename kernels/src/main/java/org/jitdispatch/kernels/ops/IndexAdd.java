package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * index_add (structured, with its in-place and out= variants): {@code out = self}, then slice {@code index[i]} of
 * out along dim gets {@code alpha * source}'s slice i added, as PyTorch 1.13's index_func_meta_impl and
 * index_add_cpu_. alpha is converted to the dtype first (an integer tensor truncates 2.5 to 2, as ATen's
 * {@code alpha.to<scalar_t>()}), and float32 adds in float. The meta checks every index before anything is
 * written (ATen checks them as it adds), so a failing call leaves its tensors untouched.
 */
public final class IndexAdd implements IndexAddDeclarations {

    @Override
    public void meta_index_add(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor source, Scalar alpha) {
        indexFuncMeta(op, self, dim, index, source, "index_add");
    }

    /** ATen's index_func_meta_impl, shared with index_reduce ({@code func} names the op in the messages). */
    static void indexFuncMeta(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor source, String func) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        long numel = index.numel();
        if (index.dim() > 1) {
            throw new IndexOutOfBoundsException(func + "_(): Index is supposed to be a vector, but got dim: "
                    + index.dim() + " with type: " + index.dtype().c10Name() + " and size: " + Arrays.toString(index.sizes()));
        }
        if (index.dtype() != ScalarType.Int64 && index.dtype() != ScalarType.Int32) {
            throw new IllegalArgumentException(func + "_(): Expected dtype int32/int64 for index but got: "
                    + index.dtype().c10Name());
        }
        if (self.dtype() != source.dtype()) {
            throw new IllegalArgumentException(func + "_(): self (" + self.dtype().c10Name() + ") and source ("
                    + source.dtype().c10Name() + ") must have the same scalar type");
        }
        if (!(d == 0 || d < source.dim())) {
            throw new IndexOutOfBoundsException(func + "_(): Indexing dim " + d + " is out of bounds of the source"
                    + " tensor with dim " + source.dim());
        }
        long sourceSize = source.dim() == 0 ? 1 : source.size(d);
        if (numel != sourceSize) {
            throw new IllegalArgumentException(func + "_(): Number of indices (" + numel + ") should be equal to"
                    + " source.size(dim): (" + sourceSize + "), for dim: " + d);
        }
        TensorImpl result = op.maybeGetOutput(0);
        if (result != null) {
            MemOverlap.assertNoInternalOverlap(MemOverlap.Region.of(result));
            MemOverlap.assertNoOverlap(MemOverlap.Region.of(result), MemOverlap.Region.of(index));
            MemOverlap.assertNoOverlap(MemOverlap.Region.of(result), MemOverlap.Region.of(source));
        }
        if (numel > 0 && self.dim() > 1 && source.dim() > 0) {
            // ATen's TensorIterator check of one slice of self against one slice of source
            long[] selfSlice = IndexCopy.dropDim(self.sizes(), d);
            long[] sourceSlice = IndexCopy.dropDim(source.sizes(), d);
            long[] shape = Broadcast.inferSize(selfSlice, sourceSlice);
            if (!Arrays.equals(shape, selfSlice)) {
                throw new IllegalArgumentException("output with shape " + Arrays.toString(selfSlice)
                        + " doesn't match the broadcast shape " + Arrays.toString(shape));
            }
        }
        if (self.dim() <= 1 && source.dim() > 1) {
            // the kernel's check on its path for a self of at most one dim
            throw new IllegalArgumentException("source.dim() (" + source.dim() + ") must one or zero for given self.dim() ("
                    + self.dim() + ")");
        }
        if (!index.isMeta() && !self.isMeta()) {
            long bound = self.dim() == 0 ? 1 : self.size(d);
            for (long i : index.toLongArray()) {
                if (i < 0 || i >= bound) {
                    throw new IndexOutOfBoundsException("index out of range in self");
                }
            }
        }
        if (self.dim() > 1 && source.dim() == 0 && index.numel() > 0 && self.numel() > 0) {
            // ATen's kernel selects a slice of source along dim, which a 0-dim source has none of
            throw new IndexOutOfBoundsException("select() cannot be applied to a 0-dim tensor.");
        }
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device());
    }

    @Override
    public void index_add_cpu_out(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor source, Scalar alpha,
            Tensor out) {
        if (out != self) {
            out.copy_(self);
        }
        long numel = index.numel();
        if (numel == 0 || out.numel() == 0) {
            return;
        }
        int d = self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim());
        long[] indices = index.toLongArray();
        ScalarType dtype = out.dtype();
        Storage to = out.storage();
        Storage from = source.storage();
        for (int i = 0; i < indices.length; i++) {
            Tensor outSlice = out.dim() == 0 ? out : out.select(d, indices[i]);
            Tensor sourceSlice = source.dim() == 0 ? source : source.select(d, i).expand(outSlice.sizes());
            long[] outAt = ShapeOps.offsets(outSlice);
            long[] sourceAt = ShapeOps.offsets(sourceSlice);
            for (int k = 0; k < outAt.length; k++) {
                addScaled(to, outAt[k], from, sourceAt[k], alpha, dtype);
            }
        }
    }

    /** {@code to[at] += alpha * from[src]} in the dtype's arithmetic, alpha converted to the dtype. */
    private static void addScaled(Storage to, long at, Storage from, long src, Scalar alpha, ScalarType dtype) {
        if (dtype == ScalarType.Float64) {
            to.setDouble(at, to.getDouble(at) + ScalarConversions.toDouble(alpha) * from.getDouble(src));
        } else if (dtype.isFloatingPoint()) {
            float a = (float) ScalarConversions.toDouble(alpha);
            to.setDouble(at, (float) to.getDouble(at) + a * (float) from.getDouble(src));
        } else if (dtype == ScalarType.Bool) {
            boolean a = alpha.toBoolean();
            to.setLong(at, to.getLong(at) != 0 || (a && from.getLong(src) != 0) ? 1 : 0);
        } else {
            long a = alpha.isFloatingPoint() ? (long) alpha.toDouble() : alpha.toLong();
            to.setLong(at, to.getLong(at) + a * from.getLong(src));
        }
    }
}
