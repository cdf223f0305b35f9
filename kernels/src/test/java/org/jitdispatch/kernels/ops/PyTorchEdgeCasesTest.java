package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.Test;

/**
 * Edge values where results once differed from PyTorch 1.13's: each expected value is what the Python expression
 * in the comment beside it printed.
 */
class PyTorchEdgeCasesTest {
    private static final float NAN = Float.NaN;
    private static final float INF = Float.POSITIVE_INFINITY;

    // ------------------------------------------------------------------------- searchsorted, bucketize

    @Test
    void searchsortedComparesAsAtenDoesWithNaN() {
        // s = torch.tensor([-inf, -1., 0., 0., 2.5, 3., nan]); v = torch.tensor([-2., 0., 2.5, 3., 100., nan, -inf])
        Tensor s = Torch.tensor(new float[] {-INF, -1, 0, 0, 2.5f, 3, NAN});
        Tensor v = Torch.tensor(new float[] {-2, 0, 2.5f, 3, 100, NAN, -INF});
        // torch.searchsorted(s, v) -> tensor([1, 2, 4, 5, 7, 7, 0])
        assertArrayEquals(new long[] {1, 2, 4, 5, 7, 7, 0}, Torch.searchsorted(s, v).toLongArray());
        // torch.searchsorted(s, v, right=True) -> tensor([1, 4, 5, 7, 7, 7, 1])
        assertArrayEquals(new long[] {1, 4, 5, 7, 7, 7, 1}, Torch.searchsorted(s, v, false, true).toLongArray());
        // torch.bucketize(v, s) -> tensor([1, 2, 4, 5, 7, 7, 0])
        assertArrayEquals(new long[] {1, 2, 4, 5, 7, 7, 0}, Torch.bucketize(v, s).toLongArray());
    }

