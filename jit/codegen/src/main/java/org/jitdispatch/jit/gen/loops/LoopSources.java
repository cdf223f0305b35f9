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

    /** The generated loop classes for the loops declared in ufuncs.yaml. */
    public static List<JavaFile> generate(UfuncsYaml ufuncs) {
        List<JavaFile> files = new ArrayList<>();
        files.add(UfuncLoopGen.generate(ufuncs.ufuncs()));
        files.add(IteratorLoopGen.generate(ufuncs.ufuncs()));
        return files;
    }
}
