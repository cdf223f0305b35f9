package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.structured.TypeMetaNames;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * Norms, matrix powers and products written over other operators as PyTorch 1.13's LinearAlgebra.cpp writes them,
 * with its checks and messages, so that autograd differentiates through what they call: linalg_vector_norm (norm
 * over the given dims, or all), linalg_matrix_norm ('fro', and the 1 and inf norms as the max or min of column or
 * row sums), linalg_norm (one or the other), linalg_matrix_power and matrix_power (repeated squaring), addmv and
 * addr (addmm of a column and a row), and linalg_multi_dot (the cheapest order of the chain) with its deprecated
 * spelling chain_matmul.
 *
 * <p>The norms that need singular values (ord 2, -2 and 'nuc') take them from {@code linalg_svdvals} over the two
 * dims moved last, as 1.13 does.
 */
public final class MatrixFunctions implements MatrixFunctionsDeclarations {

    // ---------------------------------------------------------------- norms

    @Override
    public Tensor linalg_vector_norm(Tensor self, Scalar ord, long[] dim, boolean keepdim, ScalarType dtype) {
        String api = "linalg.vector_norm";
        if (!self.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException(api + ": Expected a floating point or complex tensor as input. Got "
                    + self.dtype().c10Name());
        }
        double p = ord.toDouble();
        // 1.13's meta: an empty tensor has no negative or infinite norm over all of it or over an empty dim (a
        // dim named as given); checked before the dtype
        if (self.numel() == 0 && (p < 0 || p == Double.POSITIVE_INFINITY)) {
            String name = RangeFactories.formatDouble(p);
            if (dim == null || dim.length == 0) {
                throw new IllegalArgumentException(api + " cannot compute the " + name + " norm on an empty tensor"
                        + " because the operation does not have an identity");
            }
            for (long d : dim) {
                if (self.size(TensorGeometry.wrapDim(d, self.dim())) == 0) {
                    throw new IllegalArgumentException(api + " cannot compute the " + name + " norm on the dimension "
                            + d + "because this dimension is empty and the operation does not have an identity");
                }
            }
        }
        Tensor x = self;
        if (dtype != null) {
            if (!dtype.isFloatingPoint()) {
                throw new IllegalArgumentException(api + ": dtype should be floating point or complex, but got "
                        + dtype.c10Name());
            }
            if (ResultType.promoteTypes(self.dtype(), dtype) != dtype) {
                throw new IllegalArgumentException(api + ": the dtype of the input (" + self.dtype().c10Name()
                        + ") should be convertible without narrowing to the specified dtype (" + dtype.c10Name() + ")");
            }
            x = self.to(dtype);
        }
        long[] dims = reducedDims(self, dim);
        return Torch.norm(x, ord, dims, keepdim);
    }

    @Override
    public Tensor linalg_matrix_norm(Tensor a, Scalar ord, long[] dim, boolean keepdim, ScalarType dtype) {
        double p = ord.toDouble();
        double abs = Math.abs(p);
        // the order is checked first, as 1.13 checks it, then A, dim and dtype
        if (abs != 1 && abs != 2 && abs != Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("linalg.matrix_norm: Order " + RangeFactories.formatDouble(p)
                    + " not supported.");
        }
        int[] dims = checkMatrixNorm(a, dim);
        if (abs == 2) {
            // the largest (smallest) singular value over the two dims
            checkNotLowPrecision(a);
            Tensor s = Torch.linalg_svdvals(withMatrixDimsLast(a, dims, dtype), null);
            Tensor extreme = p > 0 ? Torch.amax(s, new long[] {-1}, keepdim) : Torch.amin(s, new long[] {-1}, keepdim);
            return keepdim ? restoreMatrixDims(extreme.unsqueeze(-1), dims) : extreme;
        }
        // the inf norm is the 1 norm of the transpose: sums along one dim, then the extremum along the other
        int sum = abs == 1 ? dims[0] : dims[1];
        int across = abs == 1 ? dims[1] : dims[0];
        if (!keepdim && sum < across) {
            across--;
        }
        Tensor sums = Torch.linalg_vector_norm(a, Scalar.of(1.0), new long[] {sum}, keepdim, dtype);
        return p > 0 ? Torch.amax(sums, new long[] {across}, keepdim) : Torch.amin(sums, new long[] {across}, keepdim);
    }

