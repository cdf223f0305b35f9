package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * uint8, int8, int16, float16 and bfloat16 tensors through safetensors: a file PyTorch wrote
 * (kernels/src/test/python/make_narrow_safetensors.py) loads with PyTorch's values, and what is saved loads back
 * bit for bit.
 */
class NarrowStateDictsTest {
    static {
        AtenLibrary.load();
    }

    @Test
    void aFileWrittenFromPyTorchLoadsWithItsValues() throws Exception {
        Map<String, Tensor> loaded = StateDicts.load(resource("narrow.safetensors"));
        JsonNode expected = new ObjectMapper().readTree(resource("narrow.json").toFile());
        assertEquals(expected.size(), loaded.size());
        for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            Tensor t = loaded.get(e.getKey());
            JsonNode want = e.getValue();
            assertEquals(ScalarType.valueOf(want.get("dtype").asText()), t.dtype(), e.getKey());
            long[] shape = new long[want.get("shape").size()];
            for (int i = 0; i < shape.length; i++) {
                shape[i] = want.get("shape").get(i).asLong();
            }
            assertArrayEquals(shape, t.sizes(), e.getKey());
            double[] values = t.toDoubleArray();
            for (int i = 0; i < values.length; i++) {
                JsonNode v = want.get("values").get(i);
                double w = v.isTextual() ? Double.parseDouble(v.asText().replace("inf", "Infinity")) : v.asDouble();
                assertEquals(w, values[i], e.getKey() + "[" + i + "]");
            }
        }
    }

    @Test
    void savedNarrowTensorsLoadBackBitForBit(@TempDir Path dir) {
        Map<String, Tensor> original = StateDicts.load(resource("narrow.safetensors"));
        Map<String, Tensor> transposed = new java.util.LinkedHashMap<>(original);
        transposed.put("f16_t", original.get("f16").transpose(0, 1)); // saved contiguous, in its logical order
        Path file = dir.resolve("narrow.safetensors");
        StateDicts.save(transposed, file);
        Map<String, Tensor> back = StateDicts.load(file);
        for (Map.Entry<String, Tensor> e : transposed.entrySet()) {
            Tensor was = e.getValue().contiguous();
            Tensor now = back.get(e.getKey());
            assertEquals(was.dtype(), now.dtype());
            assertArrayEquals(was.sizes(), now.sizes());
            for (int i = 0; i < was.numel(); i++) {
                assertEquals(was.storage().getLong(was.storageOffset() + i) , now.storage().getLong(now.storageOffset() + i));
                assertEquals(Double.doubleToLongBits(was.storage().getDouble(was.storageOffset() + i)),
                        Double.doubleToLongBits(now.storage().getDouble(now.storageOffset() + i)), e.getKey() + "[" + i + "]");
            }
        }
    }

    private static Path resource(String name) {
        try {
            return Path.of(NarrowStateDictsTest.class.getResource("/nn/" + name).toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
