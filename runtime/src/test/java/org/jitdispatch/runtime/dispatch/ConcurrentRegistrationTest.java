package org.jitdispatch.runtime.dispatch;

import static org.jitdispatch.runtime.dispatch.TestKernels.WHICH;
import static org.jitdispatch.runtime.dispatch.TestKernels.cpu;
import static org.jitdispatch.runtime.dispatch.TestKernels.label;
import static org.jitdispatch.runtime.dispatch.TestKernels.which;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jitdispatch.runtime.TensorImpl;
import org.junit.jupiter.api.Test;

/** Registering while other threads call: every call sees one whole table, and new kernels are seen at once. */
class ConcurrentRegistrationTest {
    private static final int CALLERS = 3;
    private static final int REGISTRATIONS = 2_000;

    @Test
    void callsSeeEachNewKernelAsSoonAsRegistrationReturns() throws Exception {
        Dispatcher d = Dispatcher.create();
        d.library("test").def(WHICH);
        OperatorHandle op = d.findSchemaOrThrow("test::which");
        Library cpuLib = d.libraryImpl("test", DispatchKey.CPU);
        AtomicLong published = new AtomicLong(0);
        RegistrationHandle current = cpuLib.impl("which", label("0"));
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicLong calls = new AtomicLong();
        List<Thread> callers = new ArrayList<>();
        for (int c = 0; c < CALLERS; c++) {
            Thread t = new Thread(() -> {
                TensorImpl x = cpu(1);
                while (!done.get()) {
                    long before = published.get();
                    try {
                        long seen = Long.parseLong(which(op, x));
                        if (seen < before) {
                            failures.add("saw kernel " + seen + " after kernel " + before + " was registered");
                        }
                    } catch (RuntimeException e) {
                        failures.add(e.toString());
                    }
                    calls.incrementAndGet();
                }
            });
            callers.add(t);
            t.start();
        }
        for (int i = 1; i <= REGISTRATIONS; i++) {
            RegistrationHandle next = cpuLib.impl("which", label(Integer.toString(i)));
            current.close();
            current = next;
            published.set(i);
        }
        done.set(true);
        for (Thread t : callers) {
            t.join();
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures, e.g. " + failures.peek());
        assertTrue(calls.get() > 0);
        assertEquals(Integer.toString(REGISTRATIONS), which(op, cpu(1)));
    }

    @Test
    void maskAndEntriesAreNeverMixedAcrossTwoTables() throws Exception {
        Dispatcher d = Dispatcher.create();
        d.library("test").def(WHICH);
        OperatorHandle op = d.findSchemaOrThrow("test::which");
        d.libraryImpl("test", DispatchKey.CPU).impl("which", label("cpu"));
        Library mode = d.libraryImpl("test", DispatchKey.TESTING_ONLY_GenericMode);
        // the mode key always has an entry: a fallthrough underneath, and a real kernel coming and going on top
        mode.implFallthrough("which");
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        List<Thread> callers = new ArrayList<>();
        for (int c = 0; c < CALLERS; c++) {
            Thread t = new Thread(() -> {
                TensorImpl x = cpu(1);
                try (var g = IncludeDispatchKeyGuard.enter(DispatchKey.TESTING_ONLY_GenericMode)) {
                    while (!done.get()) {
                        try {
                            String r = which(op, x);
                            if (!r.equals("cpu") && !r.equals("mode")) {
                                failures.add("unexpected " + r);
                            }
                        } catch (RuntimeException e) {
                            failures.add(e.toString());
                        }
                    }
                }
            });
            callers.add(t);
            t.start();
        }
        for (int i = 0; i < REGISTRATIONS; i++) {
            // each change flips both the mode key's entry and the fallthrough mask
            try (RegistrationHandle h = mode.impl("which", label("mode"))) {
                Thread.onSpinWait();
            }
        }
        done.set(true);
        for (Thread t : callers) {
            t.join();
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures, e.g. " + failures.peek());
    }
}