    @Override
    public Tensor linalg_matrix_norm(Tensor a, String ord, long[] dim, boolean keepdim, ScalarType dtype) {
        if (!ord.equals("fro") && !ord.equals("nuc")) {
            throw new IllegalArgumentException("linalg.matrix_norm: Order " + ord + " not supported.");
        }
        int[] dims = checkMatrixNorm(a, dim);
        if (ord.equals("fro")) {
            return Torch.linalg_vector_norm(a, Scalar.of(2.0), new long[] {dims[0], dims[1]}, keepdim, dtype);
        }
        if (ord.equals("nuc")) {
            // the sum of the singular values over the two dims
            checkNotLowPrecision(a);
            Tensor s = Torch.linalg_svdvals(withMatrixDimsLast(a, dims, dtype), null);
            Tensor sum = s.sum(new long[] {-1}, keepdim, null);
            return keepdim ? restoreMatrixDims(sum.unsqueeze(-1), dims) : sum;
        }
        throw new IllegalArgumentException("linalg.matrix_norm: Order " + ord + " not supported.");
    }

    @Override
    public Tensor linalg_norm(Tensor x, Scalar ord, long[] dim, boolean keepdim, ScalarType dtype) {
        if (dim != null) {
            if (dim.length != 1 && dim.length != 2) {
                throw new IllegalArgumentException("linalg.norm: If dim is specified, it must be of length 1 or 2. Got "
                        + Arrays.toString(dim));
            }
        } else if (ord != null && x.dim() != 1 && x.dim() != 2) {
            throw new IllegalArgumentException("linalg.norm: If dim is not specified but ord is, the input must be 1D or"
                    + " 2D. Got " + x.dim() + "D.");
        }
        if (ord != null && (dim != null && dim.length == 2 || dim == null && x.dim() == 2)) {
            return Torch.linalg_matrix_norm(x, ord, dim != null ? dim : new long[] {0, 1}, keepdim, dtype);
        }
        return Torch.linalg_vector_norm(x, ord != null ? ord : Scalar.of(2.0), dim, keepdim, dtype);
    }

    @Override
    public Tensor linalg_norm(Tensor x, String ord, long[] dim, boolean keepdim, ScalarType dtype) {
        if (dim != null) {
            if (dim.length != 1 && dim.length != 2) {
                throw new IllegalArgumentException("linalg.norm: If dim is specified, it mut be of length 1 or 2. Got "
                        + Arrays.toString(dim));
            }
        } else if (x.dim() != 1 && x.dim() != 2) {
            throw new IllegalArgumentException("linalg.norm: If dim is not specified but ord is, the input must be 1D or"
                    + " 2D. Got " + x.dim() + "D.");
        }
        return Torch.linalg_matrix_norm(x, ord, dim != null ? dim : new long[] {0, 1}, keepdim, dtype);
    }

    /** The singular-value norms refuse float16 and bfloat16 (the others compute in them). */
    private static void checkNotLowPrecision(Tensor a) {
        if (a.dtype() != ScalarType.Float32 && a.dtype() != ScalarType.Float64) {
            throw new IllegalArgumentException("linalg.matrix_norm: Low precision dtypes not supported. Got "
                    + a.dtype().c10Name());
        }
    }

    /** A (in {@code dtype}, if given) with the two matrix dims moved last, the others in order (1.13's backshift). */
    private static Tensor withMatrixDimsLast(Tensor a, int[] dims, ScalarType dtype) {
        Tensor source = dtype != null ? a.to(dtype) : a;
        return source.permute(backshift(dims, a.dim()));
    }

