package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * The array loops of max/min along a dim and of cumsum/cumprod (float32 and float64 read and written through
 * their arrays, group by group) against their definitions, computed here element by element from a contiguous
 * copy, on the same random tensors: ranks 1 to 4, any dim, contiguous, permuted, narrowed and expanded layouts,
 * NaN, infinities and repeated values (ties go to the first, NaN to the first NaN), in place (cumsum_), into a
 * transposed out=, and, as a control, int64 and float32-to-float64 calls, which take the element-by-element path.
 */
class DimGroupsPathsPropertyTest {
    static {
        AtenLibrary.load();
    }

    @Property(tries = 400)
    void maxAndMinAlongADimAreTheFirstExtremum(@ForAll long seed) {
        Random rnd = new Random(seed);
        Case c = new Case(rnd);
        boolean max = rnd.nextBoolean();
        Tensor[] r = max ? Torch.max(c.x, c.dim, rnd.nextBoolean()) : Torch.min(c.x, c.dim, rnd.nextBoolean());
        double[] values = r[0].contiguous().to(ScalarType.Float64).toDoubleArray();
        long[] indices = r[1].contiguous().toLongArray();
        double[] data = c.values();
        int groups = c.groups();
        assertEquals(groups, values.length, c::toString);
        for (int g = 0; g < groups; g++) {
            int best = 0;
            double b = data[c.at(g, 0)];
            for (int k = 1; k < c.size() && b == b; k++) {
                double v = data[c.at(g, k)];
                if (v != v || (max ? v > b : v < b)) {
                    b = v;
                    best = k;
                }
            }
            int group = g;
            assertEquals(best, indices[g], () -> c + ": index of group " + group);
            assertEquals(Double.doubleToLongBits(b), Double.doubleToLongBits(values[g]), () -> c + ": group " + group);
        }
    }

    @Property(tries = 400)
    void cumulativeSumsAndProductsAreRunningValuesInDouble(@ForAll long seed) {
        Random rnd = new Random(seed);
        Case c = new Case(rnd);
        boolean product = rnd.nextInt(3) == 0;
        int mode = rnd.nextInt(3); // functional, in place, into a transposed out=
        Tensor result;
        if (mode == 1) {
            result = c.x.contiguous().clone();
            if (product) {
                result.cumprod_(c.dim);
            } else {
                result.cumsum_(c.dim);
            }
        } else if (mode == 2 && c.x.dim() >= 2 && !product) {
            long[] sizes = c.x.sizes();
            long[] swapped = sizes.clone();
            swapped[0] = sizes[1];
            swapped[1] = sizes[0];
            result = Torch.empty(swapped, c.x.dtype()).transpose(0, 1);
            Torch.cumsum_out(result, c.x, c.dim);
        } else {
            result = product ? Torch.cumprod(c.x, c.dim) : Torch.cumsum(c.x, c.dim);
        }
        double[] got = result.contiguous().to(ScalarType.Float64).toDoubleArray();
        double[] data = c.values();
        double[] expected = new double[data.length];
        boolean integral = c.x.dtype() == ScalarType.Int64;
        for (int g = 0; g < c.groups(); g++) {
            double acc = product ? 1 : 0;
            long lacc = product ? 1 : 0;
            for (int k = 0; k < c.size(); k++) {
                double v = data[c.at(g, k)];
                acc = product ? acc * v : acc + v;
                lacc = product ? lacc * (long) v : lacc + (long) v;
                expected[c.at(g, k)] = integral ? (double) lacc : c.x.dtype() == ScalarType.Float32 ? (float) acc : acc;
            }
        }
        if (integral) {
            got = toDoubles(result.contiguous().toLongArray());
        }
        assertArrayEquals(expected, got, c::toString);
    }

    private static double[] toDoubles(long[] v) {
        double[] d = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            d[i] = v[i];
        }
        return d;
    }

    /** The element-by-element path and the array path agree where both can run: float32 into float64. */
    @Test
    void aWidenedCumsumIsTheSameRunningSum() {
        Random rnd = new Random(5);
        for (int i = 0; i < 50; i++) {
            Case c = new Case(rnd);
            if (c.x.dtype() != ScalarType.Float32) {
                continue;
            }
            double[] widened = Torch.cumsum(c.x, c.dim, ScalarType.Float64).toDoubleArray();
            double[] direct = Torch.cumsum(c.x.to(ScalarType.Float64), c.dim).toDoubleArray();
            assertArrayEquals(direct, widened, c::toString);
        }
    }

    /** A random tensor, a dim, and the row-major positions of its groups' elements in a contiguous copy. */
    private static final class Case {
        final Tensor x;
        final int dim;
        private final long[] sizes;
        private final String layout;

        Case(Random rnd) {
            int rank = 1 + rnd.nextInt(4);
            long[] base = new long[rank];
            for (int d = 0; d < rank; d++) {
                base[d] = 1 + rnd.nextInt(rank > 2 ? 6 : 40);
            }
            ScalarType dtype = switch (rnd.nextInt(5)) {
                case 0 -> ScalarType.Int64;
                case 1, 2 -> ScalarType.Float64;
                default -> ScalarType.Float32;
            };
            Tensor t = Torch.randn(base).mul(org.jitdispatch.runtime.Scalar.of(4.0)).round();
            if (dtype != ScalarType.Int64 && rnd.nextInt(3) == 0) {
                double[] v = t.toDoubleArray();
                for (int i = 0; i < v.length; i++) {
                    int r = rnd.nextInt(20);
                    v[i] = r == 0 ? Double.NaN : r == 1 ? Double.POSITIVE_INFINITY : r == 2 ? Double.NEGATIVE_INFINITY : v[i];
                }
                t = Torch.tensor(v).view(base);
            }
            t = t.to(dtype);
            String how = "contiguous";
            switch (rnd.nextInt(4)) {
                case 1:
                    if (rank >= 2) {
                        t = t.transpose(0, rank - 1);
                        how = "transposed";
                    }
                    break;
                case 2:
                    if (t.size(rank - 1) > 2) {
                        t = t.narrow(rank - 1, 1, t.size(rank - 1) - 2);
                        how = "narrowed";
                    }
                    break;
                case 3:
                    if (t.size(0) == 1) {
                        long[] wide = t.sizes();
                        wide[0] = 3;
                        t = t.expand(wide);
                        how = "expanded";
                    }
                    break;
                default:
                    break;
            }
            x = t;
            dim = rnd.nextInt(rank);
            sizes = x.sizes();
            layout = how;
        }

        /** The values in row-major order, as doubles. */
        double[] values() {
            return x.contiguous().to(ScalarType.Float64).toDoubleArray();
        }

        int size() {
            return (int) sizes[dim];
        }

        int groups() {
            return (int) (Arrays.stream(sizes).reduce(1, (a, b) -> a * b) / sizes[dim]);
        }

        /** The row-major position of element k of group g (groups in row-major order of the other dims). */
        int at(int g, int k) {
            long inner = 1;
            for (int d = dim + 1; d < sizes.length; d++) {
                inner *= sizes[d];
            }
            long outer = g / inner;
            long within = g % inner;
            return (int) ((outer * sizes[dim] + k) * inner + within);
        }

        @Override
        public String toString() {
            return x.dtype() + " " + Arrays.toString(sizes) + " " + layout + " along " + dim;
        }
    }
}
