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
 * The whole small op, as a user calls it, beside the JVM floor in one run: {@code floorAdd} is the least a
 * correct op can do ({@link FloorTensor}: check, allocate tensor, storage, array, sizes, strides and
 * version counter, add), {@code floorAddInto} the same into a preallocated result, {@code loopAdd},
 * {@code loopAddInto} and {@code loopSum} plain Java loops over arrays. Read each op's score as a ratio to
 * the floor of its kind, and its B/op from {@code -prof gc}; {@code ./jitdispatch report} does, in its
 * section "The whole op against the JVM floor".
 *
 * <pre>java -jar bench/target/benchmarks.jar SmallOps -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class SmallOpsBenchmark {
    static {
        AtenLibrary.load();
    }

    @Param({"1", "64", "4096"})
    int size;

    private float[] x;
    private float[] y;
    private float[] z;
    private FloorTensor fa;
    private FloorTensor fb;
    private FloorTensor fout;
    private Tensor a;
    private Tensor b;
    private Tensor out;
    private Tensor inplace;
    private Tensor two;
    private Tensor matrix;
    private Tensor m2;
    private Tensor w;
    private long[] shape;
    private final Scalar alpha = Scalar.of(1);

    @Setup
    public void setUp() {
        a = SizedTensors.vector(size, 0.5f);
        b = SizedTensors.vector(size, 0.25f);
        out = SizedTensors.vector(size, 0f);
        inplace = SizedTensors.vector(size, 0f);
        two = Torch.tensor(new float[] {2f}).view();
        matrix = a.view(1, size);
        m2 = SizedTensors.matrix(2, 0.5f);
        w = SizedTensors.vector(size, 0.125f).requiresGrad_(true);
        shape = new long[] {size};
        x = a.toFloatArray();
        y = b.toFloatArray();
        z = new float[size];
        fa = FloorTensor.vector(x);
        fb = FloorTensor.vector(y);
        fout = FloorTensor.vector(new float[size]);
    }

    // ---- the floor and plain loops

    @Benchmark
    public FloorTensor floorAdd() {
        return FloorTensor.add(fa, fb);
    }

    @Benchmark
    public FloorTensor floorAddInto() {
        return FloorTensor.addInto(fout, fa, fb);
    }

    @Benchmark
    public float[] loopAdd() {
        float[] o = new float[x.length];
        for (int i = 0; i < o.length; i++) {
            o[i] = x[i] + y[i];
        }
        return o;
    }

    @Benchmark
    public float[] loopAddInto() {
        for (int i = 0; i < z.length; i++) {
            z[i] = x[i] + y[i];
        }
        return z;
    }

    /** What {@code sum} computes, as a plain loop: the floats added in order into a double. */
    @Benchmark
    public double loopSum() {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i];
        }
        return s;
    }

    // ---- the ops

    @Benchmark
    public Tensor add() {
        return Torch.add(a, b, alpha);
    }

    @Benchmark
    public Tensor addOut() {
        return Torch.add_out(out, a, b, alpha);
    }

    /** In place: the values grow by {@code a} per call, which float32 holds for far more calls than a run makes. */
    @Benchmark
    public Tensor addInplace() {
        return inplace.add_(a, alpha);
    }

    @Benchmark
    public Tensor mul() {
        return Torch.mul(a, b);
    }

    /** A 0-dim operand broadcast: the shape of {@code x * 2} in autograd formulas and optimizers. */
    @Benchmark
    public Tensor mulByZeroDim() {
        return Torch.mul(a, two);
    }

    @Benchmark
    public Tensor sum() {
        return Torch.sum(a);
    }

    @Benchmark
    public Tensor mean() {
        return Torch.mean(a);
    }

    @Benchmark
    public Tensor view() {
        return a.view(1, size);
    }

    @Benchmark
    public Tensor transpose() {
        return matrix.transpose(0, 1);
    }

    @Benchmark
    public Tensor empty() {
        return Torch.empty(shape);
    }

    /** mm of 2x2 matrices, whatever the size parameter (it is the same benchmark at every size). */
    @Benchmark
    public Tensor mm2x2() {
        return Torch.mm(m2, m2);
    }

    /** {@code (x * w).sum().backward()} with {@code w} requiring grad: graph nodes, saved tensors, the engine. */
    @Benchmark
    public Tensor autogradStep() {
        Torch.mul(a, w).sum().backward();
        Tensor g = w.grad();
        g.zero_();
        return g;
    }
}
