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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code aten::view} on a small CPU tensor: the kernel called directly against the generated method
 * {@code Tensor.view} through the spun call site. A view allocates only the result's metadata, so the
 * call path is a large part of the cost.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class ViewCallPathBenchmark {
    private static final OperatorHandle OP;
    private static final MethodHandle REFERENCE;

    static {
        AtenLibrary.load();
        OP = Dispatcher.singleton().findSchemaOrThrow("aten::view");
        REFERENCE = OP.typed(MethodType.methodType(Tensor.class, Tensor.class, long[].class));
    }

    private Tensor t;
    private long[] shape;

    @Setup
    public void setUp() {
        t = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
        shape = new long[] {3, 2};
    }

    @Benchmark
    @InlineChain({"Register(CPU).wrapper(aten::view)"})
    public Tensor direct() {
        return RegisterCPU.wrapper_CPU_view(t, shape);
    }

    @Benchmark
    @InlineChain({"org.jitdispatch.Tensor.view", "Site(aten::view).call", "Register(CPU).wrapper(aten::view)"})
    public Tensor spunCallSite() {
        return t.view(shape);
    }

    /** The reference dispatcher: a table read and a call through a non-constant handle. */
    @Benchmark
    public Tensor referenceDispatcher() throws Throwable {
        return (Tensor) REFERENCE.invokeExact(t, shape);
    }

    @Benchmark
    public Object boxed() {
        return OP.callBoxed(t, shape);
    }
}
