package org.jitdispatch.jit.model;

import java.util.List;
import java.util.Objects;
import java.util.Map;
import org.jitdispatch.runtime.ScalarType;

/**
 * One elementwise function written once (ATen's ufunc inner loop), from which the build generates a
 * straight-line loop per dtype: {@code add} is {@code self + alpha * other} over {@code Float32},
 * {@code Float64}, {@code Int32} and {@code Int64}.
 *
 * @param name the loop's name (a Java identifier), which the generated methods start with
 * @param inputs the tensor operands in order ({@code self}, {@code other}); the expression reads each as
 *     one element of the loop's dtype
 * @param scalars extra per-call values of the loop's dtype ({@code alpha})
 * @param expression a Java expression over the inputs and scalars, computed in the loop's Java type
 *     ({@code float} for Float32, {@code double}, {@code int}, {@code long}) and stored as that type
 * @param dtypes the dtypes a fast-path loop over contiguous arrays is generated for (may be empty)
 * @param iteratorTypes the types a general-path loop over a TensorIterator is generated for (may be empty)
 * @param boolResult whether the loops write booleans (comparisons) rather than values of their type
 * @param typeExpressions the expression of the loop of one type where it differs from {@code expression}:
 *     the {@code boolean} loop, where Java's boolean operators need another spelling ({@code !self & other}
 *     for {@code self < other}), or the {@code long} loop of an op whose integers follow other rules
 */
public record Ufunc(Location location, String name, List<String> inputs, List<String> scalars, String expression,
                    List<ScalarType> dtypes, List<LoopType> iteratorTypes, boolean boolResult,
                    Map<LoopType, String> typeExpressions) {
    public Ufunc {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(name, "name");
        inputs = List.copyOf(inputs);
        scalars = List.copyOf(scalars);
        Objects.requireNonNull(expression, "expression");
        dtypes = List.copyOf(dtypes);
        iteratorTypes = List.copyOf(iteratorTypes);
        typeExpressions = Map.copyOf(typeExpressions);
    }

    /** The element expression of the loop computing in {@code type}. */
    public String expression(LoopType type) {
        return typeExpressions.getOrDefault(type, expression);
    }
}
