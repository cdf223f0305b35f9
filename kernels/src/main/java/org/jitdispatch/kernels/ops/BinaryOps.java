package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.BooleanLoop;
import org.jitdispatch.kernels.iter.CastRules;
import org.jitdispatch.kernels.iter.DoubleLoop;
import org.jitdispatch.kernels.iter.FloatLoop;
import org.jitdispatch.kernels.iter.LongLoop;
import org.jitdispatch.kernels.iter.LoopDtype;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * add, sub, mul, div (with its rounding modes) and pow: PyTorch 1.13's BinaryOps.cpp and Pow.cpp, with
 * the CPU loops of BinaryOpsKernel.cpp and PowKernel.cpp.
 *
 * <p>Every impl switches once on the iterator's common dtype and runs one explicit loop per dtype
 * family (float32 in float, float64 in double, int32/int64 in long, bool in boolean). When the second
 * operand is a CPU scalar ({@code x + 2.5}, which add.Scalar turns into add.Tensor with a wrapped
 * number), its value is read once and the operand dropped, as ATen's kernels do, so that the rest runs
 * in place over the storage arrays.
 *
 * <p>The loops of add, mul and true division are written once in ufuncs.yaml and generated per (op, loop
 * type), with a variant for a scalar second operand, into {@code UfuncKernels} ({@code div_float},
 * {@code div_float_otherScalar}, {@code div_double}...). HotSpot compiles a method together with all it
 * inlines, so one method per loop gives short compilations and single-dtype profiles.
 *
 * <p>Checks that ATen makes inside its CPU kernels (dtypes a kernel has no loop for, integer division
 * by zero) are made at the end of meta here, for CPU tensors only, so that a failing in-place or out=
 * call leaves its tensors untouched and meta tensors behave as in PyTorch.
 */
public final class BinaryOps implements BinaryOpsDeclarations {
    // ---------------------------------------------------------------- add, sub

