package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * The NumPy-style aliases PyTorch 1.13 declares (multiply, subtract, divide, true_divide, clip, absolute,
 * negative, arccos, arcsin, arctan, arctan2, arcsinh, arccosh, arctanh, greater, greater_equal, less, less_equal,
 * not_equal): each calls the operator it names, so values, errors and gradients are that operator's.
 */
public final class Aliases implements AliasesDeclarations {

    @Override
    public Tensor multiply(Tensor self, Tensor other) {
        return Torch.mul(self, other);
    }

    @Override
    public Tensor multiply(Tensor self, Scalar other) {
        return Torch.mul(self, other);
    }

    @Override
    public Tensor multiply_out(Tensor self, Tensor other, Tensor out) {
        return Torch.mul_out(out, self, other);
    }

    @Override
    public Tensor subtract(Tensor self, Tensor other, Scalar alpha) {
        return Torch.sub(self, other, alpha);
    }

    @Override
    public Tensor subtract(Tensor self, Scalar other, Scalar alpha) {
        return Torch.sub(self, other, alpha);
    }

    @Override
    public Tensor subtract_out(Tensor self, Tensor other, Scalar alpha, Tensor out) {
        return Torch.sub_out(out, self, other, alpha);
    }

    @Override
    public Tensor divide(Tensor self, Tensor other) {
        return Torch.div(self, other);
    }

    @Override
    public Tensor divide(Tensor self, Scalar other) {
        return Torch.div(self, other);
    }

    @Override
    public Tensor divide(Tensor self, Tensor other, String roundingMode) {
        return Torch.div(self, other, roundingMode);
    }

    @Override
    public Tensor divide(Tensor self, Scalar other, String roundingMode) {
        return Torch.div(self, other, roundingMode);
    }

    @Override
    public Tensor divide_out(Tensor self, Tensor other, Tensor out) {
        return Torch.div_out(out, self, other);
    }

    @Override
    public Tensor divide_out(Tensor self, Tensor other, String roundingMode, Tensor out) {
        return Torch.div_out(out, self, other, roundingMode);
    }

    @Override
    public Tensor true_divide(Tensor self, Tensor other) {
        return Torch.div(self, other);
    }

    @Override
    public Tensor true_divide(Tensor self, Scalar other) {
        return Torch.div(self, other);
    }

    @Override
    public Tensor true_divide_out(Tensor self, Tensor other, Tensor out) {
        return Torch.div_out(out, self, other);
    }

    @Override
    public Tensor true_divide_(Tensor self, Tensor other) {
        return self.div_(other);
    }

    @Override
    public Tensor true_divide_(Tensor self, Scalar other) {
        return self.div_(other);
    }

    @Override
    public Tensor clip(Tensor self, Scalar min, Scalar max) {
        return Torch.clamp(self, min, max);
    }

    @Override
    public Tensor clip(Tensor self, Tensor min, Tensor max) {
        return Torch.clamp(self, min, max);
    }

    @Override
    public Tensor clip_out(Tensor self, Scalar min, Scalar max, Tensor out) {
        return Torch.clamp_out(out, self, min, max);
    }

    @Override
    public Tensor clip_out(Tensor self, Tensor min, Tensor max, Tensor out) {
        return Torch.clamp_out(out, self, min, max);
    }

    @Override
    public Tensor clip_(Tensor self, Scalar min, Scalar max) {
        return self.clamp_(min, max);
    }

    @Override
    public Tensor clip_(Tensor self, Tensor min, Tensor max) {
        return self.clamp_(min, max);
    }

    @Override
    public Tensor absolute(Tensor self) {
        return Torch.abs(self);
    }

    @Override
    public Tensor absolute_out(Tensor self, Tensor out) {
        return Torch.abs_out(out, self);
    }

    @Override
    public Tensor negative(Tensor self) {
        return Torch.neg(self);
    }

    @Override
    public Tensor negative_out(Tensor self, Tensor out) {
        return Torch.neg_out(out, self);
    }

    @Override
    public Tensor arccos(Tensor self) {
        return Torch.acos(self);
    }

