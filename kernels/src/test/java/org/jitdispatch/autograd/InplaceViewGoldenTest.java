package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorTesting;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * In-place operations on views against real PyTorch 1.13 (autograd/inplace_views.json, made by
 * kernels/src/test/python/make_inplace_view_golden.py): each program below is the script's program of the
 * same name, written with the Java API. Outputs, leaf gradients, the grad_fn names of the tensors a program
 * labels (CopySlices on a base written through a view, AsStridedBackward0 on a view whose base was written),
 * PyTorch's error messages, and a second derivative through CopySlices.
 */
class InplaceViewGoldenTest {
    /** A program's output and its labels: a tensor whose grad_fn is named at the end, or a name taken earlier. */
    private record Result(Tensor output, Map<String, Object> labels) {
    }

    private static final Map<String, Function<Map<String, Tensor>, Result>> PROGRAMS = Map.ofEntries(
            Map.entry("select_mul_and_column_add", t -> {
                Tensor x = t.get("a").clone();
                Tensor row = x.select(0, 0);
                row.mul_(Scalar.of(2));
                x.select(1, 1).add_(t.get("y"));
                return result(x.mul(x), "x", x, "row", row);
            }),
            Map.entry("transpose_narrow_select_chain", t -> {
                Tensor x = t.get("a").clone();
                Tensor v = x.t().narrow(0, 1, 2).select(0, 1);
                v.mul_(t.get("w"));
                return result(x.mul(x), "x", x, "v", v);
            }),
            Map.entry("view_then_exp_", t -> {
                Tensor x = t.get("a").clone();
                Tensor v = x.view(2, 6);
                v.select(0, 1).exp_();
                return result(x.mul(t.get("b")), "x", x, "v", v);
            }),
            Map.entry("base_written_then_earlier_views", t -> {
                Tensor x = t.get("a").clone();
                Tensor v = x.slice(0, 1L, null, 1);
                Tensor w = x.t();
                x.mul_(t.get("b"));
                return result(v.mul(Scalar.of(2)).add(w.t().slice(0, 1L, null, 1).mul(v)), "x", x, "v", v, "w", w);
            }),
            Map.entry("copy_into_columns", t -> {
                Tensor out = Torch.zeros(new long[] {3, 4}, ScalarType.Float64);
                for (int k = 0; k < 4; k++) {
                    out.select(1, k).copy_(t.get("w").select(0, k).mul(t.get("c")));
                }
                return result(out.mul(out), "out", out);
            }),
            Map.entry("nested_views", t -> {
                Tensor x = t.get("a").clone();
                Tensor v1 = x.slice(0, 1L, 3L, 1);
                Tensor v2 = v1.slice(1, null, null, 2);
                v2.mul_(Scalar.of(3));
                v1.add_(t.get("b"));
                return result(x.mul(x), "x", x, "v1", v1, "v2", v2);
            }),
            Map.entry("view_of_view_of_transpose", t -> {
                Tensor x = t.get("a").clone();
                Tensor v = x.t().select(0, 2);
                v.slice(0, 1L, 3L, 1).sub_(t.get("c"));
                Tensor out = Torch.sum(x, new long[] {0}, false, null).mul(Torch.sum(x, new long[] {1}, false, null).sum());
                return result(out, "x", x, "v", v);
            }),
            Map.entry("fill_and_zero_views", t -> {
                Tensor x = t.get("a").clone();
                x.select(0, 0).fill_(Scalar.of(3));
                x.select(1, 2).zero_();
                return result(x.mul(x), "x", x);
            }),
            Map.entry("fill_view_with_tensor", t -> {
                Tensor x = t.get("a").clone();
                x.select(0, 1).fill_(t.get("s"));
                return result(x.mul(x), "x", x);
            }),
            Map.entry("masked_index_clamp_relu_views", t -> {
                Tensor x = t.get("a").clone();
                x.select(0, 0).masked_fill_(Torch.tensor(new boolean[] {true, false, true, false}), Scalar.of(0.5));
                x.select(0, 1).index_put_(new Tensor[] {Torch.tensor(new long[] {3, 0})}, t.get("vals"));
                x.select(0, 2).clamp_(Scalar.of(-0.2), Scalar.of(0.3));
                x.select(1, 0).relu_();
                return result(x.mul(x), "x", x);
            }),
            Map.entry("plain_base_written_with_grad_operand", t -> {
                Tensor b = Torch.zeros(new long[] {2, 3}, ScalarType.Float64);
                b.select(0, 1).add_(t.get("w"));
                b.select(0, 0).copy_(t.get("w").mul(Scalar.of(2)));
                b.mul_(t.get("c"));
                return result(b.mul(b), "b", b);
            }),
            Map.entry("earlier_view_of_plain_base", t -> {
                Tensor b = Torch.zeros(new long[] {2, 3}, ScalarType.Float64);
                Tensor v = b.select(0, 1);
                b.copy_(t.get("w"));
                return result(v.mul(t.get("u")), "v", v);
            }),
            Map.entry("inplace_metadata_ops", t -> {
                Tensor x = t.get("a").clone();
                x.t_();
                x.unsqueeze_(0);
                x.squeeze_(0);
                x.transpose_(0, 1);
                x.squeeze_();
                return result(x.mul(t.get("c")), "x", x);
            }),
            Map.entry("transpose_of_a_view_then_written", t -> {
                Tensor x = t.get("a").clone();
                Tensor v = x.slice(0, 0L, 1L, 1);
                v.transpose_(0, 1);
                String transposed = v.gradFn().name();
                v.mul_(t.get("s"));
                return result(x.mul(x), "v_transposed", transposed, "x", x, "v", v);
            }),
            Map.entry("copy_broadcast_and_dtype", t -> {
                Tensor out = Torch.zeros(2, 3);
                out.select(0, 0).copy_(t.get("w"));
                out.select(0, 1).copy_(t.get("s"));
                return result(out.mul(out), "out", out);
            }),
            Map.entry("expanded_view_read_after_base_write", t -> {
                Tensor x = t.get("a").clone();
                Tensor e = x.slice(0, 0L, 1L, 1).expand(3, 3);
                x.mul_(Scalar.of(2));
                return result(e.mul(t.get("m")), "e", e);
            }),
            Map.entry("as_strided_view_written", t -> {
                Tensor x = t.get("a").clone();
                Tensor v = x.as_strided(new long[] {2, 2}, new long[] {1, 2}, 1L);
                v.mul_(t.get("m"));
                return result(x.mul(x), "x", x, "v", v);
            }),
            Map.entry("pow_on_views", t -> {
                Tensor x = t.get("a").clone();
                x.select(0, 0).pow_(Scalar.of(2));
                x.select(0, 1).add_(Scalar.of(2)).pow_(t.get("e"));
                return result(x.mul(x), "x", x);
            }),
            Map.entry("unbind_and_split_outputs_read", t -> {
                Tensor x = t.get("a").clone();
                Tensor[] rows = x.unbind();
                Tensor[] halves = x.split(2, 1);
                Tensor out = rows[0].slice(0, 1L, 3L, 1).mul(halves[1].select(0, 1))
                        .add(rows[2].slice(0, null, 2L, 1).exp());
                return result(out, "row", rows[0], "half", halves[1]);
            }),
            Map.entry("view_written_twice_and_read", t -> {
                Tensor x = t.get("a").clone();
                Tensor v = x.slice(1, 1L, null, 1);
                v.mul_(v.clone());
                v.add_(t.get("b"));
                return result(v.sum().mul(x), "x", x, "v", v);
            }));

