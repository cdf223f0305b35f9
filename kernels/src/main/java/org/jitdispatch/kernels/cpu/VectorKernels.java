package org.jitdispatch.kernels.cpu;

import org.jitdispatch.jit.spin.InliningHints;

/**
 * The Vector API kernels of this JVM's {@link CpuCapability}, or null where the scalar kernel runs (ATen's
 * {@code DispatchStub}, with one slot per kernel). A kernel class keeps what it gets here in a
 * {@code static final} field and tests it for null in front of its scalar loop: C2 folds both the test and
 * the call, so the choice costs nothing once compiled.
 *
 * <p>The implementations ({@code org.jitdispatch.kernels.cpu.vector}) refer to {@code jdk.incubator.vector},
 * so they are compiled apart from the rest of the kernels (kernels' {@code src/main/vector}) and only ever
 * loaded, by name, when the capability is {@link CpuCapability#VECTOR}. Nothing else names them.
 *
 * <p>float64 has no vector kernels: its accessors return null, and the float64 kernels generated from the
 * float32 templates keep their scalar loops.
 *
 * <p>The first kernel loaded also adds a compiler directive ({@link #CALLER_DIRECTIVE}) that keeps the kernels
 * out of the code that calls them, so that C2 compiles each on its own.
 */
public final class VectorKernels {
    private static final String PACKAGE = "org.jitdispatch.kernels.cpu.vector.";

    /**
     * C2 turns a Vector API kernel into vector instructions only once it has inlined the API's whole call tree
     * into the method it compiles. Inlined into a large caller (batch norm's kernel), it runs out of that
     * compile's inlining budget first; inlined deep below a caller (relu's through the dispatcher, from
     * {@code nn.ReLU.forward}), it runs out of inlining depth. Either way the vectors it could not reach stay
     * objects, allocated on every call, and the kernel is slower than the scalar loop. So every compile rooted
     * in the library's own code (and in the method-handle trees of its dispatch) calls the kernels instead,
     * and each kernel is compiled on its own, where it fits. The call path's generated classes (spun sites,
     * {@code Register*} wrappers, {@code Torch} and {@code Tensor}) are left to {@code InliningHints}' own
     * directive, under which no kernel is inlined into them.
     */
    static final String CALLER_DIRECTIVE = "[ { match: [\"org/jitdispatch/kernels/ops/*.*\", "
            + "\"org/jitdispatch/kernels/reduce/*.*\", \"org/jitdispatch/kernels/iter/*.*\", "
            + "\"org/jitdispatch/kernels/parallel/*.*\", \"org/jitdispatch/kernels/structured/*.*\", "
            + "\"org/jitdispatch/kernels/linalg/*.*\", \"org/jitdispatch/kernels/random/*.*\", "
            + "\"org/jitdispatch/kernels/generated/AutogradFunctions*.*\", \"org/jitdispatch/autograd/*.*\", "
            + "\"org/jitdispatch/nn/*.*\", \"org/jitdispatch/optim/*.*\", \"org/jitdispatch/runtime/*.*\", "
            + "\"java/lang/invoke/LambdaForm$MH*.*\"], "
            + "inline: \"-org/jitdispatch/kernels/cpu/vector/*.*\" } ]";
    private static boolean directiveAdded;

    private VectorKernels() {
    }

    /** The packed GEMM kernel over {@code FloatVector.fma}, or null. */
    public static FloatPackedGemm floatPackedGemm() {
        return load(FloatPackedGemm.class, "VectorFloatGemm");
    }

    /** float64 has no vector GEMM kernel: null (the float64 twin of {@code FloatGemm} asks for it). */
    public static DoublePackedGemm doublePackedGemm() {
        return null;
    }

    /** The block sum over several vector accumulators, or null. */
    public static FloatBlockSum floatBlockSum() {
        return load(FloatBlockSum.class, "VectorFloatBlockSum");
    }

    /** float64 has no vector block sum: null (the float64 twin of {@code FloatCascadeSum} asks for it). */
    public static DoubleBlockSum doubleBlockSum() {
        return null;
    }

    /** A softmax row with the Vector API's {@code EXP} (the JDK's vectorized exponential), or null. */
    public static FloatSoftMaxRow floatSoftMaxRow() {
        return load(FloatSoftMaxRow.class, "VectorFloatSoftMax");
    }

    /** float64 has no vector softmax: null (the float64 twin of {@code FloatSoftMax} asks for it). */
    public static DoubleSoftMaxRow doubleSoftMaxRow() {
        return null;
    }

    /** Batch norm's channel sums, widened to double a vector at a time into four vector accumulators, or null. */
    public static FloatChannelSumLoops floatChannelSumLoops() {
        return load(FloatChannelSumLoops.class, "VectorFloatChannelSums");
    }

    /** float64 has no vector channel sums: null (the float64 twin of {@code FloatChannelSums} asks for it). */
    public static DoubleChannelSumLoops doubleChannelSumLoops() {
        return null;
    }

    /** max_pool2d's 2 x 2 windows of stride 2 along a row, as compares and blends of whole vectors, or null. */
    public static FloatMaxPoolRows floatMaxPoolRows() {
        return load(FloatMaxPoolRows.class, "VectorFloatMaxPoolRows");
    }

    /** float64 has no vector max pooling: null (the float64 twin of {@code FloatMaxPool2d} asks for it). */
    public static DoubleMaxPoolRows doubleMaxPoolRows() {
        return null;
    }

    /** relu and threshold_backward as masked selects, or null. */
    public static FloatActivationLoops floatActivationLoops() {
        return load(FloatActivationLoops.class, "VectorFloatActivations");
    }

    /** sigmoid and tanh in double lanes with the Vector API's {@code EXP} and {@code TANH}, or null. */
    public static FloatGateLoops floatGateLoops() {
        return load(FloatGateLoops.class, "VectorFloatGates");
    }

    private static synchronized void addCallerDirective() {
        if (!directiveAdded) {
            directiveAdded = true;
            InliningHints.addInBackground("the Vector API kernels' callers", () -> CALLER_DIRECTIVE);
        }
    }

    private static <T> T load(Class<T> type, String simpleName) {
        if (CpuCapability.current() != CpuCapability.VECTOR) {
            return null;
        }
        try {
            T kernel = Class.forName(PACKAGE + simpleName, true, VectorKernels.class.getClassLoader())
                    .asSubclass(type).getDeclaredConstructor().newInstance();
            addCallerDirective();
            return kernel;
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalStateException("the CPU capability is VECTOR but the vector kernel " + PACKAGE + simpleName
                    + " cannot be loaded (run with -D" + CpuCapability.PROPERTY + "=default to use the scalar kernels)",
                    e);
        }
    }
}
