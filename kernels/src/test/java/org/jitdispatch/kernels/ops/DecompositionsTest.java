package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.jitdispatch.LinAlgError;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorTesting;
import org.junit.jupiter.api.Test;

/**
 * The decompositions by what defines them rather than by PyTorch's particular (sign) choices: reconstructions,
 * orthogonality, ordering, edge cases and errors. The golden vectors (decompositions family) compare with PyTorch.
 */
class DecompositionsTest {
    private static final Random RANDOM = new Random(20261127);

    private static Tensor random(long... sizes) {
        int n = 1;
        for (long s : sizes) {
            n *= (int) s;
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = RANDOM.nextDouble() * 2 - 1;
        }
        return Torch.tensor(v).view(sizes);
    }

    private static Tensor symmetric(long... sizes) {
        Tensor m = random(sizes);
        return m.add(m.transpose(-2, -1)).div(org.jitdispatch.runtime.Scalar.of(2.0));
    }

    private static Tensor mT(Tensor t) {
        return t.transpose(-2, -1);
    }

    private static Tensor eye(long n, Tensor like) {
        return Torch.eye(n, like.dtype(), null, null, null);
    }

    private static void assertClose(Tensor actual, Tensor expected, double tolerance) {
        TensorTesting.assertClose(actual, expected, tolerance, tolerance);
    }

    // ------------------------------------------------------------------------------------------- eigh

    @Test
    void eighReconstructsAndIsOrthonormal() {
        for (long[] sizes : new long[][] {{1, 1}, {2, 2}, {5, 5}, {3, 4, 4}, {2, 2, 7, 7}, {30, 30}}) {
            Tensor a = symmetric(sizes);
            Tensor[] r = Torch.linalg_eigh(a, "L");
            Tensor w = r[0];
            Tensor v = r[1];
            long n = sizes[sizes.length - 1];
            assertClose(Torch.matmul(v.mul(w.unsqueeze(-2)), mT(v)), a, 1e-12);
            assertClose(Torch.matmul(mT(v), v), eye(n, a).expand(v.sizes(), false), 1e-12);
            double[] values = w.contiguous().toDoubleArray();
            for (int i = 1; i < values.length; i++) {
                if (i % n != 0) {
                    assertTrue(values[i - 1] <= values[i], "eigenvalues ascend");
                }
            }
        }
    }

    @Test
    void eighReadsOnlyTheNamedTriangle() {
        Tensor a = random(4, 4);
        Tensor lower = Torch.tril(a, 0).add(mT(Torch.tril(a, -1)));
        Tensor upper = Torch.triu(a, 0).add(mT(Torch.triu(a, 1)));
        assertClose(Torch.linalg_eigvalsh(a, "L"), Torch.linalg_eigvalsh(lower, "U"), 1e-13);
        assertClose(Torch.linalg_eigvalsh(a, "u"), Torch.linalg_eigvalsh(upper, "L"), 1e-13);
    }

    @Test
    void eighOfRepeatedEigenvaluesSpansTheEigenspace() {
        // Q diag(1, 1, 1, 4) Q^T: any orthonormal basis of the 3-dimensional eigenspace is right
        Tensor u = random(4, 1);
        Tensor q = eye(4, u).sub(Torch.matmul(u, mT(u)).mul(org.jitdispatch.runtime.Scalar.of(2 / u.pow(
                org.jitdispatch.runtime.Scalar.of(2)).sum().toDoubleArray()[0])));
        Tensor a = Torch.matmul(q.mul(Torch.tensor(new double[] {1, 1, 1, 4})), mT(q));
        Tensor[] r = Torch.linalg_eigh(a, "L");
        assertClose(r[0], Torch.tensor(new double[] {1, 1, 1, 4}), 1e-12);
        assertClose(Torch.matmul(r[1].mul(r[0]), mT(r[1])), a, 1e-12);
        assertClose(Torch.matmul(mT(r[1]), r[1]), eye(4, a), 1e-12);
    }

    @Test
    void eighOfANonContiguousFloatBatch() {
        Tensor a = symmetric(3, 3, 3).transpose(-2, -1).to(ScalarType.Float32);
        assertTrue(!a.isContiguous());
        Tensor[] r = Torch.linalg_eigh(a, "L");
        assertEquals(ScalarType.Float32, r[0].dtype());
        assertArrayEquals(new long[] {3, 3, 3}, r[1].sizes());
        assertArrayEquals(new long[] {9, 1, 3}, r[1].strides());
        assertClose(Torch.matmul(r[1].mul(r[0].unsqueeze(-2)), mT(r[1])), a, 1e-5);
    }

