package org.jitdispatch.kernels.iter;

import static org.jitdispatch.runtime.ScalarType.Bool;
import static org.jitdispatch.runtime.ScalarType.Float32;
import static org.jitdispatch.runtime.ScalarType.Float64;
import static org.jitdispatch.runtime.ScalarType.Int32;
import static org.jitdispatch.runtime.ScalarType.Int64;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.stream.Stream;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * torch.result_type as PyTorch's documented promotion rules give it. Operands: T = a tensor with
 * dimensions, Z = a zero-dim tensor, W = a wrapped number (Python scalar).
 */
class ResultTypeTest {
    private static Object t(ScalarType dtype) {
        return TensorFactory.IMPL.empty(new long[] {2}, dtype, Device.CPU);
    }

    private static Object z(ScalarType dtype) {
        return TensorFactory.IMPL.empty(new long[0], dtype, Device.CPU);
    }

    private static Object w(long v) {
        return Scalar.of(v);
    }

    private static Object w(double v) {
        return Scalar.of(v);
    }

    private static Object w(boolean v) {
        return Scalar.of(v);
    }

    static Stream<Arguments> table() {
        return Stream.of(
                // tensors with dimensions: plain promotion
                Arguments.of(Int32, new Object[] {t(Int32), t(Int32)}),
                Arguments.of(Int64, new Object[] {t(Int32), t(Int64)}),
                Arguments.of(Int32, new Object[] {t(Bool), t(Int32)}),
                Arguments.of(Bool, new Object[] {t(Bool), t(Bool)}),
                Arguments.of(Float32, new Object[] {t(Int64), t(Float32)}),
                Arguments.of(Float64, new Object[] {t(Int32), t(Float64)}),
                Arguments.of(Float64, new Object[] {t(Float32), t(Float64)}),
                Arguments.of(Float32, new Object[] {t(Bool), t(Float32)}),
                // wrapped numbers: same category never wins; a floating one brings the default dtype
                Arguments.of(Int32, new Object[] {t(Int32), w(5)}),
                Arguments.of(Float32, new Object[] {t(Int64), w(2.5)}),
                Arguments.of(Float32, new Object[] {t(Int32), w(2.5)}),
                Arguments.of(Float64, new Object[] {t(Float64), w(2.5)}),
                Arguments.of(Float32, new Object[] {t(Float32), w(2.5)}),
                Arguments.of(Int64, new Object[] {t(Bool), w(5)}),
                Arguments.of(Bool, new Object[] {t(Bool), w(true)}),
                Arguments.of(Float32, new Object[] {t(Bool), w(2.5)}),
                Arguments.of(Int32, new Object[] {t(Int32), w(true)}),
                // zero-dim tensors: only a higher category counts, and then with its own dtype
                Arguments.of(Int32, new Object[] {t(Int32), z(Int64)}),
                Arguments.of(Float64, new Object[] {t(Int32), z(Float64)}),
                Arguments.of(Float32, new Object[] {t(Float32), z(Float64)}),
                Arguments.of(Int32, new Object[] {t(Bool), z(Int32)}),
                Arguments.of(Float32, new Object[] {t(Int64), z(Float32)}),
                Arguments.of(Int64, new Object[] {t(Int64), z(Bool)}),
                Arguments.of(Int64, new Object[] {z(Int64), t(Bool)}),
                // only zero-dim tensors and numbers
                Arguments.of(Int64, new Object[] {z(Int32), z(Int64)}),
                Arguments.of(Float32, new Object[] {z(Int32), w(2.5)}),
                Arguments.of(Float64, new Object[] {z(Float64), w(5)}),
                Arguments.of(Int64, new Object[] {z(Bool), w(5)}),
                Arguments.of(Bool, new Object[] {z(Bool), w(true)}),
                Arguments.of(Float32, new Object[] {w(5), w(2.5)}),
                Arguments.of(Int64, new Object[] {w(5), w(true)}),
                Arguments.of(Bool, new Object[] {w(true), w(false)}),
                // three classes at once
                Arguments.of(Float64, new Object[] {t(Int32), z(Float64), w(5)}),
                Arguments.of(Float32, new Object[] {t(Bool), z(Int32), w(2.5)}),
                Arguments.of(Float32, new Object[] {t(Float32), t(Int64), z(Float64)}),
                Arguments.of(Int32, new Object[] {t(Int32), z(Int64), w(7)}));
    }

    @ParameterizedTest
    @MethodSource("table")
    void promotesLikePyTorch(ScalarType expected, Object[] operands) {
        ResultType state = new ResultType();
        for (Object o : operands) {
            if (o instanceof Scalar) {
                state.add((Scalar) o);
            } else {
                state.add((TensorImpl) o);
            }
        }
        assertEquals(expected, state.result());
    }

    @Test
    void staticHelpersAgreeWithTheState() {
        TensorImpl ints = (TensorImpl) t(Int64);
        assertEquals(Float32, ResultType.resultType(ints, Scalar.of(2.5)));
        assertEquals(Float32, ResultType.resultType(Scalar.of(2.5), ints));
        assertEquals(Float64, ResultType.resultType(ints, (TensorImpl) z(Float64)));
        assertEquals(Int64, ResultType.resultType(Scalar.of(1), Scalar.of(true)));
        assertNull(ResultType.resultType());
    }

    @Test
    void promoteTypesTable() {
        ScalarType[] all = {Bool, Int32, Int64, Float32, Float64};
        ScalarType[][] expected = {
            // Bool     Int32    Int64    Float32  Float64
            {Bool, Int32, Int64, Float32, Float64},          // Bool
            {Int32, Int32, Int64, Float32, Float64},         // Int32
            {Int64, Int64, Int64, Float32, Float64},         // Int64
            {Float32, Float32, Float32, Float32, Float64},   // Float32
            {Float64, Float64, Float64, Float64, Float64},   // Float64
        };
        for (int i = 0; i < all.length; i++) {
            for (int j = 0; j < all.length; j++) {
                assertEquals(expected[i][j], ResultType.promoteTypes(all[i], all[j]), all[i] + " with " + all[j]);
            }
        }
    }
}
