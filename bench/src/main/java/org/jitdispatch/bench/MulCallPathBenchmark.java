package org.jitdispatch.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.generated.RegisterCPU;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
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

/** {@code aten::mul.Tensor} on float32 vectors of 1 to 1M elements, through each call path. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class MulCallPathBenchmark {
    private static final OperatorHandle OP;
    private static final MethodHandle REFERENCE;

    static {
        AtenLibrary.load();
        OP = Dispatcher.singleton().findSchemaOrThrow("aten::mul.Tensor");
        REFERENCE = OP.typed(MethodType.methodType(Tensor.class, Tensor.class, Tensor.class));
    }

    @Param({"1", "64", "4096", "1048576"})
    int size;

    private Tensor a;
    private Tensor b;

    @Setup
    public void setUp() {
        a = SizedTensors.vector(size, 0.5f);
        b = SizedTensors.vector(size, 0.25f);
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
