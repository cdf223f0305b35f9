package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * The CPU fast path of mm for small matrices ({@code cpu_fast_path} in ops.yaml): float32 or float64
 * operands of any strides (a transposed weight, say) multiplied straight into the result, with no
 * structured-meta object and no copy of a strided operand. It is {@link Gemm}'s i-k-j loop for the smallest
 * products and its native BLAS or packed kernel from {@link Gemm#MIN_STRIDED_MULTIPLY_ADDS} on, both reading the
 * operands through their strides, as {@link Gemm#multiply} chooses them: the result is the same to the bit.
 *
 * <p>Taken: two CPU matrices of float32 or float64 whose shapes multiply, with at most
 * {@link #MAX_MULTIPLY_ADDS} multiply-adds and none of m, k, n zero; an out= of exactly the result's
 * sizes and dtype, contiguous, on the CPU and sharing no storage with an operand. Everything else (larger
 * products, integers, bad shapes, an out= to resize) returns null having touched nothing.
 */
public final class MatrixFastPaths implements MatrixFastPathsDeclarations {
    /** m * k * n up to which the straight loop is taken; larger products go to the general GEMM. */
    static final long MAX_MULTIPLY_ADDS = 1 << 16;

    @Override
    public Tensor mm(Tensor out, Tensor self, Tensor mat2) {
        if (self.device().type() != DeviceType.CPU || mat2.device().type() != DeviceType.CPU || self.dim() != 2
                || mat2.dim() != 2 || self.dtype() != mat2.dtype()
                || (self.dtype() != ScalarType.Float32 && self.dtype() != ScalarType.Float64)) {
            return null;
        }
        long m = self.size(0);
        long k = self.size(1);
        long n = mat2.size(1);
        if (mat2.size(0) != k || m == 0 || k == 0 || n == 0 || m * k * n > MAX_MULTIPLY_ADDS) {
            return null;
        }
        Tensor result;
        if (out == null) {
            result = new Tensor(Storage.allocate(self.dtype(), m * n), new long[] {m, n});
        } else if (out.dtype() == self.dtype() && out.device().type() == DeviceType.CPU && out.isContiguous()
                && out.dim() == 2 && out.size(0) == m && out.size(1) == n && out.storage() != self.storage()
                && out.storage() != mat2.storage()) {
            result = out;
        } else {
            return null;
        }
        int aOff = (int) self.storageOffset();
        int as0 = (int) self.stride(0);
        int as1 = (int) self.stride(1);
        int bOff = (int) mat2.storageOffset();
        int bs0 = (int) mat2.stride(0);
        int bs1 = (int) mat2.stride(1);
        int cOff = (int) result.storageOffset();
        if (self.dtype() == ScalarType.Float32) {
            FloatGemm.small(self.storage().floats(), aOff, as0, as1, mat2.storage().floats(), bOff, bs0, bs1,
                    result.storage().floats(), cOff, (int) n, (int) m, (int) k, (int) n);
        } else {
            DoubleGemm.small(self.storage().doubles(), aOff, as0, as1, mat2.storage().doubles(), bOff, bs0, bs1,
                    result.storage().doubles(), cOff, (int) n, (int) m, (int) k, (int) n);
        }
        return result;
    }
}
