package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.structured.TypeMetaNames;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * The floating-point representation operators of PyTorch 1.13: nextafter (a structured TensorIterator op),
 * frexp (mantissa in [0.5, 1) and an int32 exponent, as std::frexp) and ldexp ({@code self * 2^other}, written
 * over mul and pow as 1.13 writes it).
 */
public final class FloatBits implements FloatBitsDeclarations {

    @Override
    public void meta_nextafter(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        ScalarType dtype = op.commonDtype();
        if (!op.isMeta() && dtype != ScalarType.Float32 && dtype != ScalarType.Float64 && dtype != ScalarType.BFloat16) {
            throw Elementwise.notImplemented("nextafter_cpu", dtype); // 1.13's CPU loops: float, double, bfloat16
        }
    }

    /** std::nextafter in the dtype; bfloat16 steps by its own ulp, not float's. */
    @Override
    public void nextafter_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        if (op.commonDtype() == ScalarType.BFloat16) {
            UfuncKernels.nextafter_bfloat16_float(op);
        } else {
            UfuncKernels.nextafter(op, op.commonDtype());
        }
    }

    // ---------------------------------------------------------------- frexp

    /** frexp: a mantissa like self and an int32 exponent, filled by frexp_out. */
    @Override
    public Tensor[] frexp(Tensor self) {
        Tensor mantissa = Torch.empty_like(self, null, null, null, null, null);
        Tensor exponent = Torch.empty_like(self, ScalarType.Int32, null, null, null, null);
        Torch.frexp_out(mantissa, exponent, self);
        return new Tensor[] {mantissa, exponent};
    }

    /** frexp_out: ATen's dtype checks, out resized to self's sizes, then std::frexp of each element. */
    @Override
    public Tensor[] frexp_out(Tensor self, Tensor mantissa, Tensor exponent) {
        if (!self.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("torch.frexp() only supports floating-point dtypes");
        }
        if (mantissa.dtype() != self.dtype()) {
            throw new IllegalArgumentException("torch.frexp() expects mantissa to have dtype " + TypeMetaNames.of(self.dtype())
                    + " but got " + TypeMetaNames.of(mantissa.dtype()));
        }
        if (exponent.dtype() != ScalarType.Int32) {
            throw new IllegalArgumentException("torch.frexp() expects exponent to have int dtype but got "
                    + TypeMetaNames.of(exponent.dtype()));
        }
        if (!self.isMeta()) {
            MemOverlap.assertNoOverlap(MemOverlap.Region.of(mantissa), MemOverlap.Region.of(self));
            MemOverlap.assertNoOverlap(MemOverlap.Region.of(exponent), MemOverlap.Region.of(self));
        }
        ResultIntoOut.resize(mantissa, self);
        ResultIntoOut.resize(exponent, self);
        if (self.isMeta()) {
            return new Tensor[] {mantissa, exponent};
        }
        double[] x = self.toDoubleArray();
        long[] m = mantissa.elementOffsets();
        long[] e = exponent.elementOffsets();
        Storage ms = mantissa.storage();
        Storage es = exponent.storage();
        boolean single = self.dtype() != ScalarType.Float64; // float16 and bfloat16 go through float, as c10's do
        for (int i = 0; i < x.length; i++) {
            int exp = single ? exponentOf((float) x[i]) : exponentOf(x[i]);
            ms.setDouble(m[i], single ? Math.scalb((float) x[i], -exp) : Math.scalb(x[i], -exp));
            es.setLong(e[i], exp);
        }
        return new Tensor[] {mantissa, exponent};
    }

    /** std::frexp's exponent: 0 for zeros, infinities and NaN; else the e with |x| / 2^e in [0.5, 1). */
    static int exponentOf(double x) {
        if (x == 0 || Double.isNaN(x) || Double.isInfinite(x)) {
            return 0;
        }
        int e = Math.getExponent(x);
        if (e == Double.MIN_EXPONENT - 1) { // subnormal: normalise first
            return Math.getExponent(x * 0x1p54) - 54 + 1;
        }
        return e + 1;
    }

    static int exponentOf(float x) {
        if (x == 0 || Float.isNaN(x) || Float.isInfinite(x)) {
            return 0;
        }
        int e = Math.getExponent(x);
        if (e == Float.MIN_EXPONENT - 1) {
            return Math.getExponent(x * 0x1p25f) - 25 + 1;
        }
        return e + 1;
    }

    // ---------------------------------------------------------------- ldexp

    /** {@code self * pow(2.0, other)}. */
    @Override
    public Tensor ldexp(Tensor self, Tensor other) {
        return Torch.mul(self, Torch.pow(Scalar.of(2.0), other));
    }

    @Override
    public Tensor ldexp_out(Tensor self, Tensor other, Tensor out) {
        return Torch.mul_out(out, self, Torch.pow(Scalar.of(2.0), other));
    }

    @Override
    public Tensor ldexp_(Tensor self, Tensor other) {
        return Torch.ldexp_out(self, self, other);
    }
}
