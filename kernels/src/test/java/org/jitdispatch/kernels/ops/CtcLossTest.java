package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The CTC loss where ATen 1.13 reads memory it should not (golden values cannot pin those down): negative lengths,
 * labels outside the classes and backward arguments that do not fit the forward are refused, and a sample without
 * input frames has later releases' loss (0 for an empty target, else infinite) and a zero gradient. Also: the
 * autograd node of ctc_loss runs _ctc_loss_backward, a wholly impossible batch is zeroed by zero_infinity, and the
 * batch split over threads gives one thread's results.
 */
class CtcLossTest {
    private static final long[] PADDED = {1, 2, 2, 1};

    @BeforeAll
    static void load() {
        AtenLibrary.load();
    }

    private static Tensor logProbs(long frames, long batch, long classes) {
        Torch.manual_seed(3);
        return Torch.randn(new long[] {frames, batch, classes}, ScalarType.Float64).log_softmax(2, ScalarType.Float64);
    }

    private static Tensor targets() {
        return Torch.tensor(PADDED, 2, 2);
    }

    @Test
    void negativeLengthsAreRefused() {
        Tensor lp = logProbs(4, 2, 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch._ctc_loss(lp, targets(), new long[] {4, 4}, new long[] {2, -1}, 0, false));
        assertEquals("Expected target_lengths to have value at least 0, but got value -1 (while checking arguments for"
                + " ctc_loss_cpu)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Torch._ctc_loss(lp, targets(), new long[] {-2, 4}, new long[] {2, 2}, 0, false));
        assertEquals("Expected input_lengths to have value at least 0, but got value -2 (while checking arguments for"
                + " ctc_loss_cpu)", e.getMessage());
    }

    @Test
    void labelsOutsideTheClassesAreRefusedWhereTheLengthsReachThem() {
        Tensor lp = logProbs(4, 2, 3);
        Tensor targets = Torch.tensor(new long[] {1, 3, 2, -1}, 2, 2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch._ctc_loss(lp, targets, new long[] {4, 4}, new long[] {2, 1}, 0, false));
        assertEquals("Expected targets to have values in [0, 3), but got value 3 (while checking arguments for"
                + " ctc_loss_cpu)", e.getMessage());
        // the -1 lies past sample 1's length, and the 3 past sample 0's: neither is read
        Tensor nll = Torch._ctc_loss(lp, targets, new long[] {4, 4}, new long[] {1, 1}, 0, false)[0];
        assertEquals(2, nll.numel());
    }

    @Test
    void aSampleWithoutFramesHasLaterReleasesLossAndNoGradient() {
        Tensor lp = logProbs(4, 3, 3);
        Tensor targets = Torch.tensor(new long[] {1, 2, 0, 0, 2, 1}, 3, 2);
        long[] inputLengths = {0, 0, 4};
        long[] targetLengths = {0, 2, 2};
        Tensor[] out = Torch._ctc_loss(lp, targets, inputLengths, targetLengths, 0, false);
        double[] nll = out[0].toDoubleArray();
        assertEquals(-0.0, nll[0]); // the negated log likelihood 0, as later releases give it
        assertEquals(Double.POSITIVE_INFINITY, nll[1]);
        assertTrue(nll[2] > 0 && nll[2] < Double.POSITIVE_INFINITY);
        for (int b = 0; b < 2; b++) {
            for (double a : out[1].select(0, b).contiguous().toDoubleArray()) {
                assertEquals(Double.NEGATIVE_INFINITY, a, "no alignment of a sample without frames");
            }
        }
        Tensor grad = Torch._ctc_loss_backward(Torch.ones(new long[] {3}, ScalarType.Float64), lp, targets, inputLengths,
                targetLengths, out[0], out[1], 0, false);
        for (int b = 0; b < 2; b++) {
            for (double g : grad.select(1, b).contiguous().toDoubleArray()) {
                assertEquals(0.0, g);
            }
        }
    }

    @Test
    void theBackwardRefusesResultsThatDoNotFitItsArguments() {
        Tensor lp = logProbs(4, 2, 3);
        long[] lengths = {4, 4};
        long[] targetLengths = {2, 2};
        Tensor[] out = Torch._ctc_loss(lp, targets(), lengths, targetLengths, 0, false);
        Tensor ones = Torch.ones(new long[] {2}, ScalarType.Float64);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Torch._ctc_loss_backward(
                Torch.ones(new long[] {3}, ScalarType.Float64), lp, targets(), lengths, targetLengths, out[0], out[1], 0,
                false));
        assertEquals("Expected grad to hold one value per sample, 2, but got sizes [3]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Torch._ctc_loss_backward(ones, lp, targets(), lengths,
                targetLengths, out[0], out[1].narrow(2, 0, 3), 0, false));
        assertEquals("Expected log_alpha of sizes [2, 4, at least 5] (batch, input frames, 2 * max target length + 1),"
                + " but got [2, 4, 3]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Torch._ctc_loss_backward(ones, lp, targets(),
                new long[] {4, 5}, targetLengths, out[0], out[1], 0, false));
        assertEquals("Expected input_lengths to have value at most 4, but got value 5 (while checking arguments for"
                + " ctc_loss_cpu)", e.getMessage());
    }

    @Test
    void autogradRunsTheKernelsBackward() {
        Tensor lp = logProbs(5, 2, 4).detach().requiresGrad_(true);
        long[] lengths = {5, 3};
        long[] targetLengths = {2, 1};
        Tensor loss = Torch.ctc_loss(lp, targets(), lengths, targetLengths, 0, 2, false);
        loss.backward();
        Tensor[] out = Torch._ctc_loss(lp.detach(), targets(), lengths, targetLengths, 0, false);
        Tensor expected = Torch._ctc_loss_backward(Torch.ones(new long[] {2}, ScalarType.Float64), lp.detach(),
                targets(), lengths, targetLengths, out[0], out[1], 0, false);
        assertArrayEquals(expected.toDoubleArray(), lp.grad().toDoubleArray(), 0.0);
    }

    @Test
    void aBatchSplitAcrossThreadsGivesOneThreadsResults() {
        Tensor lp = logProbs(40, 64, 30).to(ScalarType.Float32);
        long[] labels = new long[64 * 12];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = 1 + (i * 7 + i / 5) % 29;
        }
        Tensor targets = Torch.tensor(labels, 64, 12);
        long[] inputLengths = new long[64];
        long[] targetLengths = new long[64];
        for (int b = 0; b < 64; b++) {
            inputLengths[b] = 40 - b % 7;
            targetLengths[b] = b % 13;
        }
        Tensor ones = Torch.ones(new long[] {64}, ScalarType.Float32);
        int threads = Parallel.getNumThreads();
        Tensor[][] results = new Tensor[2][];
        try {
            for (int run = 0; run < 2; run++) {
                Parallel.setNumThreads(run == 0 ? 1 : 4);
                Tensor[] out = Torch._ctc_loss(lp, targets, inputLengths, targetLengths, 0, false);
                Tensor grad = Torch._ctc_loss_backward(ones, lp, targets, inputLengths, targetLengths, out[0], out[1], 0,
                        false);
                results[run] = new Tensor[] {out[0], out[1], grad};
            }
        } finally {
            Parallel.setNumThreads(threads);
        }
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(results[0][i].toDoubleArray(), results[1][i].toDoubleArray(), 0.0);
        }
    }

    @Test
    void zeroInfinityZeroesAnImpossibleBatchAndItsGradient() {
        Tensor lp = logProbs(2, 2, 3).detach().requiresGrad_(true);
        // two repeated labels need three frames
        Tensor targets = Torch.tensor(new long[] {1, 1, 2, 2}, 2, 2);
        Tensor loss = Torch.ctc_loss(lp, targets, new long[] {2, 2}, new long[] {2, 2}, 0, 1, true);
        assertEquals(0.0, loss.item().toDouble());
        loss.backward();
        for (double g : lp.grad().toDoubleArray()) {
            assertEquals(0.0, g);
        }
    }
}
