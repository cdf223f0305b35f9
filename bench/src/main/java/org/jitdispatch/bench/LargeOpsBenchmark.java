package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.parallel.Parallel;
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
 * Large float32 ops on one thread and on all of them ({@code Torch.set_num_threads}), beside plain Java
 * loops in the same run: {@code loopAdd} allocates its result and adds (what a functional op can at best
 * do on one thread), {@code loopAddInto} adds into a preallocated array (out=), and {@code loopSum} adds
 * the floats in order into one double (the naive sum). The loops ignore {@code threads}; their two rows
 * show the run's noise. {@code parallelCompute} is the control for threads: compute-bound chunks with no
 * memory traffic, so its threads=all row shows what a second thread could give during the run. Read each op
 * as a ratio to the loop of its kind, and the threads=all row to the threads=1 row; B/op comes from {@code -prof gc} (a 1M-element result is 4 MiB, a humongous object for G1).
 *
 * <pre>java -jar bench/target/benchmarks.jar LargeOps -f 1 -wi 3 -i 5 -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class LargeOpsBenchmark {
    static {
        AtenLibrary.load();
    }

    @Param({"4096", "65536", "1048576"})
    int size;

    /** {@code 1}, or {@code all}: the available processors. */
    @Param({"1", "all"})
    String threads;

    private float[] x;
    private float[] y;
    private float[] z;
    private Tensor a;
    private Tensor b;
    private Tensor out;
    private double[] partials;
    private int threadsBefore;
    private final Scalar alpha = Scalar.of(1);

    @Setup
    public void setUp() {
        threadsBefore = Torch.get_num_threads();
        Torch.set_num_threads("all".equals(threads) ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(threads));
        a = SizedTensors.vector(size, 0.5f);
        b = SizedTensors.vector(size, 0.25f);
        out = SizedTensors.vector(size, 0f);
        x = a.toFloatArray();
        y = b.toFloatArray();
        z = new float[size];
        partials = new double[Torch.get_num_threads()];
    }

    @TearDown
    public void tearDown() {
        Torch.set_num_threads(threadsBefore);
    }

    // ---- plain Java loops

    @Benchmark
    public float[] loopAdd() {
        float[] o = new float[x.length];
        for (int i = 0; i < o.length; i++) {
            o[i] = x[i] + y[i];
        }
        return o;
    }

    @Benchmark
    public float[] loopAddInto() {
        for (int i = 0; i < z.length; i++) {
            z[i] = x[i] + y[i];
        }
        return z;
    }

    /** The naive sum: the floats added in order into one double. */
    @Benchmark
    public double loopSum() {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i];
        }
        return s;
    }

    /**
     * Not an op: {@code size} square roots added up, in {@code Parallel.forEachChunk} chunks, touching no
     * memory. What {@code threads=all} can gain on this machine in this run, for compute alone; on a shared
     * machine whose other CPU is busy it gains nothing, and the ops cannot either.
     */
    @Benchmark
    public double parallelCompute() {
        double[] p = partials;
        Parallel.forEachChunk(0, size, Parallel.GRAIN_SIZE, (chunk, begin, end) -> {
            double s = 0;
            for (long i = begin; i < end; i++) {
                s += Math.sqrt(i);
            }
            p[chunk] = s;
        });
        return p[0] + p[p.length - 1];
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
}
