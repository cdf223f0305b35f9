package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * The elementwise operators through the generated API: values, the CPU-scalar and strided paths, meta
 * tensors, and failing in-place and out= calls. PyTorch's own results are in the golden vectors
 * (binary, unary, comparison and ternary); these tests cover what those do not.
 */
class ElementwiseOpsTest {
    private static Tensor f32(float... v) {
        return Torch.tensor(v);
    }

    private static Tensor meta(ScalarType dtype, long... sizes) {
        return Tensor.FACTORY.empty(sizes, dtype, Device.META);
    }

    @Test
    void addThroughTheGeneratedApi() {
        Tensor a = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
        Tensor b = f32(10, 20, 30);
        Tensor sum = Torch.add(a, b);
        assertEquals(ScalarType.Float32, sum.dtype());
        assertArrayEquals(new long[] {2, 3}, sum.sizes());
        assertArrayEquals(new float[] {11, 22, 33, 14, 25, 36}, sum.toFloatArray());
        assertArrayEquals(new float[] {21, 42, 63, 24, 45, 66}, Torch.add(a, b, Scalar.of(2)).toFloatArray());
        assertArrayEquals(new float[] {-9, -18, -27, -6, -15, -24}, a.sub(b).toFloatArray());
        // int64 + float scalar is float32; int64 + int scalar stays int64
        Tensor ints = Torch.tensor(new long[] {1, 2, 3});
        assertEquals(ScalarType.Float32, ints.add(Scalar.of(0.5)).dtype());
        assertArrayEquals(new long[] {3, 4, 5}, ints.add(Scalar.of(2)).toLongArray());
        Tensor same = a.add_(b);
        assertSame(a, same);
        assertArrayEquals(new float[] {11, 22, 33, 14, 25, 36}, a.toFloatArray());
    }

