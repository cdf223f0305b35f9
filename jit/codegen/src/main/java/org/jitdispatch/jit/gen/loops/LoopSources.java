package org.jitdispatch.jit.gen.loops;

import com.palantir.javapoet.JavaFile;
import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.jit.model.UfuncsYaml;

/**
 * The typed loops the build generates (ATen's {@code cpu_kernel_vec} instantiated per dtype): every file of
 * this package's generators, for the generate step to write beside the API and the registrations.
 */
public final class LoopSources {
    private LoopSources() {
    }

    /**
     * The generated loop classes: TensorIterator's typed loops (one set per {@link ElementType}) and, when there
     * is a ufuncs.yaml ({@code ufuncs} not null), the loops and kernels declared in it.
     */
    public static List<JavaFile> generate(UfuncsYaml ufuncs) {
        List<JavaFile> files = new ArrayList<>();
        for (ElementType t : ElementType.LOOPS) {
            files.add(CursorGen.generate(t));
            files.add(ElementOpsGen.generate(t));
        }
        files.add(StridedRunsGen.generate());
        files.add(TensorIteratorLoopsGen.generate());
        if (ufuncs != null) {
            files.add(UfuncLoopGen.generate(ufuncs.ufuncs()));
            files.add(UfuncKernelGen.generate(ufuncs.ufuncs()));
        }
        return files;
    }
}
