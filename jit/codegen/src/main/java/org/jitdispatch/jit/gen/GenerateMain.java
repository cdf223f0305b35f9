package org.jitdispatch.jit.gen;

import com.palantir.javapoet.JavaFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.HashSet;
import java.util.Set;
import org.jitdispatch.jit.gen.api.KernelPlan;
import org.jitdispatch.jit.gen.dest.ApiGen;
import org.jitdispatch.jit.gen.dest.AutogradGen;
import org.jitdispatch.jit.gen.dest.DeclarationsGen;
import org.jitdispatch.jit.gen.dest.OpsGen;
import org.jitdispatch.jit.gen.dest.RegisterAtenGen;
import org.jitdispatch.jit.gen.dest.WrapperGen;
import org.jitdispatch.jit.gen.loops.LoopSources;
import org.jitdispatch.jit.gen.loops.TypeVariantGen;
import org.jitdispatch.jit.model.Derivative;
import org.jitdispatch.jit.model.DerivativesYaml;
import org.jitdispatch.jit.model.NativeFunction;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.schema.SchemaKind;
import org.jitdispatch.jit.model.OpsYaml;
import org.jitdispatch.jit.model.OpsYamlException;
import org.jitdispatch.jit.model.UfuncsYaml;
import org.jitdispatch.jit.yaml.YamlException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The build-time generator (torchgen's gen.py): reads ops.yaml, validates it, and writes the Java API,
 * the kernel declarations, the structured wrappers and the registrations. Run by the kernels module's
 * build in the generate-sources phase.
 */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Generates the Java API, kernel declarations and registrations from an ops.yaml file.")
public final class GenerateMain implements Callable<Integer> {
    @Option(names = "--ops-yaml", required = true, description = "The ops.yaml file.")
    Path opsYaml;

    @Option(names = "--output-dir", required = true, description = "Where the Java sources go (target/generated-sources/...).")
    Path outputDir;

    @Option(names = "--ufuncs-yaml", description = "The ufuncs.yaml file (elementwise loops written once), optional.")
    Path ufuncsYaml;

    @Option(names = "--derivatives-yaml", description = "The derivatives.yaml file (gradient formulas), optional.")
    Path derivativesYaml;

    @Option(names = "--template-sources", description = "A Java source root whose @TypeTemplate classes (float32"
            + " kernels) get their float64 variants generated, optional.")
    Path templateSources;

    public static void main(String[] args) {
        BuildStep.run(new GenerateMain(), args, "ops.yaml code generation");
    }

    @Override
    public Integer call() throws IOException {
        OpsYaml ops;
        DerivativesYaml derivatives;
        UfuncsYaml ufuncs;
        try {
            ops = OpsYaml.read(opsYaml);
            ufuncs = ufuncsYaml == null ? null : UfuncsYaml.read(ufuncsYaml);
            derivatives = derivativesYaml == null ? null : DerivativesYaml.read(derivativesYaml, ops);
        } catch (OpsYamlException | YamlException e) {
            System.err.println(e.getMessage());
            return 1;
        }
        List<JavaFile> files = generate(ops, derivatives == null ? List.of() : derivatives.derivatives());
        files.addAll(LoopSources.generate(ufuncs));
        List<GeneratedSources.Source> sources = new ArrayList<>(files.stream().map(GeneratedSources.Source::of).toList());
        if (templateSources != null) {
            try {
                sources.addAll(TypeVariantGen.generate(templateSources));
            } catch (IllegalArgumentException e) {
                System.err.println(e.getMessage());
                return 1;
            }
        }
        List<GeneratedSources.Result> results = GeneratedSources.writeSources(sources, outputDir, false);
        System.out.println("jitdispatch: generated " + sources.size() + " Java files for " + ops.functions().size()
                + " operators into " + outputDir + " (" + GeneratedSources.summary(results) + ")");
        return 0;
    }

    /** Every generated file for a validated ops.yaml and its derivatives. */
    public static List<JavaFile> generate(OpsYaml ops, List<Derivative> derivatives) {
        KernelPlan plan = new KernelPlan(ops);
        List<JavaFile> files = new ArrayList<>();
        ApiGen api = new ApiGen(plan);
        for (NativeFunction f : ops.functions()) {
            api.add(f);
        }
        files.addAll(api.files());
        Set<OperatorName> differentiable = new HashSet<>();
        derivatives.forEach(d -> differentiable.add(d.schema().name()));
        differentiable.addAll(AutogradGen.derivedInplace(ops, derivatives).keySet());
        files.add(OpsGen.generate(ops.functions(), differentiable));
        Set<OperatorName> recordedInplace = new HashSet<>(AutogradGen.derivedInplace(ops, derivatives).keySet());
        derivatives.stream().map(d -> d.schema()).filter(s -> s.kind() == SchemaKind.inplace)
                .forEach(s -> recordedInplace.add(s.name()));
        Set<OperatorName> views = AutogradGen.differentiableViews(derivatives);
        plan.byKey().forEach((key, regs) -> files.add(WrapperGen.generate(key, regs, recordedInplace, views)));
        files.add(RegisterAtenGen.generate(ops.functions(), plan.byKey().keySet(), !derivatives.isEmpty()));
        if (!derivatives.isEmpty()) {
            files.addAll(AutogradGen.generate(ops, derivatives));
        }
        DeclarationsGen declarations = new DeclarationsGen(plan);
        files.addAll(declarations.declarationFiles());
        files.add(declarations.kernelsFile());
        return files;
    }
}