    @Override
    public Tensor arccos_out(Tensor self, Tensor out) {
        return Torch.acos_out(out, self);
    }

    @Override
    public Tensor arcsin(Tensor self) {
        return Torch.asin(self);
    }

    @Override
    public Tensor arcsin_out(Tensor self, Tensor out) {
        return Torch.asin_out(out, self);
    }

    @Override
    public Tensor arctan(Tensor self) {
        return Torch.atan(self);
    }

    @Override
    public Tensor arctan_out(Tensor self, Tensor out) {
        return Torch.atan_out(out, self);
    }

    @Override
    public Tensor arctan2(Tensor self, Tensor other) {
        return Torch.atan2(self, other);
    }

    @Override
    public Tensor arctan2_out(Tensor self, Tensor other, Tensor out) {
        return Torch.atan2_out(out, self, other);
    }

    @Override
    public Tensor arcsinh(Tensor self) {
        return Torch.asinh(self);
    }

    @Override
    public Tensor arcsinh_out(Tensor self, Tensor out) {
        return Torch.asinh_out(out, self);
    }

    @Override
    public Tensor arccosh(Tensor self) {
        return Torch.acosh(self);
    }

    @Override
    public Tensor arccosh_out(Tensor self, Tensor out) {
        return Torch.acosh_out(out, self);
    }

    @Override
    public Tensor arctanh(Tensor self) {
        return Torch.atanh(self);
    }

    @Override
    public Tensor arctanh_out(Tensor self, Tensor out) {
        return Torch.atanh_out(out, self);
    }

    @Override
    public Tensor greater(Tensor self, Tensor other) {
        return Torch.gt(self, other);
    }

    @Override
    public Tensor greater_out(Tensor self, Tensor other, Tensor out) {
        return Torch.gt_out(out, self, other);
    }

    @Override
    public Tensor greater(Tensor self, Scalar other) {
        return Torch.gt(self, other);
    }

    @Override
    public Tensor greater_out(Tensor self, Scalar other, Tensor out) {
        return Torch.gt_out(out, self, other);
    }

    @Override
    public Tensor greater_equal(Tensor self, Tensor other) {
        return Torch.ge(self, other);
    }

    @Override
    public Tensor greater_equal_out(Tensor self, Tensor other, Tensor out) {
        return Torch.ge_out(out, self, other);
    }

    @Override
    public Tensor greater_equal(Tensor self, Scalar other) {
        return Torch.ge(self, other);
    }

    @Override
    public Tensor greater_equal_out(Tensor self, Scalar other, Tensor out) {
        return Torch.ge_out(out, self, other);
    }

    @Override
    public Tensor less(Tensor self, Tensor other) {
        return Torch.lt(self, other);
    }

    @Override
    public Tensor less_out(Tensor self, Tensor other, Tensor out) {
        return Torch.lt_out(out, self, other);
    }

    @Override
    public Tensor less(Tensor self, Scalar other) {
        return Torch.lt(self, other);
    }

    @Override
    public Tensor less_out(Tensor self, Scalar other, Tensor out) {
        return Torch.lt_out(out, self, other);
    }

    @Override
    public Tensor less_equal(Tensor self, Tensor other) {
        return Torch.le(self, other);
    }

    @Override
    public Tensor less_equal_out(Tensor self, Tensor other, Tensor out) {
        return Torch.le_out(out, self, other);
    }

    @Override
    public Tensor less_equal(Tensor self, Scalar other) {
        return Torch.le(self, other);
    }

    @Override
    public Tensor less_equal_out(Tensor self, Scalar other, Tensor out) {
        return Torch.le_out(out, self, other);
    }

    @Override
    public Tensor not_equal(Tensor self, Tensor other) {
        return Torch.ne(self, other);
    }

    @Override
    public Tensor not_equal_out(Tensor self, Tensor other, Tensor out) {
        return Torch.ne_out(out, self, other);
    }

    @Override
    public Tensor not_equal(Tensor self, Scalar other) {
        return Torch.ne(self, other);
    }

    @Override
    public Tensor not_equal_out(Tensor self, Scalar other, Tensor out) {
        return Torch.ne_out(out, self, other);
    }
}