    /** A result whose last two dims (size 1) stand for the matrix dims, moved back to where they were. */
    private static Tensor restoreMatrixDims(Tensor t, int[] dims) {
        long[] permutation = backshift(dims, t.dim());
        long[] reverse = new long[permutation.length];
        for (int i = 0; i < permutation.length; i++) {
            reverse[(int) permutation[i]] = i;
        }
        return t.permute(reverse);
    }

    private static long[] backshift(int[] dims, int rank) {
        long[] permutation = new long[rank];
        int at = 0;
        for (int d = 0; d < rank; d++) {
            if (d != dims[0] && d != dims[1]) {
                permutation[at++] = d;
            }
        }
        permutation[at++] = dims[0];
        permutation[at] = dims[1];
        return permutation;
    }

    /** The matrix norms' checks: at least 2 dims, a floating dtype, two different dims. */
    private static int[] checkMatrixNorm(Tensor a, long[] dim) {
        LinearSolvers.checkMatrix(a, "linalg.matrix_norm", "A");
        if (!a.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("linalg.matrix_norm: Expected a floating point or complex tensor as"
                    + " input. Got " + a.dtype().c10Name());
        }
        if (dim.length != 2) {
            throw new IllegalArgumentException("linalg.matrix_norm: dim must be a 2-tuple. Got "
                    + Arrays.toString(dim).replace('[', '(').replace(']', ')'));
        }
        int d0 = TensorGeometry.wrapDim(dim[0], a.dim());
        int d1 = TensorGeometry.wrapDim(dim[1], a.dim());
        if (d0 == d1) {
            throw new IllegalArgumentException("linalg.matrix_norm: dims must be different. Got (" + dim[0] + ", "
                    + dim[1] + ")");
        }
        return new int[] {d0, d1};
    }

    /** The dims a vector norm reduces: the given ones wrapped (each once), or all of them. */
    private static long[] reducedDims(Tensor self, long[] dim) {
        if (dim == null || dim.length == 0) {
            long[] all = new long[self.dim()];
            for (int d = 0; d < all.length; d++) {
                all[d] = d;
            }
            return all;
        }
        long[] wrapped = new long[dim.length];
        boolean[] seen = new boolean[Math.max(1, self.dim())];
        for (int i = 0; i < dim.length; i++) {
            int d = TensorGeometry.wrapDim(dim[i], self.dim());
            if (seen[d]) {
                throw new IllegalArgumentException("dim " + d + " appears multiple times in the list of dims");
            }
            seen[d] = true;
            wrapped[i] = d;
        }
        return wrapped;
    }

    // ---------------------------------------------------------------- matrix powers

    @Override
    public Tensor linalg_matrix_power(Tensor self, long n) {
        LinearSolvers.checkSquare(self, "linalg.matrix_power", "A");
        if (n == 0) {
            // a clone, so that the result is in the autograd graph (its gradient is zero)
            Tensor identity = Torch.eye(self.size(self.dim() - 1), self.dtype(), null, self.device());
            return Torch.clone(self, MemoryFormat.Contiguous).copy_(identity, false);
        }
        if (n == 1) {
            return Torch.clone(self, MemoryFormat.Contiguous);
        }
        if (n == -1) {
            return Torch.linalg_inv(self);
        }
        Tensor a = n < 0 ? Torch.linalg_inv(self) : self;
        long k = Math.abs(n);
        if (k == 2) {
            return Torch.matmul(a, a);
        }
        if (k == 3) {
            return Torch.matmul(Torch.matmul(a, a), a);
        }
        // the binary digits of k from the least significant: z runs through a, a^2, a^4, ...
        Tensor z = null;
        Tensor result = null;
        while (k > 0) {
            long bit = k % 2;
            k /= 2;
            z = z == null ? a : Torch.matmul(z, z);
            if (bit == 1) {
                result = result == null ? z : Torch.matmul(result, z);
            }
        }
        return result;
    }

