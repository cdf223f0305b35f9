package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.DoubleLoop;
import org.jitdispatch.kernels.iter.FloatLoop;
import org.jitdispatch.kernels.iter.LongLoop;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.random.CPUGenerator;
import org.jitdispatch.kernels.random.Samplers;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * exponential_, cauchy_, log_normal_, geometric_ and multinomial, as PyTorch 1.13's CPU kernels draw them (ATen's exponential_kernel without MKL,
 * Distributions.cpp's multinomial and cpu/MultinomialKernel.cpp), so that a seed gives PyTorch's samples.
 *
 * <ul>
 *   <li>exponential_: each element {@code -1 / lambda * log(1 - u)} in double, {@code u} a 53-bit uniform
 *       double, rounded to the dtype, in TensorIterator's order.</li>
 *   <li>multinomial without replacement: the exponential race, {@code argmax(p / q)} or
 *       {@code topk(p / q, n)} with {@code q} exponential_ draws of p's shape.</li>
 *   <li>multinomial with replacement: per row, the cumulative sums in the dtype, normalized and ending at 1, then
 *       one uniform double per sample and the first bucket whose cumulative sum is not below it.</li>
 * </ul>
 */
public final class RandomSampling implements RandomSamplingDeclarations {
    /** The largest integer float32 counts to exactly: categories are indexed through floats in ATen. */
    private static final long FLOAT32_MAX_CONSECUTIVE_INT = 1L << 24;

    // ---- cauchy_, log_normal_, geometric_: one double draw per element, rounded to the dtype

    /** {@code median + sigma * tan(pi * (u - 0.5))}, ATen's cauchy transformation in double. */
    @Override
    public Tensor cauchy_(Tensor self, double median, double sigma, Generator generator) {
        requireFloating(self, "cauchy_cpu");
        return fill(self, generator, g -> median + sigma * Math.tan(Math.PI * (Samplers.uniformDouble(g, 0.0, 1.0) - 0.5)));
    }

    @Override
    public Tensor cauchy_meta_(Tensor self, double median, double sigma, Generator generator) {
        requireFloating(self, "cauchy_cpu");
        return self;
    }

    /** {@code exp} of a double normal draw (the generator's cached second Box-Muller sample included). */
    @Override
    public Tensor log_normal_(Tensor self, double mean, double std, Generator generator) {
        checkLogNormal(self, std);
        return fill(self, generator, g -> Math.exp(Samplers.normalDouble(g, mean, std)));
    }

    @Override
    public Tensor log_normal_meta_(Tensor self, double mean, double std, Generator generator) {
        checkLogNormal(self, std);
        return self;
    }

    /** {@code ceil(log(u) / log1p(-p))}: the number of trials up to the first success; every dtype but bool. */
    @Override
    public Tensor geometric_(Tensor self, double p, Generator generator) {
        checkGeometric(self, p);
        double denominator = Math.log1p(-p);
        return fill(self, generator, g -> Math.ceil(Math.log(Samplers.uniformDouble(g, 0.0, 1.0)) / denominator));
    }

    @Override
    public Tensor geometric_meta_(Tensor self, double p, Generator generator) {
        checkGeometric(self, p);
        return self;
    }

    private static void checkLogNormal(Tensor self, double std) {
        if (!(std > 0.0)) {
            throw new IllegalArgumentException("log_normal_ expects std > 0.0, but found std="
                    + RangeFactories.formatDouble(std));
        }
        requireFloating(self, "log_normal_cpu");
    }

