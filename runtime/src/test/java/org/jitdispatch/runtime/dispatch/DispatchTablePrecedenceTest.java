package org.jitdispatch.runtime.dispatch;

import static org.jitdispatch.runtime.dispatch.TestKernels.WHICH;
import static org.jitdispatch.runtime.dispatch.TestKernels.boxedLabel;
import static org.jitdispatch.runtime.dispatch.TestKernels.label;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** c10's precedence for computing each table entry. */
class DispatchTablePrecedenceTest {
    private Dispatcher d;
    private Library def;
    private OperatorHandle op;

    @BeforeEach
    void setUp() {
        d = Dispatcher.createEmpty();
        def = d.library("test");
        def.def(WHICH);
        op = d.findSchemaOrThrow("test::which");
    }

    private DispatchTable.Entry entry(DispatchKey k) {
        return op.table().entry(k);
    }

    @Test
    void directRegistrationWinsOverEverything() {
        def.impl("which", DispatchKey.CompositeExplicitAutograd, label("cea"));
        def.impl("which", DispatchKey.CompositeImplicitAutograd, label("cia"));
        d.libraryImpl("test", DispatchKey.CPU).impl("which", label("cpu"));
        assertEquals(DispatchTable.Source.KERNEL, entry(DispatchKey.CPU).source());
        assertEquals(DispatchKey.CPU, entry(DispatchKey.CPU).registeredFor());
        assertEquals(DispatchTable.Source.DEFAULT_BACKEND_KERNEL, entry(DispatchKey.Meta).source());
    }

    @Test
    void compositeExplicitCoversBackendsOnly() {
        def.impl("which", DispatchKey.CompositeExplicitAutograd, label("cea"));
        for (DispatchKey backend : DispatchKey.CompositeExplicitAutograd.runtimeKeySet()) {
            assertEquals(DispatchTable.Source.DEFAULT_BACKEND_KERNEL, entry(backend).source(), backend.name());
        }
        assertTrue(entry(DispatchKey.AutogradCPU).isMissing());
        assertTrue(entry(DispatchKey.BackendSelect).isMissing());
        assertEquals(DispatchTable.Source.DEFAULT_BACKEND_KERNEL, entry(DispatchKey.Undefined).source(),
                "c10 also uses it for Undefined (no tensor arguments)");
    }

    @Test
    void compositeImplicitCoversBackendsAndAutograd() {
        def.impl("which", DispatchKey.CompositeImplicitAutograd, label("cia"));
        for (DispatchKey k : DispatchKey.CompositeImplicitAutograd.runtimeKeySet()) {
            assertEquals(DispatchTable.Source.MATH_KERNEL, entry(k).source(), k.name());
        }
        assertEquals(DispatchTable.Source.MATH_KERNEL, entry(DispatchKey.Undefined).source());
        assertTrue(entry(DispatchKey.Tracer).isMissing());
    }

    @Test
    void compositeImplicitIsNotUsedForAutogradKeyWhoseBackendHasAKernel() {
        def.impl("which", DispatchKey.CompositeImplicitAutograd, label("cia"));
        d.libraryImpl("test", DispatchKey.CPU).impl("which", label("cpu"));
        assertTrue(entry(DispatchKey.AutogradCPU).isMissing(),
                "AutogradCPU must not run the math kernel above a CPU kernel");
        assertEquals(DispatchTable.Source.MATH_KERNEL, entry(DispatchKey.AutogradMeta).source());
    }

    @Test
    void compositeExplicitAlsoBlocksCompositeImplicitOnAutogradKeys() {
        def.impl("which", DispatchKey.CompositeImplicitAutograd, label("cia"));
        def.impl("which", DispatchKey.CompositeExplicitAutograd, label("cea"));
        assertEquals(DispatchTable.Source.DEFAULT_BACKEND_KERNEL, entry(DispatchKey.CPU).source());
        assertTrue(entry(DispatchKey.AutogradCPU).isMissing());
        assertTrue(entry(DispatchKey.AutogradLazy).isMissing());
    }

