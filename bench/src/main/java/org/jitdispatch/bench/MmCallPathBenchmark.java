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

/** {@code aten::mm} of small n x n float32 matrices (1, 64 and 4096 elements), through each call path. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class MmCallPathBenchmark extends BinaryCallPathBenchmark {
    private static final OperatorHandle OP = operator("aten::mm");
    private static final MethodHandle REFERENCE = referenceInvoker(OP);

    @Param({"1", "8", "64"})
    int n;

    @Override
    protected Tensor operand(float value) {
        return SizedTensors.matrix(n, value);
    }

    @Benchmark
    @InlineChain({"Register(CPU).wrapper(aten::mm)"})
    public Tensor direct() {
        return RegisterCPU.wrapper_CPU_mm(a, b);
    }

    @Benchmark
    @InlineChain({"org.jitdispatch.Torch.mm", "Site(aten::mm).call", "Register(CPU).wrapper(aten::mm)"})
    public Tensor spunCallSite() {
        return Torch.mm(a, b);
    }

    @Benchmark
    @Fork(value = 2, jvmArgsAppend = "-Djitdispatch.bypass=mm")
    public Tensor manualBindingsBypass() {
        return Torch.mm(a, b);
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
