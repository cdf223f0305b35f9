package org.example.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.TreeMap;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.Node;
import org.jitdispatch.kernels.backend.CpuFallback;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.TensorTesting;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A two-layer MLP with a squared-error loss, forward and backward, on lazy tensors against the same
 * computation on the CPU; and the fallbacks the backend YAML implies.
 */
class LazyMlpTest {
    @BeforeAll
    static void install() {
        LazyBackend.install();
    }

    @BeforeEach
    void resetCounts() {
        CpuFallback.resetCounts();
    }

    /** x: 8x5, w1: 5x6, b1: 6, w2: 6x3, b2: 3, target: 8x3. */
    private static Tensor[] parameters() {
        return new Tensor[] {LazyBackendTest.matrix(8, 5, 1.0), LazyBackendTest.matrix(5, 6, 0.4),
            LazyBackendTest.matrix(1, 6, 0.1).view(new long[] {6}), LazyBackendTest.matrix(6, 3, 0.3),
            LazyBackendTest.matrix(1, 3, 0.2).view(new long[] {3}), LazyBackendTest.matrix(8, 3, 1.5)};
    }

    private static Tensor forward(Tensor x, Tensor w1, Tensor b1, Tensor w2, Tensor b2) {
        Tensor hidden = Torch.relu(x.mm(w1).add(b1));
        return hidden.mm(w2).add(b2);
    }

    private static Tensor loss(Tensor out, Tensor target) {
        Tensor diff = out.sub(target);
        return diff.mul(diff).sum();
    }

    private static Tensor[] lazy(Tensor[] cpu) {
        Tensor[] out = new Tensor[cpu.length];
        for (int i = 0; i < cpu.length; i++) {
            out[i] = LazyBackend.lazy(cpu[i]);
        }
        return out;
    }

    private static Set<String> graphNodeNames(Node root) {
        Set<String> names = new TreeSet<>();
        Deque<Node> todo = new ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            if (names.add(n.name())) {
                n.nextEdges().stream().filter(e -> e != null).forEach(e -> todo.push(e.node()));
            }
        }
        return names;
    }

    @Test
    void forwardOnLazyTensorsEqualsTheCpuResultAndOnlyReluFallsBack() {
        Tensor[] p = parameters();
        Tensor[] l = lazy(p);
        CpuFallback.resetCounts();
        long before = LazyGraph.executions();

        Tensor lazyOut = forward(l[0], l[1], l[2], l[3], l[4]);
        Tensor lazyLoss = loss(lazyOut, l[5]);

        assertEquals(DeviceType.Lazy, lazyLoss.device().type());
        // relu is listed only under autograd:, so without requires_grad it runs on the CPU, which reads
        // (computes) its input; everything after it is still only recorded
        assertEquals(Map.of("aten::relu", 1L), CpuFallback.counts());
        assertTrue(!LazyGraph.isComputed(lazyLoss));
        long recorded = LazyGraph.executions() - before;

        TensorTesting.assertClose(lazyOut.cpu(), forward(p[0], p[1], p[2], p[3], p[4]), 1e-5, 1e-5);
        TensorTesting.assertClose(lazyLoss.cpu(), loss(forward(p[0], p[1], p[2], p[3], p[4]), p[5]), 1e-5, 1e-4);
        assertTrue(LazyGraph.executions() - before > recorded);
    }

    @Test
    void backwardOnLazyTensorsEqualsTheCpuGradients() {
        Tensor[] p = parameters();
        Tensor[] cpuLeaves = new Tensor[5];
        Tensor[] lazyLeaves = new Tensor[5];
        for (int i = 0; i < 5; i++) {
            cpuLeaves[i] = p[i].clone().requiresGrad_(true);
            lazyLeaves[i] = LazyBackend.lazy(p[i]).requiresGrad_(true);
        }
        Tensor target = LazyBackend.lazy(p[5]);
        loss(forward(cpuLeaves[0], cpuLeaves[1], cpuLeaves[2], cpuLeaves[3], cpuLeaves[4]), p[5]).backward();
        CpuFallback.resetCounts();

        Tensor lazyLoss = loss(forward(lazyLeaves[0], lazyLeaves[1], lazyLeaves[2], lazyLeaves[3], lazyLeaves[4]), target);
        assertTrue(graphNodeNames(lazyLoss.gradFn()).contains("LazyReluBackward"),
                "relu took the AutogradLazy kernel: " + graphNodeNames(lazyLoss.gradFn()));
        lazyLoss.backward();

        for (int i = 0; i < 5; i++) {
            Tensor grad = lazyLeaves[i].grad();
            assertNotNull(grad, "leaf " + i);
            assertEquals(DeviceType.Lazy, grad.device().type());
            TensorTesting.assertClose(grad.cpu(), cpuLeaves[i].grad(), 1e-5, 1e-4);
        }
        Map<String, Long> counts = new TreeMap<>(CpuFallback.counts());
        assertTrue(!counts.containsKey("aten::relu"), "relu with requires_grad has its own lazy kernel: " + counts);
        assertTrue(counts.containsKey("aten::gt.Scalar"), "relu's backward compares on the CPU: " + counts);
        for (String supported : new String[] {"aten::mm", "aten::add.Tensor", "aten::mul.Tensor", "aten::sum",
            "aten::sum.dim_IntList", "aten::sub.Tensor", "aten::copy_", "aten::empty_strided"}) {
            assertTrue(!counts.containsKey(supported), supported + " is supported but fell back: " + counts);
        }
    }
}
