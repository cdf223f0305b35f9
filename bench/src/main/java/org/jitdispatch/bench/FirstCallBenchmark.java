package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a program's first tensor operations cost in a fresh JVM: the first {@code Torch.ones} loads the aten
 * library (defines its 1,131 operators and registers their kernels) and spins that operator's call site; the
 * {@code add} after it spins one more site. One shot per fork, nothing warmed up.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar FirstCall
 * </pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(value = 5)
public class FirstCallBenchmark {
    @Benchmark
    public Tensor loadAndFirstOps() {
        Tensor x = Torch.ones(new long[] {3});
        return Torch.add(x, x);
    }
}
