package org.jitdispatch.bench;

import java.util.Locale;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.cpu.CpuCapability;

/**
 * Chooses a fork's CPU kernels from a benchmark's {@code capability} parameter: {@code default} (the scalar
 * kernels) or {@code vector} (the Vector API's). Forks that offer both are started with {@code --add-modules
 * jdk.incubator.vector}, under which the library would take the vector kernels by itself, so both values are
 * set explicitly. Call it before the fork's first op: the capability is read once, when the first kernel loads.
 */
final class KernelSelection {
    private KernelSelection() {
    }

    /** Sets {@code -Djitdispatch.cpu.capability} and checks that the library runs those kernels. */
    static void select(String capability) {
        System.setProperty(CpuCapability.PROPERTY, capability);
        String expected = capability.toUpperCase(Locale.ROOT);
        if (!Torch.get_cpu_capability().equals(expected)) {
            throw new IllegalStateException("asked for " + expected + ", running " + Torch.get_cpu_capability()
                    + ": run the forks with --add-modules jdk.incubator.vector (a -jvmArgsAppend on the command line"
                    + " replaces the benchmark's own), and touch no kernel before this");
        }
    }
}