    @Override
    public Tensor matrix_power(Tensor self, long n) {
        return Torch.linalg_matrix_power(self, n);
    }

    // ---------------------------------------------------------------- addmv, addr

    @Override
    public Tensor addmv(Tensor self, Tensor mat, Tensor vec, Scalar beta, Scalar alpha) {
        if (!(mat.dim() == 2 && vec.dim() == 1 && self.dim() <= 1)) {
            throw new IllegalArgumentException("vector + matrix @ vector expected, got " + self.dim() + ", " + mat.dim()
                    + ", " + vec.dim());
        }
        if (!(mat.size(1) == vec.size(0) && (mat.size(0) == self.numel() || self.numel() == 1))) {
            throw new IllegalArgumentException("size mismatch, got " + (self.dim() == 0 ? 1 : self.size(0)) + ", "
                    + mat.size(0) + "x" + mat.size(1) + "," + vec.size(0));
        }
        // addmm of a column: beta 0 ignores self (its NaN too), as addmv's kernel does
        Tensor column = self.reshape(new long[] {self.numel(), 1});
        return Torch.addmm(column, mat, vec.unsqueeze(1), beta, alpha).squeeze(1);
    }

    @Override
    public Tensor addr(Tensor self, Tensor vec1, Tensor vec2, Scalar beta, Scalar alpha) {
        if (vec1.dim() != 1) {
            throw new IllegalArgumentException("addr: Expected 1-D argument vec1, but got " + vec1.dim() + "-D");
        }
        if (vec2.dim() != 1) {
            throw new IllegalArgumentException("addr: Expected 1-D argument vec2, but got " + vec2.dim() + "-D");
        }
        Tensor expanded = self.expand(new long[] {vec1.size(0), vec2.size(0)}, false);
        return Torch.addmm(expanded, vec1.unsqueeze(1), vec2.unsqueeze(0), beta, alpha);
    }

    // ---------------------------------------------------------------- chain_matmul, multi_dot

    /** TORCH_WARN_ONCE's "once": per process. */
    private static final AtomicBoolean CHAIN_MATMUL_WARNED = new AtomicBoolean();

    /** The deprecated spelling of linalg_multi_dot for matrices only; one matrix is cloned. */
    @Override
    public Tensor chain_matmul(Tensor[] matrices) {
        checkChain(matrices);
        return matrices.length == 1 ? Torch.clone(matrices[0]) : Torch.linalg_multi_dot(matrices);
    }

    /**
     * chain_matmul into out: one matrix is copied (into any dtype), a chain goes through multi_dot's out= rules,
     * whose dtype check comes after its shape checks (here: after the product, before out is touched).
     */
    @Override
    public Tensor chain_matmul_out(Tensor[] matrices, Tensor out) {
        checkChain(matrices);
        if (matrices.length == 1) {
            // the one matrix is copied as it is: an out it shares memory with is refused before it is resized
            MemOverlap.assertResizedOutOverlapsNoInput(out, matrices[0].sizes(), matrices[0]);
            return ResultIntoOut.copy(matrices[0], out);
        }
        Tensor product = Torch.linalg_multi_dot(matrices);
        if (product.dtype() != out.dtype()) {
            throw new IllegalArgumentException("multi_dot(): expected out tensor to have dtype "
                    + TypeMetaNames.of(product.dtype()) + " but got " + TypeMetaNames.of(out.dtype()));
        }
        return ResultIntoOut.copy(product, out);
    }

    private static void checkChain(Tensor[] matrices) {
        if (!CHAIN_MATMUL_WARNED.getAndSet(true)) {
            Warnings.warn("torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use"
                    + " torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than multiple"
                    + " parameters.");
        }
        for (Tensor m : matrices) { // checkAllSameDim
            if (m.dim() != 2) {
                throw new IllegalArgumentException("Tensor dimension is " + m.dim() + ", expected 2 instead.");
            }
        }
        if (matrices.length == 0) {
            throw new IllegalArgumentException("chain_matmul(): Expected one or more matrices");
        }
    }


