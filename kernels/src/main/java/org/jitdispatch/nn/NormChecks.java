package org.jitdispatch.nn;

import java.util.Arrays;

/**
 * torch.nn.functional's checks before a normalization that computes statistics of the batch: a statistic of one
 * value is no statistic (PyTorch raises rather than return zeros).
 */
final class NormChecks {
    private NormChecks() {
    }

    /** _verify_batch_size: more than one value per channel; {@code shown} is the size as PyTorch prints it. */
    static void verifyBatchSize(long[] size, String shown) {
        long values = size[0];
        for (int i = 2; i < size.length; i++) {
            values *= size[i];
        }
        if (values == 1) {
            throw new IllegalArgumentException("Expected more than 1 value per channel when training, got input size "
                    + shown);
        }
    }

    /** _verify_spatial_size: more than one value per (sample, channel). */
    static void verifySpatialSize(long[] size) {
        long values = 1;
        for (int i = 2; i < size.length; i++) {
            values *= size[i];
        }
        if (values == 1) {
            throw new IllegalArgumentException("Expected more than 1 spatial element when training, got input size "
                    + torchSize(size));
        }
    }

    /** How Python prints a torch.Size. */
    static String torchSize(long[] size) {
        return "torch.Size(" + Arrays.toString(size) + ")";
    }
}
