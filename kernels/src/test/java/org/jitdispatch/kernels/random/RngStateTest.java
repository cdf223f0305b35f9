package org.jitdispatch.kernels.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.jitdispatch.RngStateScope;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code get_rng_state}/{@code set_rng_state} against PyTorch 1.13 (random/rng_state.json, from
 * kernels/src/test/python/make_rng_state_golden.py): after the same seed and draws the state's bytes are
 * PyTorch's, and a state PyTorch saved makes the generator draw what PyTorch drew after it.
 */
class RngStateTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode golden() throws IOException {
        try (InputStream in = RngStateTest.class.getResourceAsStream("/random/rng_state.json")) {
            return JSON.readTree(in);
        }
    }

    @TestFactory
    Stream<DynamicTest> statesAreTheBytesPyTorchWrites() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : golden().get("cases")) {
            tests.add(dynamicTest(c.get("name").asText(), () -> {
                prepare(c.get("name").asText());
                Tensor state = Torch.get_rng_state();
                assertEquals(ScalarType.UInt8, state.dtype());
                assertArrayEquals(new long[] {5056}, state.sizes());
                assertArrayEquals(Base64.getDecoder().decode(c.get("state").asText()), bytes(state));
            }));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> aPyTorchStateDrawsPyTorchsNumbers() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : golden().get("cases")) {
            tests.add(dynamicTest(c.get("name").asText(), () -> {
                Torch.manual_seed(12345); // a different state, which set_rng_state must replace entirely
                Torch.randn(new long[] {3}, ScalarType.Float64);
                Torch.set_rng_state(stateTensor(Base64.getDecoder().decode(c.get("state").asText())));
                assertNextDraws(c.get("next"));
            }));
        }
        return tests.stream();
    }

    /** The draws of the golden script's prepare step for each case. */
    private static void prepare(String name) {
        switch (name) {
            case "seed 0" -> Torch.manual_seed(0);
            case "seed 5 after rand(7)" -> {
                Torch.manual_seed(5);
                Torch.rand(7);
            }
            case "seed 42 after rand(700)" -> {
                Torch.manual_seed(42);
                Torch.rand(700);
            }
            case "seed 7 after log_normal_(3)" -> {
                Torch.manual_seed(7);
                Torch.empty(new long[] {3}, ScalarType.Float64).log_normal_();
            }
            case "seed 2**40 + 3 after randn(20)" -> {
                Torch.manual_seed((1L << 40) + 3);
                Torch.randn(20);
            }
            default -> throw new AssertionError("no prepare step for " + name);
        }
    }

    private static void assertNextDraws(JsonNode next) {
        float[] rand = Torch.rand(5).toFloatArray();
        for (int k = 0; k < rand.length; k++) {
            assertEquals(Float.parseFloat(next.get("rand").get(k).asText()), rand[k], "rand[" + k + "]");
        }
        assertClose(next.get("randn64"), Torch.randn(new long[] {4}, ScalarType.Float64).toDoubleArray(), "randn");
        long[] ints = Torch.randint(0, 1000, new long[] {5}).toLongArray();
        for (int k = 0; k < ints.length; k++) {
            assertEquals(next.get("randint").get(k).asLong(), ints[k], "randint[" + k + "]");
        }
        assertClose(next.get("log_normal64"),
                Torch.empty(new long[] {3}, ScalarType.Float64).log_normal_().toDoubleArray(), "log_normal_");
    }

    /** Normal doubles may differ from glibc's by a few ulps (see RandomGoldenTest); 1e-14 relative allows that. */
    private static void assertClose(JsonNode expected, double[] actual, String what) {
        assertEquals(expected.size(), actual.length, what);
        for (int k = 0; k < actual.length; k++) {
            double e = expected.get(k).asDouble();
            assertEquals(e, actual[k], Math.abs(e) * 1e-14, what + "[" + k + "]");
        }
    }

    @Test
    void restoringAStateRepeatsTheDrawsIncludingACachedNormal() {
        Torch.manual_seed(3);
        Torch.empty(new long[] {1}, ScalarType.Float64).log_normal_(); // caches the sine sample
        Tensor state = Torch.get_rng_state();
        double[] first = Torch.empty(new long[] {5}, ScalarType.Float64).log_normal_().toDoubleArray();
        float[] firstUniform = Torch.rand(3).toFloatArray();
        Torch.set_rng_state(state);
        assertArrayEquals(first, Torch.empty(new long[] {5}, ScalarType.Float64).log_normal_().toDoubleArray());
        assertArrayEquals(firstUniform, Torch.rand(3).toFloatArray());
    }

    @Test
    void theStateIsACopy() {
        Torch.manual_seed(1);
        Tensor state = Torch.get_rng_state();
        byte[] before = bytes(state);
        Torch.rand(10);
        assertArrayEquals(before, bytes(state));
        Tensor again = Torch.get_rng_state();
        Torch.rand(1);
        again.zero_(); // writing to a returned state does not touch the generator
        Torch.manual_seed(1);
        Torch.rand(10);
        float expected = Torch.rand(1).toFloatArray()[0];
        Torch.manual_seed(1);
        Torch.rand(10);
        Torch.get_rng_state().zero_();
        assertEquals(expected, Torch.rand(1).toFloatArray()[0]);
    }

    @Test
    void aGeneratorOfItsOwnSavesAndRestores() {
        CPUGenerator g = Torch.generator();
        g.manual_seed(9);
        Tensor state = g.get_state();
        Tensor a = Torch.rand(new long[] {4}, g);
        g.set_state(state);
        assertArrayEquals(a.toFloatArray(), Torch.rand(new long[] {4}, g).toFloatArray());
        assertEquals(9, g.initial_seed());
    }

    @Test
    void forkRngRestoresTheStateWhenTheScopeCloses() {
        Torch.manual_seed(11);
        float[] expected = Torch.rand(4).toFloatArray();
        Torch.manual_seed(11);
        try (RngStateScope scope = Torch.fork_rng()) {
            Torch.randn(100);
        }
        assertArrayEquals(expected, Torch.rand(4).toFloatArray());
        Torch.manual_seed(11);
        assertThrows(IllegalStateException.class, () -> {
            try (RngStateScope scope = Torch.fork_rng()) {
                Torch.rand(50);
                throw new IllegalStateException("inside");
            }
        });
        assertArrayEquals(expected, Torch.rand(4).toFloatArray());
    }

    @Test
    void badStatesAreRefusedWithPyTorchsMessagesAndChangeNothing() {
        Torch.manual_seed(21);
        Tensor saved = Torch.get_rng_state();
        float expected = Torch.rand(1).toFloatArray()[0];
        Torch.set_rng_state(saved);

        assertEquals("Expected either a CPUGeneratorImplStateLegacy of size 5048 or a CPUGeneratorImplState of size "
                + "5056 but found the input RNG state size to be 10",
                assertThrows(IllegalArgumentException.class,
                        () -> Torch.set_rng_state(Torch.zeros(new long[] {10}, ScalarType.UInt8))).getMessage());
        assertEquals("RNG state must be a torch.ByteTensor", assertThrows(IllegalArgumentException.class,
                () -> Torch.set_rng_state(saved.to(ScalarType.Float32))).getMessage());
        assertEquals("RNG state must be a torch.ByteTensor", assertThrows(IllegalArgumentException.class,
                () -> Torch.set_rng_state(Torch.empty(new long[] {5056}, ScalarType.UInt8, null, Device.META)))
                .getMessage());
        // all zeros: never seeded, and left = 0
        assertEquals("Invalid mt19937 state", assertThrows(IllegalArgumentException.class,
                () -> Torch.set_rng_state(Torch.zeros(new long[] {5056}, ScalarType.UInt8))).getMessage());
        Tensor nextOutOfRange = saved.clone();
        nextOutOfRange.storage().bytes()[16] = 113; // next = 625
        nextOutOfRange.storage().bytes()[17] = 2;
        assertThrows(IllegalArgumentException.class, () -> Torch.set_rng_state(nextOutOfRange));
        assertThrows(NullPointerException.class, () -> Torch.set_rng_state(null));

        assertEquals(expected, Torch.rand(1).toFloatArray()[0]);
    }

    @Test
    void theLegacyLayoutRestoresItsWordsAndItsCachedSample() {
        Torch.manual_seed(4);
        Torch.rand(30);
        byte[] current = bytes(Torch.get_rng_state());
        float[] expected = Torch.rand(6).toFloatArray();
        byte[] legacy = java.util.Arrays.copyOf(current, 5048);
        Torch.manual_seed(99);
        Torch.set_rng_state(stateTensor(legacy));
        assertArrayEquals(expected, Torch.rand(6).toFloatArray());

        // normal_x = 0.25, normal_rho = 2, valid: the cached sample is 2 * sin(pi / 2) = 2
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(legacy).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putDouble(5016, 0.25).putDouble(5032, 2.0).putInt(5040, 1);
        Torch.set_rng_state(stateTensor(legacy));
        byte[] restored = bytes(Torch.get_rng_state());
        assertEquals(2.0, java.nio.ByteBuffer.wrap(restored).order(java.nio.ByteOrder.LITTLE_ENDIAN).getDouble(5024));
        assertEquals(1, restored[5040]);
    }

    private static Tensor stateTensor(byte[] bytes) {
        Tensor t = Torch.empty(new long[] {bytes.length}, ScalarType.UInt8);
        System.arraycopy(bytes, 0, t.storage().bytes(), (int) t.storageOffset(), bytes.length);
        return t;
    }

    private static byte[] bytes(Tensor state) {
        long[] values = state.toLongArray();
        byte[] out = new byte[values.length];
        for (int k = 0; k < values.length; k++) {
            out[k] = (byte) values[k];
        }
        return out;
    }
}
