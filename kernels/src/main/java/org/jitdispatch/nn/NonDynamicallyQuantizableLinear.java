package org.jitdispatch.nn;

import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * MultiheadAttention's output projection: a {@link Linear} under PyTorch's class name
 * ({@code torch.nn.modules.linear.NonDynamicallyQuantizableLinear}, which exists there to keep the dynamic
 * quantizer away from it), so the attention module prints as PyTorch's does.
 */
final class NonDynamicallyQuantizableLinear extends Linear {
    NonDynamicallyQuantizableLinear(long inFeatures, long outFeatures, boolean bias, ScalarType dtype,
            Generator generator) {
        super(inFeatures, outFeatures, bias, dtype, generator);
    }
}
