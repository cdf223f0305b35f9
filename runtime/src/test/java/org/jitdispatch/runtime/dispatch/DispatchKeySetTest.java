package org.jitdispatch.runtime.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DispatchKeySetTest {
    @Test
    void priorityFollowsC10() {
        List<DispatchKey> ascending = List.of(DispatchKey.CPU, DispatchKey.Lazy, DispatchKey.Meta,
                DispatchKey.PrivateUse1, DispatchKey.BackendSelect, DispatchKey.ADInplaceOrView,
                DispatchKey.AutogradCPU, DispatchKey.AutogradLazy, DispatchKey.AutogradMeta,
                DispatchKey.AutogradPrivateUse1, DispatchKey.Tracer, DispatchKey.AutocastCPU);
        for (int i = 1; i < ascending.size(); i++) {
            DispatchKeySet s = DispatchKeySet.of(ascending.get(i - 1), ascending.get(i));
            assertEquals(ascending.get(i), s.highestPriorityKey(), s.toString());
        }
    }

    @Test
    void highestSetBitWins() {
        DispatchKeySet s = DispatchKeySet.of(DispatchKey.CPU, DispatchKey.AutogradCPU, DispatchKey.ADInplaceOrView);
        assertEquals(DispatchKey.AutogradCPU, s.highestPriorityKey());
        assertEquals(DispatchKey.ADInplaceOrView, s.remove(DispatchKey.AutogradCPU).highestPriorityKey());
        assertEquals(DispatchKey.Undefined, DispatchKeySet.EMPTY.highestPriorityKey());
        assertEquals("DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU)", s.toString());
    }

    @Test
    void aliasKeysAreNotRuntimeKeys() {
        assertThrows(IllegalArgumentException.class, () -> DispatchKeySet.of(DispatchKey.Autograd));
        assertEquals(0L, DispatchKey.CompositeImplicitAutograd.bit());
        assertEquals(DispatchKeySet.of(DispatchKey.AutogradCPU, DispatchKey.AutogradLazy, DispatchKey.AutogradMeta,
                DispatchKey.AutogradPrivateUse1), DispatchKey.Autograd.runtimeKeySet());
        assertEquals(DispatchKeySet.of(DispatchKey.CPU, DispatchKey.Lazy, DispatchKey.Meta, DispatchKey.PrivateUse1),
                DispatchKey.CompositeExplicitAutograd.runtimeKeySet());
        assertTrue(DispatchKey.AutogradMeta.isIncludedIn(DispatchKey.CompositeImplicitAutograd));
        assertFalse(DispatchKey.BackendSelect.isIncludedIn(DispatchKey.CompositeImplicitAutograd));
    }

    @Test
    void backendAndAutogradKeysPair() {
        assertEquals(DispatchKey.AutogradLazy, DispatchKey.Lazy.autogradKeyOfBackend());
        assertEquals(DispatchKey.CPU, DispatchKey.AutogradCPU.backendOfAutograd());
        assertEquals(null, DispatchKey.Tracer.backendOfAutograd());
    }

    @Test
    void afterAutogradIsEverythingBelowTheAutogradKeys() {
        assertTrue(DispatchKeySet.AFTER_AUTOGRAD.has(DispatchKey.ADInplaceOrView));
        assertTrue(DispatchKeySet.AFTER_AUTOGRAD.has(DispatchKey.CPU));
        assertFalse(DispatchKeySet.AFTER_AUTOGRAD.has(DispatchKey.AutogradCPU));
        assertFalse(DispatchKeySet.AFTER_AD_INPLACE_OR_VIEW.has(DispatchKey.ADInplaceOrView));
        assertTrue(DispatchKeySet.AFTER_AD_INPLACE_OR_VIEW.has(DispatchKey.BackendSelect));
    }

    @Test
    void parseNamesKnownKeys() {
        assertEquals(DispatchKey.Meta, DispatchKey.parse("Meta"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DispatchKey.parse("CUDA"));
        assertTrue(e.getMessage().startsWith("Unknown dispatch key 'CUDA'; known keys: CPU, Lazy, Meta"), e.getMessage());
    }
}
