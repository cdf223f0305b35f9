package org.jitdispatch.kernels.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.KernelFunction;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.TestFactory;

/**
 * Every generated entry point of the API ({@code Torch.*} and {@code Tensor} methods), called with a null in
 * each reference parameter in turn: a null where the schema has no optional is a NullPointerException that
 * names the operator and the argument, raised before anything runs; a null where the schema has an optional
 * is legal. No other NullPointerException, and no exception without a message, may come out of any call.
 * A second pass puts a null element into each {@code Tensor[]}: refused with a NullPointerException, except
 * in a {@code Tensor?[]} (index.Tensor's indices), where an absent element is legal.
 */
class NullArgumentsTest {
    /** The operators (by name, as the API methods are named) with a {@code Tensor?[]} argument. */
    private static final java.util.Set<String> OPTIONAL_TENSOR_LISTS = loadedOperators().stream()
            .filter(op -> op.schema().arguments().stream().anyMatch(a -> a.type().toString().equals("Tensor?[]")))
            .map(op -> op.name().name())
            .collect(java.util.stream.Collectors.toSet());

    /** Every operator, registered first, so that the set above does not depend on which test ran before. */
    private static List<OperatorHandle> loadedOperators() {
        AtenLibrary.load();
        return Dispatcher.singleton().allOperators();
    }

    private static final Pattern BOUNDARY_MESSAGE =
            Pattern.compile("aten::[\\w.]+: (argument '\\w+' must be [\\w?\\[\\]]+, not null"
                    + "|expected Tensor as element \\d+ in argument '\\w+', but got null)");

    @TestFactory
    Stream<DynamicTest> nullInEveryReferenceParameter() {
        return ApiMethods.all().flatMap(m -> {
            List<DynamicTest> tests = new ArrayList<>();
            Class<?>[] types = m.getParameterTypes();
            for (int i = 0; i < types.length; i++) {
                if (types[i].isPrimitive()) {
                    continue;
                }
                int nulled = i;
                tests.add(DynamicTest.dynamicTest(ApiMethods.describe(m) + " with null #" + i, () -> {
                    Object[] args = ApiMethods.sampleArguments(m);
                    args[nulled] = null;
                    callAndCheck(m, args, "null in parameter " + nulled);
                }));
                if (types[i] == Tensor[].class) {
                    tests.add(DynamicTest.dynamicTest(ApiMethods.describe(m) + " with a null element in #" + i, () -> {
                        Object[] args = ApiMethods.sampleArguments(m);
                        args[nulled] = new Tensor[] {ApiMethods.sampleTensor(), null};
                        Throwable thrown = callAndCheck(m, args, "null element in parameter " + nulled);
                        // an out= overload's API method is its operator's name with "_out" (index_out)
                        if (OPTIONAL_TENSOR_LISTS.contains(m.getName().replaceFirst("_out$", ""))) {
                            return; // legal; callAndCheck made sure whatever it threw is a clear error
                        }
                        assertTrue(thrown instanceof NullPointerException,
                                ApiMethods.describe(m) + " took a Tensor[] with a null element: " + thrown);
                    }));
                }
            }
            return tests.stream();
        });
    }

    @Test
    void handWrittenEntryPointsNameTheNullArgument() {
        assertNull(() -> Torch.tensor((float[]) null), "tensor(): data must not be null");
        assertNull(() -> Torch.tensor(new long[] {1}, (long[]) null), "tensor(): sizes must not be null");
        assertNull(() -> Torch.scalarTensor(null), "scalarTensor(): value must not be null");
        assertNull(() -> Dispatcher.singleton().findSchemaOrThrow(null),
                "findSchemaOrThrow(): the operator name must not be null");
        assertNull(() -> Dispatcher.singleton().findOp(null), "findOp(): the operator name must not be null");
        OperatorHandle add = Dispatcher.singleton().findSchemaOrThrow("aten::add.Tensor");
        assertNull(() -> add.callBoxed(ApiMethods.sampleTensor(), null, Scalar.of(1L)),
                "aten::add.Tensor: argument 'other' must be Tensor, not null");
        OperatorHandle cat = Dispatcher.singleton().findSchemaOrThrow("aten::cat");
        assertNull(() -> cat.callBoxed(new Tensor[] {null}, 0L),
                "aten::cat: expected Tensor as element 0 in argument 'tensors', but got null");
        try (Library lib = Dispatcher.create().libraryFragment("test")) {
            assertNull(() -> lib.impl(null, DispatchKey.CPU, KernelFunction.fallthrough()),
                    "impl(): the operator name must not be null");
            assertNull(() -> lib.impl("test::f", DispatchKey.CPU, (KernelFunction) null),
                    "impl(test::f): the kernel must not be null");
        }
    }

    private static void assertNull(Executable call, String message) {
        assertEquals(message, assertThrows(NullPointerException.class, call).getMessage());
    }

    /** Calls {@code m}; returns what it threw (null if nothing) after checking the throwable is a clear error. */
    private static Throwable callAndCheck(Method m, Object[] args, String what) throws Exception {
        Object receiver = null;
        if (!Modifier.isStatic(m.getModifiers())) {
            receiver = ApiMethods.sampleTensor();
        }
        try {
            m.invoke(receiver, args);
            return null;
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            String context = ApiMethods.describe(m) + " (" + what + ") threw " + t;
            if (t instanceof NullPointerException) {
                assertTrue(t.getMessage() != null && BOUNDARY_MESSAGE.matcher(t.getMessage()).matches(), context);
                assertTrue(t.getMessage().contains("aten::"), context);
            } else if (t instanceof RuntimeException) {
                assertFalse(t.getMessage() == null || t.getMessage().isBlank(), context);
                assertFalse(t instanceof ClassCastException || t instanceof ArrayIndexOutOfBoundsException, context);
            } else {
                fail(context, t);
            }
            return t;
        }
    }
}
