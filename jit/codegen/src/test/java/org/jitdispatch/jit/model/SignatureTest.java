package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.jitdispatch.runtime.schema.FunctionSchema;
import org.junit.jupiter.api.Test;

/** torchgen's FunctionSchema.signature(), the key that groups a function's variants. */
class SignatureTest {

    private static Signature sig(String schema) {
        return Signature.of(FunctionSchema.parse(schema));
    }

    @Test
    void functionalInplaceAndOutVariantsShareOneSignature() {
        Signature functional = sig("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
        assertEquals("add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", functional.toString());
        assertEquals(functional, sig("add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"));
        assertEquals(functional, sig("add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)"));
    }

    @Test
    void overloadsWithOtherArgumentsDiffer() {
        assertNotEquals(sig("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"),
                sig("add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor"));
        assertNotEquals(sig("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"),
                sig("sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"), "the base name counts");
        assertNotEquals(sig("softplus(Tensor self, Scalar beta=1) -> Tensor"),
                sig("softplus(Tensor self, Scalar beta=2) -> Tensor"), "defaults are kept");
        assertNotEquals(sig("f(Tensor self, *, Scalar x) -> Tensor"), sig("f(Tensor self, Scalar x) -> Tensor"),
                "keyword-only is kept");
        assertNotEquals(sig("add(Tensor self) -> Tensor"), sig("myops::add(Tensor self) -> Tensor"),
                "the namespace counts");
    }

    @Test
    void factoryFunctionsPairWithTheirOutVariantsWithoutTensorOptions() {
        Signature factory = sig("zeros(int[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None,"
                + " bool? pin_memory=None) -> Tensor");
        assertEquals("zeros(int[] size) -> Tensor", factory.toString());
        assertEquals(factory, sig("zeros.out(int[] size, *, Tensor(a!) out) -> Tensor(a!)"));
        // Keyword-only arguments after the TensorOptions group stay.
        assertEquals("empty(int[] size, *, MemoryFormat? memory_format=None) -> Tensor",
                sig("empty.memory_format(int[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None,"
                        + " bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor").toString());
    }

    @Test
    void mutatedInputsThatAreNotReturnedBecomeReturns() {
        // torchgen's example (shortened): the mutable variant and its functional twin.
        Signature mutable = sig("_fused_helper(Tensor self, Tensor(a!) running_min, int n) -> (Tensor output, Tensor mask)");
        assertEquals("_fused_helper(Tensor self, Tensor running_min, int n) -> (Tensor, Tensor, Tensor)",
                mutable.toString());
        assertEquals(mutable, sig("_fused_helper.functional(Tensor self, Tensor running_min, int n)"
                + " -> (Tensor output, Tensor mask, Tensor running_min_out)"));
        // An inplace function that returns nothing still pairs with its functional variant.
        assertEquals(sig("_foreach_add.Scalar(Tensor[] self, Scalar scalar) -> Tensor[]"),
                sig("_foreach_add_.Scalar(Tensor(a!)[] self, Scalar scalar) -> ()"));
    }

    @Test
    void dunderNamesKeepTheirForm() {
        assertEquals(sig("__and__.Tensor(Tensor self, Tensor other) -> Tensor"),
                sig("__iand__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)"));
    }
}
