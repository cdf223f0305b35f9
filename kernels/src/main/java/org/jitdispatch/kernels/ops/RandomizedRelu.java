package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.random.CPUGenerator;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.kernels.random.Samplers;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * rrelu, the randomized leaky relu, as PyTorch 1.13's Activation.cpp. In training every element at or below 0 is
 * multiplied by its own slope, a {@code uniform_real_distribution<double>(lower, upper)} draw from the generator
 * taken in row-major order (so a seed gives PyTorch's slopes), and the slope is written into noise (1 for the
 * others); the backward is then {@code grad * noise}. In eval it is leaky_relu with the mean slope
 * {@code (lower + upper) / 2}.
 */
public final class RandomizedRelu implements RandomizedReluDeclarations {

    @Override
    public Tensor rrelu(Tensor self, Scalar lower, Scalar upper, boolean training, Generator generator) {
        checkBounds(lower, upper);
        return Torch.rrelu_with_noise(self, Torch.empty_like(self, null, null, null, null, MemoryFormat.Contiguous), lower,
                upper, training, generator);
    }

    @Override
    public Tensor rrelu_(Tensor self, Scalar lower, Scalar upper, boolean training, Generator generator) {
        checkBounds(lower, upper);
        return Torch.rrelu_with_noise_(self, Torch.empty_like(self, null, null, null, null, MemoryFormat.Contiguous),
                lower, upper, training, generator);
    }

    @Override
    public Tensor rrelu_with_noise(Tensor self, Tensor noise, Scalar lower, Scalar upper, boolean training,
            Generator generator) {
        Tensor output = Torch.empty_like(self, null, null, null, null, MemoryFormat.Contiguous);
        return rrelu_with_noise_out(self, noise, lower, upper, training, generator, output);
    }

    @Override
    public Tensor rrelu_with_noise_(Tensor self, Tensor noise, Scalar lower, Scalar upper, boolean training,
            Generator generator) {
        return rrelu_with_noise_out(self, noise, lower, upper, training, generator, self);
    }

    /** rrelu_with_noise_out_cpu. */
    @Override
    public Tensor rrelu_with_noise_out(Tensor self, Tensor noise, Scalar lower, Scalar upper, boolean training,
            Generator generator, Tensor out) {
        if (!training) {
            return Torch.leaky_relu_out(out, self, meanSlope(lower, upper));
        }
        ScalarType dtype = self.dtype();
        if (dtype != ScalarType.Float32 && dtype != ScalarType.Float64 && dtype != ScalarType.BFloat16) {
            throw Elementwise.notImplemented("rrelu_with_noise_out_cpu", dtype);
        }
        if (noise.numel() < self.numel() || noise.dtype() != dtype) {
            // ATen writes noise's memory as self's dtype without looking; here such a noise is refused
            throw new IllegalArgumentException("rrelu_with_noise: noise must have self's dtype (" + dtype.c10Name()
                    + ") and at least its " + self.numel() + " elements, but has dtype " + noise.dtype().c10Name()
                    + " and " + noise.numel() + " elements");
        }
        if (out.dtype() != dtype) {
            throw new IllegalArgumentException("expected scalar type " + dtype.c10Name() + " but found "
                    + out.dtype().c10Name()); // ATen's data_ptr<scalar_t>() of out
        }
        if (dtype != ScalarType.Float64) {
            // the bounds must fit the opmath float before out is resized, so that a refused call leaves out as it was
            ScalarConversions.check(lower, ScalarType.Float32);
            ScalarConversions.check(upper, ScalarType.Float32);
        }
        if (out != self) {
            // ATen writes out as if it had self's size; here an out of another size is resized first
            StructuredMeta resize = StructuredMeta.out(Tensor.FACTORY, out);
            resize.setOutputRawStrided(0, self.sizes(), null, dtype, self.device());
            resize.commit();
        }
        train(self, noise, lower, upper, generator, out);
        return out;
    }

    /** _rrelu_with_noise_train: the slopes in opmath (float for float32 and bfloat16), drawn under the generator's lock. */
    private static void train(Tensor self, Tensor noise, Scalar lower, Scalar upper, Generator generator, Tensor out) {
        boolean doubles = self.dtype() == ScalarType.Float64;
        double lo = ScalarConversions.toDouble(lower);
        double hi = ScalarConversions.toDouble(upper);
        if (!doubles) { // the bounds fit a float: rrelu_with_noise_out checked them
            lo = (float) lo;
            hi = (float) hi;
        }
        double[] x = self.toDoubleArray(); // row-major: the order ATen walks self.contiguous()
        long[] noiseAt = noise.elementOffsets();
        long[] outAt = out.elementOffsets();
        Storage noiseData = noise.storage();
        Storage outData = out.storage();
        CPUGenerator g = CPUGenerator.getOrDefault(generator);
        g.lock().lock();
        try {
            for (int i = 0; i < x.length; i++) {
                if (x[i] <= 0) {
                    // uniform_real_distribution<double>: u * (to - from) + from, two roundings (no fused multiply-add)
                    double r = Samplers.uniformDouble(g, 0.0, 1.0) * (hi - lo) + lo;
                    if (!doubles) {
                        float rf = (float) r;
                        outData.setDouble(outAt[i], (float) x[i] * rf);
                        noiseData.setDouble(noiseAt[i], rf);
                    } else {
                        outData.setDouble(outAt[i], x[i] * r);
                        noiseData.setDouble(noiseAt[i], r);
                    }
                } else {
                    noiseData.setDouble(noiseAt[i], 1);
                    outData.setDouble(outAt[i], x[i]);
                }
            }
        } finally {
            g.lock().unlock();
        }
    }

    /** rrelu_with_noise_backward: {@code grad * noise} in training, else leaky_relu's backward with the mean slope. */
    @Override
    public Tensor rrelu_with_noise_backward(Tensor gradOutput, Tensor self, Tensor noise, Scalar lower, Scalar upper,
            boolean training, boolean selfIsResult) {
        if (noise.isMeta() != gradOutput.isMeta() || noise.isMeta() != self.isMeta()) {
            // the eval path never reads noise; a noise on another device is refused all the same
            throw new IllegalArgumentException("Expected all tensors to be on the same device, but found at least two"
                    + " devices, meta and cpu!");
        }
        if (training) {
            return gradOutput.mul(noise);
        }
        return Torch.leaky_relu_backward(gradOutput, self, meanSlope(lower, upper), selfIsResult);
    }

    /** {@code (lower + upper) / 2}, computed in double as ATen's 0-dim tensors compute it. */
    private static Scalar meanSlope(Scalar lower, Scalar upper) {
        return Scalar.of((ScalarConversions.toDouble(lower) + ScalarConversions.toDouble(upper)) / 2);
    }

    private static void checkBounds(Scalar lower, Scalar upper) {
        if (!(ScalarConversions.toDouble(lower) <= ScalarConversions.toDouble(upper))) {
            throw new IllegalArgumentException("Lower bound should be less than or equal to the upper bound");
        }
    }
}
