package org.jitdispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jitdispatch.runtime.BFloat16;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Half;
import org.jitdispatch.runtime.PrintOptions;
import org.jitdispatch.runtime.PrintOptionsArgs;
import org.jitdispatch.runtime.PrintOptionsScope;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Tensor.toString() against real PyTorch 1.13's repr (printing/repr.json, made by
 * kernels/src/test/python/make_repr_golden.py): each case rebuilds the tensor from its stored sizes, dtype
 * and values, replays the script's steps (views, requires_grad_, operators that leave a grad_fn) and
 * expects PyTorch's string exactly. A case printed under non-default print options replays its
 * torch.set_printoptions calls from the defaults through {@link PrintOptionsArgs}, expects the options PyTorch
 * was left with, and prints inside a scope that restores the options for the next case.
 */
class TensorReprGoldenTest {
    @TestFactory
    Stream<DynamicTest> toStringIsPyTorchsRepr() throws IOException {
        JsonNode root;
        try (InputStream in = TensorReprGoldenTest.class.getResourceAsStream("/printing/repr.json")) {
            assertNotNull(in, "no printing/repr.json among the test resources");
            // Python's json writes NaN and Infinity as bare words
            root = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build().readTree(in);
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : root.get("cases")) {
            tests.add(DynamicTest.dynamicTest(c.get("name").asText(), () -> {
                Tensor t = replay(c);
                try (PrintOptionsScope scope = Torch.printoptions(PrintOptions.DEFAULT)) {
                    for (JsonNode call : c.get("printoptions")) {
                        Torch.set_printoptions(args(call));
                    }
                    assertEquals(expectedOptions(c.get("options")), Torch.get_printoptions(), "print options");
                    assertEquals(c.get("repr").asText(), t.toString());
                }
            }));
        }
        assertTrue(tests.size() >= 130, "expected at least 130 cases, found " + tests.size());
        return tests.stream();
    }

    /** One set_printoptions call's keyword arguments. */
    private static PrintOptionsArgs args(JsonNode kwargs) {
        PrintOptionsArgs a = PrintOptionsArgs.of();
        for (var it = kwargs.fields(); it.hasNext();) {
            var kw = it.next();
            JsonNode v = kw.getValue();
            switch (kw.getKey()) {
                case "profile": a = a.profile(v.asText()); break;
                case "precision": a = a.precision(v.asInt()); break;
                case "threshold": a = a.threshold(v.asDouble()); break;
                case "edgeitems": a = a.edgeitems(v.asInt()); break;
                case "linewidth": a = a.linewidth(v.asInt()); break;
                case "sci_mode": a = a.sciMode(v.isNull() ? null : v.asBoolean()); break;
                default: throw new AssertionError("unknown print option " + kw.getKey());
            }
        }
        return a;
    }

    /** PyTorch's PRINT_OPTS after the calls. */
    private static PrintOptions expectedOptions(JsonNode o) {
        JsonNode sci = o.get("sci_mode");
        return PrintOptions.DEFAULT.withPrecision(o.get("precision").asInt())
                .withThreshold(o.get("threshold").asDouble())
                .withEdgeitems(o.get("edgeitems").asInt())
                .withLinewidth(o.get("linewidth").asInt())
                .withSciMode(sci.isNull() ? null : sci.asBoolean());
    }

    private static Tensor replay(JsonNode c) {
        Tensor t = build(c);
        for (JsonNode step : c.get("steps")) {
            t = apply(t, step);
        }
        return t;
    }

    /** The stored tensor: its values in row-major order, as the dtype holds them (none for meta). */
    private static Tensor build(JsonNode c) {
        long[] sizes = longs(c.get("sizes"), 0);
        ScalarType dtype = ScalarType.fromName("torch." + c.get("dtype").asText());
        if (c.get("device").asText().equals("meta")) {
            return Tensor.FACTORY.empty(sizes, dtype, Device.META);
        }
        JsonNode v = c.get("values");
        if (sizes.length == 0) {
            // Torch.tensor(data) with no sizes is 1-D; a 0-dim tensor comes from its one value
            JsonNode x = v.get(0);
            Scalar value = dtype == ScalarType.Bool ? Scalar.of(x.asBoolean())
                    : dtype.isFloatingPoint() ? Scalar.of(x.asDouble()) : Scalar.of(x.asLong());
            return Torch.scalarTensor(value, dtype);
        }
        int n = v.size();
        switch (dtype) {
            case Float32: {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (float) v.get(i).asDouble();
                }
                return Torch.tensor(a, sizes);
            }
            case Float64: {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = v.get(i).asDouble();
                }
                return Torch.tensor(a, sizes);
            }
            case Float16:
            case BFloat16: {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    float f = (float) v.get(i).asDouble();
                    a[i] = dtype == ScalarType.Float16 ? Half.fromFloat(f) : BFloat16.fromFloat(f);
                }
                return Torch.tensor(dtype, a, sizes);
            }
            case Bool: {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = v.get(i).asBoolean();
                }
                return Torch.tensor(a, sizes);
            }
            case Int64:
                return Torch.tensor(longs(v, 0), sizes);
            case Int32: {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = v.get(i).asInt();
                }
                return Torch.tensor(a, sizes);
            }
            case Int16: {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (short) v.get(i).asInt();
                }
                return Torch.tensor(dtype, a, sizes);
            }
            case Int8:
            case UInt8: {
                byte[] a = new byte[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (byte) v.get(i).asInt();
                }
                return Torch.tensor(dtype, a, sizes);
            }
            default:
                throw new AssertionError(dtype);
        }
    }

    /** One step of the script's apply(): its name, then its arguments. */
    private static Tensor apply(Tensor t, JsonNode step) {
        String op = step.get(0).asText();
        switch (op) {
            case "t": return t.t();
            case "transpose": return t.transpose(step.get(1).asLong(), step.get(2).asLong());
            case "permute": return t.permute(longs(step, 1));
            case "slice": return t.slice(step.get(1).asLong(), step.get(2).asLong(), step.get(3).asLong(), step.get(4).asLong());
            case "select": return t.select(step.get(1).asLong(), step.get(2).asLong());
            case "requires_grad": return t.requiresGrad_(true);
            case "add_self": return t.add(t);
            case "mul_scalar": return t.mul(Scalar.of(step.get(1).asDouble()));
            case "neg": return t.neg();
            case "exp": return t.exp();
            case "sum": return t.sum();
            default: throw new AssertionError("unknown step " + op);
        }
    }

    private static long[] longs(JsonNode array, int from) {
        long[] out = new long[array.size() - from];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(from + i).asLong();
        }
        return out;
    }
}