    @Test
    void eighErrors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.linalg_eigh(random(2, 3), "L"));
        assertEquals("linalg.eigh: A must be batches of square matrices, but they are 2 by 3 matrices", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Torch.linalg_eigvalsh(random(3, 3), "X"));
        assertEquals("Expected UPLO argument to be 'L' or 'U', but got X", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Torch.linalg_eigh(random(2, 2).to(ScalarType.Int64), "L"));
        assertEquals("\"linalg_eigh_cpu\" not implemented for 'Long'", e.getMessage());
        Tensor nan = Torch.stack(new Tensor[] {symmetric(3, 3), Torch.full_like(symmetric(3, 3),
                org.jitdispatch.runtime.Scalar.of(Double.NaN), null, null, null, null, null)}, 0);
        LinAlgError error = assertThrows(LinAlgError.class, () -> Torch.linalg_eigh(nan, "L"));
        assertTrue(error.getMessage().startsWith("linalg.eigh: (Batch element 1): The algorithm failed to converge"),
                error.getMessage());
    }

    @Test
    void eigvalshOfEmptyAndOneByOne() {
        assertArrayEquals(new long[] {2, 0}, Torch.linalg_eigvalsh(random(2, 0, 0), "L").sizes());
        assertClose(Torch.linalg_eigvalsh(Torch.tensor(new double[] {-3}).view(1, 1), "L"),
                Torch.tensor(new double[] {-3}), 0);
    }

    // --------------------------------------------------------------------------------------------- qr

    @Test
    void qrReconstructsWithOrthonormalQAndTriangularR() {
        for (long[] sizes : new long[][] {{1, 1}, {4, 3}, {3, 5}, {6, 6}, {2, 5, 2}, {3, 2, 4}}) {
            Tensor a = random(sizes);
            long m = sizes[sizes.length - 2];
            long n = sizes[sizes.length - 1];
            long k = Math.min(m, n);
            for (String mode : new String[] {"reduced", "complete"}) {
                Tensor[] qr = Torch.linalg_qr(a, mode);
                long columns = mode.equals("complete") ? m : k;
                assertEquals(columns, qr[0].size(qr[0].dim() - 1));
                assertClose(Torch.matmul(qr[0], qr[1]), a, 1e-12);
                assertClose(Torch.matmul(mT(qr[0]), qr[0]), eye(columns, a).expand(batchOf(qr[0], columns), false),
                        1e-12);
                assertClose(Torch.triu(qr[1], 0), qr[1], 0);
            }
            Tensor[] rOnly = Torch.linalg_qr(a, "r");
            assertArrayEquals(new long[] {0}, rOnly[0].sizes());
            assertClose(rOnly[1], Torch.linalg_qr(a, "reduced")[1], 0);
        }
    }

    private static long[] batchOf(Tensor t, long n) {
        long[] sizes = t.sizes().clone();
        sizes[sizes.length - 2] = n;
        sizes[sizes.length - 1] = n;
        return sizes;
    }

    @Test
    void qrSignsAreLapacks() {
        // dlarfg makes R's diagonal the opposite sign of the pivot it reflects, and leaves a column with nothing
        // below the diagonal alone
        Tensor a = Torch.tensor(new double[] {3, 1, 4, 2}, 2, 2);
        Tensor r = Torch.linalg_qr(a, "reduced")[1];
        assertClose(r.diagonal(0, -2, -1), Torch.tensor(new double[] {-5, 0.4}), 1e-15);
        Tensor triangular = Torch.tensor(new double[] {-3, 1, 0, 2}, 2, 2);
        Tensor[] qr = Torch.linalg_qr(triangular, "reduced");
        assertClose(qr[0], Torch.eye(2, ScalarType.Float64), 0);
        assertClose(qr[1], triangular, 0);
    }

    @Test
    void qrOfAStridedFloatMatrixIsLaidOutColumnMajor() {
        Tensor a = random(3, 4).to(ScalarType.Float32).transpose(0, 1);
        Tensor[] qr = Torch.linalg_qr(a, "reduced");
        assertArrayEquals(new long[] {1, 4}, qr[0].strides());
        assertArrayEquals(new long[] {1, 3}, qr[1].strides());
        assertClose(Torch.matmul(qr[0], qr[1]), a, 1e-5);
    }

    @Test
    void qrErrorsAndGradientRefusals() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.linalg_qr(random(2, 2), "thin"));
        assertEquals("qr received unrecognized mode 'thin' but expected one of 'reduced' (default), 'r', or 'complete'",
                e.getMessage());
        Tensor a = random(4, 2).requiresGrad_(true);
        Tensor q = Torch.linalg_qr(a, "complete")[0];
        e = assertThrows(IllegalArgumentException.class, () -> q.sum().backward());
        assertEquals("The QR decomposition is not differentiable when mode='complete' and nrows > ncols.", e.getMessage());
        Tensor r = Torch.linalg_qr(a, "r")[1];
        e = assertThrows(IllegalArgumentException.class, () -> r.sum().backward());
        assertTrue(e.getMessage().startsWith("The derivative of linalg.qr depends on Q"), e.getMessage());
    }

    // -------------------------------------------------------------------------------------------- svd

    @Test
    void svdReconstructsWithOrthonormalFactors() {
        for (long[] sizes : new long[][] {{1, 1}, {4, 3}, {3, 5}, {6, 6}, {2, 5, 2}, {3, 2, 4}, {40, 25}}) {
            Tensor a = random(sizes);
            long m = sizes[sizes.length - 2];
            long n = sizes[sizes.length - 1];
            long k = Math.min(m, n);
            for (boolean full : new boolean[] {false, true}) {
                Tensor[] usv = Torch.linalg_svd(a, full, null);
                Tensor u = usv[0];
                Tensor vh = usv[2];
                assertEquals(full ? m : k, u.size(u.dim() - 1));
                assertEquals(full ? n : k, vh.size(vh.dim() - 2));
                Tensor product = Torch.matmul(u.narrow(-1, 0, k).mul(usv[1].unsqueeze(-2)), vh.narrow(-2, 0, k));
                assertClose(product, a, 1e-12);
                assertClose(Torch.matmul(mT(u), u), eye(u.size(u.dim() - 1), a).expand(batchOf(u, u.size(u.dim() - 1)),
                        false), 1e-12);
                assertClose(Torch.matmul(vh, mT(vh)), eye(vh.size(vh.dim() - 2), a).expand(batchOf(vh,
                        vh.size(vh.dim() - 2)), false), 1e-12);
            }
            double[] s = Torch.linalg_svdvals(a, null).contiguous().toDoubleArray();
            for (int i = 1; i < s.length; i++) {
                if (i % k != 0) {
                    assertTrue(s[i - 1] >= s[i], "singular values descend");
                }
            }
        }
    }

    @Test
    void svdOfARankDeficientMatrixCompletesTheBases() {
        // rank 1, 4 x 3: U has three columns (four with full_matrices) although only one is determined
        Tensor x = random(4, 1);
        Tensor a = Torch.matmul(x, random(1, 3));
        Tensor[] usv = Torch.linalg_svd(a, true, null);
        double[] s = usv[1].toDoubleArray();
        assertTrue(s[1] < 1e-14 && s[2] < 1e-14, java.util.Arrays.toString(s));
        assertClose(Torch.matmul(mT(usv[0]), usv[0]), eye(4, a), 1e-12);
        assertClose(Torch.matmul(usv[2], mT(usv[2])), eye(3, a), 1e-12);
        assertClose(Torch.matmul(usv[0].narrow(-1, 0, 3).mul(usv[1]), usv[2]), a, 1e-12);
        // the zero matrix: singular values 0, identity-like bases
        Tensor[] zero = Torch.linalg_svd(Torch.zeros(new long[] {2, 3}, ScalarType.Float64), true, null);
        assertClose(zero[1], Torch.zeros(new long[] {2}, ScalarType.Float64), 0);
        assertClose(Torch.matmul(zero[2], mT(zero[2])), eye(3, a), 1e-15);
    }

    @Test
    void svdOfAnExactlySingularMatrixConverges() {
        // torch.linalg.svdvals(torch.tensor([[1., 2., 3.], [2., 4., 6.], [1., 0., 1.]]))
        //   -> tensor([8.4354e+00, 9.1826e-01, 2.3710e-07]) (float32 LAPACK: the last is rounding noise)
        // The rank-deficient column shrank into the subnormals without ever counting as orthogonal.
        Tensor a = Torch.tensor(new float[] {1, 2, 3, 2, 4, 6, 1, 0, 1}, 3, 3);
        double[] s = Torch.linalg_svdvals(a, null).toDoubleArray();
        assertEquals(8.4354, s[0], 1e-4);
        assertEquals(0.91826, s[1], 1e-5);
        assertTrue(Math.abs(s[2]) < 1e-6, java.util.Arrays.toString(s));
        assertEquals(2, Torch.linalg_matrix_rank(a).toLongArray()[0]);
        Tensor[] usv = Torch.linalg_svd(a.to(ScalarType.Float64), false, null);
        assertClose(Torch.matmul(usv[0].mul(usv[1]), usv[2]), a.to(ScalarType.Float64), 1e-12);
    }

    @Test
    void svdvalsAreTheSquareRootsOfTheGramEigenvalues() {
        Tensor a = random(5, 3);
        Tensor fromGram = Torch.linalg_eigvalsh(Torch.matmul(mT(a), a), "L").flip(new long[] {0}).sqrt();
        assertClose(Torch.linalg_svdvals(a, null), fromGram, 1e-12);
        Tensor[] legacy = Torch.svd(a, true, true);
        assertClose(Torch.matmul(legacy[0].mul(legacy[1]), mT(legacy[2])), a, 1e-12);
    }

    @Test
    void svdOfHugeAndTinyMatrices() {
        for (double scale : new double[] {1e200, 1e-200, 1e300}) {
            Tensor a = random(4, 3);
            Tensor scaled = a.mul(org.jitdispatch.runtime.Scalar.of(scale));
            Tensor s = Torch.linalg_svdvals(scaled, null).div(org.jitdispatch.runtime.Scalar.of(scale));
            assertClose(s, Torch.linalg_svdvals(a, null), 1e-13);
        }
    }

    @Test
    void svdOfNonFiniteMatrices() {
        Tensor inf = Torch.tensor(new double[] {Double.POSITIVE_INFINITY, 0, 0, 1}, 2, 2);
        assertTrue(Double.isNaN(Torch.linalg_svdvals(inf, null).toDoubleArray()[0]));
        Tensor nan = Torch.tensor(new double[] {1, 0, 0, Double.NaN}, 1, 2, 2);
        LinAlgError e = assertThrows(LinAlgError.class, () -> Torch.linalg_svd(nan, false, null));
        assertEquals("linalg.svd: (Batch element 0): The algorithm failed to converge because the input matrix"
                + " contained non-finite values.", e.getMessage());
    }

    // ---------------------------------------------------- pinv, matrix_rank, lstsq, the spectral norms, cond

    @Test
    void pinvSatisfiesThePenroseConditions() {
        Tensor a = Torch.matmul(random(5, 2), random(2, 4));  // rank 2
        for (boolean hermitian : new boolean[] {false, true}) {
            Tensor m = hermitian ? Torch.matmul(a, mT(a)) : a;
            Tensor p = Torch.linalg_pinv(m, (Tensor) null, (Tensor) null, hermitian);
            assertClose(Torch.matmul(Torch.matmul(m, p), m), m, 1e-10);
            assertClose(Torch.matmul(Torch.matmul(p, m), p), p, 1e-10);
            assertClose(mT(Torch.matmul(m, p)), Torch.matmul(m, p), 1e-10);
            assertClose(mT(Torch.matmul(p, m)), Torch.matmul(p, m), 1e-10);
        }
        assertEquals(2, Torch.linalg_matrix_rank(a, (Tensor) null, (Tensor) null, false).toLongArray()[0]);
        assertEquals(2, Torch.linalg_matrix_rank(Torch.matmul(a, mT(a)), (Tensor) null, (Tensor) null, true)
                .toLongArray()[0]);
    }

    @Test
    void lstsqSolvesTheNormalEquationsAndDifferentiatesAVectorRhs() {
        Tensor a = random(6, 3);
        Tensor b = random(6);
        Tensor x = Torch.linalg_lstsq(a, b, null, null)[0];
        // A^T (A x - b) = 0
        Tensor normal = Torch.matmul(mT(a), Torch.matmul(a, x).sub(b));
        assertClose(normal, Torch.zeros(new long[] {3}, ScalarType.Float64), 1e-12);
        Tensor aGrad = a.clone().requiresGrad_(true);
        Tensor bGrad = b.clone().requiresGrad_(true);
        Torch.linalg_lstsq(aGrad, bGrad, null, null)[0].sum().backward();
        // x = pinv(A) b, so d(sum x)/db = pinv(A)^T 1
        Tensor pinv = Torch.linalg_pinv(a, (Tensor) null, (Tensor) null, false);
        assertClose(bGrad.grad(), Torch.matmul(mT(pinv), Torch.ones_like(x)), 1e-12);
        assertArrayEquals(new long[] {6, 3}, aGrad.grad().sizes());
    }

    @Test
    void spectralNormsAndCondition() {
        Tensor a = random(3, 4, 5);
        Tensor s = Torch.linalg_svdvals(a, null);
        long[] last = {-2, -1};
        assertClose(Torch.linalg_matrix_norm(a, org.jitdispatch.runtime.Scalar.of(2.0), last, false, null),
                s.select(-1, 0), 1e-13);
        assertClose(Torch.linalg_matrix_norm(a, org.jitdispatch.runtime.Scalar.of(-2.0), last, false, null),
                s.select(-1, 3), 1e-13);
        assertClose(Torch.linalg_matrix_norm(a, "nuc", last, false, null), s.sum(new long[] {-1}, false, null), 1e-13);
        Tensor kept = Torch.linalg_matrix_norm(a, "nuc", new long[] {0, 2}, true, null);
        assertArrayEquals(new long[] {1, 4, 1}, kept.sizes());
        assertClose(Torch.linalg_cond(a, (org.jitdispatch.runtime.Scalar) null), s.select(-1, 0).div(s.select(-1, 3)),
                1e-12);
    }
}
