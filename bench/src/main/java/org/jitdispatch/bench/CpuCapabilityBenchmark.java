package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.nn.LSTM;
import org.jitdispatch.runtime.Scalar;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The float32 hot spots with the Vector API kernels and with the scalar ones, side by side in one run: every
 * fork is started with {@code --add-modules jdk.incubator.vector}, and the {@code capability} parameter sets
 * {@code -Djitdispatch.cpu.capability} before the first op, so {@code default} runs the scalar kernels and
 * {@code vector} the vector ones in otherwise identical JVMs. On one thread, so that the kernels are measured
 * rather than the second core's availability on a shared machine.
 *
 * <ul>
 *   <li>{@code mm}: n x n float32 matrices (the packed GEMM; 64 also takes mm's small-matrix fast path).</li>
 *   <li>{@code sum}, {@code relu}, {@code reluBackward}: 1,048,576 float32 elements of a standard normal
 *       (threshold_backward of a relu output, half zeros); {@code softmax}: the same elements as 1024 rows
 *       of 1024, along the rows.</li>
 *   <li>{@code sigmoid}, {@code tanh}: the same 1,048,576 elements (the gate activations).</li>
 *   <li>{@code cnnStep}: one training step of TrainStepModelsBenchmark's cnn at batch 1, 8 and 64.</li>
 *   <li>{@code lstmSequence}: an LSTM(32, 32) over 16 steps of a batch of 8, forward and backward (the sum of its
 *       output), whose gates are sigmoid and tanh of [8, 32] blocks.</li>
 * </ul>
 *
 * <pre>java -jar bench/target/benchmarks.jar CpuCapability -f 1 -wi 5 -i 5 -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class CpuCapabilityBenchmark {
    static {
        AtenLibrary.load();
    }

    /** The kernels a fork runs; set up before every other state, ahead of the first op. */
    @State(Scope.Benchmark)
    public static class Capability {
        @Param({"default", "vector"})
        String capability;

        @Setup(Level.Trial)
        public void setUp() {
            KernelSelection.select(capability);
            Torch.set_num_threads(1);
        }
    }

    /** Two n x n float32 matrices. */
    @State(Scope.Thread)
    public static class Matrices {
        @Param({"64", "256", "1024"})
        int n;

        Tensor a;
        Tensor b;

        @Setup(Level.Trial)
        public void setUp(Capability capability) {
            a = SizedTensors.matrix(n, 0.5f);
            b = SizedTensors.matrix(n, 0.25f);
        }
    }

    /** 1,048,576 float32 elements, a gradient of the same size and a relu output. */
    @State(Scope.Thread)
    public static class Elements {
        Tensor x;
        Tensor rows;
        Tensor grad;
        Tensor reluOut;
        final Scalar zero = Scalar.of(0);

        @Setup(Level.Trial)
        public void setUp(Capability capability) {
            Torch.manual_seed(0);
            x = Torch.randn(1 << 20);
            rows = x.reshape(1024, 1024);
            grad = Torch.randn(1 << 20);
            reluOut = Torch.relu(x);
        }
    }

    /** An LSTM(32, 32) and a sequence of 16 steps of a batch of 8, [16, 8, 32]. */
    @State(Scope.Thread)
    public static class LstmSequence {
        LSTM lstm;
        Tensor input;

        @Setup(Level.Trial)
        public void setUp(Capability capability) {
            Torch.manual_seed(0);
            lstm = new LSTM(32, 32);
            input = Torch.randn(16, 8, 32);
        }
    }

    /** TrainStepModelsBenchmark's cnn at a batch size. */
    @State(Scope.Thread)
    public static class CnnStep {
        @Param({"1", "8", "64"})
        int batch;

        final TrainStepModelsBenchmark step = new TrainStepModelsBenchmark();

        @Setup(Level.Trial)
        public void setUp(Capability capability) {
            step.model = "cnn";
            step.batch = batch;
            step.setUp();
        }
    }

    @Benchmark
    public Tensor mm(Matrices m) {
        return Torch.mm(m.a, m.b);
    }

    @Benchmark
    public Tensor sum(Elements e) {
        return Torch.sum(e.x);
    }

    @Benchmark
    public Tensor relu(Elements e) {
        return Torch.relu(e.x);
    }

    @Benchmark
    public Tensor reluBackward(Elements e) {
        return Torch.threshold_backward(e.grad, e.reluOut, e.zero);
    }

    @Benchmark
    public Tensor softmax(Elements e) {
        return Torch.softmax(e.rows, -1);
    }

    @Benchmark
    public Tensor sigmoid(Elements e) {
        return Torch.sigmoid(e.x);
    }

    @Benchmark
    public Tensor tanh(Elements e) {
        return Torch.tanh(e.x);
    }

    @Benchmark
    public Tensor lstmSequence(LstmSequence s) {
        Tensor output = s.lstm.forward(s.input);
        output.sum().backward();
        return output;
    }

    @Benchmark
    public Tensor cnnStep(CnnStep s) {
        return s.step.step();
    }
}
