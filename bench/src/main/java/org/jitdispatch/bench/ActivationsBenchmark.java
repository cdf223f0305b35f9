package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.Scalar;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The activations of a CNN's and a transformer's training step on one thread, at the size of the example CNN's
 * first activation at batch 64 ([64, 8, 28, 28] float32, 401,408 elements of a standard normal: half negative,
 * so a select that branches mispredicts often): relu, its gradient (threshold_backward of a relu output, half
 * zeros), gelu and gelu_backward. {@code loopRelu} is a plain Java loop that allocates its result and takes
 * {@code Math.max(x, 0)}, the least a relu can cost here.
 *
 * <pre>java -jar bench/target/benchmarks.jar Activations -f 1 -wi 5 -i 5 -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class ActivationsBenchmark {
    static {
        AtenLibrary.load();
    }

    private Tensor x;
    private Tensor grad;
    private Tensor reluOut;
    private float[] values;
    private int threadsBefore;
    private final Scalar zero = Scalar.of(0);

    @Setup
    public void setUp() {
        threadsBefore = Torch.get_num_threads();
        Torch.set_num_threads(1);
        Torch.manual_seed(0);
        x = Torch.randn(64, 8, 28, 28);
        grad = Torch.randn(64, 8, 28, 28);
        reluOut = Torch.relu(x);
        values = x.toFloatArray();
    }

    @TearDown
    public void tearDown() {
        Torch.set_num_threads(threadsBefore);
    }

    @Benchmark
    public float[] loopRelu() {
        float[] out = new float[values.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.max(values[i], 0f);
        }
        return out;
    }

    @Benchmark
    public Tensor relu() {
        return Torch.relu(x);
    }

    @Benchmark
    public Tensor reluBackward() {
        return Torch.threshold_backward(grad, reluOut, zero);
    }

    @Benchmark
    public Tensor gelu() {
        return Torch.gelu(x, "none");
    }

    @Benchmark
    public Tensor geluBackward() {
        return Torch.gelu_backward(grad, x, "none");
    }
}
