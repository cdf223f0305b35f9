package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.Scalar;

/**
 * Parameter initialisation as {@code torch.nn.init} does it, drawing from a {@link Generator} (the default
 * one when null): with the same seed, the same calls give the same values as PyTorch 1.13 on the CPU. Each
 * function fills the tensor in place without recording history and returns it.
 */
public final class Init {
    private Init() {
    }

    public static Tensor uniform_(Tensor t, double from, double to, Generator generator) {
        try (NoGrad g = NoGrad.enter()) {
            return t.uniform_(from, to, generator);
        }
    }

    public static Tensor normal_(Tensor t, double mean, double std, Generator generator) {
        try (NoGrad g = NoGrad.enter()) {
            return t.normal_(mean, std, generator);
        }
    }

    /**
     * The reset_parameters of nn.Linear and nn.ConvNd: the weight kaiming-uniform with a = sqrt(5), then the bias (if
     * any) uniform in +-1/sqrt(fan_in), both from {@code generator}.
     */
    public static void resetLinearOrConv_(Tensor weight, Tensor bias, Generator generator) {
        kaimingUniform_(weight, Math.sqrt(5), "fan_in", "leaky_relu", generator);
        if (bias != null) {
            long fanIn = fanInAndFanOut(weight)[0];
            double bound = fanIn > 0 ? 1 / Math.sqrt(fanIn) : 0;
            uniform_(bias, -bound, bound, generator);
        }
    }

    /**
     * Normal values truncated to [a, b] ({@code torch.nn.init.trunc_normal_}), drawn as PyTorch 1.13 draws them: a
     * uniform sample between the normal CDF's values at a and b, mapped back through erfinv, then clamped.
     */
    public static Tensor truncNormal_(Tensor t, double mean, double std, double a, double b, Generator generator) {
        double low = normalCdf((a - mean) / std);
        double high = normalCdf((b - mean) / std);
        try (NoGrad g = NoGrad.enter()) {
            t.uniform_(2 * low - 1, 2 * high - 1, generator);
            t.erfinv_();
            t.mul_(Scalar.of(std * Math.sqrt(2.0)));
            t.add_(Scalar.of(mean), Scalar.of(1));
            return t.clamp_(Scalar.of(a), Scalar.of(b));
        }
    }

    /** trunc_normal_ with mean 0, std 1, a = -2 and b = 2 (PyTorch's defaults). */
    public static Tensor truncNormal_(Tensor t, Generator generator) {
        return truncNormal_(t, 0, 1, -2, 2, generator);
    }

    private static double normalCdf(double x) {
        Tensor v = Torch.erf(Torch.scalarTensor(Scalar.of(x / Math.sqrt(2.0)), org.jitdispatch.runtime.ScalarType.Float64));
        return (1 + v.item().toDouble()) / 2;
    }

    public static Tensor zeros_(Tensor t) {
        try (NoGrad g = NoGrad.enter()) {
            return t.zero_();
        }
    }

    public static Tensor ones_(Tensor t) {
        try (NoGrad g = NoGrad.enter()) {
            return t.fill_(org.jitdispatch.runtime.Scalar.of(1.0));
        }
    }

    /** {@code calculate_gain}: the recommended gain for a nonlinearity ({@code param}: leaky_relu's slope). */
    public static double calculateGain(String nonlinearity, double param) {
        switch (nonlinearity) {
            case "linear": case "conv1d": case "conv2d": case "conv3d": case "conv_transpose1d":
            case "conv_transpose2d": case "conv_transpose3d": case "sigmoid":
                return 1;
            case "tanh":
                return 5.0 / 3;
            case "relu":
                return Math.sqrt(2.0);
            case "leaky_relu":
                return Math.sqrt(2.0 / (1 + param * param));
            case "selu":
                return 3.0 / 4;
            default:
                throw new IllegalArgumentException("Unsupported nonlinearity " + nonlinearity);
        }
    }

    /** {fan_in, fan_out} of a weight: dims 1 and 0, each times the receptive field (the product of dims 2...). */
    public static long[] fanInAndFanOut(Tensor t) {
        if (t.dim() < 2) {
            throw new IllegalArgumentException("Fan in and fan out can not be computed for tensor with fewer than 2"
                    + " dimensions");
        }
        long receptiveField = 1;
        for (int d = 2; d < t.dim(); d++) {
            receptiveField *= t.size(d);
        }
        return new long[] {t.size(1) * receptiveField, t.size(0) * receptiveField};
    }

    /** {@code kaiming_uniform_(t, a, mode, nonlinearity)}: U(-bound, bound), bound = gain * sqrt(3 / fan). */
    public static Tensor kaimingUniform_(Tensor t, double a, String mode, String nonlinearity, Generator generator) {
        double std = calculateGain(nonlinearity, a) / Math.sqrt(fan(t, mode));
        double bound = Math.sqrt(3.0) * std;
        return uniform_(t, -bound, bound, generator);
    }

    /** {@code kaiming_normal_(t, a, mode, nonlinearity)}: N(0, gain / sqrt(fan)). */
    public static Tensor kaimingNormal_(Tensor t, double a, String mode, String nonlinearity, Generator generator) {
        double std = calculateGain(nonlinearity, a) / Math.sqrt(fan(t, mode));
        return normal_(t, 0, std, generator);
    }

    /** {@code xavier_uniform_(t, gain)}: U(-a, a), a = gain * sqrt(6 / (fan_in + fan_out)). */
    public static Tensor xavierUniform_(Tensor t, double gain, Generator generator) {
        long[] fans = fanInAndFanOut(t);
        double std = gain * Math.sqrt(2.0 / (double) (fans[0] + fans[1]));
        double a = Math.sqrt(3.0) * std;
        return uniform_(t, -a, a, generator);
    }

    /** {@code xavier_normal_(t, gain)}: N(0, gain * sqrt(2 / (fan_in + fan_out))). */
    public static Tensor xavierNormal_(Tensor t, double gain, Generator generator) {
        long[] fans = fanInAndFanOut(t);
        return normal_(t, 0, gain * Math.sqrt(2.0 / (double) (fans[0] + fans[1])), generator);
    }

    private static long fan(Tensor t, String mode) {
        long[] fans = fanInAndFanOut(t);
        switch (mode) {
            case "fan_in":
                return fans[0];
            case "fan_out":
                return fans[1];
            default:
                throw new IllegalArgumentException("Mode " + mode + " not supported, please use one of fan_in, fan_out");
        }
    }
}
