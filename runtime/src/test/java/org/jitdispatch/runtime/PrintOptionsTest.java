package org.jitdispatch.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The print options API: values, PyTorch's rules for one set_printoptions call, the checks, the scope and
 * the options seen from several threads. What the options print is TensorReprGoldenTest's (kernels).
 */
class PrintOptionsTest {
    private static final TensorFactory<TensorImpl> T = TensorFactory.IMPL;

    @AfterEach
    void defaults() {
        CurrentPrintOptions.set(PrintOptions.DEFAULT);
    }

    @Test
    void defaultsArePyTorchs() {
        PrintOptions d = PrintOptions.DEFAULT;
        assertEquals(4, d.precision());
        assertEquals(1000.0, d.threshold());
        assertEquals(3, d.edgeitems());
        assertEquals(80, d.linewidth());
        assertEquals(Optional.empty(), d.sciMode());
        assertEquals("PrintOptions(precision=4, threshold=1000, edgeitems=3, linewidth=80, sci_mode=None)",
                d.toString());
        assertSame(PrintOptions.DEFAULT, CurrentPrintOptions.get());
    }

    @Test
    void profiles() {
        PrintOptions s = PrintOptions.of(PrintOptions.Profile.SHORT);
        assertEquals(2, s.precision());
        assertEquals(2, s.edgeitems());
        assertEquals(1000.0, s.threshold());
        PrintOptions f = PrintOptions.of(PrintOptions.Profile.FULL);
        assertEquals(Double.POSITIVE_INFINITY, f.threshold());
        assertEquals("PrintOptions(precision=4, threshold=inf, edgeitems=3, linewidth=80, sci_mode=None)",
                f.toString());
        assertEquals(PrintOptions.DEFAULT, PrintOptions.of(PrintOptions.Profile.fromName("default")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PrintOptionsArgs.of().profile("long"));
        assertEquals("profile must be one of \"default\", \"short\", \"full\", got \"long\"", e.getMessage());
    }

    @Test
    void withersChangeOneOptionAndKeepTheValueImmutable() {
        PrintOptions p = PrintOptions.DEFAULT.withPrecision(7).withSciMode(true);
        assertEquals(7, p.precision());
        assertEquals(Optional.of(true), p.sciMode());
        assertEquals(80, p.linewidth());
        assertEquals(4, PrintOptions.DEFAULT.precision());
        assertEquals(p, PrintOptions.DEFAULT.withSciMode(true).withPrecision(7));
        assertEquals(p.hashCode(), PrintOptions.DEFAULT.withSciMode(true).withPrecision(7).hashCode());
    }

    @Test
    void badValuesAreRejectedNamingTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PrintOptionsArgs.of().precision(-1));
        assertEquals("precision must be at least 0, got -1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PrintOptions.DEFAULT.withPrecision(-3));
        assertEquals("precision must be at least 0, got -3", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PrintOptionsArgs.of().edgeitems(0));
        assertEquals("edgeitems must be at least 1, got 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PrintOptions.DEFAULT.withEdgeitems(-2));
        assertEquals("edgeitems must be at least 1, got -2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PrintOptionsArgs.of().threshold(Double.NaN));
        assertTrue(e.getMessage().startsWith("threshold must be a number, got NaN"), e.getMessage());
        assertThrows(NullPointerException.class, () -> CurrentPrintOptions.set(null));
        assertThrows(NullPointerException.class, () -> PrintOptionsArgs.of().profile((PrintOptions.Profile) null));
        // a rejected call changes nothing
        assertSame(PrintOptions.DEFAULT, CurrentPrintOptions.get());
    }

    @Test
    void valuesPyTorchAcceptsAreAccepted() {
        PrintOptions p = PrintOptionsArgs.of().precision(0).threshold(-1).linewidth(-5).edgeitems(1)
                .applyTo(PrintOptions.DEFAULT);
        assertEquals(0, p.precision());
        assertEquals(-1.0, p.threshold());
        assertEquals(-5, p.linewidth());
        assertEquals(1, p.edgeitems());
    }

    // ---- one set_printoptions call, as PyTorch applies it

    @Test
    void optionsNotGivenKeepTheirValues() {
        PrintOptions start = PrintOptions.DEFAULT.withPrecision(7).withLinewidth(30);
        PrintOptions p = PrintOptionsArgs.of().edgeitems(5).applyTo(start);
        assertEquals(7, p.precision());
        assertEquals(30, p.linewidth());
        assertEquals(5, p.edgeitems());
    }

    @Test
    void everyCallSetsSciModeToItsArgumentOrNone() {
        PrintOptions forced = PrintOptions.DEFAULT.withSciMode(false);
        assertEquals(Optional.empty(), PrintOptionsArgs.of().precision(3).applyTo(forced).sciMode());
        assertEquals(Optional.empty(), PrintOptionsArgs.of().applyTo(forced).sciMode());
        assertEquals(Optional.of(true), PrintOptionsArgs.of().sciMode(true).applyTo(forced).sciMode());
        assertEquals(Optional.empty(), PrintOptionsArgs.of().sciMode(true).sciMode(null).applyTo(forced).sciMode());
    }

    @Test
    void aProfileResetsTheOtherOptionsBeforeTheGivenOnesApply() {
        PrintOptions start = PrintOptions.DEFAULT.withPrecision(7).withThreshold(5).withEdgeitems(1)
                .withLinewidth(30).withSciMode(true);
        assertEquals(PrintOptions.DEFAULT, PrintOptionsArgs.of().profile("default").applyTo(start));
        // the order of the calls on the arguments does not matter: the profile always goes first
        PrintOptions p = PrintOptionsArgs.of().precision(5).profile(PrintOptions.Profile.SHORT).applyTo(start);
        assertEquals(PrintOptions.of(PrintOptions.Profile.SHORT).withPrecision(5), p);
        PrintOptions full = PrintOptionsArgs.of().profile("full").sciMode(false).applyTo(start);
        assertEquals(Double.POSITIVE_INFINITY, full.threshold());
        assertEquals(Optional.of(false), full.sciMode());
    }

    @Test
    void applyReturnsTheReplacedOptions() {
        PrintOptions before = CurrentPrintOptions.get();
        assertSame(before, CurrentPrintOptions.apply(PrintOptionsArgs.of().precision(2)));
        assertEquals(PrintOptions.DEFAULT.withPrecision(2), CurrentPrintOptions.get());
    }

    // ---- what toString prints

    @Test
    void toStringFollowsTheOptionsInForce() {
        TensorImpl t = T.fromArray(new float[] {1.12345f});
        assertEquals("tensor([1.1235])", t.toString());
        CurrentPrintOptions.apply(PrintOptionsArgs.of().precision(2));
        assertEquals("tensor([1.12])", t.toString());
        CurrentPrintOptions.apply(PrintOptionsArgs.of().profile("default").sciMode(true));
        assertEquals("tensor([1.1235e+00])", t.toString());
        TensorImpl arange = T.fromArray(new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
        CurrentPrintOptions.apply(PrintOptionsArgs.of().threshold(5));
        assertEquals("tensor([0, 1, 2,  ..., 7, 8, 9])", arange.toString());
    }

    // ---- the scope

    @Test
    void scopeRestoresThePreviousOptions() {
        CurrentPrintOptions.set(PrintOptions.DEFAULT.withLinewidth(40));
        PrintOptions before = CurrentPrintOptions.get();
        try (PrintOptionsScope scope = PrintOptionsScope.of(PrintOptionsArgs.of().precision(2))) {
            assertSame(before, scope.previous());
            assertEquals(before.withPrecision(2), CurrentPrintOptions.get());
        }
        assertSame(before, CurrentPrintOptions.get());
    }

    @Test
    void scopeRestoresWhenTheBodyThrows() {
        PrintOptions before = CurrentPrintOptions.get();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            try (PrintOptionsScope scope = PrintOptionsScope.of(PrintOptions.of(PrintOptions.Profile.FULL))) {
                throw new IllegalStateException("body failed");
            }
        });
        assertEquals("body failed", e.getMessage());
        assertSame(before, CurrentPrintOptions.get());
    }

    @Test
    void nestedScopesRestoreInTurnAndASecondCloseDoesNothing() {
        PrintOptions outerOptions;
        PrintOptionsScope outer = PrintOptionsScope.of(PrintOptionsArgs.of().precision(6));
        outerOptions = CurrentPrintOptions.get();
        try (PrintOptionsScope inner = PrintOptionsScope.of(PrintOptionsArgs.of().sciMode(true))) {
            assertEquals(outerOptions.withSciMode(true), CurrentPrintOptions.get());
        }
        assertEquals(outerOptions, CurrentPrintOptions.get());
        outer.close();
        assertEquals(PrintOptions.DEFAULT, CurrentPrintOptions.get());
        CurrentPrintOptions.set(PrintOptions.DEFAULT.withEdgeitems(4));
        outer.close();
        assertEquals(PrintOptions.DEFAULT.withEdgeitems(4), CurrentPrintOptions.get());
    }

    // ---- several threads

    @Test
    void aTensorPrintsWithOneSetOfOptionsWhileAnotherThreadChangesThem() throws InterruptedException {
        TensorImpl t = T.fromArray(new float[] {1.5f, 2.25f, 3.125f});
        PrintOptions a = PrintOptions.DEFAULT.withPrecision(2);
        PrintOptions b = PrintOptions.DEFAULT.withPrecision(6).withLinewidth(20);
        String asA = "tensor([1.50, 2.25, 3.12])";
        String asB = "tensor([1.500000,\n        2.250000,\n        3.125000])";
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            for (int i = 0; !stop.get() && i < 2_000_000; i++) {
                CurrentPrintOptions.set(i % 2 == 0 ? a : b);
            }
        });
        writer.start();
        try {
            for (int i = 0; i < 20_000; i++) {
                String s = t.toString();
                assertTrue(Set.of(asA, asB, "tensor([1.5000, 2.2500, 3.1250])").contains(s), s);
            }
        } finally {
            stop.set(true);
            writer.join();
        }
    }

    @Test
    void concurrentCallsLoseNoArgument() throws InterruptedException {
        // each thread changes its own option from the current ones; a read-modify-write that is not atomic
        // would let one thread put back the other's old value
        Thread p = new Thread(() -> {
            for (int i = 1; i <= 20_000; i++) {
                CurrentPrintOptions.apply(PrintOptionsArgs.of().precision(i % 10));
            }
        });
        Thread l = new Thread(() -> {
            for (int i = 1; i <= 20_000; i++) {
                CurrentPrintOptions.apply(PrintOptionsArgs.of().linewidth(100 + i % 10));
            }
        });
        p.start();
        l.start();
        p.join();
        l.join();
        assertEquals(0, CurrentPrintOptions.get().precision());
        assertEquals(100, CurrentPrintOptions.get().linewidth());
    }
}
