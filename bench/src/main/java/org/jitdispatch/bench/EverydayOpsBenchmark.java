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
 * Operators a user reaches for besides the arithmetic, at sizes where their loops, not the call, cost: float32 on
 * one thread, as {@code bench/python/everyday_ops.py} times PyTorch 1.13 eager (same shapes, seeded values, one
 * thread). {@code v} is 1M normal values, {@code x} 1000 x 1000, {@code ints} 1M integers below 100,
 * {@code index} an expanded 1000 x 1000 index into x's rows, {@code labels} 1000 class indices into x's columns,
 * {@code seq} a [16, 128, 64] batch of sequences.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar EverydayOps -f 1 -wi 3 -i 5 -prof gc
 * /usr/bin/python3 bench/python/everyday_ops.py
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class EverydayOpsBenchmark {
    static {
        AtenLibrary.load();
    }

    private Tensor v;
    private Tensor x;
    private Tensor ints;
    private Tensor index;
    private Tensor small;
    private Tensor labels;
    private Tensor seq;
    private final long[] lastDim = {64};
    private int threadsBefore;
    private final Scalar minusOne = Scalar.of(-1);
    private final Scalar one = Scalar.of(1);

    @Setup
    public void setUp() {
        threadsBefore = Torch.get_num_threads();
        Torch.set_num_threads(1);
        Torch.manual_seed(0);
        v = Torch.randn(1_000_000);
        x = Torch.randn(1000, 1000);
        ints = Torch.randint(0, 100, new long[] {1_000_000});
        index = Torch.randint(0, 1000, new long[] {1000}).view(1, -1).expand(1000, 1000);
        small = Torch.randn(64, 64);
        labels = Torch.randint(0, 1000, new long[] {1000});
        seq = Torch.randn(16, 128, 64);
    }

    @TearDown
    public void tearDown() {
        Torch.set_num_threads(threadsBefore);
    }

    @Benchmark
    public Tensor[] sort() {
        return Torch.sort(v);
    }

    @Benchmark
    public Tensor[] topk10() {
        return Torch.topk(v, 10);
    }

    @Benchmark
    public Tensor unique() {
        return Torch.unique(ints);
    }

    @Benchmark
    public Tensor clamp() {
        return v.clamp(minusOne, one);
    }

    @Benchmark
    public Tensor exp() {
        return Torch.exp(v);
    }

    @Benchmark
    public Tensor log() {
        return Torch.log(x.abs());
    }

    @Benchmark
    public Tensor norm() {
        return x.norm();
    }

    @Benchmark
    public Tensor flip() {
        return x.flip(0);
    }

    @Benchmark
    public Tensor tril() {
        return x.tril();
    }

    @Benchmark
    public Tensor gather() {
        return x.gather(1, index);
    }

    @Benchmark
    public Tensor repeat() {
        return small.repeat(16, 16);
    }

    @Benchmark
    public Tensor sigmoid() {
        return Torch.sigmoid(v);
    }

    @Benchmark
    public Tensor tanh() {
        return Torch.tanh(v);
    }

    @Benchmark
    public Tensor gelu() {
        return Torch.gelu(v);
    }

    @Benchmark
    public Tensor softmax() {
        return x.softmax(1);
    }

    @Benchmark
    public Tensor logSoftmax() {
        return x.log_softmax(1);
    }

    @Benchmark
    public Tensor crossEntropy() {
        return Torch.cross_entropy_loss(x, labels);
    }

    @Benchmark
    public Tensor cumsum() {
        return Torch.cumsum(v, 0);
    }

    @Benchmark
    public Tensor[] maxDim() {
        return x.max(1);
    }

    @Benchmark
    public Tensor layerNorm() {
        return Torch.layer_norm(seq, lastDim);
    }
}
