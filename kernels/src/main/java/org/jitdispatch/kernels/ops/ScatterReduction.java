package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The reductions that scatter.reduce, scatter_reduce.two and index_reduce apply where several values meet one
 * element: ATen's SCATTER_GATHER_OP and its ReduceAdd, ReduceMultiply, ReduceMean, ReduceMaximum and
 * ReduceMinimum functors. A floating value is combined in double and rounded once when stored, which is the
 * dtype's own arithmetic for float32 and float64 (the double sum or product of two floats is exact or rounds
 * the same way).
 */
enum ScatterReduction {
    SUM, PROD, MEAN, AMAX, AMIN;

    /** get_operator_enum(reduce, use_new_options=true): scatter_reduce.two's names. */
    static ScatterReduction ofScatterReduce(String reduce) {
        switch (reduce) {
            case "sum": return SUM;
            case "prod": return PROD;
            case "mean": return MEAN;
            case "amax": return AMAX;
            case "amin": return AMIN;
            default:
                throw new IllegalArgumentException("reduce argument must be either sum, prod, mean, amax or amin.");
        }
    }

    /** get_operator_enum(reduce, use_new_options=false): scatter.reduce's names. */
    static ScatterReduction ofScatter(String reduce) {
        switch (reduce) {
            case "add": return SUM;
            case "multiply": return PROD;
            default: throw new IllegalArgumentException("reduce argument must be either add or multiply.");
        }
    }

    /** index_reduce's names, checked first in its meta. */
    static ScatterReduction ofIndexReduce(String reduce) {
        switch (reduce) {
            case "prod": return PROD;
            case "mean": return MEAN;
            case "amax": return AMAX;
            case "amin": return AMIN;
            default:
                throw new IllegalArgumentException("index_reduce(): Expected reduce to be one of prod, mean, amax or amin"
                        + " but got " + reduce + ".");
        }
    }

    /** The written value {@code a} combined with the incoming {@code b}; a NaN from either side wins the extrema. */
    double combine(double a, double b) {
        switch (this) {
            case PROD: return a * b;
            case AMAX: return Double.isNaN(b) ? b : (a < b ? b : a); // std::max(a, b) keeps a NaN a
            case AMIN: return Double.isNaN(b) ? b : (b < a ? b : a);
            default: return a + b; // SUM, and MEAN's sum before its division
        }
    }

    /** The same in integer arithmetic; a bool sum is a logical or. */
    long combine(long a, long b, boolean bool) {
        switch (this) {
            case PROD: return a * b;
            case AMAX: return Math.max(a, b);
            case AMIN: return Math.min(a, b);
            default: return bool ? ((a | b) != 0 ? 1 : 0) : a + b;
        }
    }

    /**
     * The value that include_self=False writes first at every target, so that only the scattered values count:
     * 0 for sums and means, 1 for products, -inf/inf (an integer type's lowest/largest value) for the extrema.
     */
    Scalar identity(ScalarType dtype) {
        switch (this) {
            case PROD:
                return dtype == ScalarType.Bool ? Scalar.of(true) : Scalar.of(1);
            case AMAX:
            case AMIN:
                boolean max = this == AMAX;
                if (dtype == ScalarType.Bool) {
                    return Scalar.of(!max);
                }
                if (dtype.isFloatingPoint()) {
                    return Scalar.of(max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
                }
                return Scalar.of((long) (max ? ScalarConversions.lowest(dtype) : ScalarConversions.maxValue(dtype)));
            default:
                return dtype == ScalarType.Bool ? Scalar.of(false) : Scalar.of(0);
        }
    }
}
