package org.jitdispatch.kernels.golden;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.dispatch.Stack;
import org.jitdispatch.runtime.TensorImpl;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The golden runner can fail: each of its checks against a golden case corrupted on purpose. */
class GoldenRunnerTest {
    private static final String VIEW = "view(f32[2,3,4], [4, 6])";
    private static final String VIEW_ERROR = "view(f32[2,3,4], [5, 5])";
    private static final String TRANSPOSE = "transpose.int(f32[2,3,4], -1, 0)";

    @Test
    void theCasesAsRecordedPass() throws IOException {
        GoldenVectorTest.run(shapeCase(VIEW));
        GoldenVectorTest.run(shapeCase(VIEW_ERROR));
        GoldenVectorTest.run(shapeCase(TRANSPOSE));
    }

    @Test
    void aWrongValueFails() throws IOException {
        ObjectNode c = shapeCase(VIEW);
        ArrayNode data = (ArrayNode) c.get("expected").get("data");
        data.set(3, data.get(3).asDouble() + 1e-3); // float32's atol is 1e-5
        assertFails(c, "result values: Tensor-likes are not close!");
    }

    @Test
    void wrongStridesDtypeOrSizesFail() throws IOException {
        ObjectNode strides = shapeCase(TRANSPOSE);
        ((ObjectNode) strides.get("expected")).putArray("strides").add(12).add(4).add(1);
        assertFails(strides, "result strides");
        ObjectNode dtype = shapeCase(VIEW);
        ((ObjectNode) dtype.get("expected")).put("dtype", "Float64");
        assertFails(dtype, "result dtype");
        ObjectNode sizes = shapeCase(VIEW);
        ((ObjectNode) sizes.get("expected")).putArray("sizes").add(6).add(4);
        assertFails(sizes, "result sizes");
    }

    @Test
    void wrongAliasingFails() throws IOException {
        ObjectNode c = shapeCase(TRANSPOSE);
        ((ObjectNode) c.get("expected")).remove("shares_storage_with");
        assertFails(c, "result must be a new tensor");
    }

    @Test
    void aDifferentMessageOrNoErrorFails() throws IOException {
        ObjectNode message = shapeCase(VIEW_ERROR);
        ((ObjectNode) message.get("error")).put("message", "shape '[5, 5]' is invalid for input of size 25");
        assertFails(message, "message differs from PyTorch's");
        ObjectNode prefix = shapeCase(VIEW_ERROR);
        prefix.put("match", "prefix");
        ((ObjectNode) prefix.get("error")).put("message", "shape '[5, 5]' is invalid");
        GoldenVectorTest.run(prefix);
        ((ObjectNode) prefix.get("error")).put("message", "shape '[5, 6]' is invalid");
        assertFails(prefix, "message differs from PyTorch's RuntimeError (prefix)");
        ObjectNode noError = shapeCase(VIEW);
        noError.remove("expected");
        noError.putObject("error").put("type", "RuntimeError").put("message", "boom");
        assertFails(noError, "but the call returned");
    }

    @Test
    void aMissingOperatorFailsNamingIt() throws IOException {
        ObjectNode c = shapeCase(VIEW);
        c.put("op", "aten::no_such_op.Tensor");
        assertFails(c, "aten::no_such_op.Tensor is not defined in ops.yaml yet");
    }

    @Test
    void aFailingCallThatWritesItsArgumentFails() throws IOException {
        Dispatcher d = Dispatcher.singleton();
        try (Library def = d.library("golden_selftest"); Library cpu = d.libraryImpl("golden_selftest", DispatchKey.CPU)) {
            def.def("scribble_(Tensor(a!) self) -> Tensor(a!)");
            cpu.impl("scribble_", (op, keys, stack) -> scribbleAndThrow(stack));
            ObjectNode c = new ObjectMapper().createObjectNode();
            c.put("name", "scribble_").put("op", "golden_selftest::scribble_");
            c.putArray("args").add(shapeCase(VIEW).get("args").get(0).deepCopy());
            c.putObject("error").put("type", "RuntimeError").put("message", "boom");
            assertFails(c, "argument 'self': storage element 0 is 42.0");
        }
    }

    private static void scribbleAndThrow(Stack stack) {
        ((TensorImpl) stack.pop()).storage().setDouble(0, 42);
        throw new IllegalArgumentException("boom");
    }

    private static void assertFails(JsonNode c, String expectedMessagePart) {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> GoldenVectorTest.run(c));
        assertTrue(e.getMessage().contains(expectedMessagePart), e.getMessage());
    }

    /** A modifiable copy of a case of golden/shape.json (view and transpose.int exist already). */
    private static ObjectNode shapeCase(String name) throws IOException {
        try (InputStream in = GoldenRunnerTest.class.getResourceAsStream("/golden/shape.json")) {
            for (JsonNode c : new ObjectMapper().readTree(in).get("cases")) {
                if (c.get("name").asText().equals(name)) {
                    return c.deepCopy();
                }
            }
        }
        throw new AssertionError("no case " + name + " in golden/shape.json");
    }
}
