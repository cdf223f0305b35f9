package org.jitdispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.runtime.PrintOptions;
import org.jitdispatch.runtime.PrintOptionsArgs;
import org.jitdispatch.runtime.PrintOptionsScope;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The print options as a user reaches them, next to the other Torch functions; the README's example. */
class TorchPrintOptionsTest {
    @AfterEach
    void defaults() {
        Torch.set_printoptions(PrintOptions.DEFAULT);
    }

    @Test
    void pyTorchsDocstringExample() {
        Tensor x = Torch.tensor(new float[] {1.12345f});
        Tensor arange = Torch.arange(Scalar.of(10));
        Torch.set_printoptions(PrintOptionsArgs.of().precision(2));
        assertEquals("tensor([1.12])", x.toString());
        Torch.set_printoptions(PrintOptionsArgs.of().threshold(5));
        assertEquals("tensor([0, 1, 2,  ..., 7, 8, 9])", arange.toString());
        Torch.set_printoptions(PrintOptionsArgs.of().profile("default"));
        assertEquals("tensor([1.1235])", x.toString());
        assertEquals("tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])", arange.toString());
    }

    @Test
    void getAndSetTheWholeOptions() {
        PrintOptions saved = Torch.get_printoptions();
        Torch.set_printoptions(PrintOptionsArgs.of().profile("short").sciMode(false));
        assertEquals(PrintOptions.of(PrintOptions.Profile.SHORT).withSciMode(false), Torch.get_printoptions());
        Torch.set_printoptions(saved);
        assertSame(saved, Torch.get_printoptions());
    }

    @Test
    void scopeRestoresEvenWhenTheBodyThrows() {
        Tensor x = Torch.tensor(new float[] {1.12345f, 2.5f});
        assertThrows(ArithmeticException.class, () -> {
            try (PrintOptionsScope scope = Torch.printoptions(PrintOptionsArgs.of().sciMode(true))) {
                assertEquals("tensor([1.1235e+00, 2.5000e+00])", x.toString());
                throw new ArithmeticException();
            }
        });
        assertEquals(PrintOptions.DEFAULT, Torch.get_printoptions());
        try (PrintOptionsScope scope = Torch.printoptions(PrintOptions.DEFAULT.withLinewidth(12))) {
            assertEquals("tensor([1.1235,\n        2.5000])", x.toString());
        }
        assertEquals("tensor([1.1235, 2.5000])", x.toString());
    }
}
