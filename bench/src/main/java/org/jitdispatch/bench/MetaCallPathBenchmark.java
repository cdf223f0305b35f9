package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.RegisterMeta;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
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
 * Shape inference on 64 x 64 meta tensors: the generated Meta kernels called directly against the API
 * through the spun call site. No data is touched, so the call path and the meta step are all there is.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class MetaCallPathBenchmark {
    private Tensor a;
    private Tensor b;
    private final Scalar alpha = Scalar.of(1);

    @Setup
    public void setUp() {
        a = Torch.empty(new long[] {64, 64}, ScalarType.Float32, null, Device.META, null, null);
        b = Torch.empty(new long[] {64, 64}, ScalarType.Float32, null, Device.META, null, null);
    }

    @Benchmark
    @InlineChain({"Register(Meta).wrapper(aten::add.Tensor)"})
    public Tensor addDirect() {
        return RegisterMeta.wrapper_Meta_add_Tensor(a, b, alpha);
    }

    @Benchmark
    @InlineChain({"org.jitdispatch.Torch.add", "Site(aten::add.Tensor).call", "Register(Meta).wrapper(aten::add.Tensor)"})
    public Tensor addSpunCallSite() {
        return Torch.add(a, b, alpha);
    }

    @Benchmark
    public Tensor mmDirect() {
        return RegisterMeta.wrapper_Meta_mm(a, b);
    }

    @Benchmark
    public Tensor mmSpunCallSite() {
        return Torch.mm(a, b);
    }
}
