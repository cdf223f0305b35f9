package org.jitdispatch.bench.peer;

import java.util.concurrent.TimeUnit;
import org.bytedeco.pytorch.Tensor;
import org.bytedeco.pytorch.global.torch;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The peer: the same operators as the call-path benchmarks ({@code AddCallPath}, {@code MulCallPath},
 * {@code SumCallPath}, {@code EmptyCallPath}: float32, 1 to 1M elements) through real PyTorch from Java,
 * JavaCPP's {@code org.bytedeco:pytorch} presets, the library a JVM user would otherwise pick. Each call
 * is the at:: function (dispatcher, autograd key, CPU kernel) plus freeing its result, since a JavaCPP
 * tensor's native memory is not the garbage collector's. libtorch runs on one thread, as our kernels do.
 * Built only with {@code -Ppytorch-peer}; run with {@code bench/pytorch-peer.sh}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class PyTorchPeerBenchmark {
    @Param({"1", "64", "4096", "1048576"})
    int size;

    private Tensor a;
    private Tensor b;

    @Setup
    public void setUp() {
        PeerThreads.set(1);
        a = torch.ones(size);
        b = torch.ones(size);
    }

    @TearDown
    public void tearDown() {
        a.close();
        b.close();
    }

    /** Frees the result and returns something of it, so that the call cannot be dropped. */
    private static long consume(Tensor result) {
        long address = result.address();
        result.close();
        return address;
    }

    @Benchmark
    public long add() {
        return consume(torch.add(a, b));
    }

    @Benchmark
    public long mul() {
        return consume(torch.mul(a, b));
    }

    @Benchmark
    public long sum() {
        return consume(torch.sum(a));
    }

    @Benchmark
    public long empty() {
        return consume(torch.empty(size));
    }
}
