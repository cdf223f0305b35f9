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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Large float32 ops as n grows, on one thread and on all of them, each beside a plain Java loop doing the
 * same work ({@link PlainLoops}): add, mul, add_out, sum, mean and softmax (over rows) of n x n matrices,
 * mm of two n x n matrices and bmm of two batches of {@value #BMM_BATCH} of them. Its libtorch peer,
 * {@code peer.PyTorchSizeScalingPeerBenchmark} (profile {@code pytorch-peer}), has the same operators,
 * parameters and inputs' shapes, so that {@code bench/pytorch-peer.sh --size-scaling} runs the three side
 * by side in one JMH run and {@code report --peer-results} draws them as ns/op against n.
 *
 * <p>{@code threads} is {@code Torch.set_num_threads} for the ops and a parallel stream over rows for the
 * loops ({@code all}: the available processors). The functional ops and their loops allocate their result;
 * {@code addOut} and {@code loopAddOut} write into a preallocated one. Read B/op from {@code -prof gc}.
 *
 * <pre>java -jar bench/target/benchmarks.jar SizeScaling -f 1 -wi 3 -i 3 -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class SizeScalingBenchmark {
    static {
        AtenLibrary.load();
    }

    /** The matrices in a batch of bmm. */
    public static final int BMM_BATCH = 4;

    /** The side of the square matrices: 64, 256 and 1024 are 4,096, 65,536 and 1,048,576 elements. */
    @Param({"64", "256", "1024"})
    int n;

    /** {@code 1}, or {@code all}: the available processors. */
    @Param({"1", "all"})
    String threads;

    private Tensor a;
    private Tensor b;
    private Tensor out;
    private Tensor batchA;
    private Tensor batchB;
    private float[] x;
    private float[] y;
    private float[] z;
    private float[] bx;
    private float[] by;
    private boolean parallel;
    private int threadsBefore;
    private final Scalar alpha = Scalar.of(1);

    /** The thread count {@code threads} names. */
    public static int threadCount(String threads) {
        return "all".equals(threads) ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(threads);
    }

    @Setup
    public void setUp() {
        threadsBefore = Torch.get_num_threads();
        Torch.set_num_threads(threadCount(threads));
        parallel = threadCount(threads) > 1;
        a = SizedTensors.matrix(n, 0.03f);
        b = SizedTensors.matrix(n, 0.02f);
        out = SizedTensors.matrix(n, 0f);
        batchA = SizedTensors.batch(BMM_BATCH, n, 0.03f);
        batchB = SizedTensors.batch(BMM_BATCH, n, 0.02f);
        x = a.toFloatArray();
        y = b.toFloatArray();
        z = new float[n * n];
        bx = batchA.toFloatArray();
        by = batchB.toFloatArray();
    }

    @TearDown
    public void tearDown() {
        Torch.set_num_threads(threadsBefore);
    }

    // ---- the ops

    @Benchmark
    public Tensor add() {
        return Torch.add(a, b, alpha);
    }

    @Benchmark
    public Tensor mul() {
        return Torch.mul(a, b);
    }

    @Benchmark
    public Tensor addOut() {
        return Torch.add_out(out, a, b, alpha);
    }

    @Benchmark
    public Tensor sum() {
        return Torch.sum(a);
    }

    @Benchmark
    public Tensor mean() {
        return Torch.mean(a);
    }

    @Benchmark
    public Tensor softmax() {
        return Torch.softmax(a, 1);
    }

    @Benchmark
    public Tensor mm() {
        return Torch.mm(a, b);
    }

    @Benchmark
    public Tensor bmm() {
        return Torch.bmm(batchA, batchB);
    }

    // ---- the same work as plain Java loops

    @Benchmark
    public float[] loopAdd() {
        return PlainLoops.add(x, y, new float[x.length], n, parallel);
    }

    @Benchmark
    public float[] loopMul() {
        return PlainLoops.mul(x, y, new float[x.length], n, parallel);
    }

    @Benchmark
    public float[] loopAddOut() {
        return PlainLoops.add(x, y, z, n, parallel);
    }

    @Benchmark
    public double loopSum() {
        return PlainLoops.sum(x, n, parallel);
    }

    @Benchmark
    public double loopMean() {
        return PlainLoops.sum(x, n, parallel) / x.length;
    }

    @Benchmark
    public float[] loopSoftmax() {
        return PlainLoops.softmaxRows(x, new float[x.length], n, parallel);
    }

    @Benchmark
    public float[] loopMm() {
        return PlainLoops.matmul(x, y, new float[x.length], 1, n, parallel);
    }

    @Benchmark
    public float[] loopBmm() {
        return PlainLoops.matmul(bx, by, new float[bx.length], BMM_BATCH, n, parallel);
    }
}
