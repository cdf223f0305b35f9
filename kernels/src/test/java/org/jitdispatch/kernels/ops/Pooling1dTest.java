package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * max_pool1d without a gradient runs ATen's max_pool1d_impl, which has floating loops only:
 * <pre>
 * F.max_pool1d(torch.ones(1, 2, 6, dtype=torch.long), 2)
 * # RuntimeError: "max_pool1d_impl" not implemented for 'Long'
 * F.max_pool1d(torch.ones(1, 2, 6, dtype=torch.int32), 9)   # also when the output is empty
 * # RuntimeError: "max_pool1d_impl" not implemented for 'Int'
 * </pre>
 */
class Pooling1dTest {

    @Test
    void maxPool1dRefusesIntegersAsItsKernelDoes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.max_pool1d(Torch.ones(new long[] {1, 2, 6}, ScalarType.Int64), 2));
        assertEquals("\"max_pool1d_impl\" not implemented for 'Long'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Torch.max_pool1d(Torch.ones(new long[] {1, 2, 6}, ScalarType.Int32), 9));
        assertEquals("\"max_pool1d_impl\" not implemented for 'Int'", e.getMessage());
    }
}
