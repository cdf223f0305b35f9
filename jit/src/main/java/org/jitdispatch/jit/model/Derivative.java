package org.jitdispatch.jit.model;

import java.util.Map;
import org.jitdispatch.runtime.schema.FunctionSchema;

/**
 * One entry of derivatives.yaml (torchgen's Derivative info): the operator's full schema and, per
 * differentiable input, the Java expression of its gradient. Formulas read {@code grad} (the output's
 * gradient), the operator's arguments by name, and {@code result} (its output); helpers come from
 * {@code org.jitdispatch.autograd.Formulas}.
 */
public record Derivative(FunctionSchema schema, Map<String, String> formulas, Location location) {
}
