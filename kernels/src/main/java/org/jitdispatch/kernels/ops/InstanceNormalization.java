package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * Instance normalization as PyTorch 1.13's Normalization.cpp writes it, over batch_norm: the input [B, C, *] is
 * viewed as one sample of B * C channels, weight, bias and running statistics repeated B times; the running
 * statistics, updated per (sample, channel), are averaged back over the samples into the caller's tensors.
 */
public final class InstanceNormalization implements InstanceNormalizationDeclarations {

    @Override
    public Tensor instance_norm(Tensor input, Tensor weight, Tensor bias, Tensor running_mean, Tensor running_var,
            boolean use_input_stats, double momentum, double eps, boolean cudnn_enabled) {
        if (!use_input_stats && (running_mean == null || running_var == null)) {
            throw new IllegalArgumentException("Expected running_mean and running_var to be defined when"
                    + " use_input_stats is false");
        }
        long[] shape = input.sizes();
        long b = input.size(0);
        long c = input.size(1);
        shape[1] = b * c;
        shape[0] = 1;
        Tensor weightRepeated = repeatIfDefined(weight, b);
        Tensor biasRepeated = repeatIfDefined(bias, b);
        Tensor meanRepeated = repeatIfDefined(running_mean, b);
        Tensor varRepeated = repeatIfDefined(running_var, b);
        Tensor reshaped = input.contiguous().view(shape);
        Tensor out = Torch.batch_norm(reshaped, weightRepeated, biasRepeated, meanRepeated, varRepeated,
                use_input_stats, momentum, eps, cudnn_enabled);
        // ATen writes through at::alias(running_mean): the caller's tensors get the per-channel means
        if (running_mean != null) {
            running_mean.copy_(meanRepeated.view(b, c).mean(new long[] {0}, false, null));
        }
        if (running_var != null) {
            running_var.copy_(varRepeated.view(b, c).mean(new long[] {0}, false, null));
        }
        return out.view(input.sizes());
    }

    private static Tensor repeatIfDefined(Tensor t, long times) {
        return t == null ? null : t.repeat(times);
    }
}
