package org.jitdispatch.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.generated.RegisterCPU;
import org.jitdispatch.runtime.Scalar;
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
 * {@code aten::add.Tensor} on float32 vectors of 1 to 1M elements through each call path, side by side in
 * one run:
 * the CPU kernel called directly (the generated CPU wrapper, like at::cpu::add), the manual_bindings
 * bypass ({@code -Djitdispatch.bypass=add.Tensor}), the spun call site behind the generated API, the
 * reference dispatcher (a table lookup and a non-constant handle), and the boxed call.
 *
 * <pre>java -jar bench/target/benchmarks.jar AddCallPath -p size=1 -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class AddCallPathBenchmark {
    private static final MethodType ADD = MethodType.methodType(Tensor.class, Tensor.class, Tensor.class, Scalar.class);
    private static final OperatorHandle OP;
    private static final MethodHandle REFERENCE;

    static {
        AtenLibrary.load();
        OP = Dispatcher.singleton().findSchemaOrThrow("aten::add.Tensor");
        REFERENCE = OP.typed(ADD);
    }

    @Param({"1", "64", "4096", "1048576"})
    int size;

    private Tensor a;
    private Tensor b;
    private Scalar alpha;

    @Setup
    public void setUp() {
        a = SizedTensors.vector(size, 0.5f);
        b = SizedTensors.vector(size, 0.25f);
        alpha = Scalar.of(1);
    }

    /** The CPU kernel itself: the baseline every other path is compared with. */
    @Benchmark
    @InlineChain({"Register(CPU).wrapper(aten::add.Tensor)"})
    public Tensor direct() {
        return RegisterCPU.wrapper_CPU_add_Tensor(a, b, alpha);
    }

    /** The generated API through the operator's spun call site. */
    @Benchmark
    @InlineChain({"org.jitdispatch.Torch.add", "Site(aten::add.Tensor).call", "Register(CPU).wrapper(aten::add.Tensor)"})
    public Tensor spunCallSite() {
        return Torch.add(a, b, alpha);
    }

    /** The generated API with the operator bypassing the dispatcher (manual_bindings). */
    @Benchmark
    @Fork(value = 2, jvmArgsAppend = "-Djitdispatch.bypass=add.Tensor")
    public Tensor manualBindingsBypass() {
        return Torch.add(a, b, alpha);
    }

    /** The reference dispatcher: key extraction, a table read and a call through a non-constant handle. */
    @Benchmark
    public Tensor referenceDispatcher() throws Throwable {
        return (Tensor) REFERENCE.invokeExact(a, b, alpha);
    }

    /** The boxed path: arguments on a stack, the kernel called through the boxing adapter. */
    @Benchmark
    public Object boxed() {
        return OP.callBoxed(a, b, alpha);
    }
}
