package org.jitdispatch.kernels.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.BFloat16;
import org.jitdispatch.runtime.Half;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The random operators against PyTorch 1.13's CPU generator (golden/random.json, from
 * kernels/src/test/python/make_random_golden.py): each case seeds the default generator (or a generator of
 * its own, passed to every call), makes its calls in order and compares every value. float32 values and
 * integers must be equal to the bit; float64 values of normal distributions may differ by up to 2 ulps
 * (glibc's log, sin and cos against Java's, each within an ulp of the exact value, and their product),
 * all others must be equal.
 */
class RandomGoldenTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode golden() throws IOException {
        try (InputStream in = RandomGoldenTest.class.getResourceAsStream("/golden/random.json")) {
            return JSON.readTree(in);
        }
    }

    @TestFactory
    Stream<DynamicTest> pytorchRandomNumbers() throws IOException {
        JsonNode root = golden();
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : root.get("cases")) {
            tests.add(dynamicTest(c.get("name").asText(), () -> run(c)));
        }
        assertEquals(root.get("count").asInt(), tests.size());
        return tests.stream();
    }

    @Test
    void defaultSeedIsPyTorchs() throws IOException {
        assertEquals(golden().get("default_seed").asLong(), new CPUGenerator().initial_seed());
    }

    private static void run(JsonNode c) {
        long seed = c.get("seed").asLong();
        Generator gen = null;
        if (c.get("generator").asBoolean()) {
            gen = Torch.generator().manual_seed(seed);
        } else {
            Torch.manual_seed(seed);
        }
        JsonNode calls = c.get("calls");
        if (c.has("error")) {
            Generator g = gen;
            RuntimeException e = assertThrows(RuntimeException.class, () -> {
                for (JsonNode call : calls) {
                    call(call, g);
                }
            });
            assertEquals(c.get("error").asText(), e.getMessage());
            return;
        }
        for (int k = 0; k < calls.size(); k++) {
            Tensor t = call(calls.get(k), gen);
            check(c.get("name").asText() + ", call " + k + " (" + calls.get(k).get("op").asText() + ")",
                    calls.get(k).get("op").asText(), c.get("results").get(k), t);
        }
    }

    private static Tensor call(JsonNode call, Generator g) {
        String op = call.get("op").asText();
        ScalarType dtype = ScalarType.valueOf(call.get("dtype").asText());
        switch (op) {
            case "rand":
                return Torch.rand(longs(call.get("size")), g, dtype, null, null, null);
            case "randn":
                return Torch.randn(longs(call.get("size")), g, dtype, null, null, null);
            case "randint":
                return Torch.randint(call.get("low").asLong(), call.get("high").asLong(), longs(call.get("size")), g,
                        dtype, null, null, null);
            case "randperm":
                return Torch.randperm(call.get("n").asLong(), g, dtype, null, null, null);
            case "uniform_":
                return empty(call, dtype).uniform_(call.get("from").asDouble(), call.get("to").asDouble(), g);
            case "normal_":
                return empty(call, dtype).normal_(call.get("mean").asDouble(), call.get("std").asDouble(), g);
            case "random_":
                return empty(call, dtype).random_(g);
            case "bernoulli_p":
                return empty(call, dtype).bernoulli_(call.get("p").asDouble(), g);
            case "bernoulli":
                return Torch.bernoulli(tensor(call.get("p"), dtype), g);
            case "normal_tensor_tensor":
                return Torch.normal(tensor(call.get("mean"), dtype), tensor(call.get("std"), dtype), g);
            case "normal_tensor_float":
                return Torch.normal(tensor(call.get("mean"), dtype), call.get("std").asDouble(), g);
            case "normal_float_tensor":
                return Torch.normal(call.get("mean").asDouble(), tensor(call.get("std"), dtype), g);
            case "exponential_":
                return empty(call, dtype).exponential_(call.get("lambd").asDouble(), g);
            case "cauchy_":
                return empty(call, dtype).cauchy_(call.get("median").asDouble(), call.get("sigma").asDouble(), g);
            case "log_normal_":
                return empty(call, dtype).log_normal_(call.get("mean").asDouble(), call.get("std").asDouble(), g);
            case "geometric_":
                return empty(call, dtype).geometric_(call.get("p").asDouble(), g);
            case "multinomial":
                return Torch.multinomial(tensor(call.get("p"), dtype), call.get("n").asLong(),
                        call.get("replacement").asBoolean(), g);
            case "rrelu":
                return Torch.rrelu(tensor(call.get("input"), dtype), Scalar.of(call.get("lower").asDouble()),
                        Scalar.of(call.get("upper").asDouble()), true, g);
            case "rrelu_noise": {
                Tensor input = tensor(call.get("input"), dtype);
                Tensor noise = Torch.empty(new long[] {input.numel()}, dtype, null, null, null, null);
                Torch.rrelu_with_noise(input, noise, Scalar.of(call.get("lower").asDouble()),
                        Scalar.of(call.get("upper").asDouble()), true, g);
                return noise;
            }
            case "dropout":
                return Torch.dropout(Torch.ones(longs(call.get("size")), dtype, null, null, null),
                        call.get("p").asDouble(), call.get("train").asBoolean());
            case "feature_dropout":
                return Torch.feature_dropout(ramp(call, dtype), call.get("p").asDouble(), call.get("train").asBoolean());
            case "alpha_dropout":
                return Torch.alpha_dropout(ramp(call, dtype), call.get("p").asDouble(), call.get("train").asBoolean());
            case "feature_alpha_dropout":
                return Torch.feature_alpha_dropout(ramp(call, dtype), call.get("p").asDouble(),
                        call.get("train").asBoolean());
            default:
                throw new IllegalArgumentException(op);
        }
    }

    private static Tensor empty(JsonNode call, ScalarType dtype) {
        return Torch.empty(longs(call.get("size")), dtype, null, null, null, null);
    }

    /** A tensor of a (possibly nested) JSON list of numbers. */
    private static Tensor tensor(JsonNode values, ScalarType dtype) {
        List<Double> flat = new ArrayList<>();
        List<Long> sizes = new ArrayList<>();
        JsonNode n = values;
        while (n.isArray()) {
            sizes.add((long) n.size());
            n = n.get(0);
        }
        flatten(values, flat);
        double[] data = flat.stream().mapToDouble(Double::doubleValue).toArray();
        long[] s = sizes.stream().mapToLong(Long::longValue).toArray();
        return Torch.tensor(data, s).to(dtype);
    }

    private static void flatten(JsonNode n, List<Double> out) {
        if (n.isArray()) {
            n.forEach(e -> flatten(e, out));
        } else {
            out.add(n.asDouble());
        }
    }

    private static long[] longs(JsonNode a) {
        long[] r = new long[a.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = a.get(i).asLong();
        }
        return r;
    }

    private static void check(String where, String op, JsonNode expected, Tensor actual) {
        assertEquals(expected.get("dtype").asText(), actual.dtype().name(), where + ": dtype");
        assertArrayEquals(longs(expected.get("sizes")), actual.sizes(), where + ": sizes");
        JsonNode data = expected.get("data");
        Tensor flat = actual.contiguous().reshape(new long[] {-1});
        ScalarType t = actual.dtype();
        boolean normal = op.startsWith("randn") || op.startsWith("normal");
        if (t.isIntegral(false)) {
            long[] got = flat.to(ScalarType.Int64).toLongArray();
            for (int i = 0; i < got.length; i++) {
                if (got[i] != data.get(i).asLong()) {
                    fail(where + ": element " + i + " is " + got[i] + ", PyTorch has " + data.get(i).asLong());
                }
            }
            return;
        }
        if (t == ScalarType.Bool) {
            double[] got = flat.to(ScalarType.Float64).toDoubleArray();
            for (int i = 0; i < got.length; i++) {
                assertEquals(data.get(i).asBoolean() ? 1.0 : 0.0, got[i], where + ": element " + i);
            }
            return;
        }
        double[] got = flat.toDoubleArray();
        int ulpsAllowed = t == ScalarType.Float64 && normal ? 2 : 0;
        for (int i = 0; i < got.length; i++) {
            double want = data.get(i).asDouble();
            long ulps = Math.abs(Double.doubleToLongBits(got[i]) - Double.doubleToLongBits(want));
            if (t == ScalarType.Float32) {
                ulps = Math.abs(Float.floatToIntBits((float) got[i]) - Float.floatToIntBits((float) want));
            } else if (t.isReducedFloatingPoint()) {
                // libm's float log, sin and cos against Java's may differ by an ulp of float, which rounding to
                // the narrow type almost always erases
                ulps = Math.abs(reducedBits(t, got[i]) - reducedBits(t, want));
                if (normal && ulps == 1) {
                    continue;
                }
            }
            if (ulps > ulpsAllowed) {
                fail(where + ": element " + i + " is " + got[i] + ", PyTorch has " + want + " (" + ulps + " ulps)");
            }
        }
    }

    private static int reducedBits(ScalarType t, double v) {
        return t == ScalarType.Float16 ? Half.fromFloat((float) v) : BFloat16.fromFloat((float) v);
    }

    /** {@code (torch.arange(n) * 0.25 - 1).view(size)}: the input the script drops from, exact in either dtype. */
    private static Tensor ramp(JsonNode call, ScalarType dtype) {
        long[] size = longs(call.get("size"));
        long n = 1;
        for (long s : size) {
            n *= s;
        }
        return Torch.arange(Scalar.of(n)).to(dtype).mul(Scalar.of(0.25)).sub(Scalar.of(1)).view(size);
    }
}