    @Override
    public void meta_add_Tensor(TensorIterator op, Tensor self, Tensor other, Scalar alpha) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        alphaCheck(op, alpha);
    }

    @Override
    public void add_out(TensorIterator op, Tensor self, Tensor other, Scalar alpha, Tensor out) {
        addKernel(op, alpha, false);
    }

    /**
     * {@code _add_relu.Tensor}, the fused {@code relu(self + alpha * other)} of ATen's add_relu. Its
     * ops.yaml entry has {@code manual_bindings: True}: {@code Torch._add_relu} calls this kernel directly,
     * without the dispatcher, the profiler or autograd (PyTorch's manual_cpp_binding lab).
     */
    @Override
    public Tensor add_relu(Tensor self, Tensor other, Scalar alpha) {
        if (self.dtype() == ScalarType.Bool || other.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("\"add_clamp_cpu\" not implemented for 'Bool'");
        }
        TensorIterator op = TensorIterator.functional(Tensor.FACTORY);
        op.buildBinaryOp(null, self, other);
        alphaCheck(op, alpha);
        op.commit();
        addKernel(op, alpha, false);
        op.finish();
        Tensor out = (Tensor) op.output(0);
        clampBelowAtZero(out.storage());
        return out;
    }

    /** relu over a freshly allocated, dense output: every storage element is an element of the result. */
    private static void clampBelowAtZero(Storage storage) {
        switch (storage.dtype()) {
            case Float32: {
                float[] v = storage.floats();
                for (int i = 0; i < v.length; i++) {
                    if (v[i] < 0) {
                        v[i] = 0;
                    }
                }
                break;
            }
            case Float64: {
                double[] v = storage.doubles();
                for (int i = 0; i < v.length; i++) {
                    if (v[i] < 0) {
                        v[i] = 0;
                    }
                }
                break;
            }
            case Int32: {
                int[] v = storage.ints();
                for (int i = 0; i < v.length; i++) {
                    v[i] = Math.max(v[i], 0);
                }
                break;
            }
            case Int64: {
                long[] v = storage.longs();
                for (int i = 0; i < v.length; i++) {
                    v[i] = Math.max(v[i], 0);
                }
                break;
            }
            default: {
                // the narrow types, through their Storage conversions (NaN stays NaN, as above)
                for (long i = 0, n = storage.size(); i < n; i++) {
                    if (storage.getDouble(i) < 0) {
                        storage.setLong(i, 0);
                    }
                }
            }
        }
    }

    @Override
    public void meta_sub_Tensor(TensorIterator op, Tensor self, Tensor other, Scalar alpha) {
        subCheck(self, other);
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        alphaCheck(op, alpha);
    }

    /** ATen runs add's kernel with -alpha. */
    @Override
    public void sub_out(TensorIterator op, Tensor self, Tensor other, Scalar alpha, Tensor out) {
        addKernel(op, alpha, true);
    }

    @Override
    public Tensor add(Tensor self, Scalar other, Scalar alpha) {
        return Torch.add(self, Elementwise.wrappedScalarTensor(other), alpha);
    }

    @Override
    public Tensor add_(Tensor self, Scalar other, Scalar alpha) {
        return self.add_(Elementwise.wrappedScalarTensor(other), alpha);
    }

    @Override
    public Tensor sub(Tensor self, Scalar other, Scalar alpha) {
        return Torch.sub(self, Elementwise.wrappedScalarTensor(other), alpha);
    }

    @Override
    public Tensor sub_(Tensor self, Scalar other, Scalar alpha) {
        return self.sub_(Elementwise.wrappedScalarTensor(other), alpha);
    }

    /** ATen's alpha_check, on the output's dtype, then alpha.to&lt;common dtype&gt;()'s overflow check. */
    private static void alphaCheck(TensorIterator op, Scalar alpha) {
        ScalarType dtype = op.dtype(0);
        if (alpha.isBoolean() && dtype != ScalarType.Bool) {
            throw new IllegalArgumentException("Boolean alpha only supported for Boolean results.");
        }
        if (!dtype.isFloatingPoint() && alpha.isFloatingPoint()) {
            throw new IllegalArgumentException("For integral input tensors, argument alpha must not be a floating point"
                    + " number.");
        }
        Elementwise.checkConvert(alpha, op.commonDtype());
    }

    /** ATen's sub_check. */
    private static void subCheck(TensorImpl self, TensorImpl other) {
        boolean selfBool = self.dtype() == ScalarType.Bool;
        boolean otherBool = other.dtype() == ScalarType.Bool;
        if (selfBool && otherBool) {
            throw new IllegalArgumentException("Subtraction, the `-` operator, with two bool tensors is not supported."
                    + " Use the `^` or `logical_xor()` operator instead.");
        }
        if (selfBool || otherBool) {
            throw new IllegalArgumentException("Subtraction, the `-` operator, with a bool tensor is not supported."
                    + " If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
        }
    }

    /**
     * out = self + alpha * other (alpha negated for sub), alpha converted to the loop's type. With alpha 1
     * the loop is {@code plus}, one operation less per element for the same values.
     */
    private static void addKernel(TensorIterator it, Scalar alpha, boolean negate) {
        switch (LoopDtype.of(it.commonDtype())) {
            case Float32 -> {
                float al = (float) alpha.toDouble();
                if (al == 1f && !negate) {
                    UfuncKernels.plus_float(it);
                } else {
                    UfuncKernels.add_float(it, negate ? -al : al);
                }
            }
            case Float64 -> {
                double al = alpha.toDouble();
                if (al == 1.0 && !negate) {
                    UfuncKernels.plus_double(it);
                } else {
                    UfuncKernels.add_double(it, negate ? -al : al);
                }
            }
            case Int64 -> {
                long al = alpha.toLong();
                if (al == 1L && !negate) {
                    UfuncKernels.plus_long(it);
                } else {
                    UfuncKernels.add_long(it, negate ? -al : al);
                }
            }
            default -> UfuncKernels.add_boolean(it, alpha.toBoolean());
        }
    }

    // ---------------------------------------------------------------- mul

    @Override
    public void meta_mul_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void mul_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.mul(op, op.commonDtype());
    }

    @Override
    public Tensor mul(Tensor self, Scalar other) {
        return Torch.mul(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor mul_(Tensor self, Scalar other) {
        return self.mul_(Elementwise.wrappedScalarTensor(other));
    }

    // ---------------------------------------------------------------- div

    @Override
    public void meta_div_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryFloatOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void div_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        divTrue(op);
    }

    @Override
    public void meta_div_Tensor_mode(TensorIterator op, Tensor self, Tensor other, String rounding_mode) {
        if (rounding_mode == null) {
            op.buildBinaryFloatOp(op.maybeGetOutput(0), self, other);
            return;
        }
        boolean trunc = rounding_mode.equals("trunc");
        if (!trunc && !rounding_mode.equals("floor")) {
            throw new IllegalArgumentException("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '"
                    + rounding_mode + "'");
        }
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        if (op.isMeta()) {
            return;
        }
        ScalarType dtype = op.commonDtype();
        if (dtype == ScalarType.Bool) {
            throw Elementwise.notImplemented(trunc ? "div_trunc_cpu" : "div_floor_cpu", dtype);
        }
        // Every element of other is used once the result has elements: a zero anywhere is a division by it.
        if (dtype.isIntegral(false) && op.numel() > 0 && Elementwise.containsZero(other, dtype)) {
            throw new IllegalArgumentException("ZeroDivisionError");
        }
    }

    @Override
    public void div_out_mode(TensorIterator op, Tensor self, Tensor other, String rounding_mode, Tensor out) {
        if (rounding_mode == null) {
            divTrue(op);
        } else if (rounding_mode.equals("trunc")) {
            UfuncKernels.div_trunc(op, op.commonDtype());
        } else {
            UfuncKernels.div_floor(op, op.commonDtype());
        }
    }

    @Override
    public Tensor div(Tensor self, Scalar other) {
        return Torch.div(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor div_(Tensor self, Scalar other) {
        return self.div_(Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor div(Tensor self, Scalar other, String rounding_mode) {
        return Torch.div(self, Elementwise.wrappedScalarTensor(other), rounding_mode);
    }

    @Override
    public Tensor div_(Tensor self, Scalar other, String rounding_mode) {
        return self.div_(Elementwise.wrappedScalarTensor(other), rounding_mode);
    }

    /** True division: the common dtype is floating (integers were promoted to float32). */
    private static void divTrue(TensorIterator it) {
        UfuncKernels.div(it, it.commonDtype());
    }

    // ---------------------------------------------------------------- pow

    @Override
    public void meta_pow_Tensor_Tensor(TensorIterator op, Tensor self, Tensor exponent) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, exponent);
        if (!op.isMeta() && op.commonDtype() == ScalarType.Bool) {
            throw Elementwise.notImplemented("pow", ScalarType.Bool);
        }
    }

    @Override
    public void pow_Tensor_Tensor_out(TensorIterator op, Tensor self, Tensor exponent, Tensor out) {
        UfuncKernels.pow(op, op.commonDtype());
    }

    /**
     * Pow.cpp's meta: integers to negative integer powers are an error; the base is converted to the
     * result type of (base, exponent) and the op is unary (so out= must have that dtype exactly).
     */
    @Override
    public void meta_pow_Tensor_Scalar(TensorIterator op, Tensor self, Scalar exponent) {
        if (self.dtype().isIntegral(true) && !exponent.isFloatingPoint() && exponent.toLong() < 0) {
            throw new IllegalArgumentException("Integers to negative integer powers are not allowed.");
        }
        ScalarType common = ResultType.resultType(self, exponent);
        op.buildUnaryOp(op.maybeGetOutput(0), Elementwise.toDtype(self, common));
        if (op.isMeta() || Elementwise.scalarEquals(exponent, 0) || Elementwise.scalarEquals(exponent, 1)) {
            return;
        }
        if (common == ScalarType.Bool) {
            throw Elementwise.notImplemented("pow", common);
        }
        if (common.isIntegral(false)) {
            Elementwise.checkConvert(exponent, common);
        }
    }

    @Override
    public void pow_Tensor_Scalar_out(TensorIterator op, Tensor self, Scalar exponent, Tensor out) {
        ScalarType dtype = op.commonDtype();
        if (Elementwise.scalarEquals(exponent, 0)) {
            Elementwise.fill(op, dtype, 1);
            return;
        }
        if (Elementwise.scalarEquals(exponent, 1)) {
            powLong(op, 1); // out.copy_(base): x ** 1 in the output's own dtype family
            return;
        }
        switch (LoopDtype.of(dtype)) {
            case Float32:
                powFloat(op, exponent.toDouble());
                break;
            case Float64:
                powDouble(op, exponent.toDouble());
                break;
            default:
                powLong(op, exponent.toLong());
        }
    }

    /** pow_tensor_scalar_optimized_kernel for float, with the sqrt, rsqrt and reciprocal shortcuts. */
    private static void powFloat(TensorIterator it, double exp) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> powFloatRange(it, exp, begin, end));
        } else {
            powFloatRange(it, exp, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #powFloat}. */
    private static void powFloatRange(TensorIterator it, double exp, long begin, long end) {
        FloatLoop c = it.floatLoop(begin, end);
        while (c.next()) {
            FloatPow.pow(c.out(), c.start(), c.in0(), c.start(), c.end() - c.start(), exp);
        }
    }

    private static void powDouble(TensorIterator it, double exp) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> powDoubleRange(it, exp, begin, end));
        } else {
            powDoubleRange(it, exp, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #powDouble}. */
    private static void powDoubleRange(TensorIterator it, double exp, long begin, long end) {
        DoubleLoop c = it.doubleLoop(begin, end);
        while (c.next()) {
            DoublePow.pow(c.out(), c.start(), c.in0(), c.start(), c.end() - c.start(), exp);
        }
    }

    /** Integer powers (and x ** 1 for any dtype, which reads and writes the output's own type). */
    private static void powLong(TensorIterator it, long exp) {
        switch (LoopDtype.of(it.dtype(0))) {
            case Float32: {
                if (exp != 1) {
                    break;
                }
                FloatLoop c = it.floatLoop();
                while (c.next()) {
                    System.arraycopy(c.in0(), c.start(), c.out(), c.start(), c.end() - c.start());
                }
                return;
            }
            case Float64: {
                if (exp != 1) {
                    break;
                }
                DoubleLoop c = it.doubleLoop();
                while (c.next()) {
                    System.arraycopy(c.in0(), c.start(), c.out(), c.start(), c.end() - c.start());
                }
                return;
            }
            case Bool: {
                if (exp != 1) {
                    break;
                }
                BooleanLoop c = it.booleanLoop();
                while (c.next()) {
                    System.arraycopy(c.in0(), c.start(), c.outBool(), c.start(), c.end() - c.start());
                }
                return;
            }
            default:
                break;
        }
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> powLongRange(it, exp, begin, end));
        } else {
            powLongRange(it, exp, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #powLong}. */
    private static void powLongRange(TensorIterator it, long exp, long begin, long end) {
        LongLoop c = it.longLoop(begin, end);
        while (c.next()) {
            long[] o = c.out();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = ScalarMath.powi(a[i], exp);
            }
        }
    }

    /**
     * Pow.cpp's meta for a Scalar base: the output has the exponent's sizes (contiguous) and the result
     * type, or the out tensor's dtype. The impl redispatches to pow.Tensor_Tensor_out, whose checks
     * (safe casting to out, bool) are made here as well, so that a failing out= call changes nothing.
     */
    @Override
    public void meta_pow_Scalar(StructuredMeta op, Scalar self, Tensor exponent) {
        TensorImpl out = op.maybeGetOutput(0);
        ScalarType result = ResultType.resultType(self, exponent);
        if (!Elementwise.scalarEquals(self, 1.0)) {
            if (out != null) {
                CastRules.checkSafeCast(result, out.dtype());
            }
            if (result == ScalarType.Bool && !exponent.isMeta()) {
                throw Elementwise.notImplemented("pow", result);
            }
            if (out != null && !out.isMeta() && !exponent.isMeta()) {
                // the overlap checks of the redispatched pow.Tensor_Tensor_out, made before out is resized
                long[] sizes = exponent.sizes();
                MemOverlap.Region written = out.hasSizes(sizes) ? MemOverlap.Region.of(out) : new MemOverlap.Region(out,
                        out.storage(), sizes, TensorGeometry.contiguousStrides(sizes), out.storageOffset());
                MemOverlap.assertNoInternalOverlap(written);
                MemOverlap.assertNoPartialOverlap(written, MemOverlap.Region.of(exponent));
            }
        }
        op.setOutputRawStrided(0, exponent.sizes(), null, out != null ? out.dtype() : result, exponent.device());
    }

    @Override
    public void pow_Scalar_out(StructuredMeta op, Scalar self, Tensor exponent, Tensor out) {
        if (Elementwise.scalarEquals(self, 1.0)) {
            Elementwise.fill(out, 1);
        } else {
            Torch.pow_out(out, Elementwise.wrappedScalarTensor(self), exponent);
        }
    }
}
