package org.jitdispatch.kernels.cpu;

import java.util.Locale;

/**
 * Which kernels a float32 hot spot runs, decided once per JVM as ATen decides {@code ATEN_CPU_CAPABILITY}:
 * {@link #VECTOR} runs the JDK Vector API kernels ({@link VectorKernels}), {@link #DEFAULT} the scalar Java
 * ones that C2's superword pass may vectorize.
 *
 * <p>The Vector API is the incubator module {@code jdk.incubator.vector}, which a JVM resolves only when it is
 * started with {@code --add-modules jdk.incubator.vector}. Without it the capability is {@code DEFAULT} and no
 * class that refers to the module is ever loaded, so the library runs on a plain {@code java -cp}. With it, the
 * capability is {@code VECTOR} unless {@code -Djitdispatch.cpu.capability=default} turns the vector kernels off
 * (to compare the two, or to rule them out). As with ATen's variable, a capability can only be lowered: asking
 * for {@code vector} without the module gives {@code DEFAULT}, and a value that names no capability is
 * ignored with a warning.
 *
 * <p>The decision is a {@code static final} that C2 folds, so the test in front of each kernel costs nothing.
 */
public enum CpuCapability {
    /** The scalar kernels. */
    DEFAULT,
    /** The Vector API kernels, over the preferred species of the CPU. */
    VECTOR;

    /** The system property that can force the scalar kernels: {@code -Djitdispatch.cpu.capability=default}. */
    public static final String PROPERTY = "jitdispatch.cpu.capability";

    /** The incubator module whose presence in the boot layer allows {@link #VECTOR}. */
    public static final String VECTOR_MODULE = "jdk.incubator.vector";

    private static final System.Logger LOGGER = System.getLogger("org.jitdispatch.kernels");

    /** This JVM's capability (torch.backends.cpu.get_cpu_capability()). */
    public static CpuCapability current() {
        return Holder.CURRENT;
    }

    /**
     * The capability for a JVM that has (or lacks) the vector module and the value {@code requested} of
     * {@link #PROPERTY} (null when it is not set): {@code VECTOR} when the module is there and the value is
     * absent, empty or {@code vector} (in any case), else {@code DEFAULT}. An unknown value is ignored.
     */
    public static CpuCapability decide(boolean vectorModulePresent, String requested) {
        CpuCapability ceiling = vectorModulePresent ? VECTOR : DEFAULT;
        if (requested == null || requested.isBlank()) {
            return ceiling;
        }
        switch (requested.trim().toLowerCase(Locale.ROOT)) {
            case "default":
                return DEFAULT;
            case "vector":
                return ceiling;
            default:
                LOGGER.log(System.Logger.Level.WARNING, "ignoring invalid value for -D" + PROPERTY + ": '" + requested
                        + "' (expected 'default' or 'vector')");
                return ceiling;
        }
    }

    /** Whether this JVM resolved the incubator module (was started with {@code --add-modules jdk.incubator.vector}). */
    static boolean vectorModulePresent() {
        return ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent();
    }

    /** Decided on first use, which is the first use of any vector-capable kernel. */
    private static final class Holder {
        static final CpuCapability CURRENT = decide(vectorModulePresent(), System.getProperty(PROPERTY));
    }
}
