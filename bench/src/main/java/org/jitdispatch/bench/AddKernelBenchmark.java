package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
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
 * The add kernel against a plain Java loop doing the same arithmetic into a preallocated array, at 1,
 * 64, 4096 and 1M float32 elements. {@code addOut} writes into a preallocated out tensor (add.out, no
 * allocation), the fair comparison with {@code plainLoop}; {@code addFunctional} is the whole
 * {@code Torch.add(a, b)}: meta, output allocation and kernel.
 *
 * <pre>java -jar bench/target/benchmarks.jar AddKernel -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class AddKernelBenchmark {
    @Param({"1", "64", "4096", "1048576"})
    int size;

    private Tensor a;
    private Tensor b;
    private Tensor out;
    private float[] x;
    private float[] y;
    private float[] z;
    private final Scalar alpha = Scalar.of(1);

    @Setup
    public void setUp() {
        x = new float[size];
        y = new float[size];
        for (int i = 0; i < size; i++) {
            x[i] = i * 0.5f;
            y[i] = 1.0f - i * 0.25f;
        }
        z = new float[size];
        a = Torch.tensor(x);
        b = Torch.tensor(y);
        out = Torch.tensor(new float[size]);
    }

    /** What the kernel is held to: the same sum in a counted loop over preallocated arrays. */
    @Benchmark
    public float[] plainLoop() {
        float[] xs = x;
        float[] ys = y;
        float[] zs = z;
        for (int i = 0, n = zs.length; i < n; i++) {
            zs[i] = xs[i] + ys[i];
        }
        return zs;
    }

    /** The plain loop allocating its result, the fair comparison for the functional add. */
    @Benchmark
    public float[] plainLoopAllocating() {
        float[] xs = x;
        float[] ys = y;
        float[] zs = new float[xs.length];
        for (int i = 0, n = zs.length; i < n; i++) {
            zs[i] = xs[i] + ys[i];
        }
        return zs;
    }

    /** add.out into a preallocated tensor through the generated API. */
    @Benchmark
    public Tensor addOut() {
        return Torch.add_out(out, a, b, alpha);
    }

    /** Torch.add(a, b): meta, allocation of the result and the kernel. */
    @Benchmark
    public Tensor addFunctional() {
        return Torch.add(a, b, alpha);
    }
}
