package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;
import org.junit.jupiter.api.Test;

/**
 * What the golden values cannot show of scatter_reduce and index_reduce: their beta warnings come once per process
 * (1.13's TORCH_WARN_ONCE), and a reduction of a graph's edge values onto its nodes reads as users write it.
 */
class ScatterReduceTest {

    @Test
    void theBetaWarningsComeAtMostOnce() {
        Tensor self = Torch.zeros(new long[] {3}, org.jitdispatch.runtime.ScalarType.Float32);
        Tensor index = Torch.tensor(new long[] {0, 2, 2}, 3);
        Tensor src = Torch.tensor(new float[] {1, 2, 3}, 3);
        List<String> warnings = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            warnings.addAll(Warnings.capture(() -> self.scatter_reduce(0, index, src, "sum", true)));
            warnings.addAll(Warnings.capture(() -> self.index_reduce(0, index, src, "amax", true)));
        }
        long scatter = warnings.stream().filter(w -> w.startsWith("scatter_reduce() is in beta")).count();
        long indexed = warnings.stream().filter(w -> w.startsWith("index_reduce() is in beta")).count();
        assertTrue(scatter <= 1 && indexed <= 1, warnings.toString());
        assertFalse(warnings.stream().anyMatch(w -> !w.contains("is in beta")), warnings.toString());
    }

    @Test
    void messagesOfEdgesReduceOntoTheirTargetNodes() {
        // three edges into nodes 0, 2, 2: mean of the incoming messages, nodes without an edge keep 0
        Tensor messages = Torch.tensor(new double[] {1, 10, 2, 20, 4, 40}, 3, 2);
        Tensor target = Torch.tensor(new long[] {0, 0, 2, 2, 2, 2}, 3, 2);
        Tensor nodes = Torch.zeros(new long[] {3, 2}, org.jitdispatch.runtime.ScalarType.Float64)
                .scatter_reduce(0, target, messages, "mean", false);
        assertArrayEquals(new double[] {1, 10, 0, 0, 3, 30}, nodes.toDoubleArray(), 0);
    }
}
