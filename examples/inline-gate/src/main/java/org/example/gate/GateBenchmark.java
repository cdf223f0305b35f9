package org.example.gate;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.bench.InlineChain;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Two calls whose inlining the gate checks: one it must find inlined, and a negative control it must find
 * not inlined. `./jitdispatch inline-check --bench-jar examples/inline-gate/target/benchmarks.jar` passes
 * only when both come out as claimed, so a check that reported everything as inlined would fail here.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class GateBenchmark {
    private int a = 3;
    private int b = 4;
    private long seed = 42;

    /** The claim that holds: the tiny {@link Adder#add} is inlined into the benchmark. */
    @Benchmark
    @InlineChain({"Adder.add"})
    public int smallCall() {
        return Adder.add(a, b);
    }

    /** The negative control: {@link Mixer#mix} is too big to inline, and must be reported so. */
    @Benchmark
    @InlineChain(value = {"Mixer.mix"}, inlined = false)
    public long bigCall() {
        return Mixer.mix(seed);
    }
}
