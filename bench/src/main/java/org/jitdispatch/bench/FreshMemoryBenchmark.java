package org.jitdispatch.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;
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
 * What a large functional result costs a JVM, in plain Java and without this library: {@code a + b} into a
 * new array the JVM zeroes ({@code zeroed}), into a new array it does not zero ({@code uninitialized}: the
 * JDK's own {@code jdk.internal.misc.Unsafe.allocateUninitializedArray}, which C2 compiles to an allocation
 * without the zeroing), and into one preallocated array ({@code preallocated}, out='s case). If
 * {@code uninitialized} takes as long as {@code zeroed}, the zeroing is not the cost: writing memory that is
 * not in the cache is. Each new result lies past the last one in the heap, where a caching allocator such as
 * libtorch's hands back the block just freed, still in the cache.
 *
 * <pre>java -jar bench/target/benchmarks.jar FreshMemory -prof gc</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class FreshMemoryBenchmark {
    /** {@code Unsafe.allocateUninitializedArray(Class, int)}, bound to the instance: a constant C2 inlines. */
    private static final MethodHandle ALLOCATE_UNINITIALIZED = allocateUninitialized();

    @Param({"4096", "1048576"})
    int size;

    private float[] a;
    private float[] b;
    private float[] out;

    @Setup
    public void setUp() {
        a = new float[size];
        b = new float[size];
        out = new float[size];
        for (int i = 0; i < size; i++) {
            a[i] = i;
            b[i] = 0.5f * i;
        }
    }

    @Benchmark
    public float[] zeroed() {
        return add(new float[size]);
    }

    @Benchmark
    public float[] uninitialized() throws Throwable {
        return add((float[]) (Object) ALLOCATE_UNINITIALIZED.invokeExact((Class<?>) float.class, size));
    }

    @Benchmark
    public float[] preallocated() {
        return add(out);
    }

    private float[] add(float[] r) {
        float[] x = a;
        float[] y = b;
        for (int i = 0; i < r.length; i++) {
            r[i] = x[i] + y[i];
        }
        return r;
    }

    private static MethodHandle allocateUninitialized() {
        try {
            Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
            Object unsafe = unsafeClass.getMethod("getUnsafe").invoke(null);
            return MethodHandles.lookup()
                    .findVirtual(unsafeClass, "allocateUninitializedArray",
                            MethodType.methodType(Object.class, Class.class, int.class))
                    .bindTo(unsafe);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("jdk.internal.misc.Unsafe is not reachable: run the benchmark's fork with"
                    + " --add-exports java.base/jdk.internal.misc=ALL-UNNAMED, as its @Fork does", e);
        }
    }
}
