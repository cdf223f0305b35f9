package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.RegisterCPU;
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
 * What autograd costs: 1-element add whose inputs require grad or not. Without requires_grad the
 * tensors carry no Autograd key and the call goes straight to the CPU kernel; with it, the Autograd
 * kernel records an AddBackward0 node and redispatches.
 *
 * <pre>java -jar bench/target/benchmarks.jar AutogradOverhead -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class AutogradOverheadBenchmark {
    @Param({"false", "true"})
    boolean requiresGrad;

    private Tensor a;
    private Tensor b;
    private final Scalar alpha = Scalar.of(1);

    @Setup
    public void setUp() {
        a = Torch.tensor(new float[] {1.5f}).requiresGrad_(requiresGrad);
        b = Torch.tensor(new float[] {2.25f}).requiresGrad_(requiresGrad);
    }

    @Benchmark
    public Tensor spunCallSite() {
        return Torch.add(a, b, alpha);
    }

    /** The CPU kernel called directly, for reference: it never records anything. */
    @Benchmark
    public Tensor direct() {
        return RegisterCPU.wrapper_CPU_add_Tensor(a, b, alpha);
    }
}