    @Override
    public Tensor linalg_multi_dot(Tensor[] tensors) {
        int n = tensors.length;
        if (n < 2) {
            throw new IllegalArgumentException("multi_dot(): expected at least 2 tensors but got " + n);
        }
        Tensor[] m = tensors.clone();
        long[] outShape = new long[2];
        int outDims = 0;
        if (m[0].dim() == 1) {
            m[0] = m[0].unsqueeze(0);
        } else if (m[0].dim() == 2) {
            outShape[outDims++] = m[0].size(0);
        } else {
            throw new IllegalArgumentException("multi_dot(): the first tensor must be 1D or 2D but got " + m[0].dim()
                    + "D");
        }
        if (m[n - 1].dim() == 1) {
            m[n - 1] = m[n - 1].unsqueeze(-1);
        } else if (m[n - 1].dim() == 2) {
            outShape[outDims++] = m[n - 1].size(1);
        } else {
            throw new IllegalArgumentException("multi_dot(): the last tensor must be 1D or 2D but got "
                    + m[n - 1].dim() + "D");
        }
        for (int i = 1; i < n - 1; i++) {
            if (m[i].dim() != 2) {
                throw new IllegalArgumentException("multi_dot(): tensor " + i + " must be 2D but got " + m[i].dim()
                        + "D");
            }
        }
        for (int i = 1; i < n; i++) {
            if (m[i].dtype() != m[0].dtype()) {
                throw new IllegalArgumentException("multi_dot(): all tensors must have be the same dtype but tensor 0"
                        + " is " + TypeMetaNames.of(m[0].dtype()) + " and tensor " + i + " "
                        + TypeMetaNames.of(m[i].dtype()));
            }
            if (m[i - 1].size(1) != m[i].size(0)) {
                throw new IllegalArgumentException("multi_dot(): tensors " + (i - 1) + " and " + i + " with shapes "
                        + Arrays.toString(tensors[i - 1].sizes()) + " and " + Arrays.toString(tensors[i].sizes())
                        + " cannot be multiplied");
            }
        }
        Tensor result;
        if (n == 2) {
            result = Torch.mm(m[0], m[1]);
        } else if (n == 3) {
            long a = m[0].size(0);
            long b = m[1].size(0);
            long c = m[2].size(0);
            long d = m[2].size(1);
            // (ab)c costs a c (b + d) multiply-adds, a(bc) costs b d (a + c)
            result = a * c * (b + d) > b * d * (a + c) ? Torch.mm(m[0], Torch.mm(m[1], m[2]))
                    : Torch.mm(Torch.mm(m[0], m[1]), m[2]);
        } else {
            result = chain(m, chainOrder(m), 0, n - 1);
        }
        return result.view(Arrays.copyOf(outShape, outDims));
    }

    /** The matrix-chain split points that minimize the multiply-adds (ATen's matrix_chain_order). */
    private static int[][] chainOrder(Tensor[] m) {
        int n = m.length;
        long[] p = new long[n + 1];
        for (int i = 0; i < n; i++) {
            p[i] = m[i].size(0);
        }
        p[n] = m[n - 1].size(1);
        long[][] cost = new long[n][n];
        int[][] split = new int[n][n];
        for (int l = 1; l < n; l++) {
            for (int i = 0; i < n - l; i++) {
                int j = i + l;
                cost[i][j] = Long.MAX_VALUE;
                for (int k = i; k < j; k++) {
                    long q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
                    if (q < cost[i][j]) {
                        cost[i][j] = q;
                        split[i][j] = k;
                    }
                }
            }
        }
        return split;
    }

    private static Tensor chain(Tensor[] m, int[][] split, int i, int j) {
        if (i == j) {
            return m[i];
        }
        return Torch.mm(chain(m, split, i, split[i][j]), chain(m, split, split[i][j] + 1, j));
    }
}
