package org.jitdispatch.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.generated.RegisterCPU;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
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

/**
 * {@code aten::empty.memory_format} of 1 to 1M float32 elements through each call path. A factory has
 * no tensor to dispatch on: through the API it goes to its BackendSelect kernel, which redispatches to the
 * CPU kernel, so the spun path makes two dispatches.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class EmptyCallPathBenchmark {
    private static final OperatorHandle OP;
    private static final MethodHandle REFERENCE;

    static {
        AtenLibrary.load();
        OP = Dispatcher.singleton().findSchemaOrThrow("aten::empty.memory_format");
        REFERENCE = OP.typed(MethodType.methodType(Tensor.class, long[].class, ScalarType.class, Layout.class,
                Device.class, Boolean.class, MemoryFormat.class));
    }

    @Param({"1", "64", "4096", "1048576"})
    int size;

    private long[] shape;

    @Setup
    public void setUp() {
        shape = new long[] {size};
    }

    @Benchmark
    @InlineChain({"Register(CPU).wrapper(aten::empty.memory_format)"})
    public Tensor direct() {
        return RegisterCPU.wrapper_CPU_empty_memory_format(shape, null, null, null, null, null);
    }

    @Benchmark
    @InlineChain({"org.jitdispatch.Torch.empty", "Site(aten::empty.memory_format).call",
            "Register(BackendSelect).wrapper(aten::empty.memory_format)",
            "Site(aten::empty.memory_format).redispatch", "Register(CPU).wrapper(aten::empty.memory_format)"})
    public Tensor spunCallSite() {
        return Torch.empty(shape);
    }

    @Benchmark
    @Fork(value = 2, jvmArgsAppend = "-Djitdispatch.bypass=empty.memory_format")
    public Tensor manualBindingsBypass() {
        return Torch.empty(shape);
    }

    @Benchmark
    public Tensor referenceDispatcher() throws Throwable {
        return (Tensor) REFERENCE.invokeExact(shape, (ScalarType) null, (Layout) null, (Device) null, (Boolean) null,
                (MemoryFormat) null);
    }

    @Benchmark
    public Object boxed() {
        return OP.callBoxed(shape, null, null, null, null, null);
    }
}
