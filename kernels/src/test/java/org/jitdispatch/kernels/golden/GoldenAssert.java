package org.jitdispatch.kernels.golden;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.TensorTesting;

/** Compares what an operator did with what PyTorch did, as recorded in a golden case. */
final class GoldenAssert {
    private GoldenAssert() {
    }

    /** The returned value: a tensor (with its aliasing of the arguments), a list or tuple of them, or a value. */
    static void assertResult(String what, Object actual, JsonNode expected, Object[] args, List<String> names) {
        switch (expected.get("type").asText()) {
            case "Tensor":
                assertTensor(what, actual, expected);
                assertAliasing(what, (TensorImpl) actual, expected, args, names);
                return;
            case "Tensor[]":
            case "tuple":
                Object[] items = assertInstanceOf(Object[].class, actual, what + " must be a list of values");
                JsonNode want = expected.get("items");
                assertEquals(want.size(), items.length, what + " length");
                for (int i = 0; i < items.length; i++) {
                    assertResult(what + "[" + i + "]", items[i], want.get(i), args, names);
                }
                return;
            default:
                assertEquals(GoldenValues.decode(expected), actual, what);
        }
    }

    /**
     * dtype and sizes always; strides and storage offset, values, and (for a view argument after an
     * in-place op) the whole storage where the case records them. Floats compare within torch.testing's
     * default tolerances for the dtype, integers and booleans exactly.
     */
    static void assertTensor(String what, Object actual, JsonNode expected) {
        TensorImpl t = assertInstanceOf(TensorImpl.class, actual, what + " must be a tensor");
        assertEquals(expected.get("dtype").asText(), t.dtype().name(), what + " dtype");
        assertArrayEquals(GoldenValues.longs(expected.get("sizes")), t.sizes(), what + " sizes");
        if (expected.has("strides")) {
            assertArrayEquals(GoldenValues.longs(expected.get("strides")), t.strides(), what + " strides");
            assertEquals(expected.path("offset").asLong(0), t.storageOffset(), what + " storage offset");
        }
        if (expected.has("data")) {
            Tensor want = GoldenValues.tensor(expected);
            TensorImpl compared = expected.has("up_to_sign") ? alignSigns(t, want, expected.get("up_to_sign").asText()) : t;
            String mismatch = TensorTesting.mismatch(compared, want, TensorTesting.rtol(want.dtype()),
                    TensorTesting.atol(want.dtype()), true);
            if (mismatch != null) {
                fail(what + " values: " + mismatch + "\n  actual:   " + t + "\n  expected: " + want);
            }
        }
        if (expected.has("base")) {
            assertStorage(what, GoldenValues.fromArray(t.dtype(), expected.get("base")).storage(), t.storage(), false);
        }
    }

    /**
     * For a result defined only up to the sign of each column ("columns": eigenvectors, U) or row ("rows": V^H) of
     * its matrices: the actual values with each such vector negated where that brings it nearer PyTorch's, so that
     * the comparison checks everything but LAPACK's arbitrary choice of sign.
     */
    private static TensorImpl alignSigns(TensorImpl actual, Tensor expected, String vectors) {
        double[] a = actual.toDoubleArray();
        double[] e = expected.toDoubleArray();
        long[] sizes = actual.sizes();
        if (sizes.length < 2 || a.length == 0 || a.length != e.length) {
            return actual;
        }
        int rows = (int) sizes[sizes.length - 2];
        int columns = (int) sizes[sizes.length - 1];
        boolean byColumn = vectors.equals("columns");
        int count = byColumn ? columns : rows;
        int length = byColumn ? rows : columns;
        for (int off = 0; off < a.length; off += rows * columns) {
            for (int k = 0; k < count; k++) {
                double dot = 0;
                for (int i = 0; i < length; i++) {
                    int at = off + (byColumn ? i * columns + k : k * columns + i);
                    dot += a[at] * e[at];
                }
                if (dot < 0) {
                    for (int i = 0; i < length; i++) {
                        int at = off + (byColumn ? i * columns + k : k * columns + i);
                        a[at] = -a[at];
                    }
                }
            }
        }
        return Tensor.FACTORY.fromArray(a, sizes).to(actual.dtype());
    }

