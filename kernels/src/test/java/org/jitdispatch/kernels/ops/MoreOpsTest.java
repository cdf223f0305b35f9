package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.GradCheck;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * What the more_ops golden family cannot show of its operators: that the splits are views a write goes through,
 * that meta tensors get their shapes, and that gradients pass through them.
 */
class MoreOpsTest {

    private static Tensor meta(long... sizes) {
        return Torch.empty(sizes, null, null, Device.META, null, null);
    }

    @Test
    void splitsAreViewsOfSelf() {
        Tensor x = Torch.tensor(new double[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 3, 4);
        Tensor[] columns = x.hsplit(2);
        assertEquals(2, columns.length);
        columns[1].fill_(Scalar.of(-1));
        assertArrayEquals(new double[] {0, 1, -1, -1, 4, 5, -1, -1, 8, 9, -1, -1}, x.toDoubleArray(), 0);
        for (Tensor piece : Torch.tensor_split(x, Torch.tensor(new long[] {1, 2}), 0)) {
            assertSame(x.storage(), piece.storage());
        }
        assertSame(x.storage(), x.vsplit(3)[2].storage());
        assertSame(x.storage(), x.view(3, 2, 2).dsplit(new long[] {1})[1].storage());
    }

    @Test
    void splitsOfMetaTensorsHaveTheirShapes() {
        Tensor[] pieces = Torch.dsplit(meta(2, 3, 6), 3);
        assertEquals(3, pieces.length);
        assertTrue(pieces[0].isMeta());
        assertArrayEquals(new long[] {2, 3, 2}, pieces[0].sizes());
        assertArrayEquals(new long[] {1, 5}, Torch.vsplit(meta(4, 5), new long[] {1, 2})[1].sizes());
    }

    @Test
    void gradientsFlowBackThroughTheSplits() {
        Tensor x = Torch.ones(2, 4).requiresGrad_(true);
        Tensor[] halves = x.hsplit(2);
        halves[0].sum().add(halves[1].mul(Scalar.of(3)).sum()).backward();
        assertArrayEquals(new double[] {1, 1, 3, 3, 1, 1, 3, 3}, x.grad().toDoubleArray(), 0);
    }

    @Test
    void structuredSortAndTopkGiveMetaTensorsTheirShapesThroughOut() {
        Tensor values = meta(0);
        Tensor indices = Torch.empty(new long[] {0}, ScalarType.Int64, null, Device.META, null, null);
        Tensor[] sorted = Torch.sort_out(values, indices, meta(3, 4), 0, true);
        assertSame(values, sorted[0]);
        assertArrayEquals(new long[] {3, 4}, values.sizes());
        Torch.topk_out(values, indices, meta(3, 5), 2);
        assertArrayEquals(new long[] {3, 2}, values.sizes());
        assertArrayEquals(new long[] {3, 2}, indices.sizes());
    }

    /** 1.13 reinterprets self's bytes as out's dtype here; later releases refuse it, as this does. */
    @Test
    void indexOutRefusesAnotherDtypeAndLeavesOutUntouched() {
        Tensor x = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 3, 2);
        Tensor out = Torch.zeros(new long[] {5}, ScalarType.Int32);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.index_out(out, x, new Tensor[] {Torch.tensor(new long[] {0, 2})}));
        assertEquals("index_out: self (Float) and result (Int) must have the same scalar type", e.getMessage());
        assertArrayEquals(new long[] {5}, out.sizes());
    }

    @Test
    void outOverloadsRefuseInputsThatRequireGrad() {
        Tensor x = Torch.ones(3, 4).requiresGrad_(true);
        Tensor values = Torch.empty(0);
        Tensor indices = Torch.empty(new long[] {0}, ScalarType.Int64);
        assertThrows(IllegalStateException.class, () -> Torch.kthvalue_out(values, indices, x, 2));
        assertThrows(IllegalStateException.class, () -> Torch.sort_out(values, indices, x));
        assertArrayEquals(new long[] {0}, values.sizes());
    }

    private static Tensor doubles(double... values) {
        return Torch.tensor(values).requiresGrad_(true);
    }

    /** A leaf of these sizes (GradCheck reads the gradients of leaves). */
    private static Tensor matrix(long rows, long columns, double... values) {
        return Torch.tensor(values, rows, columns).requiresGrad_(true);
    }

    /** Where self is zero heaviside is values, so values' gradient is the output's there (zero elsewhere). */
    @Test
    void heavisideDifferentiatesThroughValuesWhereSelfIsZero() {
        Tensor self = Torch.tensor(new double[] {0, 1.5, -2, 0, -0.0});
        GradCheck.check(x -> Torch.heaviside(self, x[0]), doubles(0.3, -0.7, 2, 0.5, 1));
        GradCheck.check(x -> Torch.heaviside(x[0], Torch.tensor(new double[] {0.5, 0.5})), doubles(0.75, -1.25));
        Tensor values = doubles(0.5, 0.5, 0.5, 0.5, 0.5);
        Torch.heaviside(self, values).sum().backward();
        assertArrayEquals(new double[] {1, 0, 0, 1, 1}, values.grad().toDoubleArray(), 0);
    }

    @Test
    void heavisideInPlaceRecordsItsNode() {
        Tensor leaf = doubles(0, 2, -1);
        Tensor values = doubles(4, 4, 4);
        Tensor x = leaf.mul(Scalar.of(1));
        x.heaviside_(values);
        assertArrayEquals(new double[] {4, 1, 0}, x.toDoubleArray(), 0);
        x.sum().backward();
        assertArrayEquals(new double[] {1, 0, 0}, values.grad().toDoubleArray(), 0);
        assertArrayEquals(new double[] {0, 0, 0}, leaf.grad().toDoubleArray(), 0);
    }

    @Test
    void compositesDifferentiateThroughWhatTheyCall() {
        GradCheck.check(x -> Torch.combinations(x[0], 2, true), doubles(0.5, -1, 2));
        GradCheck.check(x -> Torch.cumulative_trapezoid(x[0], x[1], -1), matrix(2, 3, 1, 2, 4, 3, 0, -1),
                doubles(0, 0.5, 2));
        GradCheck.check(x -> Torch.cumulative_trapezoid(x[0], Scalar.of(0.5), 0), matrix(3, 2, 1, 2, 4, 3, 0, -1));
        GradCheck.check(x -> Torch.chain_matmul(new Tensor[] {x[0], x[1], x[2]}), matrix(2, 3, 1, 2, 3, 4, 5, 6),
                matrix(3, 2, 1, -1, 0.5, 2, 0, 1), matrix(2, 2, 0.5, 1.5, -2, 1));
        Tensor fweights = Torch.tensor(new long[] {1, 2, 1, 3});
        GradCheck.check(x -> Torch.cov(x[0], 1, fweights, x[1]), matrix(2, 4, 0, 1, 2, 5, 2, 1, 0, 3),
                doubles(0.5, 1, 2, 1));
    }

    /** resize_output's deprecation warning: once for each non-empty out of other sizes, never for an empty one. */
    @Test
    void outOverloadsWarnWhenTheyResizeAnOutThatHadElements() {
        Tensor x = Torch.tensor(new double[] {3, 1, 2, 6, 5, 4}, 2, 3);
        Tensor values = Torch.zeros(new long[] {5}, ScalarType.Float64);
        Tensor indices = Torch.empty(new long[] {0}, ScalarType.Int64);
        java.util.List<String> warnings = Warnings.capture(() -> Torch.kthvalue_out(values, indices, x, 2, 1));
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("An output with one or more elements was resized since it had shape [5]"));
        assertArrayEquals(new double[] {2, 5}, values.toDoubleArray(), 0);
        assertArrayEquals(new long[] {2, 1}, indices.toLongArray());
        Tensor out = Torch.empty(new long[] {0}, ScalarType.Int64);
        Tensor mask = x.gt(Scalar.of(3));
        assertEquals(java.util.List.of(), Warnings.capture(() -> Torch.nonzero_out(out, mask)));
        assertEquals(java.util.List.of(), Warnings.capture(() -> Torch.nonzero_out(out, mask)), "its sizes now");
        assertArrayEquals(new long[] {3, 2}, out.sizes());
    }

    /** kthvalue checks dim and k before its dtype, as ATen's dispatch over dtypes comes last. */
    @org.junit.jupiter.api.Test
    void kthvalueNamesAnOutOfRangeKBeforeAnUnsupportedDtype() {
        Tensor flags = Torch.tensor(new boolean[] {true, false});
        assertEquals("kthvalue(): selected number k out of range for dimension 0",
                assertThrows(IndexOutOfBoundsException.class, () -> Torch.kthvalue(flags, 0, -1, false)).getMessage());
        assertEquals("\"kthvalue_cpu\" not implemented for 'Bool'",
                assertThrows(IllegalArgumentException.class, () -> Torch.kthvalue(flags, 1, -1, false)).getMessage());
    }
}