    @Test
    void searchsortedPromotesANumberWithTheBoundaries() {
        // torch.searchsorted(torch.tensor([1, 3, 3, 5, 9]), 3.5) -> tensor(3)
        assertArrayEquals(new long[] {3},
                Torch.searchsorted(Torch.tensor(new long[] {1, 3, 3, 5, 9}), Scalar.of(3.5)).toLongArray());
        // torch.bucketize(2.5, torch.tensor([False, True])) -> tensor(2)
        assertArrayEquals(new long[] {2},
                Torch.bucketize(Scalar.of(2.5), Torch.tensor(new boolean[] {false, true})).toLongArray());
        // torch.searchsorted(torch.tensor(1.), torch.ones(2))
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.searchsorted(Torch.scalarTensor(Scalar.of(1.0), org.jitdispatch.runtime.ScalarType.Float32),
                        Torch.ones(2)));
        assertEquals("torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension",
                e.getMessage());
    }

    // ------------------------------------------------------------------------------ LU: det, inv, solve

    @Test
    void luCarriesNaNIntoTheFactors() {
        // n = torch.tensor([[1., nan], [0., 1.]])
        Tensor n = Torch.tensor(new float[] {1, NAN, 0, 1}, 2, 2);
        // torch.linalg.det(n) -> tensor(nan)
        assertEquals(Double.NaN, Torch.linalg_det(n).toDoubleArray()[0]);
        // torch.linalg.slogdet(n) -> sign=tensor(0.), logabsdet=tensor(nan)
        Tensor[] slogdet = Torch.linalg_slogdet(n);
        assertEquals(0.0, Math.abs(slogdet[0].toDoubleArray()[0]));
        assertEquals(Double.NaN, slogdet[1].toDoubleArray()[0]);
        // torch.linalg.inv(n) -> tensor([[nan, nan], [nan, nan]]), and so for n.mT
        for (Tensor a : new Tensor[] {n, n.transpose(0, 1)}) {
            for (double x : Torch.linalg_inv(a).toDoubleArray()) {
                assertEquals(Double.NaN, x);
            }
        }
    }

    @Test
    void invAndSolveFactorTheTransposeOfAContiguousMatrix() {
        // a = torch.tensor([[1., 2., 3.], [2., 4., 6.], [1., 0., 1.]])
        Tensor a = Torch.tensor(new float[] {1, 2, 3, 2, 4, 6, 1, 0, 1}, 3, 3);
        // torch.linalg.inv_ex(a).info -> tensor(2, dtype=torch.int32) (A^T's second pivot is zero)
        assertArrayEquals(new int[] {2}, Torch.linalg_inv_ex(a)[1].toIntArray());
        // torch.linalg.inv_ex(a.t().contiguous().t()).info -> tensor(3, dtype=torch.int32) (A's own third pivot)
        assertArrayEquals(new int[] {3}, Torch.linalg_inv_ex(a.t().contiguous().t())[1].toIntArray());
        // torch.linalg.solve_ex(a, torch.ones(3)).info -> tensor(2, dtype=torch.int32)
        assertArrayEquals(new int[] {2}, Torch.linalg_solve_ex(a, Torch.ones(3))[1].toIntArray());
        // torch.linalg.inv(a)
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Torch.linalg_inv(a));
        assertEquals("linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because the"
                + " input matrix is singular.", e.getMessage());
        // b = torch.tensor([[4., 1., -2.], [1., 3., .5], [-2., 1.5, 5.]]): the transposed solve's values
        // torch.linalg.solve(b, torch.tensor([1., 2., 3.])) -> tensor([0.493056, 0.388889, 0.680556])
        // torch.linalg.solve(b, torch.tensor([[1.], [2.], [3.]]).mT, left=False) -> tensor([[0.687500, -0.000000, 0.875000]])
        Tensor b = Torch.tensor(new float[] {4, 1, -2, 1, 3, 0.5f, -2, 1.5f, 5}, 3, 3);
        org.jitdispatch.runtime.TensorTesting.assertClose(Torch.linalg_solve(b, Torch.tensor(new float[] {1, 2, 3})),
                Torch.tensor(new float[] {0.493056f, 0.388889f, 0.680556f}), 1e-4, 1e-4);
        org.jitdispatch.runtime.TensorTesting.assertClose(
                Torch.linalg_solve(b, Torch.tensor(new float[] {1, 2, 3}, 1, 3), false),
                Torch.tensor(new float[] {0.6875f, 0, 0.875f}, 1, 3), 1e-4, 1e-4);
        org.jitdispatch.runtime.TensorTesting.assertClose(Torch.matmul(Torch.linalg_inv(b), b), Torch.eye(3), 1e-6,
                1e-6);
    }

    // ---------------------------------------------------------------------------------------------- norms

    @Test
    void vectorNormRefusesNegativeOrdersOnEmptyTensors() {
        Tensor empty = Torch.zeros(0, 3);
        // torch.linalg.vector_norm(torch.zeros(0, 3), -1)
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.linalg_vector_norm(empty, Scalar.of(-1)));
        assertEquals("linalg.vector_norm cannot compute the -1 norm on an empty tensor because the operation does not"
                + " have an identity", e.getMessage());
        // torch.linalg.vector_norm(torch.zeros(0, 3), -0.5): the same with -0.5
        assertThrows(IllegalArgumentException.class, () -> Torch.linalg_vector_norm(empty, Scalar.of(-0.5)));
        // torch.linalg.vector_norm(torch.zeros(0, 3), -1, dim=(1, 0)) (1.13's message lacks a space)
        e = assertThrows(IllegalArgumentException.class,
                () -> Torch.linalg_vector_norm(empty, Scalar.of(-1), new long[] {1, 0}, false, null));
        assertEquals("linalg.vector_norm cannot compute the -1 norm on the dimension 0because this dimension is empty"
                + " and the operation does not have an identity", e.getMessage());
        // torch.linalg.vector_norm(torch.zeros(0, 3), -1, dim=1) -> tensor([])
        assertArrayEquals(new long[] {0},
                Torch.linalg_vector_norm(empty, Scalar.of(-1), new long[] {1}, false, null).sizes());
    }

    @Test
    void matrixNormChecksTheOrderFirst() {
        // torch.linalg.matrix_norm(torch.ones(3), 3)
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.linalg_matrix_norm(Torch.ones(3), Scalar.of(3)));
        assertEquals("linalg.matrix_norm: Order 3 not supported.", e.getMessage());
        // torch.linalg.matrix_norm(torch.ones(3, 3, dtype=torch.long), 'bad')
        e = assertThrows(IllegalArgumentException.class, () -> Torch.linalg_matrix_norm(
                Torch.ones(new long[] {3, 3}, org.jitdispatch.runtime.ScalarType.Int64), "bad"));
        assertEquals("linalg.matrix_norm: Order bad not supported.", e.getMessage());
    }

    // ------------------------------------------------------------------------------------ cummin, cummax

    @Test
    void runningExtremaOfAnEmptyTensorTakeAnyDim() {
        // torch.cummin(torch.zeros(0), 1) -> values=tensor([]), indices=tensor([], dtype=torch.int64)
        Tensor[] r = Torch.cummin(Torch.zeros(0), 1);
        assertArrayEquals(new long[] {0}, r[0].sizes());
        assertEquals(org.jitdispatch.runtime.ScalarType.Int64, r[1].dtype());
        // torch.cummax(torch.zeros(2, 0), 5) -> values=tensor([], size=(2, 0)), indices of the same size
        r = Torch.cummax(Torch.zeros(2, 0), 5);
        assertArrayEquals(new long[] {2, 0}, r[0].sizes());
        assertArrayEquals(new long[] {2, 0}, r[1].sizes());
    }

    // ------------------------------------------------------------------------------------ igamma, igammac

    @Test
    void incompleteGammaTakesAtensBoundaryValuesAtNaN() {
        // a = torch.tensor([nan, 1., nan, nan, inf, inf, nan, 0., 2.], dtype=torch.float64)
        // x = torch.tensor([1., nan, 0., inf, nan, 0., nan, nan, 0.], dtype=torch.float64)
        double nan = Double.NaN;
        double inf = Double.POSITIVE_INFINITY;
        Tensor a = Torch.tensor(new double[] {nan, 1, nan, nan, inf, inf, nan, 0, 2});
        Tensor x = Torch.tensor(new double[] {1, nan, 0, inf, nan, 0, nan, nan, 0});
        // torch.igamma(a, x) -> tensor([nan, nan, 0., 1., 0., 0., nan, nan, 0.], dtype=torch.float64)
        assertArrayEquals(new double[] {nan, nan, 0, 1, 0, 0, nan, nan, 0}, Torch.igamma(a, x).toDoubleArray());
        // torch.igammac(a, x) -> tensor([nan, nan, 1., 0., 1., 1., nan, nan, 1.], dtype=torch.float64)
        assertArrayEquals(new double[] {nan, nan, 1, 0, 1, 1, nan, nan, 1}, Torch.igammac(a, x).toDoubleArray());
    }

    // ------------------------------------------------------------------------------- asinh, acosh, atanh

    @Test
    void inverseHyperbolicFunctions() {
        // x = torch.tensor([-1e30, -2.5, -0.5, -0.0, 1e-10, 0.5, 1.0, 3.0, inf, nan], dtype=torch.float64)
        double nan = Double.NaN;
        double inf = Double.POSITIVE_INFINITY;
        Tensor x = Torch.tensor(new double[] {-1e30, -2.5, -0.5, -0.0, 1e-10, 0.5, 1.0, 3.0, inf, nan});
        // torch.asinh(x)
        org.jitdispatch.runtime.TensorTesting.assertClose(Torch.asinh(x), Torch.tensor(new double[] {-6.9770699970e+01,
            -1.6472311464e+00, -4.8121182506e-01, -0.0, 1.0000000000e-10, 4.8121182506e-01, 8.8137358702e-01,
            1.8184464592e+00, inf, nan}), 1e-10, 0);
        // torch.acosh(x)
        org.jitdispatch.runtime.TensorTesting.assertClose(Torch.acosh(x), Torch.tensor(new double[] {nan, nan, nan,
            nan, nan, nan, 0.0, 1.7627471740, inf, nan}), 1e-10, 0);
        // torch.arctanh(x)
        org.jitdispatch.runtime.TensorTesting.assertClose(Torch.arctanh(x), Torch.tensor(new double[] {nan, nan,
            -5.4930614433e-01, -0.0, 1.0000000000e-10, 5.4930614433e-01, inf, nan, nan, nan}), 1e-10, 0);
        // torch.atanh(torch.tensor([1, 0, -1])) -> tensor([inf, 0., -inf]) (integers computed in float32)
        Tensor ints = Torch.atanh(Torch.tensor(new long[] {1, 0, -1}));
        assertEquals(org.jitdispatch.runtime.ScalarType.Float32, ints.dtype());
        assertArrayEquals(new float[] {Float.POSITIVE_INFINITY, 0, Float.NEGATIVE_INFINITY}, ints.toFloatArray());
        // torch.tensor([1, 2]).asinh_() fails: result type Float can't be cast to the desired output type Long
        assertThrows(IllegalArgumentException.class, () -> Torch.tensor(new long[] {1, 2}).asinh_());
        // y = torch.tensor([0.5, 2.0], dtype=torch.float64, requires_grad=True); torch.asinh(y).sum().backward()
        // y.grad -> tensor([0.8944271910, 0.4472135955]); acosh at 2: 0.5773502692; atanh at 0.5: 1.3333333333
        Tensor y = Torch.tensor(new double[] {0.5, 2.0}).requiresGrad_(true);
        Torch.asinh(y).sum().backward();
        org.jitdispatch.runtime.TensorTesting.assertClose(y.grad(), Torch.tensor(new double[] {0.8944271910,
            0.4472135955}), 1e-9, 0);
        Tensor z = Torch.tensor(new double[] {2.0}).requiresGrad_(true);
        Torch.acosh(z).sum().backward();
        assertEquals(0.5773502692, z.grad().toDoubleArray()[0], 1e-9);
        Tensor w = Torch.tensor(new double[] {0.5}).requiresGrad_(true);
        Torch.atanh(w).sum().backward();
        assertEquals(1.3333333333, w.grad().toDoubleArray()[0], 1e-9);
    }

    // ------------------------------------------------------------------------------------------ linspace

    @Test
    void linspaceComputesInTheDtype() {
        org.jitdispatch.runtime.ScalarType f16 = org.jitdispatch.runtime.ScalarType.Float16;
        org.jitdispatch.runtime.ScalarType bf16 = org.jitdispatch.runtime.ScalarType.BFloat16;
        // torch.linspace(1, 0, 4, dtype=torch.float16).tolist() -> [1.0, 0.6669921875, 0.333251953125, 0.0]
        assertArrayEquals(new double[] {1.0, 0.6669921875, 0.333251953125, 0.0},
                Torch.linspace(Scalar.of(1), Scalar.of(0), 4, f16).toDoubleArray());
        // torch.linspace(0.1, 0.7, 7, dtype=torch.bfloat16).tolist()
        assertArrayEquals(new double[] {0.10009765625, 0.19921875, 0.298828125, 0.400390625, 0.5, 0.6015625,
            0.69921875}, Torch.linspace(Scalar.of(0.1), Scalar.of(0.7), 7, bf16).toDoubleArray());
        // torch.linspace(-5, 5, 11, dtype=torch.uint8).tolist(): -5 is 251 before the steps are taken
        assertArrayEquals(new long[] {251, 226, 201, 177, 152, 128, 103, 78, 54, 29, 5},
                Torch.linspace(Scalar.of(-5), Scalar.of(5), 11, org.jitdispatch.runtime.ScalarType.UInt8).toLongArray());
        // torch.linspace(0, 1, 1, dtype=torch.bool) -> tensor([False]); 0 steps -> tensor([], dtype=torch.bool)
        assertArrayEquals(new boolean[] {false},
                Torch.linspace(Scalar.of(0), Scalar.of(1), 1, org.jitdispatch.runtime.ScalarType.Bool).toBooleanArray());
        assertEquals(0, Torch.linspace(Scalar.of(0), Scalar.of(1), 0, org.jitdispatch.runtime.ScalarType.Bool).numel());
        // torch.linspace(0, 1, 3, dtype=torch.bool)
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.linspace(Scalar.of(0), Scalar.of(1), 3, org.jitdispatch.runtime.ScalarType.Bool));
        assertEquals("\"linspace_cpu\" not implemented for 'Bool'", e.getMessage());
        // torch.linspace(0, float('inf'), 3, dtype=torch.int32)
        e = assertThrows(IllegalArgumentException.class, () -> Torch.linspace(Scalar.of(0),
                Scalar.of(Double.POSITIVE_INFINITY), 3, org.jitdispatch.runtime.ScalarType.Int32));
        assertEquals("value cannot be converted to type int without overflow", e.getMessage());
    }

    // --------------------------------------------------------------------------------------- logspace, ravel

    @Test
    void logspace() {
        // torch.logspace(-1.5, 2.3, 7, 3.7).tolist()
        org.jitdispatch.runtime.TensorTesting.assertClose(Torch.logspace(Scalar.of(-1.5), Scalar.of(2.3), 7, 3.7),
                Torch.tensor(new float[] {0.1405068188905716f, 0.32177960872650146f, 0.7369187474250793f,
                    1.6876434087753296f, 3.864931106567383f, 8.851214408874512f, 20.270475387573242f}), 1e-7, 0);
        // torch.logspace(-1.5, 2.3, 7, 3.7, dtype=torch.int64).tolist() -> [0, 0, 1, 1, 3, 7, 13]
        assertArrayEquals(new long[] {0, 0, 1, 1, 3, 7, 13}, Torch.logspace(Scalar.of(-1.5), Scalar.of(2.3), 7, 3.7,
                org.jitdispatch.runtime.ScalarType.Int64).toLongArray());
        // torch.logspace(-2, 7, 4, 2, dtype=torch.int8).tolist() -> [0, 2, 16, -128]
        assertArrayEquals(new long[] {0, 2, 16, -128}, Torch.logspace(Scalar.of(-2), Scalar.of(7), 4, 2.0,
                org.jitdispatch.runtime.ScalarType.Int8).toLongArray());
        // torch.logspace(0, 3, 1, dtype=torch.float16) -> tensor([1.], dtype=torch.float16); 3 steps are refused
        assertArrayEquals(new double[] {1}, Torch.logspace(Scalar.of(0), Scalar.of(3), 1, 10.0,
                org.jitdispatch.runtime.ScalarType.Float16).toDoubleArray());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Torch.logspace(Scalar.of(0),
                Scalar.of(3), 3, 10.0, org.jitdispatch.runtime.ScalarType.Float16));
        assertEquals("\"logspace_cpu\" not implemented for 'Half'", e.getMessage());
        // torch.logspace(0, 3, -1)
        assertThrows(IllegalArgumentException.class, () -> Torch.logspace(Scalar.of(0), Scalar.of(3), -1));
    }

    @Test
    void ravel() {
        // torch.ravel(torch.arange(6.).reshape(2, 3).t()).tolist() -> [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]
        Tensor x = Torch.arange(Scalar.of(6.0)).reshape(2, 3);
        assertArrayEquals(new float[] {0, 3, 1, 4, 2, 5}, Torch.ravel(x.t()).toFloatArray());
        // torch.ravel(torch.tensor(5.)).shape -> torch.Size([1])
        assertArrayEquals(new long[] {1}, Torch.scalarTensor(Scalar.of(5.0)).ravel().sizes());
    }

    // -------------------------------------------------------------------------------------------- lgamma

    @Test
    void lgammaAtItsZerosAndForTinyArguments() {
        // torch.lgamma(torch.tensor([1.0, 2.0, -1e-20, 1e-310, 1.000001, 2.1, -2.5, 0.5], dtype=torch.float64))
        double[] expected = {0.0, 0.0, 46.051701859880914, 713.8013788281542, -5.772148423874147e-07,
            0.04543773854448518, -0.05624371649767405, 0.5723649429247001};
        double[] got = Torch.lgamma(Torch.tensor(new double[] {1.0, 2.0, -1e-20, 1e-310, 1.000001, 2.1, -2.5, 0.5}))
                .toDoubleArray();
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], got[i], Math.abs(expected[i]) * 1e-13, "element " + i);
        }
        // torch.lgamma(torch.tensor([1.0, 2.0, -1e-20])).tolist() -> [0.0, 0.0, 46.051700592041016]
        assertArrayEquals(new float[] {0f, 0f, 46.051700592041016f},
                Torch.lgamma(Torch.tensor(new float[] {1, 2, -1e-20f})).toFloatArray());
    }

    // --------------------------------------------------------------------------------------------- cdist

    @Test
    void cdistTreatsNaNAsAtensLoopDoes() {
        // a = torch.tensor([[nan, 1.0], [2.0, -1.0]]); b = torch.tensor([[0.0, 0.0], [1.0, nan]])
        Tensor a = Torch.tensor(new float[] {NAN, 1, 2, -1}, 2, 2);
        Tensor b = Torch.tensor(new float[] {0, 0, 1, NAN}, 2, 2);
        // torch.cdist(a, b, p=0).tolist() -> [[nan, nan], [2.0, nan]]
        assertArrayEquals(new float[] {NAN, NAN, 2, NAN}, Torch.cdist(a, b, 0.0).toFloatArray());
        // torch.cdist(a, b, p=1).tolist() -> [[nan, nan], [3.0, nan]]
        assertArrayEquals(new float[] {NAN, NAN, 3, NAN}, Torch.cdist(a, b, 1.0).toFloatArray());
        // torch.cdist(a, b, p=float('inf')).tolist() -> [[1.0, 0.0], [2.0, 1.0]]
        assertArrayEquals(new float[] {1, 0, 2, 1}, Torch.cdist(a, b, Double.POSITIVE_INFINITY).toFloatArray());
    }

    // ------------------------------------------------------------------- isposinf, isneginf, isreal, positive

    @Test
    void infinityTestsIsrealAndPositive() {
        // x = torch.tensor([-inf, -1.0, 0.0, inf, nan])
        Tensor x = Torch.tensor(new float[] {-INF, -1, 0, INF, NAN});
        // torch.isposinf(x).tolist() -> [False, False, False, True, False]
        assertArrayEquals(new boolean[] {false, false, false, true, false}, Torch.isposinf(x).toBooleanArray());
        // torch.isneginf(x).tolist() -> [True, False, False, False, False]
        assertArrayEquals(new boolean[] {true, false, false, false, false}, x.isneginf().toBooleanArray());
        // torch.isposinf(torch.tensor([1, 2])).tolist() -> [False, False]
        assertArrayEquals(new boolean[] {false, false}, Torch.isposinf(Torch.tensor(new long[] {1, 2})).toBooleanArray());
        // torch.isposinf(x, out=torch.zeros(5))
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.isposinf_out(Torch.zeros(5), x));
        assertEquals("isposinf does not support non-boolean outputs.", e.getMessage());
        // torch.isreal(torch.tensor([1.0, inf])).tolist() -> [True, True]
        assertArrayEquals(new boolean[] {true, true}, Torch.isreal(Torch.tensor(new float[] {1, INF})).toBooleanArray());
        // torch.positive(x) is x; torch.positive(torch.tensor([True]))
        org.junit.jupiter.api.Assertions.assertSame(x, Torch.positive(x));
        e = assertThrows(IllegalArgumentException.class, () -> Torch.positive(Torch.tensor(new boolean[] {true})));
        assertEquals("The `+` operator, on a bool tensor is not supported.", e.getMessage());
    }

    // ---------------------------------------------------------------------------------------------- diff

    @Test
    void diffChecksThePrependedShape() {
        // torch.diff(torch.arange(6.).reshape(2, 3), prepend=torch.zeros(3, 1))
        Tensor x = Torch.arange(Scalar.of(6.0)).reshape(2, 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.diff(x, 1, -1, Torch.zeros(3, 1), null));
        assertEquals("diff expects the shape of tensor to prepend or append to match that of input except along the"
                + " differencing dimension; input.size(0) = 2, but got tensor.size(0) = 3", e.getMessage());
    }

    // -------------------------------------------------------------------------------------- matrix_rank

    @Test
    void matrixRankOfIntegersFailsWhere113Fails() {
        Tensor a = Torch.tensor(new long[] {1, 2, 3, 4}, 2, 2);
        // torch.linalg.matrix_rank(a) (the default rtol needs the dtype's epsilon)
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Torch.linalg_matrix_rank(a));
        assertEquals("This function doesn't handle types other than float and double", e.getMessage());
        // torch.linalg.matrix_rank(a, atol=1.0, rtol=0.0) (then the SVD refuses the dtype)
        e = assertThrows(IllegalArgumentException.class,
                () -> Torch.linalg_matrix_rank(a, (Double) 1.0, (Double) 0.0, false));
        assertEquals("linalg.svd: Expected a floating point or complex tensor as input. Got Long", e.getMessage());
        // torch.linalg.matrix_rank(a, atol=1.0, rtol=0.0, hermitian=True)
        e = assertThrows(IllegalArgumentException.class,
                () -> Torch.linalg_matrix_rank(a, (Double) 1.0, (Double) 0.0, true));
        assertEquals("\"linalg_eigh_cpu\" not implemented for 'Long'", e.getMessage());
    }

    // ------------------------------------------------------------------- in-place and out= overloads of 1.13

    @Test
    void inPlaceAndOutOverloads() {
        // torch.tensor([1., 2.], dtype=torch.float64).float_power_(2).tolist() -> [1.0, 4.0]
        assertArrayEquals(new double[] {1, 4}, Torch.tensor(new double[] {1, 2}).float_power_(Scalar.of(2)).toDoubleArray());
        // torch.tensor([1., 2.]).float_power_(2)
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.tensor(new float[] {1, 2}).float_power_(Scalar.of(2)));
        assertEquals("the base given to float_power_ has dtype Float but the operation's result requires dtype Double",
                e.getMessage());
        // torch.float_power(torch.tensor([1., 2.]), 2, out=torch.zeros(2))
        e = assertThrows(IllegalArgumentException.class,
                () -> Torch.float_power_out(Torch.zeros(2), Torch.tensor(new float[] {1, 2}), Scalar.of(2)));
        assertEquals("the output given to float_power has dtype Float but the operation's result requires dtype Double",
                e.getMessage());
        // torch.sinc_(torch.tensor([1, 2]))
        e = assertThrows(IllegalArgumentException.class, () -> Torch.sinc_(Torch.tensor(new long[] {1, 2})));
        assertEquals("result type Float can't be cast to the desired output type Long", e.getMessage());
        // torch.deg2rad_(torch.tensor([0., 0.5, 180.])).tolist() -> [0.0, 0.008726646192371845, 3.1415927410125732]
        Tensor x = Torch.tensor(new float[] {0, 0.5f, 180});
        org.junit.jupiter.api.Assertions.assertSame(x, Torch.deg2rad_(x));
        assertArrayEquals(new float[] {0f, 0.008726646192371845f, 3.1415927410125732f}, x.toFloatArray());
        // torch.sinc(torch.tensor([0., 0.5]), out=o) -> [1.0, 0.6366197466850281]
        Tensor o = Torch.zeros(2);
        Torch.sinc_out(o, Torch.tensor(new float[] {0, 0.5f}));
        assertArrayEquals(new float[] {1f, 0.6366197466850281f}, o.toFloatArray());
        // torch.clip_(t, torch.tensor([0., 0.]), torch.tensor([1., 1.])) and t.true_divide_(2)
        Tensor t = Torch.tensor(new float[] {-1, 3});
        Torch.clip_(t, Torch.zeros(2), Torch.ones(2));
        assertArrayEquals(new float[] {0, 1}, t.toFloatArray());
        assertArrayEquals(new float[] {0, 0.5f}, t.true_divide_(Scalar.of(2)).toFloatArray());
    }

    // --------------------------------------------------------------------------------------------- histc

    @Test
    void histcChecksBinsAndRangeBeforeTheDtype() {
        Tensor ints = Torch.tensor(new long[] {1, 2, 3});
        // torch.histc(torch.tensor([1, 2, 3]), 0, 0, 1)
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.histc(ints, 0, Scalar.of(0), Scalar.of(1)));
        assertEquals("torch.histogram(): bins must be > 0, but got 0 for dimension 0", e.getMessage());
        // torch.histc(torch.tensor([1, 2, 3]), 4, 3, 1)
        e = assertThrows(IllegalArgumentException.class, () -> Torch.histc(ints, 4, Scalar.of(3), Scalar.of(1)));
        assertEquals("torch.histc: max must be larger than min", e.getMessage());
        // torch.histc(torch.tensor([1, 2, 3]), 4, 0, 1)
        e = assertThrows(IllegalArgumentException.class, () -> Torch.histc(ints, 4, Scalar.of(0), Scalar.of(1)));
        assertEquals("\"histogram_cpu\" not implemented for 'Long'", e.getMessage());
        // torch.histc(torch.tensor([True]), 4, 0, 1)
        e = assertThrows(IllegalArgumentException.class,
                () -> Torch.histc(Torch.tensor(new boolean[] {true}), 4, Scalar.of(0), Scalar.of(1)));
        assertEquals("\"linspace_cpu\" not implemented for 'Bool'", e.getMessage());
    }
}
