package org.jitdispatch.jit.gen;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.jitdispatch.jit.gen.dest.BackendStubsGen;
import org.jitdispatch.jit.gen.dest.ImplementationCheck;
import org.jitdispatch.jit.model.BackendYaml;
import org.jitdispatch.jit.model.OpsYaml;
import org.jitdispatch.jit.model.OpsYamlError;
import org.jitdispatch.jit.model.OpsYamlException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code backend-stubs}: gen_backend_stubs for an external backend. Reads its backend YAML, checks it
 * against the aten operators (the {@code ops.yaml} of jitdispatch-kernels on the class path, or
 * {@code --ops-yaml}), and writes the backend's kernel declarations and registration. Also the main
 * class a backend's Maven build runs (exec-maven-plugin), so a failure throws rather than exiting.
 */
@Command(name = "backend-stubs", mixinStandardHelpOptions = true,
        description = "Generates an external backend's kernel declarations and registration from its backend YAML.")
public final class BackendStubsMain implements Callable<Integer> {
    /** Where jitdispatch-kernels keeps its ops.yaml. */
    static final String OPS_RESOURCE = "/ops.yaml";

    @Option(names = "--source-yaml", required = true, description = "The backend YAML (backend, java_package, supported, ...).")
    Path sourceYaml;

    @Option(names = "--output-dir", required = true, description = "The source root the generated Java files go under.")
    Path outputDir;

    @Option(names = "--dry-run", description = "List the files that would be written, and write nothing.")
    boolean dryRun;

    @Option(names = "--impl-path", description = "The source root of the backend's kernel class: check that it"
            + " implements every listed operator.")
    Path implPath;

    @Option(names = "--ops-yaml", description = "The operator library's ops.yaml (default: the one of jitdispatch-kernels"
            + " on the class path).")
    Path opsYaml;

    public static void main(String[] args) {
        BuildStep.run(new BackendStubsMain(), args, "backend-stubs");
    }

    @Override
    public Integer call() throws IOException {
        try {
            OpsYaml ops = opsYaml != null ? OpsYaml.read(opsYaml) : bundledOps();
            BackendYaml backend = BackendYaml.read(sourceYaml, ops);
            BackendStubsGen gen = new BackendStubsGen(backend, ops);
            if (implPath != null) {
                List<OpsYamlError> missing = ImplementationCheck.check(backend, gen, implPath);
                if (!missing.isEmpty()) {
                    throw new OpsYamlException(missing);
                }
            }
            List<GeneratedSources.Result> results = GeneratedSources.write(gen.files(), outputDir, dryRun);
            for (GeneratedSources.Result r : results) {
                System.out.println(r.outcome().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ": " + r.path());
            }
            System.out.println("jitdispatch backend-stubs: " + backend.backend() + ", " + backend.supported().size()
                    + " supported and " + backend.autograd().size() + " autograd operators; "
                    + GeneratedSources.summary(results));
            return 0;
        } catch (OpsYamlException e) {
            System.err.println(e.getMessage());
            return 1;
        }
    }

    static OpsYaml bundledOps() throws IOException {
        try (InputStream in = BackendStubsMain.class.getResourceAsStream(OPS_RESOURCE)) {
            if (in == null) {
                throw new OpsYamlException(List.of(new OpsYamlError("ops.yaml", 0, "jitdispatch-kernels is not on the"
                        + " class path, so its ops.yaml cannot be found; pass --ops-yaml FILE")));
            }
            return OpsYaml.parse("ops.yaml", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