    private static Tensor leaf() {
        return Torch.tensor(new float[] {1, 2, 3}).requiresGrad_(true);
    }

    private static Tensor onesRequiringGrad() {
        return Torch.ones(2, 3).requiresGrad_(true);
    }

    private static final Map<String, Runnable> ERRORS = Map.ofEntries(
            Map.entry("view_of_leaf_written", () -> leaf().slice(0, 0L, 2L, 1).mul_(Scalar.of(2))),
            Map.entry("view_of_leaf_copied_into", () -> leaf().select(0, 1).copy_(
                    Torch.scalarTensor(Scalar.of(5.0)).requiresGrad_(true))),
            Map.entry("leaf_written", () -> leaf().add_(Scalar.of(1))),
            Map.entry("leaf_transposed_in_place", () -> onesRequiringGrad().t_()),
            Map.entry("view_of_leaf_unsqueezed_in_place", () -> onesRequiringGrad().select(0, 0).unsqueeze_(0)),
            Map.entry("no_grad_view_written", () -> {
                Tensor x = leaf().clone();
                Tensor v;
                try (NoGrad g = NoGrad.enter()) {
                    v = x.slice(0, 0L, 2L, 1);
                }
                v.mul_(Scalar.of(2));
            }),
            Map.entry("unbind_output_written", () -> leaf().clone().unbind()[0].mul_(Scalar.of(2))),
            Map.entry("split_output_written", () -> leaf().clone().split(2)[1].mul_(Scalar.of(2))),
            Map.entry("chunk_output_written", () -> leaf().clone().chunk(2)[1].add_(Scalar.of(1))),
            Map.entry("view_of_unbind_output_written", () -> leaf().clone().unbind()[1].view(1).mul_(Scalar.of(2))),
            Map.entry("unbind_output_used_after_base_written", () -> {
                Tensor x = leaf().clone();
                Tensor[] u = x.unbind();
                x.mul_(Scalar.of(2));
                u[0].mul(Scalar.of(2));
            }),
            Map.entry("unbind_output_of_plain_tensor_copied_into", () -> Torch.zeros(3).unbind()[0].copy_(
                    Torch.scalarTensor(Scalar.of(5.0)).requiresGrad_(true))),
            Map.entry("saved_output_of_inplace_on_view_written", () -> {
                Tensor x = onesRequiringGrad().clone();
                Tensor v = x.select(0, 0);
                v.exp_();
                v.mul_(Scalar.of(2));
                x.sum().backward();
            }),
            Map.entry("saved_view_then_view_written", () -> {
                Tensor x = onesRequiringGrad().clone();
                Tensor v = x.select(0, 0);
                Tensor z = v.mul(v);
                v.mul_(Scalar.of(2));
                z.sum().backward();
            }),
            Map.entry("saved_base_then_view_written", () -> {
                Tensor x = onesRequiringGrad().clone();
                Tensor z = x.mul(x);
                x.select(0, 0).mul_(Scalar.of(2));
                z.sum().backward();
            }),
            Map.entry("saved_view_then_base_written", () -> {
                Tensor x = onesRequiringGrad().clone();
                Tensor v = x.select(0, 1);
                Tensor z = v.mul(v);
                x.mul_(Scalar.of(2));
                z.sum().backward();
            }),
            Map.entry("view_written_with_itself", () -> {
                Tensor x = onesRequiringGrad().clone();
                Tensor v = x.slice(1, 1L, null, 1);
                v.mul_(v);
                x.sum().backward();
            }),
            Map.entry("backward_twice_through_copy_slices", () -> {
                Tensor x = onesRequiringGrad().clone();
                x.select(0, 0).mul_(Scalar.of(2));
                Tensor y = x.sum();
                y.backward();
                y.backward();
            }));

