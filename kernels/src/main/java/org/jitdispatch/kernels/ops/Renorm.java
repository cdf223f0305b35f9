package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * renorm (structured, with its in-place and out= variants): each slice along dim whose p-norm exceeds maxnorm is
 * scaled down to norm maxnorm, as PyTorch 1.13's Normalization.cpp: the norms by linalg_vector_norm over the other
 * dims (float16 and bfloat16 in float32), ATen's scale factor {@code norm > maxnorm ? maxnorm / (norm + 1e-7) : 1}
 * in that accumulate type, then {@code self * factor}.
 */
public final class Renorm implements RenormDeclarations {

    /** TORCH_META_FUNC(renorm). */
    @Override
    public void meta_renorm(StructuredMeta op, Tensor self, Scalar p, long dim, Scalar maxnorm) {
        if (!(ScalarConversions.toDouble(p) > 0.0)) {
            throw new IllegalArgumentException("renorm: non-positive-norm not supported");
        }
        double max = ScalarConversions.toDouble(maxnorm);
        if (!(max >= 0.0)) {
            throw new IllegalArgumentException("renorm: expected maxnorm to be >= 0 but got "
                    + RangeFactories.formatDouble(max));
        }
        if (self.dim() <= 1) {
            throw new IllegalArgumentException("renorm: input needs at least 2 dimensions, got " + self.dim()
                    + " dimensions");
        }
        TensorGeometry.wrapDim(dim, self.dim()); // ATen wraps it in the impl, after out is resized; checked here first
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device()); // out's dtype checked first
        if (!self.dtype().isFloatingPoint()) {
            // linalg_vector_norm's refusal, which ATen reaches after resizing out; here before commit() resizes it
            throw new IllegalArgumentException("linalg.vector_norm: Expected a floating point or complex tensor as"
                    + " input. Got " + self.dtype().c10Name());
        }
    }

    @Override
    public void renorm_out(StructuredMeta op, Tensor self, Scalar p, long dim, Scalar maxnorm, Tensor out) {
        long[] reduce = otherDims(self.dim(), TensorGeometry.wrapDim(dim, self.dim()));
        ScalarType acc = accumulateType(self.dtype());
        Tensor norm = Torch.linalg_vector_norm(self, Scalar.of(ScalarConversions.toDouble(p)), reduce, true,
                acc == self.dtype() ? null : acc);
        Tensor factor = scaleFactor(norm, ScalarConversions.toDouble(maxnorm), acc);
        Torch.mul_out(out, self, acc == self.dtype() ? factor : factor.to(self.dtype()));
    }

    /** renorm_scale_factor_stub, element by element in the accumulate type (float arithmetic for float32). */
    private static Tensor scaleFactor(Tensor norm, double maxnorm, ScalarType acc) {
        double[] n = norm.toDoubleArray();
        double[] f = new double[n.length];
        boolean single = acc == ScalarType.Float32;
        float maxF = (float) maxnorm;
        for (int i = 0; i < n.length; i++) {
            if (single) {
                float v = (float) n[i];
                f[i] = v > maxF ? maxF / (v + 1e-7f) : 1f;
            } else {
                f[i] = n[i] > maxnorm ? maxnorm / (n[i] + 1e-7) : 1.0;
            }
        }
        return Torch.tensor(f, norm.sizes()).to(acc);
    }

    /** at::toAccumulateType(dtype, is_cuda=true), as 1.13's renorm asks: float32 for the 16-bit floats. */
    public static ScalarType accumulateType(ScalarType dtype) {
        return dtype == ScalarType.Float16 || dtype == ScalarType.BFloat16 ? ScalarType.Float32 : dtype;
    }

    /** Every dim but {@code dim}. */
    public static long[] otherDims(int ndim, int dim) {
        long[] dims = new long[ndim - 1];
        for (int i = 0, j = 0; i < ndim; i++) {
            if (i != dim) {
                dims[j++] = i;
            }
        }
        return dims;
    }
}
