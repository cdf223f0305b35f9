package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * PyTorch's type promotion for operators (ATen's native/TypeProperties.cpp: result_type,
 * update_result_type_state, combine_categories; c10's promoteTypes).
 *
 * <p>Operands fall in three priority classes: tensors with at least one dimension, zero-dim tensors, and
 * wrapped numbers (Python scalars, {@link Scalar}s). Within a class dtypes promote with
 * {@link #promoteTypes}. Across classes a lower class only matters when its category (bool &lt;
 * integral &lt; floating) is higher, and then it brings its own dtype: int32 tensor + float64 zero-dim
 * tensor is float64. A floating wrapped number counts as the default dtype (float32), so int64 tensor +
 * 2.5 is float32.
 *
 * <p>An instance accumulates operands (ResultTypeState); the static methods cover the common calls.
 */
public final class ResultType {
    /** torch.get_default_dtype(): what floating Python scalars and true division of integers become. */
    public static final ScalarType DEFAULT_DTYPE = ScalarType.Float32;

    private ScalarType dimResult;
    private ScalarType zeroResult;
    private ScalarType wrappedResult;

    /** An empty state: no operand seen. */
    public ResultType() {
    }

    /** Adds a tensor operand (not a wrapped number). */
    public ResultType add(TensorImpl tensor) {
        return add(tensor.dtype(), tensor.dim(), false);
    }

    /** Adds a Scalar, which takes part as a wrapped number of its type (Int64, Float64 or Bool). */
    public ResultType add(Scalar scalar) {
        return add(scalar.type(), 0, true);
    }

    /**
     * Adds an operand described by dtype, dimension count and whether it is a wrapped number (a 0-dim
     * tensor made from a Python scalar); this is update_result_type_state.
     */
    public ResultType add(ScalarType dtype, int dim, boolean wrappedNumber) {
        ScalarType current = dtype;
        if (wrappedNumber && dtype.isFloatingPoint()) {
            current = DEFAULT_DTYPE;
        }
        if (dim > 0) {
            dimResult = promoteSkipUndefined(dimResult, current);
        } else if (wrappedNumber) {
            wrappedResult = promoteSkipUndefined(wrappedResult, current);
        } else {
            zeroResult = promoteSkipUndefined(zeroResult, current);
        }
        return this;
    }

    /** The promoted dtype, or null (PyTorch's Undefined) when no operand was added. */
    public ScalarType result() {
        return combineCategories(dimResult, combineCategories(zeroResult, wrappedResult));
    }

    /** torch.result_type over tensors. */
    public static ScalarType resultType(TensorImpl... tensors) {
        ResultType state = new ResultType();
        for (TensorImpl t : tensors) {
            state.add(t);
        }
        return state.result();
    }

    /** torch.result_type(tensor, scalar). */
    public static ScalarType resultType(TensorImpl tensor, Scalar scalar) {
        return new ResultType().add(tensor).add(scalar).result();
    }

    /** torch.result_type(scalar, tensor). */
    public static ScalarType resultType(Scalar scalar, TensorImpl tensor) {
        return new ResultType().add(scalar).add(tensor).result();
    }

    /** torch.result_type(scalar, scalar). */
    public static ScalarType resultType(Scalar a, Scalar b) {
        return new ResultType().add(a).add(b).result();
    }

    /**
     * c10's promoteTypes over the real dtypes: the higher category wins and brings its type (int64 with
     * float16 is float16); within a category the wider type wins, except that uint8 with int8 is int16 (the
     * narrowest type holding both) and float16 with bfloat16 is float32.
     */
    public static ScalarType promoteTypes(ScalarType a, ScalarType b) {
        if (a == b) {
            return a;
        }
        if (a.category() != b.category()) {
            return a.category().compareTo(b.category()) > 0 ? a : b;
        }
        if (a.itemSize() == b.itemSize()) {
            // the only distinct pairs of one width: uint8/int8 and float16/bfloat16
            return a.isFloatingPoint() ? ScalarType.Float32 : ScalarType.Int16;
        }
        return a.itemSize() > b.itemSize() ? a : b;
    }

    private static ScalarType promoteSkipUndefined(ScalarType a, ScalarType b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return promoteTypes(a, b);
    }

    /** The result of a higher-priority class against a lower one (no complex types here). */
    private static ScalarType combineCategories(ScalarType higher, ScalarType lower) {
        if (higher != null && higher.isFloatingPoint()) {
            return higher;
        }
        if (higher == ScalarType.Bool || (lower != null && lower.isFloatingPoint())) {
            return promoteSkipUndefined(higher, lower);
        }
        return higher != null ? higher : lower;
    }
}