    private static Result result(Tensor output, Object... labels) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < labels.length; i += 2) {
            map.put((String) labels[i], labels[i + 1]);
        }
        return new Result(output, map);
    }

    private static JsonNode golden() throws Exception {
        try (InputStream in = InplaceViewGoldenTest.class.getResourceAsStream("/autograd/inplace_views.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    @TestFactory
    Stream<DynamicTest> gradientsMatchPyTorch() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : golden().get("cases")) {
            tests.add(DynamicTest.dynamicTest(c.get("name").asText(), () -> run(c)));
        }
        assertEquals(PROGRAMS.size(), tests.size(), "inplace_views.json and the programs differ");
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> errorsArePyTorchs() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : golden().get("errors")) {
            String name = c.get("name").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                Runnable program = ERRORS.get(name);
                if (program == null) {
                    throw new AssertionError("no Java program for golden error " + name);
                }
                IllegalStateException e = assertThrows(IllegalStateException.class, program::run);
                assertEquals(c.get("error").asText(), e.getMessage());
            }));
        }
        assertEquals(ERRORS.size(), tests.size(), "inplace_views.json and the error programs differ");
        return tests.stream();
    }

    /**
     * torch.autograd.grad with create_graph through CopySlices and AsStridedBackward0, then backward of the result:
     * the first derivative and the second with respect to the base's leaf are PyTorch's; the second with
     * respect to the in-place operand y is checked against central differences, since PyTorch 1.13's own value
     * there disagrees with them (and with the same program written out of place).
     */
    @Test
    void secondDerivativeThroughCopySlicesMatchesPyTorchAndFiniteDifferences() throws Exception {
        JsonNode c = golden().get("second_derivative");
        Tensor a = tensor(c.get("leaves").get(0)).requiresGrad_(true);
        Tensor y = tensor(c.get("leaves").get(1)).requiresGrad_(true);
        Tensor x = a.clone();
        x.select(0, 0).mul_(y);
        x.select(1, 2).exp_();
        Tensor g = Autograd.grad(x.mul(x).sum(), List.of(a), true)[0];
        assertMatches(g.detach(), c.get("first"), "first derivative");
        g.mul(g).sum().backward();
        assertMatches(a.grad(), c.get("grads").get("a"), "second derivative of a");
        assertMatches(a.grad(), c.get("numerical").get("a"), 1e-6, "second derivative of a");
        assertMatches(y.grad(), c.get("numerical").get("y"), 1e-6, "second derivative of y");
    }

    private static void run(JsonNode c) {
        String name = c.get("name").asText();
        Function<Map<String, Tensor>, Result> program = PROGRAMS.get(name);
        if (program == null) {
            throw new AssertionError("no Java program for golden case " + name);
        }
        Map<String, Tensor> leaves = new LinkedHashMap<>();
        for (JsonNode l : c.get("leaves")) {
            leaves.put(l.get("name").asText(), tensor(l).requiresGrad_(l.get("requires_grad").asBoolean()));
        }
        Result r = program.apply(leaves);
        Map<String, String> names = new LinkedHashMap<>();
        r.labels().forEach((label, value) -> names.put(label, value instanceof Tensor t ? t.gradFn().name() : (String) value));
        Map<String, String> expected = new LinkedHashMap<>();
        c.get("grad_fns").fields().forEachRemaining(e -> expected.put(e.getKey(), e.getValue().asText()));
        assertEquals(expected, names, "grad_fn names");
        // a program computing in float32 gives its float64 leaves float32-precise gradients
        double tolerance = r.output().dtype() == ScalarType.Float32 ? 1e-5 : 1e-9;
        assertMatches(r.output().detach(), c.get("output"), tolerance, "output");
        r.output().backward(tensor(c.get("upstream")));
        JsonNode grads = c.get("grads");
        for (Map.Entry<String, Tensor> leaf : leaves.entrySet()) {
            JsonNode want = grads.get(leaf.getKey());
            if (want == null) {
                assertEquals(null, leaf.getValue().grad(), "gradient of " + leaf.getKey());
            } else {
                assertMatches(leaf.getValue().grad(), want, tolerance, "gradient of " + leaf.getKey());
            }
        }
    }

    private static void assertMatches(Tensor actual, JsonNode expected, String what) {
        assertMatches(actual, expected, 1e-9, what);
    }

    /** Same dtype and values within {@code tolerance} (absolute and relative). */
    private static void assertMatches(Tensor actual, JsonNode expected, double tolerance, String what) {
        Tensor want = tensor(expected);
        assertEquals(want.dtype(), actual.dtype(), what + " dtype");
        TensorTesting.assertClose(actual, want, tolerance, tolerance);
    }

    private static Tensor tensor(JsonNode t) {
        JsonNode data = t.get("data");
        double[] v = new double[data.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = data.get(i).asDouble();
        }
        long[] sizes = new long[t.get("sizes").size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = t.get("sizes").get(i).asLong();
        }
        String dtype = t.get("dtype").asText();
        return Torch.tensor(v).view(sizes).to(ScalarType.valueOf(Character.toUpperCase(dtype.charAt(0)) + dtype.substring(1)));
    }
}
