package org.jitdispatch.jit.spin;

import static org.jitdispatch.jit.spin.SpinFixtures.WHICH;
import static org.jitdispatch.jit.spin.SpinFixtures.WHICH_TYPE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.dispatch.RegistrationHandle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

class SpunClassTest {
    /** Signatures with every kind of slot: two-slot primitives, void and primitive returns, lists, no tensors. */
    private static final List<String> SCHEMAS = List.of(
            WHICH,
            "sum2(Tensor self, int dim, bool keepdim, float eps) -> Tensor",
            "fill3(Tensor(a!) self, float value) -> ()",
            "count(Tensor[] tensors) -> int",
            "make(int n, float x) -> Tensor",
            "pair(Tensor self, Tensor? other) -> (Tensor, Tensor)");

    @Test
    void everySpunClassPassesAsmsVerifier() {
        Dispatcher d = Dispatcher.create();
        Library lib = d.library("test");
        Library cpu = d.libraryImpl("test", DispatchKey.CPU);
        Library meta = d.libraryImpl("test", DispatchKey.Meta);
        for (String schema : SCHEMAS) {
            lib.def(schema);
            String name = schema.substring(0, schema.indexOf('('));
            OperatorHandle op = d.findSchemaOrThrow("test::" + name);
            MethodType type = org.jitdispatch.runtime.dispatch.JavaSignatures.methodType(op.schema(), TensorImpl.class);
            MethodHandle constant = MethodHandles.dropArguments(MethodHandles.zero(type.returnType()), 0, type.parameterList());
            cpu.impl(name, constant);
            meta.impl(name, constant);
            CallSites sites = CallSites.of(d);
            sites.invoker(op, type);
            byte[] bytes = sites.bytecode(op);
            StringWriter problems = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(bytes), getClass().getClassLoader(), false, new PrintWriter(problems));
            assertEquals("", problems.toString(), "verifier output for " + schema + ":\n" + sites.disassemble(op));
        }
    }

    @Test
    void disassemblyShowsTheInlinedKernelCall() {
        Dispatcher d = Dispatcher.create();
        d.library("test").def(WHICH);
        d.libraryImpl("test", DispatchKey.CPU).impl("which", SpinFixtures.staticKernel());
        OperatorHandle op = d.findSchemaOrThrow("test::which");
        CallSites.of(d).invoker(op, WHICH_TYPE);
        String text = CallSites.of(d).disassemble(op);
        assertTrue(text.contains("INVOKESTATIC org/jitdispatch/jit/spin/SpinFixtures.cpuKernel"), text);
        assertTrue(text.contains("LOOKUPSWITCH"), text);
    }

    @Test
    void aChangeToOneOperatorDoesNotRespinAnother() throws Throwable {
        Dispatcher d = Dispatcher.create();
        Library lib = d.library("test");
        lib.def(WHICH);
        lib.def("which.other(Tensor self, Tensor? other, Tensor[] more, int n, float x) -> str");
        OperatorHandle a = d.findSchemaOrThrow("test::which");
        OperatorHandle b = d.findSchemaOrThrow("test::which.other");
        Library cpu = d.libraryImpl("test", DispatchKey.CPU);
        cpu.impl("which", SpinFixtures.label("a"));
        MethodHandle callA = CallSites.of(d).invoker(a, WHICH_TYPE);
        assertEquals("a", SpinFixtures.call(callA, SpinFixtures.cpu(), null, new TensorImpl[0]));
        long spinsOfA = CallSites.of(d).spinCount(a);
        for (int i = 0; i < 5; i++) {
            try (RegistrationHandle h = cpu.impl("which.other", SpinFixtures.label("b" + i))) {
                assertEquals("a", SpinFixtures.call(callA, SpinFixtures.cpu(), null, new TensorImpl[0]));
            }
        }
        assertEquals(spinsOfA, CallSites.of(d).spinCount(a), "registrations for which.other must not re-spin which");
        cpu.impl("which", SpinFixtures.label("a2"));
        assertEquals("a2", SpinFixtures.call(callA, SpinFixtures.cpu(), null, new TensorImpl[0]));
        assertEquals(spinsOfA + 1, CallSites.of(d).spinCount(a));
    }

    @Test
    // a registration invalidates sites while the callers re-spin them: a lock-order inversion between a site and
    // the dispatcher's registration lock would hang here, so the test fails instead of waiting forever
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyThreadSeesANewKernelOnceRegistrationReturns() throws Exception {
        Dispatcher d = Dispatcher.create();
        d.library("test").def(WHICH);
        OperatorHandle op = d.findSchemaOrThrow("test::which");
        Library cpu = d.libraryImpl("test", DispatchKey.CPU);
        RegistrationHandle current = cpu.impl("which", SpinFixtures.label("0"));
        MethodHandle call = CallSites.of(d).invoker(op, WHICH_TYPE);
        AtomicLong published = new AtomicLong();
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        List<Thread> callers = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            Thread th = new Thread(() -> {
                TensorImpl x = SpinFixtures.cpu();
                while (!done.get()) {
                    long before = published.get();
                    Object r = SpinFixtures.call(call, x, null, new TensorImpl[0]);
                    try {
                        if (Long.parseLong((String) r) < before) {
                            failures.add("saw kernel " + r + " after kernel " + before + " was registered");
                        }
                    } catch (NumberFormatException e) {
                        failures.add(String.valueOf(r));
                    }
                }
            });
            callers.add(th);
            th.start();
        }
        for (int i = 1; i <= 500; i++) {
            RegistrationHandle next = cpu.impl("which", SpinFixtures.label(Integer.toString(i)));
            current.close();
            current = next;
            published.set(i);
        }
        done.set(true);
        for (Thread th : callers) {
            th.join();
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures, e.g. " + failures.peek());
    }

    @Test
    void respunClassesAreUnloaded() {
        Dispatcher d = Dispatcher.create();
        d.library("test").def(WHICH);
        OperatorHandle op = d.findSchemaOrThrow("test::which");
        Library cpu = d.libraryImpl("test", DispatchKey.CPU);
        MethodHandle call = CallSites.of(d).invoker(op, WHICH_TYPE);
        ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
        TensorImpl x = SpinFixtures.cpu();
        RegistrationHandle current = cpu.impl("which", SpinFixtures.label("start"));
        long unloadedBefore = classes.getUnloadedClassCount();
        int respins = 10_000;
        for (int i = 0; i < respins; i++) {
            RegistrationHandle next = cpu.impl("which", SpinFixtures.label("k" + i));
            current.close();
            current = next;
            assertEquals("k" + i, SpinFixtures.call(call, x, null, new TensorImpl[0])); // forces a re-spin
        }
        assertEquals(respins + 1, CallSites.of(d).spinCount(op), "one spin when the handle was made, one per change");
        for (int i = 0; i < 5 && classes.getUnloadedClassCount() - unloadedBefore < respins / 2; i++) {
            System.gc();
        }
        long unloaded = classes.getUnloadedClassCount() - unloadedBefore;
        assertTrue(unloaded >= respins / 2, "only " + unloaded + " of " + respins + " re-spun classes were unloaded");
    }

    @Test
    void redispatchGoesThroughSpunCodeAndSkipsTheCallersKey() throws Throwable {
        Dispatcher d = Dispatcher.create();
        d.library("test").def(WHICH);
        OperatorHandle op = d.findSchemaOrThrow("test::which");
        d.libraryImpl("test", DispatchKey.CPU).impl("which", SpinFixtures.staticKernel());
        d.libraryImpl("test", DispatchKey.Tracer).impl("which", SpinFixtures.label("tracer"));
        MethodHandle redispatch = CallSites.of(d).redispatcher(op, WHICH_TYPE);
        long below = DispatchKey.CPU.bit() | DispatchKey.ADInplaceOrView.bit();
        assertEquals("cpu:3:0.5", (String) redispatch.invokeExact(below, SpinFixtures.cpu(), (TensorImpl) null,
                new TensorImpl[0], 3L, 0.5));
        long withTracer = below | DispatchKey.Tracer.bit();
        assertEquals("tracer", (String) redispatch.invokeExact(withTracer, SpinFixtures.cpu(), (TensorImpl) null,
                new TensorImpl[0], 3L, 0.5));
        assertTrue(CallSites.of(d).disassemble(op).contains("public static redispatch(J"));
    }
}