    private static void checkGeometric(Tensor self, double p) {
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("geometric_ expects p to be in (0, 1), but got p="
                    + RangeFactories.formatDouble(p));
        }
        if (self.dtype() == ScalarType.Bool) {
            throw Elementwise.notImplemented("geometric_cpu", self.dtype());
        }
    }

    private static void requireFloating(Tensor self, String kernel) {
        if (!self.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented(kernel, self.dtype());
        }
    }

    /** A draw per element of a double distribution, in TensorIterator's order, under the generator's lock. */
    private interface Draw {
        double next(CPUGenerator g);
    }

    private static Tensor fill(Tensor self, Generator generator, Draw draw) {
        CPUGenerator g = CPUGenerator.getOrDefault(generator);
        TensorIterator iter = TensorIterator.inplace(Tensor.FACTORY, self);
        iter.buildNullaryOp(self);
        iter.commit();
        if (iter.numel() == 0) {
            return self;
        }
        g.lock().lock();
        try {
            if (self.dtype() == ScalarType.Float64) {
                DoubleLoop c = iter.doubleLoop();
                while (c.next()) {
                    double[] o = c.out();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = draw.next(g);
                    }
                }
            } else if (self.dtype().isFloatingPoint()) {
                FloatLoop c = iter.floatLoop(); // float16/bfloat16 rounded as the loop stores each value
                while (c.next()) {
                    float[] o = c.out();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = (float) draw.next(g);
                    }
                }
            } else {
                LongLoop c = iter.longLoop(); // narrower integers wrap as they are stored
                while (c.next()) {
                    long[] o = c.out();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = (long) draw.next(g);
                    }
                }
            }
        } finally {
            g.lock().unlock();
        }
        return self;
    }

    // ---- exponential_

    @Override
    public Tensor exponential_(Tensor self, double lambd, Generator generator) {
        checkExponential(self, lambd);
        return fill(self, generator, g -> exponential(g, lambd));
    }

    @Override
    public Tensor exponential_meta_(Tensor self, double lambd, Generator generator) {
        checkExponential(self, lambd);
        return self;
    }

    private static double exponential(CPUGenerator g, double lambda) {
        double u = Samplers.uniformDouble(g, 0.0, 1.0);
        return -1.0 / lambda * Math.log(1.0 - u);
    }

    private static void checkExponential(Tensor self, double lambd) {
        if (!(lambd >= 0.0)) {
            throw new IllegalArgumentException("exponential_ expects lambda >= 0.0, but found lambda="
                    + RangeFactories.formatDouble(lambd));
        }
        if (!self.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented("exponential_cpu", self.dtype());
        }
    }

    // ---- multinomial

    @Override
    public Tensor multinomial(Tensor self, long numSamples, boolean replacement, Generator generator) {
        Tensor result = Torch.empty(new long[] {0}, ScalarType.Int64, null, self.device(), null, null);
        return multinomial_out(self, numSamples, replacement, generator, result);
    }

    @Override
    public Tensor multinomial_out(Tensor self, long numSamples, boolean replacement, Generator generator, Tensor out) {
        if (!out.device().equals(self.device())) {
            throw new IllegalArgumentException("multinomial arguments must have the same device");
        }
        if (self.dim() < 1 || self.dim() > 2) {
            throw new IllegalArgumentException("prob_dist must be 1 or 2 dim");
        }
        if (!self.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("multinomial only supports floating-point dtypes for input, got: "
                    + self.dtype().c10Name());
        }
        if (out.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("multinomial expects Long tensor out, got: " + out.dtype().c10Name());
        }
        if (numSamples <= 0) {
            throw new IllegalArgumentException("cannot sample n_sample <= 0 samples");
        }
        long categories = self.size(self.dim() - 1);
        if (!replacement && numSamples > categories) {
            throw new IllegalArgumentException("cannot sample n_sample > prob_dist.size(-1) samples without replacement");
        }
        if (categories > FLOAT32_MAX_CONSECUTIVE_INT) {
            throw new IllegalArgumentException("number of categories cannot exceed 2^24");
        }
        long[] sizes = self.dim() == 1 ? new long[] {numSamples} : new long[] {self.size(0), numSamples};
        // the probabilities are checked before out= is resized, so that a refused call leaves it as it was
        if (!replacement) {
            checkRace(self);
        } else {
            checkRows(self);
        }
        TensorFactories.resize(out, sizes); // result.resize_, as ATen resizes it: no warning
        if (out.numel() == 0) {
            return out;
        }
        if (!replacement) {
            Tensor q = Torch.empty_like(self, null, null, null, null, null).exponential_(1.0, generator);
            Tensor ratio = Torch.div(self, q);
            Tensor chosen = numSamples == 1 ? Torch.argmax(ratio, -1L, true)
                    : Torch.topk(ratio, numSamples, -1, true, true)[1];
            out.copy_(chosen, false);
            return out;
        }
        withReplacement(self, numSamples, CPUGenerator.getOrDefault(generator), out);
        return out;
    }

    /** multinomial_out's checks of the exponential race: no inf, NaN or negative entry, no row summing to zero. */
    private static void checkRace(Tensor self) {
        double[] p = self.toDoubleArray();
        int categories = (int) self.size(self.dim() - 1);
        for (double v : p) {
            if (!(v < Double.POSITIVE_INFINITY && v >= 0)) {
                throw new IllegalArgumentException("probability tensor contains either `inf`, `nan` or element < 0");
            }
        }
        for (int row = 0; categories > 0 && row < p.length / categories; row++) {
            double sum = 0;
            for (int j = 0; j < categories; j++) {
                sum += p[row * categories + j];
            }
            if (sum == 0) {
                throw new IllegalArgumentException("invalid multinomial distribution (sum of probabilities <= 0)");
            }
        }
    }

    /** multinomial_with_replacement_apply's checks, row by row in its order: each entry, then the row's sum. */
    private static void checkRows(Tensor self) {
        double[] p = self.toDoubleArray();
        int categories = (int) self.size(self.dim() - 1);
        int rows = self.dim() > 1 ? (int) self.size(0) : 1;
        for (int row = 0; row < rows; row++) {
            double sum = 0;
            for (int j = 0; j < categories; j++) {
                double v = p[row * categories + j];
                if (!(v >= 0)) {
                    throw new IllegalArgumentException(
                            "invalid multinomial distribution (encountering probability entry < 0)");
                }
                if (Double.isInfinite(v)) {
                    throw new IllegalArgumentException(
                            "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
                }
                sum += v;
            }
            if (!(sum > 0)) {
                throw new IllegalArgumentException("invalid multinomial distribution (sum of probabilities <= 0)");
            }
        }
    }

    /** ATen's multinomial_with_replacement_apply: the cumulative sums in the dtype, a uniform double per sample. */
    private static void withReplacement(Tensor self, long numSamples, CPUGenerator g, Tensor out) {
        int categories = (int) self.size(self.dim() - 1);
        int rows = self.dim() > 1 ? (int) self.size(0) : 1;
        boolean single = self.dtype() != ScalarType.Float64;
        double[] p = self.toDoubleArray();
        long[] samples = new long[(int) (rows * numSamples)];
        double[] cumulative = new double[categories];
        g.lock().lock();
        try {
            for (int i = 0; i < rows; i++) {
                double sum = 0;
                for (int j = 0; j < categories; j++) {
                    sum = single ? (float) (sum + p[i * categories + j]) : sum + p[i * categories + j];
                    cumulative[j] = sum;
                }
                for (int j = 0; j < categories; j++) {
                    cumulative[j] = single ? (float) (cumulative[j] / sum) : cumulative[j] / sum;
                }
                cumulative[categories - 1] = 1;
                for (int s = 0; s < numSamples; s++) {
                    double u = Samplers.uniformDouble(g, 0.0, 1.0);
                    int left = 0;
                    int right = categories;
                    while (right - left > 0) {
                        int mid = left + (right - left) / 2;
                        if (cumulative[mid] < u) {
                            left = mid + 1;
                        } else {
                            right = mid;
                        }
                    }
                    samples[(int) (i * numSamples + s)] = left;
                }
            }
        } finally {
            g.lock().unlock();
        }
        out.copy_(Tensor.FACTORY.fromArray(samples, out.sizes()), false);
    }
}