    @Test
    void cpuScalarOperandsAndStridedOutputsGiveTheSameValuesAsTheGeneralPath() {
        Tensor base = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 3, 2);
        Tensor t = base.transpose(0, 1); // [[1, 3, 5], [2, 4, 6]], strides (1, 2)
        Tensor viaScalar = Torch.mul(t, Scalar.of(1.5));
        Tensor viaTensor = Torch.mul(t, Torch.tensor(new float[] {1.5f, 1.5f, 1.5f}));
        assertArrayEquals(viaTensor.toFloatArray(), viaScalar.toFloatArray());
        assertArrayEquals(new long[] {1, 2}, viaScalar.strides(), "the output follows the input's layout");
        // in place on the transposed view, with a 0-dim tensor operand
        t.div_(Torch.scalarTensor(Scalar.of(2.0), ScalarType.Float64));
        assertArrayEquals(new float[] {0.5f, 1, 1.5f, 2, 2.5f, 3}, base.toFloatArray());
        // comparisons with a scalar write a bool tensor
        Tensor ge = Torch.ge(Torch.tensor(new long[] {1, 2, 3}), Scalar.of(2));
        assertEquals(ScalarType.Bool, ge.dtype());
        assertArrayEquals(new boolean[] {false, true, true}, ge.toBooleanArray());
    }

    @Test
    void metaTensorsGetShapesAndDtypesWithoutData() {
        Tensor a = meta(ScalarType.Int64, 4, 1, 3);
        Tensor b = meta(ScalarType.Float32, 2, 1);
        Tensor sum = Torch.add(a, b);
        assertTrue(sum.isMeta());
        assertEquals(ScalarType.Float32, sum.dtype());
        assertArrayEquals(new long[] {4, 2, 3}, sum.sizes());
        assertEquals(ScalarType.Float32, Torch.exp(meta(ScalarType.Int32, 5)).dtype());
        assertEquals(ScalarType.Bool, Torch.lt(a, Scalar.of(1)).dtype());
        assertEquals(ScalarType.Int64, Torch.div(a, a, "floor").dtype());
        assertEquals(ScalarType.Float32, Torch.pow(Scalar.of(2.5), a).dtype());
        assertArrayEquals(new long[] {4, 1, 3}, Torch.abs(a).sizes());
        assertTrue(Torch.relu(b).isMeta());
        Tensor w = Torch.where(meta(ScalarType.Bool, 2, 3), meta(ScalarType.Int32, 3), meta(ScalarType.Float64, 2, 1));
        assertEquals(ScalarType.Float64, w.dtype());
        assertArrayEquals(new long[] {2, 3}, w.sizes());
        // a Scalar becomes a wrapped CPU number, which meta tensors accept
        Tensor scaled = Torch.mul(meta(ScalarType.Int32, 3), Scalar.of(2.5));
        assertTrue(scaled.isMeta());
        assertEquals(ScalarType.Float32, scaled.dtype());
        Tensor clamped = Torch.clamp(meta(ScalarType.Int64, 2), Scalar.of(0.5), null);
        assertEquals(ScalarType.Float32, clamped.dtype());
        // errors that need no data are still raised
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.add(meta(ScalarType.Float32, 2, 3), meta(ScalarType.Float32, 2, 4)));
        assertEquals("The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
                e.getMessage());
    }

    @Test
    void aFailingOutCallLeavesOutUntouched() {
        Tensor out = Torch.tensor(new long[] {7, 7, 7, 7});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.add_out(out, f32(1, 2), f32(3, 4)));
        assertEquals("result type Float can't be cast to the desired output type Long", e.getMessage());
        assertArrayEquals(new long[] {4}, out.sizes());
        assertArrayEquals(new long[] {7, 7, 7, 7}, out.toLongArray());

        // an integer division by zero is found before out= is resized (PyTorch would resize it first)
        List<String> warnings = Warnings.capture(() -> assertEquals("ZeroDivisionError", assertThrows(
                IllegalArgumentException.class,
                () -> Torch.div_out(out, Torch.tensor(new long[] {1, 2}), Torch.tensor(new long[] {1, 0}), "trunc"))
                .getMessage()));
        assertTrue(warnings.isEmpty(), warnings.toString());
        assertArrayEquals(new long[] {4}, out.sizes());
        assertArrayEquals(new long[] {7, 7, 7, 7}, out.toLongArray());

        Tensor self = Torch.tensor(new long[] {1, 2, 3});
        assertThrows(IllegalArgumentException.class, () -> self.mul_(Scalar.of(2.5)));
        assertArrayEquals(new long[] {1, 2, 3}, self.toLongArray());
    }

    @Test
    void alphaErrors() {
        Tensor i = Torch.tensor(new long[] {1, 2});
        Tensor f = f32(1, 2);
        assertEquals("For integral input tensors, argument alpha must not be a floating point number.",
                assertThrows(IllegalArgumentException.class, () -> Torch.add(i, i, Scalar.of(0.5))).getMessage());
        assertEquals("Boolean alpha only supported for Boolean results.",
                assertThrows(IllegalArgumentException.class, () -> Torch.sub(f, f, Scalar.of(true))).getMessage());
        assertEquals("value cannot be converted to type int without overflow",
                assertThrows(IllegalArgumentException.class,
                        () -> Torch.add(Torch.tensor(new int[] {1}), Torch.tensor(new int[] {1}), Scalar.of(1L << 40)))
                        .getMessage());
        // a float alpha is fine when the output is floating, even with integer inputs
        Tensor out = Torch.tensor(new float[] {0, 0});
        Torch.add_out(out, i, i, Scalar.of(0.5));
        assertArrayEquals(new float[] {1, 2}, out.toFloatArray());
    }

    @Test
    void anOutputThatMustBeResizedWhileSharingAnInputsMemoryIsRefusedUntouched() {
        // out (3 x 1) and other (1 x 3) view the same three ints; the result is 2 x 3, so out would be resized over
        // other and the loop would read its own writes (here: zero divisors planted midway)
        Tensor base = Torch.tensor(new int[] {5, 7, 9}, 3);
        Tensor out = base.asStrided(new long[] {3, 1}, new long[] {1, 1}, 0);
        Tensor other = base.asStrided(new long[] {1, 3}, new long[] {1, 1}, 0);
        Tensor self = Torch.tensor(new int[] {20, 30}, 2, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Torch.fmod_out(out, self, other));
        assertTrue(e.getMessage().startsWith("unsupported operation: some elements of the input tensor"), e.getMessage());
        assertArrayEquals(new long[] {3, 1}, out.sizes());
        assertArrayEquals(new int[] {5, 7, 9}, base.toIntArray());
    }

    @Test
    void overlappingOutputsAreRejected() {
        Tensor row = f32(1, 2, 3);
        Tensor expanded = row.asStrided(new long[] {2, 3}, new long[] {0, 1}, 0);
        assertEquals("unsupported operation: more than one element of the written-to tensor refers to a single memory"
                        + " location. Please clone() the tensor before performing the operation.",
                assertThrows(IllegalArgumentException.class, () -> expanded.neg_()).getMessage());
        Tensor buf = f32(1, 2, 3, 4);
        Tensor head = buf.asStrided(new long[] {3}, new long[] {1}, 0);
        Tensor tail = buf.asStrided(new long[] {3}, new long[] {1}, 1);
        assertEquals("unsupported operation: some elements of the input tensor and the written-to tensor refer to a"
                        + " single memory location. Please clone() the tensor before performing the operation.",
                assertThrows(IllegalArgumentException.class, () -> Torch.add_out(tail, head, head)).getMessage());
        assertArrayEquals(new float[] {1, 2, 3, 4}, buf.toFloatArray());
        // the output itself as an input is fine
        head.add_(head);
        assertArrayEquals(new float[] {2, 4, 6, 4}, buf.toFloatArray());
    }

    @Test
    void whereClampAndPowOverloads() {
        Tensor cond = Torch.tensor(new boolean[] {true, false, true});
        Tensor x = Torch.tensor(new int[] {1, 2, 3});
        Tensor y = Torch.tensor(new double[] {-1, -2, -3});
        Tensor w = x.where(cond, y); // the method form: self is the receiver
        assertEquals(ScalarType.Float64, w.dtype());
        assertArrayEquals(new double[] {1, -2, 3}, w.toDoubleArray());
        assertArrayEquals(new long[] {1, 2, 2}, Torch.clamp(x, Scalar.of(1), Scalar.of(2)).toLongArray());
        assertArrayEquals(new int[] {2, 2, 3}, Torch.clamp(x, Torch.tensor(new int[] {2, 0, 0}), null).toIntArray());
        assertArrayEquals(new float[] {Float.NaN, Float.NaN}, Torch.clamp(f32(1, 2), Scalar.of(0), Scalar.of(Double.NaN))
                .toFloatArray());
        // 1 ** x fills out= whatever its layout; 2 ** x goes through pow.Tensor_Tensor_out
        Tensor out = Torch.tensor(new float[] {0, 0, 0, 0}, 2, 2).transpose(0, 1);
        Torch.pow_out(out, Scalar.of(1), Torch.tensor(new float[] {5, 6, 7, 8}, 2, 2));
        assertArrayEquals(new float[] {1, 1, 1, 1}, out.toFloatArray());
        Torch.pow_out(out, Scalar.of(2), Torch.tensor(new float[] {0, 1, 2, 3}, 2, 2));
        assertArrayEquals(new float[] {1, 2, 4, 8}, out.toFloatArray());
        assertArrayEquals(new long[] {1, 2}, out.strides(), "an out= tensor of the right size keeps its strides");
        assertFalse(Torch.pow(x, Scalar.of(2)).dtype().isFloatingPoint());
        assertArrayEquals(new float[] {1, 0.5f, 0.25f}, Torch.pow(f32(1, 2, 4), Scalar.of(-1)).toFloatArray());
    }
}
