package org.jitdispatch.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.openjdk.jmh.annotations.Setup;

/**
 * What the call-path benchmarks of a two-tensor operator share ({@link MmCallPathBenchmark},
 * {@link MulCallPathBenchmark}): the operator's handle and its reference invoker, looked up once the aten
 * library is loaded, and the two float32 operands made in setup. Each subclass keeps its own benchmark
 * methods and holds the handles in its own {@code static final} fields: the methods name the operator's
 * generated API and wrapper and claim its inlining chain, and the handles stay constants for the JIT, so
 * the measured code is each operator's own.
 */
public abstract class BinaryCallPathBenchmark {
    /** The left operand, {@link #operand operand(0.5f)}. */
    protected Tensor a;
    /** The right operand, {@link #operand operand(0.25f)}. */
    protected Tensor b;

    /** The operator {@code name} ({@code aten::mm}), after loading the aten library. */
    protected static OperatorHandle operator(String name) {
        AtenLibrary.load();
        return Dispatcher.singleton().findSchemaOrThrow(name);
    }

    /** The reference dispatcher's typed invoker of a {@code (Tensor, Tensor) -> Tensor} operator. */
    protected static MethodHandle referenceInvoker(OperatorHandle op) {
        return op.typed(MethodType.methodType(Tensor.class, Tensor.class, Tensor.class));
    }

    /** An operand of this benchmark's shape (its {@code @Param}), every element {@code value}. */
    protected abstract Tensor operand(float value);

    @Setup
    public void setUp() {
        a = operand(0.5f);
        b = operand(0.25f);
    }
}
