package org.jitdispatch.kernels.golden;

import com.fasterxml.jackson.databind.JsonNode;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * Reads the type-tagged values of the golden files (written by src/test/python/make_golden.py) as the
 * dispatcher's boxed values: Tensor (null for None), Long, Double, Boolean, String, long[], boolean[], Tensor[],
 * Scalar, ScalarType and MemoryFormat.
 */
final class GoldenValues {
    private GoldenValues() {
    }

    static Object decode(JsonNode v) {
        JsonNode value = v.get("value");
        String type = v.get("type").asText();
        switch (type) {
            case "Tensor": return tensor(v);
            case "Tensor[]": return tensors(v.get("items"));
            case "Tensor?[]": return optionalTensors(v.get("items"));
            case "None": return null;
            case "int": return value.asLong();
            case "float": return number(value);
            case "bool": return value.asBoolean();
            case "str": return value.asText();
            case "int[]": return longs(value);
            case "float[]": return doubles(value);
            case "bool[]": return booleans(value);
            case "ScalarType": return ScalarType.valueOf(value.asText());
            case "MemoryFormat": return memoryFormat(value.asText());
            case "Scalar": return scalar(v.get("kind").asText(), value);
            default: throw new IllegalArgumentException("Unknown golden value type '" + type + "' in " + v);
        }
    }

    /**
     * A fresh tensor: {@code data} shaped as {@code sizes}, or, when the value has a {@code view}, the
     * strided view of a contiguous {@code base} that PyTorch was given.
     */
    static Tensor tensor(JsonNode v) {
        ScalarType dtype = ScalarType.valueOf(v.get("dtype").asText());
        JsonNode view = v.get("view");
        if (view != null) {
            return fromArray(dtype, v.get("base")).asStrided(longs(view.get("sizes")), longs(view.get("strides")),
                    view.get("offset").asLong());
        }
        long[] sizes = longs(v.get("sizes"));
        return sizes.length == 0
                ? fromArray(dtype, v.get("data")).asStrided(sizes, sizes, 0) // fromArray makes no 0-dim tensors
                : fromArray(dtype, v.get("data"), sizes);
    }

    static Tensor[] tensors(JsonNode items) {
        Tensor[] out = new Tensor[items.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = tensor(items.get(i));
        }
        return out;
    }

    /** A {@code Tensor?[]}: tensors and nulls. */
    static Tensor[] optionalTensors(JsonNode items) {
        Tensor[] out = new Tensor[items.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = "None".equals(items.get(i).get("type").asText()) ? null : tensor(items.get(i));
        }
        return out;
    }

    /** A contiguous tensor of {@code data}; 1-D when no sizes are given. */
    static Tensor fromArray(ScalarType dtype, JsonNode data, long... sizes) {
        int n = data.size();
        switch (dtype) {
            case Bool: {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(i).asBoolean();
                }
                return Tensor.FACTORY.fromArray(a, sizes);
            }
            case Int32: {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = Math.toIntExact(data.get(i).asLong());
                }
                return Tensor.FACTORY.fromArray(a, sizes);
            }
            case Int64: {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = data.get(i).asLong();
                }
                return Tensor.FACTORY.fromArray(a, sizes);
            }
            case Float32: {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (float) number(data.get(i));
                }
                return Tensor.FACTORY.fromArray(a, sizes);
            }
            case Float64: {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = number(data.get(i));
                }
                return Tensor.FACTORY.fromArray(a, sizes);
            }
            default: {
                // the narrow types: each value is exactly representable, so Storage's conversion keeps it
                Storage s = Storage.allocate(dtype, n);
                for (int i = 0; i < n; i++) {
                    if (dtype.isFloatingPoint()) {
                        s.setDouble(i, number(data.get(i)));
                    } else {
                        s.setLong(i, data.get(i).asLong());
                    }
                }
                return Tensor.FACTORY.fromArray(dtype, s.data(), sizes);
            }
        }
    }

    /** A JSON number, or one of the strings "inf", "-inf", "nan". */
    static double number(JsonNode v) {
        if (!v.isTextual()) {
            return v.asDouble();
        }
        switch (v.asText()) {
            case "inf": return Double.POSITIVE_INFINITY;
            case "-inf": return Double.NEGATIVE_INFINITY;
            case "nan": return Double.NaN;
            default: throw new IllegalArgumentException("Not a number: " + v);
        }
    }

    static boolean[] booleans(JsonNode array) {
        boolean[] out = new boolean[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asBoolean();
        }
        return out;
    }

    static double[] doubles(JsonNode array) {
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = number(array.get(i));
        }
        return out;
    }

    static long[] longs(JsonNode array) {
        long[] out = new long[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asLong();
        }
        return out;
    }

    private static Scalar scalar(String kind, JsonNode value) {
        switch (kind) {
            case "int": return Scalar.of(value.asLong());
            case "float": return Scalar.of(number(value));
            case "bool": return Scalar.of(value.asBoolean());
            default: throw new IllegalArgumentException("Unknown Scalar kind '" + kind + "'");
        }
    }

    private static MemoryFormat memoryFormat(String schemaName) {
        for (MemoryFormat f : MemoryFormat.values()) {
            if (f.schemaName().equals(schemaName)) {
                return f;
            }
        }
        throw new IllegalArgumentException("Unknown memory format '" + schemaName + "'");
    }
}