    /** `same_as`: the argument object itself; `shares_storage_with`: a view of it; neither: a new tensor. */
    private static void assertAliasing(String what, TensorImpl result, JsonNode expected, Object[] args, List<String> names) {
        if (expected.has("same_as")) {
            int i = expected.get("same_as").asInt();
            assertSame(args[i], result, what + " must be argument '" + names.get(i) + "' itself, as in PyTorch");
            return;
        }
        if (expected.has("shares_storage_with")) {
            int i = expected.get("shares_storage_with").asInt();
            boolean shared = Arrays.stream(tensorsIn(args[i])).anyMatch(arg -> arg.storage() == result.storage());
            assertTrue(shared, what + " must be a view of argument '" + names.get(i) + "', as in PyTorch");
            return;
        }
        for (int i = 0; i < args.length; i++) {
            for (TensorImpl arg : tensorsIn(args[i])) {
                assertNotSame(arg.storage(), result.storage(),
                        what + " must be a new tensor, as in PyTorch, not share the storage of argument '" + names.get(i) + "'");
            }
        }
    }

    /** A tensor argument exactly as the case built it: same geometry and bit-identical storage. */
    static void assertUnchanged(String what, Object actual, JsonNode original) {
        String type = original.get("type").asText();
        if (type.equals("Tensor[]") || type.equals("Tensor?[]")) {
            Object[] items = (Object[]) actual;
            for (int i = 0; i < items.length; i++) {
                assertUnchanged(what + "[" + i + "]", items[i], original.get("items").get(i));
            }
            return;
        }
        if (type.equals("None")) { // an absent element of a Tensor?[]
            assertEquals(null, actual, what + " must stay absent");
            return;
        }
        TensorImpl t = (TensorImpl) actual;
        Tensor was = GoldenValues.tensor(original);
        assertArrayEquals(was.sizes(), t.sizes(), what + " sizes changed");
        assertArrayEquals(was.strides(), t.strides(), what + " strides changed");
        assertEquals(was.storageOffset(), t.storageOffset(), what + " storage offset changed");
        assertEquals(was.storage().size(), t.storage().size(), what + " storage size changed");
        assertStorage(what, was.storage(), t.storage(), true);
    }

    /** The first expected.size() elements of the storage: bit-identical, or close for floats when not exact. */
    private static void assertStorage(String what, Storage expected, Storage actual, boolean exact) {
        boolean floating = expected.dtype().isFloatingPoint();
        double rtol = TensorTesting.rtol(expected.dtype());
        double atol = TensorTesting.atol(expected.dtype());
        for (long i = 0; i < expected.size(); i++) {
            boolean ok;
            if (!floating) {
                ok = expected.getLong(i) == actual.getLong(i);
            } else {
                double e = expected.getDouble(i);
                double a = actual.getDouble(i);
                ok = Double.doubleToLongBits(e) == Double.doubleToLongBits(a)
                        || !exact && Math.abs(a - e) <= atol + rtol * Math.abs(e);
            }
            if (!ok) {
                fail(what + ": storage element " + i + " is " + actual.getDouble(i) + ", expected " + expected.getDouble(i)
                        + (exact ? " (left untouched)" : ""));
            }
        }
    }

    static TensorImpl[] tensorsIn(Object arg) {
        if (arg instanceof TensorImpl) {
            return new TensorImpl[] {(TensorImpl) arg};
        }
        if (arg instanceof TensorImpl[]) { // a Tensor?[] may hold nulls
            return java.util.Arrays.stream((TensorImpl[]) arg).filter(java.util.Objects::nonNull).toArray(TensorImpl[]::new);
        }
        return new TensorImpl[0];
    }
}
