package org.jitdispatch.kernels.structured;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class WarningsTest {
    @Test
    void captureRecordsInOrderAndRestoresTheHandler() {
        List<String> outer = new ArrayList<>();
        Warnings.Handler previous = Warnings.setHandler(outer::add);
        try {
            List<String> inner = Warnings.capture(() -> {
                Warnings.warn("first");
                Warnings.warn("second");
            });
            assertEquals(List.of("first", "second"), inner);
            Warnings.warn("after");
            assertEquals(List.of("after"), outer);
        } finally {
            Warnings.setHandler(previous);
        }
    }

    @Test
    void captureRestoresEvenWhenTheActionThrows() {
        Warnings.Handler before = Warnings.setHandler(Warnings.LOGGING);
        try {
            assertThrows(IllegalStateException.class, () -> Warnings.capture(() -> {
                throw new IllegalStateException("boom");
            }));
            assertSame(Warnings.LOGGING, Warnings.setHandler(Warnings.LOGGING));
        } finally {
            Warnings.setHandler(before);
        }
    }

    @Test
    void handlersArePerThread() {
        AtomicReference<List<String>> otherThread = new AtomicReference<>();
        List<String> mine = Warnings.capture(() -> {
            Thread t = new Thread(() -> otherThread.set(Warnings.capture(() -> Warnings.warn("theirs"))));
            t.start();
            try {
                t.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            Warnings.warn("mine");
        });
        assertEquals(List.of("mine"), mine);
        assertEquals(List.of("theirs"), otherThread.get());
    }
}
