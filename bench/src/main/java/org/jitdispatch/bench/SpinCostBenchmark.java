package org.jitdispatch.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jitdispatch.jit.spin.CallSites;
import org.jitdispatch.kernels.AtenLibrary;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * What spinning a call-site class costs: one operator (aten::add.Tensor if present, else the first
 * operator) in steady state, and every aten operator once in a cold JVM (start-up: single shot).
 */
@State(Scope.Benchmark)
@Fork(value = 2)
public class SpinCostBenchmark {
    private List<OperatorHandle> ops;
    private OperatorHandle one;

    @Setup
    public void setUp() {
        AtenLibrary.load();
        ops = Dispatcher.singleton().allOperators();
        one = ops.stream().filter(o -> o.name().toString().equals("aten::add.Tensor")).findFirst().orElse(ops.get(0));
    }

    /** Steady-state cost of spinning (ASM emit + defineHiddenClass + handle lookup) one operator's class. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public Class<?> spinOneOperator() {
        return CallSites.spinDetached(one, one.signature());
    }

    /** Spinning every aten operator once, in a fresh JVM: the start-up cost if all were called. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    @Fork(value = 5)
    public void spinAllOperatorsCold(Blackhole bh) {
        for (OperatorHandle op : ops) {
            bh.consume(CallSites.spinDetached(op, op.signature()));
        }
    }
}
