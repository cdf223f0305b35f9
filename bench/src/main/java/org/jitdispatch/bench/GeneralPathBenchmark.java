package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.Scalar;
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
 * Elementwise ops on the general path: operands that no fast path takes (a transposed float32 matrix, a
 * column broadcast against it), so every call builds a TensorIterator and runs the ufunc kernel of its dtype
 * through the iterator's typed cursor, which gathers the strided operand chunk by chunk. One op of each kind
 * of kernel in ufuncs.yaml: arithmetic ({@code add}), a comparison with a boolean result ({@code lt}), unary
 * math ({@code exp}), an activation whose element function is ScalarMath's ({@code gelu}) and three inputs
 * ({@code where}); at {@code n x n} elements, on the caller's thread below the grain and on the intra-op
 * pool above it.
 *
 * <pre>java -jar bench/target/benchmarks.jar GeneralPath -f 1 -wi 5 -i 5 -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class GeneralPathBenchmark {
    static {
        AtenLibrary.load();
    }

    /** The matrices are {@code n x n}: 64, 4,096 and 1,048,576 elements. */
    @Param({"8", "64", "1024"})
    int n;

    private Tensor rows;
    private Tensor transposed;
    private Tensor column;
    private Tensor mask;
    private final Scalar one = Scalar.of(1);

    @Setup
    public void setUp() {
        rows = Torch.rand(n, n);
        transposed = Torch.rand(n, n).transpose(0, 1);
        column = Torch.rand(n, 1);
        mask = transposed.lt(column);
    }

    /** A row-major matrix plus a transposed one: the transposed operand is gathered. */
    @Benchmark
    public Tensor add() {
        return Torch.add(rows, transposed, one);
    }

    /** A transposed matrix against a column broadcast along it, into a bool result. */
    @Benchmark
    public Tensor lt() {
        return Torch.lt(transposed, column);
    }

    @Benchmark
    public Tensor exp() {
        return Torch.exp(transposed);
    }

    @Benchmark
    public Tensor gelu() {
        return Torch.gelu(transposed, "none");
    }

    /** Three inputs of three layouts: a bool mask, a row-major matrix and a transposed one. */
    @Benchmark
    public Tensor where() {
        return Torch.where(mask, rows, transposed);
    }
}
