package org.jitdispatch.jit.model;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jitdispatch.runtime.schema.FunctionSchema;

/**
 * One entry of derivatives.yaml (torchgen's Derivative info): the operator's full schema and, per
 * differentiable input, the Java expression of its gradient. Formulas read {@code grad} (the output's
 * gradient), the operator's arguments by name, and {@code result} (its output); helpers come from
 * {@code org.jitdispatch.autograd.Formulas}.
 *
 * <p>An operator with several outputs reads {@code grads[i]} (null for an output that received no gradient)
 * and its outputs by their return names ({@code result0}, {@code result1}, ... when unnamed), and its
 * {@code output_differentiability} says which outputs get a gradient history: a flag per output, or, for an
 * operator of one output, a Java condition over its arguments ({@code _to_copy}'s {@code dtype == null ||
 * dtype.isFloatingPoint()}, torchgen's output differentiability condition): without it, the call records nothing.
 * A key naming several inputs
 * ({@code input, weight, bias: ...}) has one formula that returns their gradients as a {@code Tensor[]};
 * {@code grad_input_mask} tells such a formula which inputs need one (one flag per tensor input of the
 * operator, in order). {@code grad} is always the output's gradient, also for an operator that has an
 * argument of that name.
 */
public record Derivative(FunctionSchema schema, Map<String, String> formulas, List<Boolean> outputDifferentiability,
        String differentiabilityCondition, Location location) {

    /** The inputs a formula key names: one ({@code self}), or several computed together ({@code input, weight}). */
    public static List<String> inputsOf(String formulaKey) {
        return Arrays.stream(formulaKey.split(",")).map(String::trim).toList();
    }

    /** Whether output {@code i} gets a gradient history (all do unless output_differentiability says otherwise). */
    public boolean isDifferentiable(int output) {
        return outputDifferentiability.isEmpty() || outputDifferentiability.get(output);
    }
}
