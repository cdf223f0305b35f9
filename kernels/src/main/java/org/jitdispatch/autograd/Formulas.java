package org.jitdispatch.autograd;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * Helpers that derivatives.yaml formulas call (PyTorch's FunctionsManual), all built from operators so
 * that they run on every backend.
 */
public final class Formulas {
    private Formulas() {
    }

    /**
     * Sums {@code grad} down to {@code sizes} (at::sum_to): leading dimensions that broadcasting added are
     * summed away, and dimensions that were 1 are summed with keepdim. Undoes broadcasting in every
     * generated backward function. Null in, null out.
     */
    public static Tensor sumTo(Tensor grad, long[] sizes) {
        if (grad == null || sizes == null || grad.hasSizes(sizes)) {
            return grad;
        }
        int lead = grad.dim() - sizes.length;
        long[] dims = new long[grad.dim()];
        int count = 0;
        for (int i = 0; i < lead; i++) {
            dims[count++] = i;
        }
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] == 1 && grad.size(lead + i) != 1) {
                dims[count++] = lead + i;
            }
        }
        Tensor summed = count == 0 ? grad : Torch.sum(grad, Arrays.copyOf(dims, count), true, null);
        return summed.view(sizes);
    }

    /**
     * The gradient of mm's first operand (PyTorch's mm_mat1_backward): {@code grad @ mat2.T}, or, when
     * self was column-major (a transposed matrix), {@code (mat2 @ grad.T).T}, which has self's layout.
     * Both sum the same products in the same order.
     */
    public static Tensor mmMat1Backward(Tensor grad, Tensor self, Tensor mat2) {
        if (isColumnMajor(self)) {
            return mat2.mm(grad.transpose(0, 1)).transpose(0, 1);
        }
        return grad.mm(mat2.transpose(0, 1));
    }

    /**
     * The gradient of mm's second operand (PyTorch's mm_mat2_backward): {@code self.T @ grad}, or, when
     * mat2 was column-major (a weight used as {@code w.T}, as a linear layer does), {@code (grad.T @ self).T},
     * which has mat2's layout, so the weight's own gradient comes out row-major.
     */
    public static Tensor mmMat2Backward(Tensor grad, Tensor self, Tensor mat2) {
        if (isColumnMajor(mat2)) {
            return grad.transpose(0, 1).mm(self).transpose(0, 1);
        }
        return self.transpose(0, 1).mm(grad);
    }

    /** addmm's gradient of mat1 (mm_mat1_backward with alpha): {@code alpha * (grad @ mat2.T)}. */
    public static Tensor mmMat1Backward(Tensor grad, Tensor mat1, Tensor mat2, Scalar alpha) {
        return maybeMultiply(mmMat1Backward(grad, mat1, mat2), alpha);
    }

    /** addmm's gradient of mat2 (mm_mat2_backward with alpha): {@code alpha * (mat1.T @ grad)}. */
    public static Tensor mmMat2Backward(Tensor grad, Tensor mat1, Tensor mat2, Scalar alpha) {
        return maybeMultiply(mmMat2Backward(grad, mat1, mat2), alpha);
    }

    /** The last two sizes (a 2-D pooling's spatial sizes, {@code self.sizes().slice(-2)}). */
    public static long[] lastTwo(long[] sizes) {
        return Arrays.copyOfRange(sizes, sizes.length - 2, sizes.length);
    }

    private static boolean isColumnMajor(Tensor m) {
        return m.stride(0) == 1 && m.stride(1) == m.size(0);
    }

    /** {@code grad * alpha}, skipping the multiplication for alpha == 1. */
    /** mvlgamma_backward: grad times the sum of digamma over the arguments {@code x - i / 2}, i = 0 .. p - 1. */
    public static Tensor mvlgammaBackward(Tensor grad, Tensor self, long p) {
        Tensor args = Torch.arange(Scalar.of(-p / 2.0 + 0.5), Scalar.of(0.5), Scalar.of(0.5), self.dtype());
        return grad.mul(Torch.digamma(args.add(self.unsqueeze(-1))).sum(new long[] {-1}, false));
    }

    /**
     * i1_backward: {@code I0(x) - I1(x) / x}, and its limit 0.5 where |x| is within the dtype's epsilon of 0
     * (the quotient is taken of a stand-in there, so that its own gradient stays finite).
     */
    public static Tensor besselI1Backward(Tensor grad, Tensor self, Tensor result) {
        Tensor notTiny = self.abs().gt(Scalar.of(epsilon(self)));
        Tensor safe = Torch.where(notTiny, self, Torch.full_like(self, Scalar.of(epsilon(self))));
        Tensor gradx = Torch.i0(safe).sub(result.mul(safe.reciprocal()));
        return grad.mul(Torch.where(notTiny, gradx, Torch.full_like(gradx, Scalar.of(0.5))));
    }

    /** i1e_backward: {@code I0e(x) - I1e(x) (sgn x + 1 / x)}, 0.5 near 0 as above. */
    public static Tensor besselI1eBackward(Tensor grad, Tensor self, Tensor result) {
        Tensor notTiny = self.abs().gt(Scalar.of(epsilon(self)));
        Tensor safe = Torch.where(notTiny, self, Torch.full_like(self, Scalar.of(epsilon(self))));
        Tensor gradx = Torch.special_i0e(safe).sub(result.mul(safe.sgn().add(safe.reciprocal())));
        return grad.mul(Torch.where(notTiny, gradx, Torch.full_like(gradx, Scalar.of(0.5))));
    }

    /** std::numeric_limits&lt;T&gt;::epsilon() of a float32 or float64 tensor's dtype. */
    private static double epsilon(Tensor t) {
        return t.dtype() == org.jitdispatch.runtime.ScalarType.Float64 ? Math.ulp(1.0) : Math.ulp(1.0f);
    }

    public static Tensor maybeMultiply(Tensor grad, Scalar alpha) {
        boolean one = alpha.isFloatingPoint() ? alpha.toDouble() == 1.0 : alpha.toLong() == 1;
        return one ? grad : grad.mul(alpha);
    }

    /** The gradient of sum over {@code dim}: grad put back along the reduced dimensions and expanded. */
    public static Tensor sumBackward(Tensor grad, long[] sizes, long[] dim, boolean keepdim) {
        Tensor g = grad;
        if (!keepdim && sizes.length > 0) {
            for (long d : reducedDims(dim, sizes.length)) {
                g = g.unsqueeze(d);
            }
        }
        return g.expand(sizes);
    }

    /** The gradient of mean over all elements: grad spread evenly. */
    public static Tensor meanBackward(Tensor grad, long[] sizes) {
        // divided before it is expanded: one division of a 0-dim tensor, the same value in every element
        return grad.div(Scalar.of((double) TensorGeometry.numel(sizes))).expand(sizes);
    }

    /** The gradient of {@code self ** exponent}: {@code grad * exponent * self ** (exponent - 1)}. */
    public static Tensor powBackward(Tensor grad, Tensor self, Scalar exponent) {
        double e = exponent.toDouble();
        if (e == 0.0) {
            return grad.mul(Scalar.of(0.0));
        }
        // self ** 1 is self, value for value: the square's gradient skips a pow that would copy
        Tensor power = e - 1.0 == 1.0 ? self : self.pow(Scalar.of(e - 1.0));
        return grad.mul(power.mul(Scalar.of(e)));
    }

    /** The gradient of permute: grad permuted back by the inverse permutation. */
    public static Tensor permuteBackward(Tensor grad, long[] dims) {
        long[] inverse = new long[dims.length];
        for (int i = 0; i < dims.length; i++) {
            inverse[(int) TensorGeometry.wrapDim(dims[i], dims.length)] = i;
        }
        return grad.permute(inverse);
    }

    /** The gradient of select: zeros of the input's size with grad written at {@code index} of {@code dim}. */
    public static Tensor selectBackward(Tensor grad, long[] sizes, long dim, long index) {
        Tensor out = Torch.zeros(sizes, grad.dtype(), null, grad.device());
        out.select(dim, index).copy_(grad);
        return out;
    }

    /** copysign's gradient for self: {@code grad * result / self}, 0 where self is 0 (ATen's copysign_tensor_self_backward). */
    public static Tensor copysignSelfBackward(Tensor grad, Tensor self, Tensor result) {
        Tensor ratio = result.div(self);
        ratio.masked_fill_(self.eq(Scalar.of(0)), Scalar.of(0));
        return grad.mul(ratio);
    }

    /** The gradient of diagonal: zeros of the input's size with grad written along the diagonal. */
    public static Tensor diagonalBackward(Tensor grad, long[] sizes, long offset, long dim1, long dim2) {
        Tensor out = Torch.zeros(sizes, grad.dtype(), null, grad.device());
        out.diagonal(offset, dim1, dim2).copy_(grad);
        return out;
    }

    /** The gradient of constant_pad_nd: the padding taken off again (the negated amounts crop it). */
    public static Tensor constantPadBackward(Tensor grad, long[] pad) {
        long[] negated = new long[pad.length];
        for (int i = 0; i < pad.length; i++) {
            negated[i] = -pad[i];
        }
        return Torch.constant_pad_nd(grad, negated, Scalar.of(0));
    }

    /** The gradient of slice: zeros of the input's size with grad written into the slice. */
    public static Tensor sliceBackward(Tensor grad, long[] sizes, long dim, Long start, Long end, long step) {
        Tensor out = Torch.zeros(sizes, grad.dtype(), null, grad.device());
        Torch.slice(out, dim, start, end, step).copy_(grad);
        return out;
    }

    /** The gradient of abs: grad times the sign of self (0 at 0, as PyTorch). */
    public static Tensor absBackward(Tensor grad, Tensor self) {
        Tensor zero = Torch.zeros_like(grad);
        return Torch.where(self.gt(Scalar.of(0)), grad, Torch.where(self.lt(Scalar.of(0)), grad.neg(), zero));
    }

    /** The gradient of clamp: grad where min &lt;= self &lt;= max, else 0. */
    public static Tensor clampBackward(Tensor grad, Tensor self, Scalar min, Scalar max) {
        return gradWhereInside(grad, self, min == null ? null : self.ge(min), max == null ? null : self.le(max));
    }

    /** grad where both bound masks hold (an absent mask does not clamp), else 0. */
    private static Tensor gradWhereInside(Tensor grad, Tensor self, Tensor aboveMin, Tensor belowMax) {
        Tensor inside = Torch.ones_like(self, org.jitdispatch.runtime.ScalarType.Bool, null, null);
        if (aboveMin != null) {
            inside = inside.mul(aboveMin);
        }
        if (belowMax != null) {
            inside = inside.mul(belowMax);
        }
        return Torch.where(inside, grad, Torch.zeros_like(grad));
    }

    /** The gradient of mean over {@code dim}: sum's gradient divided by the number of elements averaged. */
    public static Tensor meanDimBackward(Tensor grad, long[] sizes, long[] dim, boolean keepdim) {
        long count = 1;
        for (long d : reducedDims(dim, sizes.length)) {
            count *= sizes[(int) d];
        }
        return sumBackward(grad.div(Scalar.of((double) count)), sizes, dim, keepdim);
    }

    /** div with a rounding mode is piecewise constant: no gradient; without one, div's gradient. */
    public static Tensor divModeSelf(Tensor grad, Tensor other, String roundingMode) {
        return roundingMode != null ? Torch.zeros_like(grad) : grad.div(other);
    }

    public static Tensor divModeOther(Tensor grad, Tensor self, Tensor other, String roundingMode) {
        return roundingMode != null ? Torch.zeros_like(grad) : grad.neg().mul(self).div(other.mul(other));
    }

    /** d(self ** exponent)/d self, zero where the exponent is zero (PyTorch's pow_backward_self). */
    public static Tensor powSelfBackward(Tensor grad, Tensor self, Tensor exponent) {
        Tensor g = grad.mul(exponent.mul(self.pow(exponent.sub(Scalar.of(1)))));
        return Torch.where(exponent.eq(Scalar.of(0.0)), Torch.zeros_like(g), g);
    }

    /** d(self ** exponent)/d exponent: grad * result * log(self), zero where self == 0 and exponent >= 0. */
    public static Tensor powExponentBackward(Tensor grad, Tensor self, Tensor exponent, Tensor result) {
        Tensor g = grad.mul(result.mul(self.log()));
        Tensor zeroBase = self.eq(Scalar.of(0.0)).mul(exponent.ge(Scalar.of(0.0)));
        return Torch.where(zeroBase, Torch.zeros_like(g), g);
    }

    /** The same for a Scalar base. */
    public static Tensor powExponentBackward(Tensor grad, Scalar self, Tensor exponent, Tensor result) {
        double base = self.toDouble();
        if (base == 0.0) {
            return Torch.where(exponent.ge(Scalar.of(0.0)), Torch.zeros_like(grad), grad.mul(result).mul(Scalar.of(
                    Double.NEGATIVE_INFINITY)));
        }
        return grad.mul(result).mul(Scalar.of(Math.log(base)));
    }

    /**
     * The gradient of amax/amin: the output's gradient shared equally among the elements equal to the
     * extremum (PyTorch's scale_grad_by_count over restore_reduced_dims).
     */
    public static Tensor extremumBackward(Tensor grad, Tensor self, Tensor result, long[] dim, boolean keepdim) {
        long[] sizes = self.sizes();
        Tensor g = grad;
        Tensor r = result;
        long[] reduced = reducedDims(dim, sizes.length);
        if (!keepdim && sizes.length > 0) {
            for (long d : reduced) {
                g = g.unsqueeze(d);
                r = r.unsqueeze(d);
            }
        }
        Tensor mask = self.eq(r);
        Tensor count = Torch.sum(mask, reduced, true, null);
        return g.mul(mask).div(count);
    }

    /** The gradient of cat: grad cut back into the inputs' extents along {@code dim}. */
    public static Tensor[] catBackward(Tensor grad, long[][] sizes, long dim) {
        Tensor[] out = new Tensor[sizes.length];
        long start = 0;
        int nd = grad.dim();
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i].length == 1 && sizes[i][0] == 0) {
                out[i] = null; // a legacy empty tensor takes no part in cat
                continue;
            }
            long length = sizes[i][TensorGeometry.wrapDim(dim, nd)];
            out[i] = grad.narrow(dim, start, length);
            start += length;
        }
        return out;
    }

    /** clamp with tensor bounds, d/d self: grad where min &lt;= self &lt;= max (absent bounds do not clamp). */
    public static Tensor clampTensorSelfBackward(Tensor grad, Tensor self, Tensor min, Tensor max) {
        return gradWhereInside(grad, self, min == null ? null : self.ge(min), max == null ? null : self.le(max));
    }

    /**
     * d/d min: grad where self was raised to min, and min did not exceed max (PyTorch's clamp_backward_min_max:
     * with min &gt; max the result is max everywhere, and min gets no gradient).
     */
    public static Tensor clampMinBackward(Tensor grad, Tensor self, Tensor min, Tensor max) {
        Tensor raised = self.lt(min);
        if (max != null) {
            raised = raised.mul(min.lt(max)); // bool mul: and
        }
        return Torch.where(raised, grad, Torch.zeros_like(grad));
    }

    /** d/d max: grad where self was lowered to max, or everywhere max lies below min (clamp then returns max). */
    public static Tensor clampMaxBackward(Tensor grad, Tensor self, Tensor min, Tensor max) {
        Tensor lowered = self.gt(max);
        if (min != null) {
            lowered = lowered.add(max.lt(min)); // bool add: or
        }
        return Torch.where(lowered, grad, Torch.zeros_like(grad));
    }

    /**
     * The gradient of softmax's backward with respect to the output it was given (PyTorch's
     * softmax_double_backward): {@code grad_output * grad - sum(output * grad_output) * grad
     * - grad_output * sum(output * grad)}, the sums over {@code dim} kept.
     */
    public static Tensor softmaxDoubleBackward(Tensor grad, Tensor gradOutput, long dim, Tensor output) {
        long[] dims = {dim};
        return gradOutput.mul(grad)
                .sub(Torch.sum(output.mul(gradOutput), dims, true, null).mul(grad))
                .sub(gradOutput.mul(Torch.sum(output.mul(grad), dims, true, null)));
    }

    /** log_softmax's backward, differentiated by its grad_output: {@code grad - sum(grad * exp(output))}. */
    public static Tensor logSoftmaxBackwardOfGrad(Tensor grad, Tensor output, long dim) {
        Tensor g = grad.to(output.dtype());
        return g.sub(Torch.sum(g.mul(output.exp()), new long[] {dim}, true, null));
    }

    /** log_softmax's backward, differentiated by its output: {@code -sum(grad_output) * exp(output) * grad}. */
    public static Tensor logSoftmaxBackwardOfOutput(Tensor grad, Tensor gradOutput, Tensor output, long dim) {
        return Torch.sum(gradOutput, new long[] {dim}, true, null).neg().mul(output.exp()).mul(grad.to(output.dtype()));
    }

    /** mse_loss_backward differentiated by self: {@code 2 * grad * grad_output}, over the element count for a mean. */
    public static Tensor mseLossDoubleBackward(Tensor grad, Tensor input, Tensor gradOutput, long reduction) {
        double norm = reduction == 1 ? 2.0 / input.numel() : 2.0;
        return grad.mul(gradOutput).mul(Scalar.of(norm));
    }

    /** The gradient of _to_copy: grad converted back to self's dtype and device. */
    public static Tensor toCopyBackward(Tensor grad, Tensor self) {
        return grad.to(self.device(), self.dtype(), false, false, null);
    }

    /**
     * native_layer_norm's gradients for input, weight and bias in one call of native_layer_norm_backward
     * (PyTorch's formula); {@code mask} covers the operator's tensor inputs, the first three of which these are.
     */
    public static Tensor[] layerNormBackward(Tensor grad, Tensor input, long[] normalizedShape, Tensor mean,
            Tensor rstd, Tensor weight, Tensor bias, boolean[] mask) {
        if (grad == null) {
            return new Tensor[3];
        }
        return Torch.native_layer_norm_backward(grad, input, normalizedShape, mean, rstd, weight, bias,
                new boolean[] {mask[0], mask[1] && weight != null, mask[2] && bias != null});
    }

    /**
     * native_group_norm's gradients for input, weight and bias in one call of native_group_norm_backward (PyTorch's
     * formula without double backward); {@code mask} covers input, weight and bias.
     */
    public static Tensor[] groupNormBackward(Tensor grad, Tensor input, Tensor mean, Tensor rstd, Tensor weight,
            Tensor bias, long n, long c, long hxw, long group, boolean[] mask) {
        if (grad == null) {
            return new Tensor[3];
        }
        return Torch.native_group_norm_backward(grad, input, mean, rstd, weight, n, c, hxw, group,
                new boolean[] {mask[0], mask[1] && weight != null, mask[2] && bias != null});
    }

    /**
     * native_batch_norm's gradients for input, weight and bias in one call of native_batch_norm_backward;
     * {@code mask} covers input, weight, bias, running_mean and running_var, of which the first three count.
     */
    public static Tensor[] batchNormBackward(Tensor grad, Tensor input, Tensor weight, Tensor runningMean,
            Tensor runningVar, Tensor saveMean, Tensor saveInvstd, boolean training, double eps, boolean[] mask) {
        if (grad == null) {
            return new Tensor[3];
        }
        return Torch.native_batch_norm_backward(grad, input, weight, runningMean, runningVar,
                training ? saveMean : null, training ? saveInvstd : null, training, eps,
                new boolean[] {mask[0], mask[1] && weight != null, mask[2]});
    }

    /**
     * embedding_dense_backward differentiated by grad_output: the rows of {@code grad} the indices pick, none
     * for padding_idx, each divided by its index's count with scale_grad_by_freq (PyTorch 1.13's
     * embedding_dense_double_backward leaves the scaling out).
     */
    public static Tensor embeddingDenseDoubleBackward(Tensor grad, Tensor indices, long paddingIdx,
            boolean scaleGradByFreq) {
        Tensor flat = indices.reshape(-1);
        Tensor rows = grad.index_select(0, flat);
        if (scaleGradByFreq) {
            long[] idx = flat.toLongArray();
            java.util.Map<Long, Integer> counts = new java.util.HashMap<>();
            for (long k : idx) {
                counts.merge(k, 1, Integer::sum);
            }
            double[] scale = new double[idx.length];
            for (int i = 0; i < idx.length; i++) {
                scale[i] = 1.0 / counts.get(idx[i]);
            }
            rows = rows.mul(Torch.tensor(scale).to(grad.dtype()).view(idx.length, 1));
        }
        if (paddingIdx >= 0) {
            rows = Torch.where(flat.eq(Scalar.of(paddingIdx)).view(-1, 1), Torch.zeros_like(rows), rows);
        }
        long[] size = Arrays.copyOf(indices.sizes(), indices.dim() + 1);
        size[indices.dim()] = -1;
        return rows.view(size);
    }

    /** The dims a reduction over {@code dim} removed, wrapped and ascending; none given means all. */
    private static long[] reducedDims(long[] dim, int n) {
        long[] reduced = dim == null || dim.length == 0 ? allDims(n) : wrapped(dim, n);
        Arrays.sort(reduced);
        return reduced;
    }

    private static long[] allDims(int n) {
        long[] d = new long[n];
        for (int i = 0; i < n; i++) {
            d[i] = i;
        }
        return d;
    }

    private static long[] wrapped(long[] dims, int n) {
        long[] out = new long[dims.length];
        for (int i = 0; i < dims.length; i++) {
            out[i] = TensorGeometry.wrapDim(dims[i], n);
        }
        return out;
    }
}
