package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The narrow dtypes are computed the way ATen computes them: a float16 or bfloat16 op is the float32 op on the
 * widened values, rounded once to the narrow type; a uint8, int8 or int16 op is the int64 op narrowed, since
 * integer arithmetic wraps. Each property runs both on the same random tensors (contiguous, transposed and
 * broadcast) and compares bits.
 */
class NarrowDtypesPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final ScalarType[] REDUCED = {ScalarType.Float16, ScalarType.BFloat16};
    private static final ScalarType[] INTEGERS = {ScalarType.UInt8, ScalarType.Int8, ScalarType.Int16};

    @Property(tries = 300)
    void reducedFloatBinaryOpsRoundTheFloat32Result(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3) int which) {
        Random rnd = new Random(seed);
        ScalarType dtype = REDUCED[rnd.nextInt(REDUCED.length)];
        BinaryOperator<Tensor> op = new BinaryOperator[] {
            (BinaryOperator<Tensor>) Tensor::add, (BinaryOperator<Tensor>) Tensor::mul,
            (BinaryOperator<Tensor>) Tensor::div, (BinaryOperator<Tensor>) Torch::maximum}[which];
        Tensor a = operand(rnd, dtype, 3, 5);
        Tensor b = rnd.nextBoolean() ? operand(rnd, dtype, 3, 5) : operand(rnd, dtype, 1, 5);
        Tensor narrow = op.apply(a, b);
        Tensor wide = op.apply(a.to(ScalarType.Float32), b.to(ScalarType.Float32)).to(dtype);
        assertEquals(dtype, narrow.dtype());
        assertSameBits(wide, narrow);
    }

    /**
     * A number, a 0-dim float32 or float64 tensor or an integer tensor beside a float16 or bfloat16 one is cast to
     * that dtype first, as ATen casts its inputs to the common dtype: {@code half * 0.1} multiplies by 0.1 rounded
     * to half (PyTorch 1.13: {@code tensor([1.5]).half() * 0.1} is 0.1499, not 0.1500).
     */
    @Property(tries = 300)
    void otherOperandsAreCastToTheReducedCommonDtypeFirst(@ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int which,
            @ForAll @IntRange(min = 0, max = 2) int kind) {
        Random rnd = new Random(seed);
        ScalarType dtype = REDUCED[rnd.nextInt(REDUCED.length)];
        BinaryOperator<Tensor> op = new BinaryOperator[] {
            (BinaryOperator<Tensor>) Tensor::add, (BinaryOperator<Tensor>) Tensor::mul,
            (BinaryOperator<Tensor>) Tensor::div, (BinaryOperator<Tensor>) Tensor::sub,
            (BinaryOperator<Tensor>) Torch::lt}[which];
        Tensor a = operand(rnd, dtype, 3, 5);
        double value = rnd.nextGaussian() * 3;
        Tensor other = switch (kind) {
            case 0 -> Elementwise.wrappedScalarTensor(org.jitdispatch.runtime.Scalar.of(value));
            case 1 -> Torch.tensor(new float[] {(float) value}).squeeze();
            default -> Torch.tensor(new int[] {(int) Math.round(value * 1000), 2049, -3, 4097, 1}, 1, 5);
        };
        Tensor narrow = op.apply(a, other);
        Tensor wide = op.apply(a.to(ScalarType.Float32), other.to(dtype).to(ScalarType.Float32));
        assertSameBits(which == 4 ? wide : wide.to(dtype), narrow);
    }

    @Property(tries = 200)
    void reducedFloatUnaryOpsRoundTheFloat32Result(@ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int which) {
        Random rnd = new Random(seed);
        ScalarType dtype = REDUCED[rnd.nextInt(REDUCED.length)];
        UnaryOperator<Tensor> op = new UnaryOperator[] {
            (UnaryOperator<Tensor>) Tensor::exp, (UnaryOperator<Tensor>) Tensor::tanh, (UnaryOperator<Tensor>) Tensor::neg,
            (UnaryOperator<Tensor>) Torch::gelu, (UnaryOperator<Tensor>) Tensor::sigmoid}[which];
        Tensor a = operand(rnd, dtype, 4, 6);
        assertSameBits(op.apply(a.to(ScalarType.Float32)).to(dtype), op.apply(a));
    }

    @Property(tries = 200)
    void narrowIntegerOpsWrapAsInt64OpsNarrowed(@ForAll long seed, @ForAll @IntRange(min = 0, max = 2) int which) {
        Random rnd = new Random(seed);
        ScalarType dtype = INTEGERS[rnd.nextInt(INTEGERS.length)];
        BinaryOperator<Tensor> op = new BinaryOperator[] {
            (BinaryOperator<Tensor>) Tensor::add, (BinaryOperator<Tensor>) Tensor::sub,
            (BinaryOperator<Tensor>) Tensor::mul}[which];
        Tensor a = operand(rnd, dtype, 3, 4);
        Tensor b = operand(rnd, dtype, 3, 4);
        Tensor narrow = op.apply(a, b);
        assertEquals(dtype, narrow.dtype());
        assertSameBits(op.apply(a.to(ScalarType.Int64), b.to(ScalarType.Int64)).to(dtype), narrow);
    }

    @Test
    void aTransposedFloat16SumRunsInTheFloat32SumsOrder() {
        // this seed draws a transposed [9, 12] float16 tensor whose sum rounded differently when the widened copy
        // summed in row-major order and the float32 tensor in storage order
        reducedFloatSumsAccumulateInFloat32(8627163959974009618L);
    }

    @Property(tries = 100)
    void reducedFloatSumsAccumulateInFloat32(@ForAll long seed) {
        Random rnd = new Random(seed);
        ScalarType dtype = REDUCED[rnd.nextInt(REDUCED.length)];
        Tensor a = operand(rnd, dtype, 1 + rnd.nextInt(40), 1 + rnd.nextInt(40));
        assertSameBits(a.to(ScalarType.Float32).sum().to(dtype), a.sum());
        assertSameBits(a.to(ScalarType.Float32).sum(1).to(dtype), a.sum(1));
        assertSameBits(a.to(ScalarType.Float32).amax(new long[] {0}, false).to(dtype), a.amax(new long[] {0}, false));
    }

    @Test
    void aFloat16ProductIntoAFloat32OutIsTheFloat16Product() {
        Tensor a = Torch.full(new long[] {1}, org.jitdispatch.runtime.Scalar.of(0.1), ScalarType.Float16, null, null, null);
        Tensor out = Torch.empty(new long[] {1}, ScalarType.Float32, null, null, null, null);
        Torch.mul_out(out, a, a);
        assertEquals(a.mul(a).to(ScalarType.Float32).toDoubleArray()[0], out.toDoubleArray()[0]);
    }

    @Test
    void uint8WithInt8PromotesToInt16AndFloat16WithBFloat16ToFloat32() {
        Tensor u = Torch.ones(new long[] {2}, ScalarType.UInt8, null, null, null);
        Tensor i = Torch.ones(new long[] {2}, ScalarType.Int8, null, null, null);
        Tensor h = Torch.ones(new long[] {2}, ScalarType.Float16, null, null, null);
        Tensor b = Torch.ones(new long[] {2}, ScalarType.BFloat16, null, null, null);
        assertEquals(ScalarType.Int16, u.add(i).dtype());
        assertEquals(ScalarType.Float32, h.add(b).dtype());
        assertEquals(ScalarType.Float16, u.add(h).dtype());
        assertEquals(ScalarType.UInt8, u.add(org.jitdispatch.runtime.Scalar.of(300L)).dtype());
    }

    /**
     * A number beside a uint8, int8 or int16 tensor is cast to that dtype first, wrapping as C++ does, as ATen casts
     * its inputs (PyTorch 1.13's results): {@code uint8 // -2} divides by 254 and {@code uint8 < 300} compares with
     * 44; clamp's bounds and where's branch take c10's checked conversion (a negative fits an unsigned type).
     */
    @Test
    void numbersBesideNarrowIntegersWrapToTheirDtype() {
        Tensor u = Torch.tensor(ScalarType.UInt8, new byte[] {(byte) 200, 17, 0, (byte) 255}, 4);
        org.jitdispatch.runtime.Scalar minusTwo = org.jitdispatch.runtime.Scalar.of(-2L);
        org.jitdispatch.runtime.Scalar threeHundred = org.jitdispatch.runtime.Scalar.of(300L);
        assertArrayEquals(new double[] {0, 0, 0, 1}, Torch.floor_divide(u, minusTwo).toDoubleArray());
        assertArrayEquals(new double[] {24, 17, 0, 35}, Torch.remainder(u, threeHundred).toDoubleArray());
        assertArrayEquals(new double[] {254, 254, 254, 255}, Torch.clamp(u, minusTwo, null).toDoubleArray());
        assertArrayEquals(new double[] {0, 1, 1, 0}, Torch.lt(u, threeHundred).toDoubleArray());
        Tensor big = u.gt(org.jitdispatch.runtime.Scalar.of(100L));
        assertArrayEquals(new double[] {200, 254, 254, 255}, Torch.where(big, u, minusTwo).toDoubleArray());
        assertEquals("value cannot be converted to type uint8_t without overflow", assertThrows(
                IllegalArgumentException.class, () -> Torch.where(big, u, threeHundred)).getMessage());
        assertEquals("ZeroDivisionError", assertThrows(IllegalArgumentException.class,
                () -> Torch.floor_divide(u, org.jitdispatch.runtime.Scalar.of(256L))).getMessage());
        Tensor i = Torch.tensor(new byte[] {-100, 50});
        assertArrayEquals(new double[] {-44, -6}, Torch.remainder(i, org.jitdispatch.runtime.Scalar.of(200L)).toDoubleArray());
        assertArrayEquals(new double[] {-1, 0}, Torch.floor_divide(i, org.jitdispatch.runtime.Scalar.of(70000L))
                .toDoubleArray());
    }

    @Test
    void aFillThatOverflowsTheDtypeFailsAndLeavesTheTensor() {
        Tensor h = Torch.zeros(new long[] {2}, ScalarType.Float16, null, null, null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> h.fill_(org.jitdispatch.runtime.Scalar.of(1e6)));
        assertEquals("value cannot be converted to type at::Half without overflow", e.getMessage());
        assertArrayEquals(new double[] {0, 0}, h.toDoubleArray());
    }

    @Test
    void theReadmeExampleRuns() {
        Tensor img = Torch.tensor(ScalarType.UInt8, new byte[] {(byte) 200, 17, 0, (byte) 255}, 2, 2);
        Tensor x = img.to(ScalarType.Float32).div(org.jitdispatch.runtime.Scalar.of(255));
        assertArrayEquals(new double[] {200 / 255f, 17 / 255f, 0, 1}, x.toDoubleArray(), 1e-7);
        Torch.manual_seed(0);
        Tensor h = Torch.randn(new long[] {4, 4}, null, ScalarType.BFloat16, null, null, null);
        Tensor y = h.mm(h).softmax(1, null);
        assertEquals(ScalarType.BFloat16, y.dtype());
        assertEquals(4.0, y.sum().toDoubleArray()[0], 4 * 1.6e-2);
    }

    @Test
    void tensorsAreMadeFromByteAndShortArrays() {
        assertEquals(ScalarType.Int8, Torch.tensor(new byte[] {-1, 2}).dtype());
        assertEquals(ScalarType.Int16, Torch.tensor(new short[] {-1, 2}, 2, 1).dtype());
        assertArrayEquals(new double[] {255, 2}, Torch.tensor(ScalarType.UInt8, new byte[] {-1, 2}).toDoubleArray());
        Tensor h = Torch.tensor(ScalarType.Float16, new short[] {org.jitdispatch.runtime.Half.fromFloat(1.5f)});
        assertArrayEquals(new double[] {1.5}, h.toDoubleArray());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.tensor(ScalarType.Float16, new float[] {1.5f}));
        assertEquals("A storage of Float16 wraps a short[], not float[]", e.getMessage());
    }

    @Test
    void gradientsOfBFloat16TensorsAreBFloat16() {
        Tensor w = Torch.full(new long[] {3}, org.jitdispatch.runtime.Scalar.of(0.1), ScalarType.BFloat16, null, null, null)
                .requiresGrad_(true);
        w.mul(w).sum().backward();
        assertEquals(ScalarType.BFloat16, w.grad().dtype());
        double expected = org.jitdispatch.runtime.BFloat16.toFloat(org.jitdispatch.runtime.BFloat16.fromFloat(
                2 * org.jitdispatch.runtime.BFloat16.toFloat(org.jitdispatch.runtime.BFloat16.fromFloat(0.1f))));
        assertArrayEquals(new double[] {expected, expected, expected}, w.grad().toDoubleArray());
    }

    /** Random values of a narrow dtype, transposed half of the time. */
    private static Tensor operand(Random rnd, ScalarType dtype, int rows, int cols) {
        boolean transposed = rnd.nextBoolean();
        Storage s = Storage.allocate(dtype, (long) rows * cols);
        for (int k = 0; k < rows * cols; k++) {
            if (dtype.isFloatingPoint()) {
                s.setDouble(k, rnd.nextInt(8) == 0 ? 0.0 : rnd.nextGaussian() * 4);
            } else {
                s.setLong(k, rnd.nextInt(5) == 0 ? rnd.nextInt() : rnd.nextInt(9) - 4);
            }
        }
        Tensor t = Tensor.FACTORY.fromArray(dtype, s.data(), transposed ? cols : rows, transposed ? rows : cols);
        return transposed ? t.transpose(0, 1) : t;
    }

    private static void assertSameBits(Tensor expected, Tensor actual) {
        assertEquals(expected.dtype(), actual.dtype());
        assertArrayEquals(expected.sizes(), actual.sizes());
        Tensor e = expected.contiguous();
        Tensor a = actual.contiguous();
        for (int k = 0; k < e.numel(); k++) {
            long eb = e.storage().getLong(e.storageOffset() + k);
            double ev = e.storage().getDouble(e.storageOffset() + k);
            double av = a.storage().getDouble(a.storageOffset() + k);
            if (!(Double.isNaN(ev) && Double.isNaN(av))) {
                assertEquals(ev, av, "element " + k + " of " + actual);
            }
            if (!e.dtype().isFloatingPoint()) {
                assertEquals(eb, a.storage().getLong(a.storageOffset() + k), "element " + k);
            }
        }
    }
}
