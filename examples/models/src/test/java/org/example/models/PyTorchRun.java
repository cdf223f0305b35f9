package org.example.models;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.nn.StateDicts;

/**
 * A committed PyTorch 1.13 run of an example model (a test resource directory written by
 * src/test/python/make_*.py): its data, initial state, losses and final state, and the checks the model
 * tests share.
 */
final class PyTorchRun {
    private final Path dir;

    PyTorchRun(String name) {
        try {
            this.dir = Paths.get(PyTorchRun.class.getResource("/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A safetensors file of the run: "data", "initial", "final", "final-sgd", ... */
    Map<String, Tensor> tensors(String file) {
        return StateDicts.load(dir.resolve(file + ".safetensors"));
    }

    /** The losses of every step, from losses.json ({@code optimizer} names a run when there are several). */
    JsonNode losses(String optimizer) {
        try {
            JsonNode losses = new ObjectMapper().readTree(dir.resolve("losses.json").toFile()).get("losses");
            return optimizer == null ? losses : losses.get(optimizer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A state made from the same seed has exactly the run's keys and initial values. */
    void assertInitialState(Map<String, Tensor> state) {
        Map<String, Tensor> initial = tensors("initial");
        assertEquals(initial.keySet(), state.keySet());
        for (String key : initial.keySet()) {
            assertArrayEquals(initial.get(key).toDoubleArray(), state.get(key).toDoubleArray(), key);
        }
    }

    /** Every step's loss within {@code tolerance} (absolute, or relative above 1). */
    static void assertLosses(JsonNode expected, List<Double> losses, double tolerance) {
        assertEquals(expected.size(), losses.size());
        for (int i = 0; i < losses.size(); i++) {
            double want = expected.get(i).asDouble();
            assertTrue(Math.abs(losses.get(i) - want) <= tolerance * Math.max(1, Math.abs(want)),
                    "step " + (i + 1) + ": loss " + losses.get(i) + ", PyTorch " + want);
        }
    }
}
