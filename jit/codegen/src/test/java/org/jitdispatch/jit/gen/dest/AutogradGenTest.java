package org.jitdispatch.jit.gen.dest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jitdispatch.jit.model.Derivative;
import org.jitdispatch.jit.model.DerivativesYaml;
import org.jitdispatch.jit.model.OpsYaml;
import org.jitdispatch.jit.yaml.YamlFile;
import org.jitdispatch.runtime.schema.OperatorName;
import org.junit.jupiter.api.Test;

/** Which operators get recorded in-place kernels and which record their views' bases, and what the kernels call. */
class AutogradGenTest {
    private static final String OPS = """
            - func: pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor
              dispatch:
                CPU: Pow::pow
            - func: pow.Scalar(Scalar self, Tensor exponent) -> Tensor
              dispatch:
                CPU: Pow::pow_scalar
            - func: pow_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)
              dispatch:
                CPU: Pow::pow_
            - func: select.int(Tensor(a) self, int dim, int index) -> Tensor(a)
              dispatch:
                CompositeExplicitAutograd: Shape::select
            - func: unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]
              dispatch:
                CompositeExplicitAutograd: Shape::unbind
            - func: detach(Tensor(a) self) -> Tensor(a)
              dispatch:
                CompositeExplicitAutograd: Shape::detach
            - func: transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)
              tags: inplace_view
              dispatch:
                CompositeExplicitAutograd: Shape::transpose_
            - func: _to_copy(Tensor self, *, ScalarType? dtype=None) -> Tensor
              dispatch:
                CompositeExplicitAutograd: Copy::to_copy
            """;
    private static final String DERIVATIVES = """
            - name: pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor
              self: grad
            - name: pow.Scalar(Scalar self, Tensor exponent) -> Tensor
              exponent: grad
            - name: select.int(Tensor(a) self, int dim, int index) -> Tensor(a)
              self: grad
            - name: unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]
              self: grads[0]
            - name: transpose_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)
              self: grad.transpose(dim0, dim1)
            - name: _to_copy(Tensor self, *, ScalarType? dtype=None) -> Tensor
              self: grad
              output_differentiability: ["dtype == null || dtype.isFloatingPoint()"]
            """;

    private static OpsYaml ops() {
        return OpsYaml.parse("ops.yaml", OPS);
    }

    private static List<Derivative> derivatives() {
        return DerivativesYaml.load(YamlFile.parse("derivatives.yaml", DERIVATIVES), ops()).derivatives();
    }

    @Test
    void anInPlaceOperatorTakesTheFunctionalOfItsArgumentsWhateverTheOverloadNames() {
        Set<String> derived = AutogradGen.derivedInplace(ops(), derivatives()).entrySet().stream()
                .map(e -> e.getKey() + " <- " + e.getValue().schema().name()).collect(Collectors.toSet());
        assertEquals(Set.of("pow_.Scalar <- pow.Tensor_Scalar"), derived);
    }

    @Test
    void anOutputDifferentiabilityConditionGuardsTheRecording() {
        Derivative copy = derivatives().stream().filter(d -> d.schema().name().toString().equals("_to_copy"))
                .findFirst().orElseThrow();
        assertEquals("dtype == null || dtype.isFloatingPoint()", copy.differentiabilityCondition());
        assertTrue(copy.isDifferentiable(0));
        String register = AutogradGen.generate(ops(), derivatives()).get(1).toString();
        assertTrue(register.contains("(Autograd.requiresGrad(self)) && (dtype == null || dtype.isFloatingPoint()))"),
                register);
    }

    @Test
    void theViewOperatorsWithADerivativeRecordTheirBaseAndDetachDoesNot() {
        Set<OperatorName> views = AutogradGen.differentiableViews(derivatives());
        assertEquals(Set.of("select.int", "unbind.int"),
                views.stream().map(OperatorName::toString).collect(Collectors.toSet()));
    }

    @Test
    void theKernelsRecordViewsRebaseWritesAndSetTheHistoryOfInPlaceMetadataOperators() {
        String register = AutogradGen.generate(ops(), derivatives()).get(1).toString();
        assertTrue(register.contains("Autograd.setViewHistory(result, node, 0)"), register);
        assertTrue(register.contains("Autograd.viewWithoutHistory(result)"), register);
        assertTrue(register.contains("Autograd.setViewHistory(result[i], node, i)"), register);
        assertTrue(register.contains("Autograd.viewsWithoutHistory(result)"), register);
        assertTrue(register.contains("Autograd.rebaseHistory(self, node)"), register);
        assertTrue(register.contains("Autograd.setInplaceViewHistory(self, node)"), register);
        assertTrue(register.contains("Autograd.checkInplace(self)"), register);
    }
}
