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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * mm of n x n float32 matrices (64, 256, 1024) through {@code Torch.mm}, beside a plain i-k-j Java loop over
 * preallocated arrays (the yardstick: at least 4x slower than mm at 256), and bmm of 16 n x n matrices
 * (64, 256); each on one thread and on all ({@code Torch.set_num_threads}). The i-k-j loop is single
 * threaded whatever {@code threads} says.
 *
 * <pre>java -jar bench/target/benchmarks.jar MmBenchmark -f 1 -wi 3 -i 5 -prof gc</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class MmBenchmark {
    @Benchmark
    public Tensor mm(Matrices m) {
        return Torch.mm(m.a, m.b);
    }

    /** The same product in a plain i-k-j loop, contiguous, into a preallocated array. */
    @Benchmark
    public float[] ikjLoop(Matrices m) {
        ikj(m.x, m.y, m.z, m.n);
        return m.z;
    }

    @Benchmark
    public Tensor bmm(Batches batches) {
        return Torch.bmm(batches.a, batches.b);
    }

    private static void ikj(float[] a, float[] b, float[] c, int n) {
        for (int i = 0; i < n; i++) {
            int cr = i * n;
            for (int j = 0; j < n; j++) {
                c[cr + j] = 0f;
            }
            for (int p = 0; p < n; p++) {
                float aip = a[cr + p];
                int br = p * n;
                for (int j = 0; j < n; j++) {
                    c[cr + j] += aip * b[br + j];
                }
            }
        }
    }

    static void setThreads(String threads) {
        Torch.set_num_threads("all".equals(threads) ? Runtime.getRuntime().availableProcessors()
                : Integer.parseInt(threads));
    }

    /** Two n x n float32 matrices, as tensors and as arrays, and the thread count. */
    @State(Scope.Thread)
    public static class Matrices {
        /** "1", or "all" for every available processor. */
        @Param({"1", "all"})
        String threads;

        @Param({"64", "256", "1024"})
        int n;

        Tensor a;
        Tensor b;
        float[] x;
        float[] y;
        float[] z;

        @Setup
        public void setUp() {
            setThreads(threads);
            a = SizedTensors.matrix(n, 0.5f);
            b = SizedTensors.matrix(n, 0.25f);
            x = a.toFloatArray();
            y = b.toFloatArray();
            z = new float[n * n];
        }
    }

    /** 16 s x s float32 matrices on each side of bmm, and the thread count. */
    @State(Scope.Thread)
    public static class Batches {
        /** "1", or "all" for every available processor. */
        @Param({"1", "all"})
        String bmmThreads;

        @Param({"64", "256"})
        int s;

        Tensor a;
        Tensor b;

        @Setup
        public void setUp() {
            setThreads(bmmThreads);
            a = SizedTensors.matrix(4 * s, 0.5f).reshape(16, s, s);
            b = SizedTensors.matrix(4 * s, 0.25f).reshape(16, s, s);
        }
    }
}
