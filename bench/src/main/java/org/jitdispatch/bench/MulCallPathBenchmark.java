package org.jitdispatch.bench;

import java.lang.invoke.MethodHandle;
import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.RegisterCPU;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** {@code aten::mul.Tensor} on float32 vectors of 1 to 1M elements, through each call path. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class MulCallPathBenchmark extends BinaryCallPathBenchmark {
    private static final OperatorHandle OP = operator("aten::mul.Tensor");
    private static final MethodHandle REFERENCE = referenceInvoker(OP);

    @Param({"1", "64", "4096", "1048576"})
    int size;

    @Override
    protected Tensor operand(float value) {
        return SizedTensors.vector(size, value);
    }

    @Benchmark
    @InlineChain({"Register(CPU).wrapper(aten::mul.Tensor)"})
    public Tensor direct() {
        return RegisterCPU.wrapper_CPU_mul_Tensor(a, b);
    }

    @Benchmark
    @InlineChain({"org.jitdispatch.Torch.mul", "Site(aten::mul.Tensor).call", "Register(CPU).wrapper(aten::mul.Tensor)"})
    public Tensor spunCallSite() {
        return Torch.mul(a, b);
    }

    @Benchmark
    @Fork(value = 2, jvmArgsAppend = "-Djitdispatch.bypass=mul.Tensor")
    public Tensor manualBindingsBypass() {
        return Torch.mul(a, b);
    }

    @Benchmark
    public Tensor referenceDispatcher() throws Throwable {
        return (Tensor) REFERENCE.invokeExact(a, b);
    }

    @Benchmark
    public Object boxed() {
        return OP.callBoxed(a, b);
    }
}
