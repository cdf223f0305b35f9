package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.Scalar;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One training step of a tiny MLP, written with the public API as a user writes it: the model is
 * Linear(8, 16), ReLU, Linear(16, 1) (weights stored as nn.Linear stores them, {@code out x in}), the loss
 * is the mean squared error, the optimizer plain SGD with lr 0.01. One invocation is the whole step:
 *
 * <ol>
 *   <li>forward: {@code x.mm(w1.transpose(0, 1)).add(b1).relu().mm(w2.transpose(0, 1)).add(b2)};</li>
 *   <li>loss: {@code out.sub(y).pow(2).mean()};</li>
 *   <li>{@code loss.backward()} (graph walk, every backward formula, gradients accumulated into the four
 *       parameters' {@code grad});</li>
 *   <li>the SGD update in place under {@link NoGrad}: {@code p.add_(p.grad(), -lr)} per parameter, what
 *       torch.optim.SGD's step does without momentum or weight decay;</li>
 *   <li>{@code zero_grad}: {@code p.grad().zero_()} per parameter, what PyTorch 1.13's
 *       {@code optimizer.zero_grad()} does by default ({@code set_to_none=False}: gradients zeroed in place).</li>
 * </ol>
 *
 * The parameters keep training from invocation to invocation, as in a real loop (on one fixed batch, SGD
 * with lr 0.01 settles towards a minimum, so the values stay finite; no operator's cost depends on them).
 * Inputs, targets and initial weights are fixed: {@link SplitMix} draws them, in the order w1, b1, w2, b2,
 * x, y, with nn.Linear's default bound 1/sqrt(fan_in) for the weights and biases and [-1, 1) for x and y.
 * The PyTorch eager peer, {@code bench/python/train_step_mlp.py}, draws the same numbers with the same
 * generator and runs the same operators in the same order; {@code TrainStepMlpBenchmarkTest} checks that
 * five of these steps give what five PyTorch steps give.
 *
 * <p>Read the score as the time of one whole step, and {@code gc.alloc.rate.norm} (B/op, from
 * {@code -prof gc}) as what one step allocates; the peer prints microseconds per step for the same batch
 * sizes.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar TrainStepMlp -f 1 -wi 5 -i 5 -prof gc
 * /usr/bin/python3 bench/python/train_step_mlp.py
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 10, time = 1)   // the whole step takes several seconds to reach C2 on 2 busy cores
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class TrainStepMlpBenchmark {
    static {
        AtenLibrary.load();
    }

    static final int IN = 8;
    static final int HIDDEN = 16;
    static final int OUT = 1;
    static final double LR = 0.01;
    /** The seed of the data both this benchmark and the Python peer draw. */
    static final long SEED = 42;

    private static final Scalar NEG_LR = Scalar.of(-LR);
    private static final Scalar TWO = Scalar.of(2);

    @Param({"1", "64"})
    int batch;

    Tensor x;
    Tensor y;
    Tensor w1;
    Tensor b1;
    Tensor w2;
    Tensor b2;

    @Setup
    public void setUp() {
        SplitMix rng = new SplitMix(SEED);
        w1 = Torch.tensor(rng.uniform(HIDDEN * IN, 1 / Math.sqrt(IN)), HIDDEN, IN).requiresGrad_(true);
        b1 = Torch.tensor(rng.uniform(HIDDEN, 1 / Math.sqrt(IN))).requiresGrad_(true);
        w2 = Torch.tensor(rng.uniform(OUT * HIDDEN, 1 / Math.sqrt(HIDDEN)), OUT, HIDDEN).requiresGrad_(true);
        b2 = Torch.tensor(rng.uniform(OUT, 1 / Math.sqrt(HIDDEN))).requiresGrad_(true);
        x = Torch.tensor(rng.uniform(batch * IN, 1.0), batch, IN);
        y = Torch.tensor(rng.uniform(batch * OUT, 1.0), batch, OUT);
    }

    /** One full training step; returns its loss (computed before the update). */
    @Benchmark
    public Tensor step() {
        return trainStep(x, y, w1, b1, w2, b2);
    }

    /** Forward, loss, backward, SGD update and zero_grad of the four parameters; returns the loss. */
    static Tensor trainStep(Tensor x, Tensor y, Tensor w1, Tensor b1, Tensor w2, Tensor b2) {
        Tensor out = forward(x, w1, b1, w2, b2);
        Tensor loss = out.sub(y).pow(TWO).mean();
        loss.backward();
        try (NoGrad g = NoGrad.enter()) {
            w1.add_(w1.grad(), NEG_LR);
            b1.add_(b1.grad(), NEG_LR);
            w2.add_(w2.grad(), NEG_LR);
            b2.add_(b2.grad(), NEG_LR);
        }
        w1.grad().zero_();
        b1.grad().zero_();
        w2.grad().zero_();
        b2.grad().zero_();
        return loss;
    }

    static Tensor forward(Tensor x, Tensor w1, Tensor b1, Tensor w2, Tensor b2) {
        Tensor h = x.mm(w1.transpose(0, 1)).add(b1).relu();
        return h.mm(w2.transpose(0, 1)).add(b2);
    }

    /**
     * SplitMix64 (Steele, Lea and Flood), the generator of the benchmark data; train_step_mlp.py has the same
     * few lines, so both sides start from bit-identical float32 tensors.
     */
    static final class SplitMix {
        private long state;

        SplitMix(long seed) {
            state = seed;
        }

        long nextLong() {
            long z = (state += 0x9E3779B97F4A7C15L);
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        /** {@code n} float32 values uniform in [-bound, bound): 24 random bits each, scaled in double. */
        float[] uniform(int n, double bound) {
            float[] v = new float[n];
            for (int i = 0; i < n; i++) {
                double u = (nextLong() >>> 40) * 0x1.0p-24;
                v[i] = (float) ((2 * u - 1) * bound);
            }
            return v;
        }
    }
}