    @Test
    void autogradAliasCoversPerBackendAutogradKeys() {
        def.impl("which", DispatchKey.Autograd, label("autograd"));
        for (DispatchKey k : DispatchKey.Autograd.runtimeKeySet()) {
            assertEquals(DispatchTable.Source.AUTOGRAD_KERNEL, entry(k).source(), k.name());
        }
        assertTrue(entry(DispatchKey.CPU).isMissing());
        // a direct AutogradCPU kernel wins over the alias
        d.libraryImpl("test", DispatchKey.AutogradCPU).impl("which", label("autogradcpu"));
        assertEquals(DispatchTable.Source.KERNEL, entry(DispatchKey.AutogradCPU).source());
    }

    @Test
    void mathKernelWinsOverAutogradAlias() {
        def.impl("which", DispatchKey.CompositeImplicitAutograd, label("cia"));
        def.impl("which", DispatchKey.Autograd, label("autograd"));
        assertEquals(DispatchTable.Source.MATH_KERNEL, entry(DispatchKey.AutogradMeta).source());
    }

    @Test
    void backendFallbackComesAfterKernelsAndAliases() {
        d.libraryImpl("_", DispatchKey.Lazy).fallback(boxedLabel("fallback"));
        assertEquals(DispatchTable.Source.BACKEND_FALLBACK, entry(DispatchKey.Lazy).source());
        def.impl("which", DispatchKey.CompositeExplicitAutograd, label("cea"));
        assertEquals(DispatchTable.Source.DEFAULT_BACKEND_KERNEL, entry(DispatchKey.Lazy).source());
        assertFalse(entry(DispatchKey.Undefined).isMissing(), "CEA also serves Undefined");
    }

    @Test
    void fallthroughRemovesTheKeyFromTheMask() {
        long before = op.table().nonFallthroughKeys();
        assertTrue((before & DispatchKey.Tracer.bit()) != 0);
        try (Library tracer = d.libraryImpl("test", DispatchKey.Tracer)) {
            tracer.implFallthrough("which");
            assertFalse((op.table().nonFallthroughKeys() & DispatchKey.Tracer.bit()) != 0);
            assertTrue(entry(DispatchKey.Tracer).kernel().isFallthrough());
        }
        assertEquals(before, op.table().nonFallthroughKeys(), "closing the library restores the mask");
    }

    @Test
    void fallthroughFallbackMasksEveryOperatorWithoutItsOwnKernel() {
        d.libraryImpl("_", DispatchKey.BackendSelect).fallback(KernelFunction.fallthrough());
        assertEquals(0L, op.table().nonFallthroughKeys() & DispatchKey.BackendSelect.bit());
        d.libraryImpl("test", DispatchKey.BackendSelect).impl("which", label("bs"));
        assertTrue((op.table().nonFallthroughKeys() & DispatchKey.BackendSelect.bit()) != 0,
                "an operator's own BackendSelect kernel beats the fallthrough fallback");
    }

    @Test
    void newestRegistrationIsActiveAndRemovingItRestoresThePrevious() {
        // with the default fallthroughs, so that a CPU tensor reaches the CPU entry
        d = Dispatcher.create();
        d.library("test").def(WHICH);
        op = d.findSchemaOrThrow("test::which");
        Library cpu = d.libraryImpl("test", DispatchKey.CPU);
        RegistrationHandle first = cpu.impl("which", label("first"));
        RegistrationHandle second = cpu.impl("which", label("second"));
        assertEquals("second", TestKernels.which(op, TestKernels.cpu(1)));
        second.close();
        assertEquals("first", TestKernels.which(op, TestKernels.cpu(1)));
        first.close();
        assertTrue(entry(DispatchKey.CPU).isMissing());
    }
}
