package org.jitdispatch.runtime.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class LocalDispatchKeySetTest {
    @Test
    void defaultsAreC10s() {
        LocalDispatchKeySet tls = LocalDispatchKeySet.current();
        assertEquals(DispatchKeySet.of(DispatchKey.BackendSelect, DispatchKey.ADInplaceOrView), tls.included());
        assertEquals(DispatchKeySet.of(DispatchKey.AutocastCPU), tls.excluded());
    }

    @Test
    void guardsNestAndOnlyRemoveWhatTheyAdded() {
        try (var outer = IncludeDispatchKeyGuard.enter(DispatchKey.Tracer)) {
            try (var inner = IncludeDispatchKeyGuard.enter(DispatchKey.Tracer, DispatchKey.TESTING_ONLY_GenericMode)) {
                assertTrue(LocalDispatchKeySet.current().included().has(DispatchKey.TESTING_ONLY_GenericMode));
            }
            assertTrue(LocalDispatchKeySet.current().included().has(DispatchKey.Tracer), "outer guard's key survives");
            assertFalse(LocalDispatchKeySet.current().included().has(DispatchKey.TESTING_ONLY_GenericMode));
        }
        assertFalse(LocalDispatchKeySet.current().included().has(DispatchKey.Tracer));
        try (var ex = ExcludeDispatchKeyGuard.enter(DispatchKey.AutogradCPU)) {
            assertTrue(LocalDispatchKeySet.current().excluded().has(DispatchKey.AutogradCPU));
            // an excluded key wins over the tensor's key and an included key
            long ks = LocalDispatchKeySet.applyTo(DispatchKey.CPU.bit() | DispatchKey.AutogradCPU.bit(), -1L);
            assertEquals(DispatchKey.ADInplaceOrView, DispatchKeySet.highestKey(ks));
        }
        assertEquals(DispatchKeySet.of(DispatchKey.AutocastCPU), LocalDispatchKeySet.current().excluded());
    }

    @Test
    void excludingADefaultIncludedKeyRestoresIt() {
        try (var ex = ExcludeDispatchKeyGuard.enter(DispatchKey.BackendSelect)) {
            long ks = LocalDispatchKeySet.applyTo(0, -1L);
            assertEquals(DispatchKey.ADInplaceOrView, DispatchKeySet.highestKey(ks));
        }
        assertEquals(DispatchKey.ADInplaceOrView, DispatchKeySet.highestKey(LocalDispatchKeySet.applyTo(0, -1L)));
    }

    @Test
    void setsArePerThread() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch checked = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try (var g = IncludeDispatchKeyGuard.enter(DispatchKey.TESTING_ONLY_GenericMode)) {
                entered.countDown();
                checked.await(10, TimeUnit.SECONDS);
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        other.start();
        assertTrue(entered.await(10, TimeUnit.SECONDS));
        assertFalse(LocalDispatchKeySet.current().included().has(DispatchKey.TESTING_ONLY_GenericMode),
                "another thread's guard must not leak into this thread");
        checked.countDown();
        other.join();
        assertEquals(null, failure.get());
    }

    @Test
    void firstChangeInvalidatesTheUntouchedSwitchPoint() {
        try (var g = IncludeDispatchKeyGuard.enter(DispatchKey.Tracer)) {
            assertFalse(LocalDispatchKeySet.isUntouched());
            assertTrue(LocalDispatchKeySet.untouchedSwitchPoint().hasBeenInvalidated());
        }
    }

    @Test
    void guardMustBeClosedOnItsThread() throws Exception {
        IncludeDispatchKeyGuard g = IncludeDispatchKeyGuard.enter(DispatchKey.Tracer);
        try {
            Throwable t = CompletableFuture.supplyAsync(() -> {
                try {
                    g.close();
                    return null;
                } catch (Throwable e) {
                    return e;
                }
            }).get(10, TimeUnit.SECONDS);
            assertTrue(t instanceof IllegalStateException, String.valueOf(t));
            assertTrue(t.getMessage().startsWith("IncludeDispatchKeyGuard opened on thread"), t.getMessage());
        } finally {
            g.close();
            g.close(); // twice is harmless
        }
        assertFalse(LocalDispatchKeySet.current().included().has(DispatchKey.Tracer));
        assertThrows(IllegalArgumentException.class, () -> IncludeDispatchKeyGuard.enter(DispatchKey.Autograd));
    }
}
