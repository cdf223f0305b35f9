package org.jitdispatch.bench.peer;

import java.util.concurrent.TimeUnit;
import org.bytedeco.pytorch.Scalar;
import org.bytedeco.pytorch.Tensor;
import org.bytedeco.pytorch.global.torch;
import org.jitdispatch.bench.SizeScalingBenchmark;
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
 * The libtorch peer of {@link SizeScalingBenchmark}: the same operators on float32 inputs of the same
 * shapes (n x n matrices, bmm on batches of {@link SizeScalingBenchmark#BMM_BATCH}) through JavaCPP's
 * PyTorch presets, with libtorch's intra-op thread count set from the same {@code threads} parameter. Each
 * functional call frees its result, since a JavaCPP tensor's native memory is not the garbage collector's;
 * add_out writes into a preallocated tensor. Built only with {@code -Ppytorch-peer}; run with
 * {@code bench/pytorch-peer.sh --size-scaling}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class PyTorchSizeScalingPeerBenchmark {
    @Param({"64", "256", "1024"})
    int n;

    @Param({"1", "all"})
    String threads;

    private Tensor a;
    private Tensor b;
    private Tensor out;
    private Tensor batchA;
    private Tensor batchB;
    private Scalar alpha;

    @Setup
    public void setUp() {
        PeerThreads.set(SizeScalingBenchmark.threadCount(threads));
        a = torch.rand(n, n);
        b = torch.rand(n, n);
        out = torch.empty(n, n);
        batchA = torch.rand(SizeScalingBenchmark.BMM_BATCH, n, n);
        batchB = torch.rand(SizeScalingBenchmark.BMM_BATCH, n, n);
        alpha = new Scalar(1);
    }

    @TearDown
    public void tearDown() {
        a.close();
        b.close();
        out.close();
        batchA.close();
        batchB.close();
        alpha.close();
    }

    /** Frees the result and returns something of it, so that the call cannot be dropped. */
    private static long consume(Tensor result) {
        long address = result.address();
        result.close();
        return address;
    }

    @Benchmark
    public long add() {
        return consume(torch.add(a, b, alpha));
    }

    @Benchmark
    public long mul() {
        return consume(torch.mul(a, b));
    }

    @Benchmark
    public long addOut() {
        // the result is a reference to out, which stays
        return torch.add_out(out, a, b, alpha).address();
    }

    @Benchmark
    public long sum() {
        return consume(torch.sum(a));
    }

    @Benchmark
    public long mean() {
        return consume(torch.mean(a));
    }

    @Benchmark
    public long softmax() {
        return consume(torch.softmax(a, 1));
    }

    @Benchmark
    public long mm() {
        return consume(torch.mm(a, b));
    }

    @Benchmark
    public long bmm() {
        return consume(torch.bmm(batchA, batchB));
    }
}
