package org.jitdispatch.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.generated.RegisterCompositeExplicitAutograd;
import org.jitdispatch.runtime.ScalarType;
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

/** {@code aten::sum} (all elements) of float32 vectors of 1 to 1M elements, through each call path. Its kernel is CompositeExplicitAutograd. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class SumCallPathBenchmark {
    private static final OperatorHandle OP;
    private static final MethodHandle REFERENCE;

    static {
        AtenLibrary.load();
        OP = Dispatcher.singleton().findSchemaOrThrow("aten::sum");
        REFERENCE = OP.typed(MethodType.methodType(Tensor.class, Tensor.class, ScalarType.class));
    }

    @Param({"1", "64", "4096", "1048576"})
    int size;

    private Tensor a;

    @Setup
    public void setUp() {
        a = SizedTensors.vector(size, 0.5f);
    }

    @Benchmark
    @InlineChain({"Register(CompositeExplicitAutograd).wrapper(aten::sum)"})
    public Tensor direct() {
        return RegisterCompositeExplicitAutograd.wrapper_CompositeExplicitAutograd_sum(a, null);
    }

    @Benchmark
    @InlineChain({"org.jitdispatch.Torch.sum", "Site(aten::sum).call", "Register(CompositeExplicitAutograd).wrapper(aten::sum)"})
    public Tensor spunCallSite() {
        return Torch.sum(a);
    }

    @Benchmark
    public Tensor referenceDispatcher() throws Throwable {
        return (Tensor) REFERENCE.invokeExact(a, (ScalarType) null);
    }

    @Benchmark
    public Object boxed() {
        return OP.callBoxed(a, null);
    }
}
