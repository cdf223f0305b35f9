package org.jitdispatch.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/** Shape inference of a small MLP forward on meta tensors: every op runs its meta step only. */
class MetaMlpTest {
    private static Tensor meta(ScalarType dtype, long... sizes) {
        return Torch.empty(sizes, dtype, null, Device.META, null, null);
    }

    @Test
    void anMlpForwardOnMetaTensorsInfersEveryShapeWithoutData() {
        Tensor x = meta(ScalarType.Float32, 32, 1, 28, 28);
        Tensor w1 = meta(ScalarType.Float32, 784, 128);
        Tensor b1 = meta(ScalarType.Float32, 128);
        Tensor w2 = meta(ScalarType.Float32, 128, 10);
        Tensor b2 = meta(ScalarType.Float32, 10);

        Tensor flat = x.flatten(1, -1);
        Tensor hidden = Torch.relu(flat.mm(w1).add(b1));
        Tensor logits = Torch.matmul(hidden, w2).add(b2);
        Tensor probs = Torch.sigmoid(logits);
        Tensor loss = probs.mean();

        for (Tensor t : new Tensor[] {flat, hidden, logits, probs, loss}) {
            assertTrue(t.isMeta());
            assertEquals(null, t.storage());
        }
        assertArrayEquals(new long[] {32, 784}, flat.sizes());
        assertArrayEquals(new long[] {32, 128}, hidden.sizes());
        assertArrayEquals(new long[] {128, 1}, hidden.strides());
        assertArrayEquals(new long[] {32, 10}, logits.sizes());
        assertEquals(ScalarType.Float32, probs.dtype());
        assertArrayEquals(new long[0], loss.sizes());
    }

    @Test
    void typePromotionAndBroadcastingHappenOnMetaToo() {
        Tensor a = meta(ScalarType.Int64, 4, 1);
        Tensor b = meta(ScalarType.Float64, 3);
        Tensor sum = a.add(b);
        assertArrayEquals(new long[] {4, 3}, sum.sizes());
        assertEquals(ScalarType.Float64, sum.dtype());
        assertEquals(ScalarType.Bool, a.lt(b).dtype());
        assertEquals(ScalarType.Int64, Torch.sum(meta(ScalarType.Int32, 5, 6)).dtype());
    }
}
