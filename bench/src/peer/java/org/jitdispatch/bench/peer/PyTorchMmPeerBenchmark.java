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

/** The peer of {@code MmCallPath}: {@code at::mm} of n x n float32 matrices through JavaCPP's PyTorch, one thread. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class PyTorchMmPeerBenchmark {
    @Param({"1", "8", "64"})
    int n;

    private Tensor a;
    private Tensor b;

    @Setup
    public void setUp() {
        PeerThreads.set(1);
        a = torch.ones(n, n);
        b = torch.ones(n, n);
    }

    @TearDown
    public void tearDown() {
        a.close();
        b.close();
    }

    @Benchmark
    public long mm() {
        Tensor result = torch.mm(a, b);
        long address = result.address();
        result.close();
        return address;
    }
}
