package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.RegisterCPU;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.profiler.Profiler;
import org.jitdispatch.runtime.profiler.ProfilerOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the profiler costs: 1-element add with no session (the spun site carries no profiler code at
 * all), with a session recording every call, and the direct kernel call, which never had a profiler.
 * A new session per iteration keeps the recorded events bounded.
 *
 * <pre>java -jar bench/target/benchmarks.jar ProfilerOverhead -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class ProfilerOverheadBenchmark {
    @Param({"off", "on"})
    String profiler;

    private Tensor a;
    private Tensor b;
    private Scalar alpha;
    private Profiler session;

    @Setup
    public void setUp() {
        a = Torch.tensor(new float[] {1.5f});
        b = Torch.tensor(new float[] {2.25f});
        alpha = Scalar.of(1);
    }

    @Setup(Level.Iteration)
    public void startSession() {
        if (profiler.equals("on")) {
            session = Profiler.start(ProfilerOptions.defaults());
        }
    }

    @TearDown(Level.Iteration)
    public void stopSession() {
        if (session != null) {
            session.close();
            session = null;
        }
    }

    /** Through the generated API and the spun call site. */
    @Benchmark
    public Tensor spunCallSite() {
        return Torch.add(a, b, alpha);
    }

    /** The kernel called directly: a path the profiler never had any part in. */
    @Benchmark
    public Tensor direct() {
        return RegisterCPU.wrapper_CPU_add_Tensor(a, b, alpha);
    }
}
