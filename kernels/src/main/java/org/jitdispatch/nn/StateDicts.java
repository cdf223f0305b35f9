package org.jitdispatch.nn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * State dicts in the safetensors format, which PyTorch users write with {@code safetensors.torch.save_file}
 * (or the few lines of Python in examples/models that need no package): an 8-byte little-endian header
 * length, a JSON header mapping each name to {@code {"dtype", "shape", "data_offsets"}}, then the tensors'
 * bytes, little-endian and row-major. Every dtype of the library is read and written: F64, F32, F16, BF16,
 * I64, I32, I16, I8, U8 and BOOL.
 */
public final class StateDicts {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Headers larger than this are refused, as the safetensors library does. */
    private static final long MAX_HEADER = 100_000_000;

    private StateDicts() {
    }

    /** Writes {@code state} (e.g. {@code module.stateDict()}) to {@code file}. */
    public static void save(Map<String, Tensor> state, Path file) {
        ObjectNode header = JSON.createObjectNode();
        long offset = 0;
        Map<String, byte[]> data = new LinkedHashMap<>();
        for (Map.Entry<String, Tensor> e : state.entrySet()) {
            Tensor t = e.getValue();
            if (t.isMeta()) {
                throw new IllegalArgumentException("cannot save '" + e.getKey() + "': a meta tensor has no data");
            }
            byte[] bytes = bytesOf(t);
            ObjectNode entry = header.putObject(e.getKey());
            entry.put("dtype", code(t.dtype(), e.getKey()));
            ArrayNode shape = entry.putArray("shape");
            for (long s : t.sizes()) {
                shape.add(s);
            }
            entry.putArray("data_offsets").add(offset).add(offset + bytes.length);
            offset += bytes.length;
            data.put(e.getKey(), bytes);
        }
        byte[] json = header.toString().getBytes(StandardCharsets.UTF_8);
        int padded = (json.length + 7) / 8 * 8; // the format pads the header with spaces to 8 bytes
        ByteBuffer out = ByteBuffer.allocate(Math.toIntExact(8 + padded + offset)).order(ByteOrder.LITTLE_ENDIAN);
        out.putLong(padded).put(json);
        for (int i = json.length; i < padded; i++) {
            out.put((byte) ' ');
        }
        data.values().forEach(out::put);
        try {
            Files.write(file, out.array());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a safetensors file into CPU tensors by name, in the file's order. */
    public static Map<String, Tensor> load(Path file) {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        ByteBuffer in = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        if (all.length < 8) {
            throw new IllegalArgumentException(file + ": not a safetensors file (shorter than its 8-byte header length)");
        }
        long headerLength = in.getLong();
        if (headerLength < 0 || headerLength > MAX_HEADER || 8 + headerLength > all.length) {
            throw new IllegalArgumentException(file + ": not a safetensors file (header length " + headerLength + ")");
        }
        JsonNode header;
        try {
            header = JSON.readTree(new String(all, 8, (int) headerLength, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": the safetensors header is not JSON: " + e.getMessage(), e);
        }
        long dataStart = 8 + headerLength;
        Map<String, Tensor> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = header.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals("__metadata__")) {
                continue;
            }
            out.put(e.getKey(), tensor(file, e.getKey(), e.getValue(), all, dataStart));
        }
        return out;
    }

    private static Tensor tensor(Path file, String name, JsonNode entry, byte[] all, long dataStart) {
        String where = file + ": tensor '" + name + "'";
        ScalarType dtype = dtypeOf(entry.path("dtype").asText(), where);
        JsonNode shapeNode = entry.path("shape");
        long[] shape = new long[shapeNode.size()];
        long numel = 1;
        for (int i = 0; i < shape.length; i++) {
            shape[i] = shapeNode.get(i).asLong();
            numel = Math.multiplyExact(numel, shape[i]);
        }
        JsonNode offsets = entry.path("data_offsets");
        long begin = dataStart + offsets.path(0).asLong(-1);
        long end = dataStart + offsets.path(1).asLong(-1);
        if (begin < dataStart || end > all.length || end - begin != numel * dtype.itemSize()) {
            throw new IllegalArgumentException(where + " has data_offsets " + offsets + " that do not hold " + numel
                    + " elements of " + entry.path("dtype").asText() + " within the file");
        }
        ByteBuffer b = ByteBuffer.wrap(all, (int) begin, (int) (end - begin)).order(ByteOrder.LITTLE_ENDIAN);
        int n = (int) numel;
        switch (dtype) {
            case Float32: {
                float[] v = new float[n];
                b.asFloatBuffer().get(v);
                return Torch.tensor(v).view(shape); // a 0-dim shape too (tensor() makes no sizes 1-D)
            }
            case Float64: {
                double[] v = new double[n];
                b.asDoubleBuffer().get(v);
                return Torch.tensor(v).view(shape); // a 0-dim shape too (tensor() makes no sizes 1-D)
            }
            case Int32: {
                int[] v = new int[n];
                b.asIntBuffer().get(v);
                return Torch.tensor(v).view(shape); // a 0-dim shape too (tensor() makes no sizes 1-D)
            }
            case Int64: {
                long[] v = new long[n];
                b.asLongBuffer().get(v);
                return Torch.tensor(v).view(shape); // a 0-dim shape too (tensor() makes no sizes 1-D)
            }
            case Bool: {
                boolean[] v = new boolean[n];
                for (int i = 0; i < n; i++) {
                    v[i] = b.get() != 0;
                }
                return Torch.tensor(v).view(shape); // a 0-dim shape too (tensor() makes no sizes 1-D)
            }
            case UInt8:
            case Int8: {
                byte[] v = new byte[n];
                b.get(v);
                return Tensor.FACTORY.fromArray(dtype, v, n).view(shape);
            }
            default: { // Int16, Float16 and BFloat16: 16 bits each, the floating ones as their bit patterns
                short[] v = new short[n];
                b.asShortBuffer().get(v);
                return Tensor.FACTORY.fromArray(dtype, v, n).view(shape);
            }
        }
    }

    private static byte[] bytesOf(Tensor t) {
        Tensor c = t.contiguous();
        int n = Math.toIntExact(c.numel());
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(n * (long) c.dtype().itemSize())).order(ByteOrder.LITTLE_ENDIAN);
        switch (c.dtype()) {
            case Float32:
                b.asFloatBuffer().put(c.toFloatArray());
                break;
            case Float64:
                b.asDoubleBuffer().put(c.toDoubleArray());
                break;
            case Int32:
                b.asIntBuffer().put(c.toIntArray());
                break;
            case Int64:
                b.asLongBuffer().put(c.toLongArray());
                break;
            case Bool:
                for (boolean v : c.toBooleanArray()) {
                    b.put((byte) (v ? 1 : 0));
                }
                break;
            case UInt8:
            case Int8:
                b.put(c.storage().bytes(), (int) c.storageOffset(), n);
                break;
            default: // Int16, Float16 and BFloat16, whose storage holds the bits to write
                b.asShortBuffer().put(c.storage().shorts(), (int) c.storageOffset(), n);
        }
        return b.array();
    }

    private static String code(ScalarType dtype, String name) {
        switch (dtype) {
            case Float32: return "F32";
            case Float64: return "F64";
            case Int32: return "I32";
            case Int64: return "I64";
            case Bool: return "BOOL";
            case UInt8: return "U8";
            case Int8: return "I8";
            case Int16: return "I16";
            case Float16: return "F16";
            case BFloat16: return "BF16";
            default: throw new IllegalArgumentException("cannot save '" + name + "' of dtype " + dtype);
        }
    }

    private static ScalarType dtypeOf(String code, String where) {
        switch (code) {
            case "F32": return ScalarType.Float32;
            case "F64": return ScalarType.Float64;
            case "I32": return ScalarType.Int32;
            case "I64": return ScalarType.Int64;
            case "BOOL": return ScalarType.Bool;
            case "U8": return ScalarType.UInt8;
            case "I8": return ScalarType.Int8;
            case "I16": return ScalarType.Int16;
            case "F16": return ScalarType.Float16;
            case "BF16": return ScalarType.BFloat16;
            default: throw new IllegalArgumentException(where + " has dtype " + code
                    + ", which this library cannot hold (F64, F32, F16, BF16, I64, I32, I16, I8, U8 and BOOL can be read)");
        }
    }
}
