package org.jitdispatch.runtime.dispatch;

import static org.jitdispatch.runtime.dispatch.TestKernels.ADD;
import static org.jitdispatch.runtime.dispatch.TestKernels.ADD_TYPE;
import static org.jitdispatch.runtime.dispatch.TestKernels.WHICH;
import static org.jitdispatch.runtime.dispatch.TestKernels.WHICH_TYPE;
import static org.jitdispatch.runtime.dispatch.TestKernels.boxedLabel;
import static org.jitdispatch.runtime.dispatch.TestKernels.cpu;
import static org.jitdispatch.runtime.dispatch.TestKernels.label;
import static org.jitdispatch.runtime.dispatch.TestKernels.meta;
import static org.jitdispatch.runtime.dispatch.TestKernels.which;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.TensorTesting;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ReferenceDispatcherTest {
    private Dispatcher d;
    private Library def;
    private OperatorHandle which;

    @BeforeEach
    void setUp() {
        d = Dispatcher.create();
        def = d.library("test");
        def.def(WHICH);
        which = d.findSchemaOrThrow("test::which");
    }

    @Test
    void dispatchesOnTheTensorsBackend() {
        d.libraryImpl("test", DispatchKey.CPU).impl("which", label("cpu"));
        d.libraryImpl("test", DispatchKey.Meta).impl("which", label("meta"));
        assertEquals("cpu", which(which, cpu(1)));
        assertEquals("meta", which(which, meta(2)));
    }

    @Test
    void defaultFallthroughsSkipBackendSelectAndADInplaceOrView() {
        d.libraryImpl("test", DispatchKey.CPU).impl("which", label("cpu"));
        assertEquals(DispatchKeySet.of(DispatchKey.CPU), which.computeDispatchKeySet(DispatchKey.CPU.bit()));
        d.libraryImpl("test", DispatchKey.ADInplaceOrView).impl("which", label("inplace-or-view"));
        assertEquals("inplace-or-view", which(which, cpu(1)), "an op's own ADInplaceOrView kernel runs (TLS includes the key)");
    }

    @Test
    void threadLocalIncludeAndExcludeChangeTheKey() {
        d.libraryImpl("test", DispatchKey.CPU).impl("which", label("cpu"));
        d.libraryImpl("test", DispatchKey.TESTING_ONLY_GenericMode).impl("which", label("mode"));
        assertEquals("cpu", which(which, cpu(1)));
        try (var g = IncludeDispatchKeyGuard.enter(DispatchKey.TESTING_ONLY_GenericMode)) {
            assertEquals("mode", which(which, cpu(1)));
            try (var x = ExcludeDispatchKeyGuard.enter(DispatchKey.TESTING_ONLY_GenericMode)) {
                assertEquals("cpu", which(which, cpu(1)));
            }
        }
        assertEquals("cpu", which(which, cpu(1)));
    }

    @Test
    void keysOfAllDispatchArgumentsAreCombined() throws Throwable {
        def.def("pick(Tensor a, Tensor? b, Tensor[] c, int n) -> str");
        OperatorHandle pick = d.findSchemaOrThrow("test::pick");
        MethodType t = MethodType.methodType(String.class, TensorImpl.class, TensorImpl.class, TensorImpl[].class, long.class);
        d.libraryImpl("test", DispatchKey.CPU).impl("pick",
                MethodHandles.dropArguments(MethodHandles.constant(String.class, "cpu"), 0, t.parameterList()));
        d.libraryImpl("test", DispatchKey.Meta).impl("pick",
                MethodHandles.dropArguments(MethodHandles.constant(String.class, "meta"), 0, t.parameterList()));
        MethodHandle call = pick.typed(t);
        assertEquals("cpu", (String) call.invokeExact(cpu(1), (TensorImpl) null, new TensorImpl[] {cpu(2)}, 3L));
        assertEquals("meta", (String) call.invokeExact(cpu(1), meta(1), new TensorImpl[0], 3L));
        assertEquals("meta", (String) call.invokeExact(cpu(1), (TensorImpl) null, new TensorImpl[] {null, meta(1)}, 3L));
        assertArrayEquals(new int[] {0, 1, 2}, pick.dispatchArgumentIndices());
    }

    @Test
    void missingKernelErrorIsC10s() {
        d.libraryImpl("test", DispatchKey.CPU).impl("which", label("cpu"));
        NotImplementedError e = assertThrows(NotImplementedError.class, () -> which(which, meta(1)));
        String m = e.getMessage();
        assertTrue(m.startsWith("Could not run 'test::which' with arguments from the 'Meta' backend. This could be"
                + " because the operator doesn't exist for this backend, or was omitted during the selective/custom"
                + " build process (if using custom build). 'test::which' is only available for these backends:"
                + " [CPU, BackendSelect, ADInplaceOrView, AutogradCPU, AutogradLazy, AutogradMeta,"
                + " AutogradPrivateUse1, AutocastCPU].\n\n"), m);
        assertTrue(m.contains("\nCPU: registered at ReferenceDispatcherTest.java:"), m);
        assertTrue(m.contains(" [kernel]\n"), m);
        assertTrue(m.contains("\nBackendSelect: fallthrough registered by Dispatcher.create() (default fallthrough)"
                + " [backend fallback]\n"), m);
        // the boxed path raises the same error
        NotImplementedError boxed = assertThrows(NotImplementedError.class, () -> which.callBoxed(meta(1)));
        assertEquals(m, boxed.getMessage());
    }

    @Test
    void noTensorArgumentsGivesTheUndefinedError() throws Throwable {
        def.def("answer() -> int");
        OperatorHandle answer = d.findSchemaOrThrow("test::answer");
        try (var ex = ExcludeDispatchKeyGuard.enter(DispatchKey.BackendSelect, DispatchKey.ADInplaceOrView)) {
            NotImplementedError e = assertThrows(NotImplementedError.class, () -> answer.callBoxed());
            assertTrue(e.getMessage().startsWith("There were no tensor arguments to this function (e.g., you passed an"
                    + " empty list of Tensors), but no fallback function is registered for schema test::answer."), e.getMessage());
        }
        def.impl("answer", DispatchKey.CompositeExplicitAutograd,
                MethodHandles.constant(long.class, 42L));
        assertEquals(42L, (long) answer.typed(MethodType.methodType(long.class)).invokeExact());
    }

    @Test
    void boxedAndUnboxedCallsAgree() throws Throwable {
        def.def(ADD);
        OperatorHandle add = d.findSchemaOrThrow("test::add");
        d.libraryImpl("test", DispatchKey.CPU).impl("add", TestKernels.addKernel());
        TensorImpl a = cpu(1, 2, 3);
        TensorImpl b = cpu(10, 20, 30);
        TensorImpl typed = (TensorImpl) add.typed(ADD_TYPE).invokeExact(a, b, Scalar.of(2));
        TensorImpl boxed = (TensorImpl) add.callBoxed(a, b, Scalar.of(2));
        TensorTesting.assertClose(typed, boxed);
        assertArrayEquals(new float[] {21, 42, 63}, typed.toFloatArray());
    }

    @Test
    void aBoxedCallWithTheWrongNumberOfArgumentsNamesTheOperatorAndTheCounts() {
        def.def(ADD);
        OperatorHandle add = d.findSchemaOrThrow("test::add");
        d.libraryImpl("test", DispatchKey.CPU).impl("add", TestKernels.addKernel());
        TensorImpl a = cpu(1, 2, 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> add.callBoxed(a, a));
        assertEquals("test::add expects 3 arguments (self, other, alpha), but it was called with 2; a boxed call"
                + " passes every argument, defaults included", e.getMessage());
        IllegalArgumentException fromStack = assertThrows(IllegalArgumentException.class,
                () -> add.callBoxed(Stack.of(a)));
        assertTrue(fromStack.getMessage().contains("but the stack holds 1"), fromStack.getMessage());
        assertThrows(IllegalArgumentException.class, () -> add.callBoxed((Object[]) null));
    }

    @Test
    void boxedKernelCanBeCalledTyped() throws Throwable {
        def.def(ADD);
        OperatorHandle add = d.findSchemaOrThrow("test::add");
        List<DispatchKeySet> seen = new ArrayList<>();
        d.libraryImpl("test", DispatchKey.CPU).impl("add", (BoxedKernel) (op, ks, stack) -> {
            seen.add(ks);
            Object[] args = stack.popN(3);
            stack.push(TestKernels.cpuAdd((TensorImpl) args[0], (TensorImpl) args[1], (Scalar) args[2]));
        });
        TensorImpl r = (TensorImpl) add.typed(ADD_TYPE).invokeExact(cpu(1), cpu(2), Scalar.of(1));
        assertArrayEquals(new float[] {3}, r.toFloatArray());
        assertEquals(List.of(DispatchKeySet.of(DispatchKey.CPU)), seen);
    }

    @Test
    void redispatchCallsBelowTheCurrentKey() throws Throwable {
        Library cpuLib = d.libraryImpl("test", DispatchKey.CPU);
        cpuLib.impl("which", label("cpu"));
        MethodHandle tracer = MethodHandles.insertArguments(
                MethodHandles.lookup().findStatic(ReferenceDispatcherTest.class, "tracerKernel",
                        MethodType.methodType(String.class, OperatorHandle.class, DispatchKeySet.class, TensorImpl.class)),
                0, which);
        d.libraryImpl("test", DispatchKey.Tracer).impl("which", tracer);
        try (var g = IncludeDispatchKeyGuard.enter(DispatchKey.Tracer)) {
            assertEquals("traced(cpu)", which(which, cpu(1)));
        }
    }

    /** A Tracer kernel that calls the operator again below Tracer, as c10 kernels do. */
    static String tracerKernel(OperatorHandle op, DispatchKeySet ks, TensorImpl self) throws Throwable {
        DispatchKeySet below = ks.minus(DispatchKeySet.of(DispatchKey.Tracer));
        return "traced(" + (String) op.typedRedispatch(WHICH_TYPE).invokeExact(below, self) + ")";
    }

    @Test
    void signaturesAreCheckedAgainstTheSchemaAndEachOther() {
        Library cpuLib = d.libraryImpl("test", DispatchKey.CPU);
        IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class, () -> cpuLib.impl("which",
                MethodHandles.dropArguments(MethodHandles.constant(String.class, "x"), 0, long.class)));
        assertTrue(wrongType.getMessage().contains("parameter 0 ('self' of schema type Tensor) must be a tensor class"),
                wrongType.getMessage());
        cpuLib.impl("which", label("cpu"));
        assertThrows(IllegalArgumentException.class, () -> which.typed(MethodType.methodType(Object.class, TensorImpl.class)));
        IllegalArgumentException wrongRet = assertThrows(IllegalArgumentException.class, () ->
                d.libraryImpl("test", DispatchKey.Meta).impl("which",
                        MethodHandles.dropArguments(MethodHandles.constant(Object.class, "x"), 0, TensorImpl.class)));
        assertTrue(wrongRet.getMessage().contains("return type must be String"), wrongRet.getMessage());
    }

    @Test
    void definingTwiceAndForeignNamespacesAreErrors() {
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> def.def(WHICH));
        assertTrue(twice.getMessage().startsWith("Tried to register an operator (test::which(Tensor self) -> str) with the"
                + " same name and overload name multiple times."), twice.getMessage());
        IllegalArgumentException ns = assertThrows(IllegalArgumentException.class, () -> def.def("other::foo(Tensor a) -> Tensor"));
        assertEquals("Explicitly provided namespace (other) in schema string does not match namespace of enclosing"
                + " library() block (test)", ns.getMessage());
        IllegalStateException second = assertThrows(IllegalStateException.class, () -> d.library("test"));
        assertTrue(second.getMessage().startsWith("Only a single library() can be used to register the namespace test"));
        IllegalArgumentException key = assertThrows(IllegalArgumentException.class,
                () -> d.libraryImpl("test", DispatchKey.CPU).impl("which", DispatchKey.Meta, label("x")));
        assertTrue(key.getMessage().startsWith("Explicitly provided dispatch key (Meta) is inconsistent"));
    }

    @Test
    void kernelsMayBeRegisteredBeforeTheSchema() {
        d.libraryImpl("test", DispatchKey.CPU).impl("later", label("cpu"));
        assertTrue(d.findSchema(org.jitdispatch.runtime.schema.OperatorName.parse("test::later")).isEmpty());
        def.def("later(Tensor self) -> str");
        assertEquals("cpu", which(d.findSchemaOrThrow("test::later"), cpu(1)));
    }

    @Test
    void unknownOperatorNamesItsOverloads() {
        def.def("which.other(Tensor self, int x) -> str");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.findSchemaOrThrow("test::which.nope"));
        assertEquals("Could not find schema for test::which.nope; overloads that exist: test::which, test::which.other",
                e.getMessage());
    }

    @Test
    void closingALibraryUndoesItsRegistrations() {
        Library cpuLib = d.libraryImpl("test", DispatchKey.CPU);
        cpuLib.impl("which", label("cpu"));
        cpuLib.close();
        assertTrue(which.table().entry(DispatchKey.CPU).isMissing());
        def.close();
        assertTrue(d.findSchema(which.name()).isEmpty());
        // the namespace can be defined again once its library is closed
        d.library("test").def(WHICH);
    }

    @Test
    void listenersHearOfTableChangesOfTheirOperatorOnly() {
        def.def("other(Tensor self) -> str");
        List<String> heard = new ArrayList<>();
        d.addListener(new DispatcherListener() {
            @Override
            public void onTableChanged(OperatorHandle op) {
                heard.add(op.name().toString());
            }
        });
        d.libraryImpl("test", DispatchKey.CPU).impl("which", label("cpu"));
        assertEquals(List.of("test::which"), heard);
        heard.clear();
        d.libraryImpl("_", DispatchKey.Lazy).fallback(boxedLabel("lazy"));
        assertEquals(2, heard.size(), "a fallback changes every operator's table: " + heard);
    }

    @Test
    void dumpStateListsActiveAndInactiveRegistrations() {
        Library cpuLib = d.libraryImpl("test", DispatchKey.CPU);
        cpuLib.impl("which", label("one"));
        cpuLib.impl("which", boxedLabel("two"));
        String state = which.dumpState();
        assertTrue(state.startsWith("name: test::which\nschema: test::which(Tensor self) -> str\ndebug: registered at"
                + " ReferenceDispatcherTest.java:"), state);
        assertTrue(state.contains("\nCPU: registered at ReferenceDispatcherTest.java:"), state);
        assertTrue(state.contains("\nCPU (inactive): registered at ReferenceDispatcherTest.java:"), state);
        assertSame(which, d.findSchemaOrThrow("test::which"));
    }
}
