package org.jitdispatch.jit.gen.dest;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jitdispatch.jit.model.BackendYaml;
import org.jitdispatch.jit.model.NativeFunction;
import org.jitdispatch.jit.model.OpsYamlError;

/**
 * gen_backend_stubs' {@code --impl_path} check: before anything is compiled, finds the backend's kernel
 * class in its sources and reports every listed operator whose method is missing, with the signature it
 * must have. (javac would also reject the class, but with a message about an interface method rather
 * than the YAML line that asked for it.) Parameter and return types are compared by simple name.
 */
public final class ImplementationCheck {
    private ImplementationCheck() {
    }

    public static List<OpsYamlError> check(BackendYaml backend, BackendStubsGen gen, Path implPath) throws IOException {
        ClassName kernelClass = gen.kernelClass();
        Path source = implPath;
        for (String part : kernelClass.packageName().split("\\.")) {
            source = source.resolve(part);
        }
        source = source.resolve(kernelClass.simpleName() + ".java");
        List<OpsYamlError> errors = new ArrayList<>();
        if (!Files.isRegularFile(source)) {
            errors.add(new OpsYamlError(backend.file(), backend.kernelClassLine(), "--impl-path " + implPath
                    + " has no " + source + ", the source of " + kernelClass + " that implements the listed operators"));
            return errors;
        }
        // JavaParser's default language level is Java 11, which rejects records, switch expressions, text
        // blocks and instanceof patterns in a kernel class; parse at the newest level it knows instead.
        ParseResult<CompilationUnit> parsed = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21)).parse(source);
        if (!parsed.isSuccessful() || parsed.getResult().isEmpty()) {
            // about the Java source, not the YAML: at the line of its first problem
            int line = parsed.getProblems().stream().flatMap(p -> p.getLocation().stream())
                    .flatMap(r -> r.getBegin().getRange().stream()).mapToInt(r -> r.begin.line).findFirst().orElse(0);
            errors.add(new OpsYamlError(source.toString(), line, "cannot parse " + kernelClass.simpleName() + ": "
                    + parsed.getProblems().stream().map(Problem::getMessage).collect(Collectors.joining("; "))));
            return errors;
        }
        TypeDeclaration<?> type = parsed.getResult().get().getTypes().stream()
                .filter(t -> t.getNameAsString().equals(kernelClass.simpleName())).findFirst().orElse(null);
        if (type == null) {
            errors.add(new OpsYamlError(backend.file(), backend.kernelClassLine(), source + " does not declare class "
                    + kernelClass.simpleName()));
            return errors;
        }
        Set<String> implemented = new HashSet<>();
        for (MethodDeclaration m : type.getMethods()) {
            if (m.isPublic() && !m.isStatic()) {
                implemented.add(signature(m));
            }
        }
        Map<NativeFunction, MethodSpec> expected = gen.expectedMethods();
        List<BackendYaml.ListedOp> listed = new ArrayList<>(backend.supported());
        listed.addAll(backend.autograd());
        for (BackendYaml.ListedOp op : listed) {
            MethodSpec m = expected.get(op.function());
            if (!implemented.contains(signature(m))) {
                errors.add(new OpsYamlError(backend.file(), op.line(), "no implementation of " + op.function().name()
                        + " found in " + source + ": expected " + BackendStubsGen.describe(m)));
            }
        }
        return errors;
    }

    private static String signature(MethodDeclaration m) {
        List<String> types = new ArrayList<>();
        for (Parameter p : m.getParameters()) {
            types.add(BackendStubsGen.simpleName(p.getType().asString()) + (p.isVarArgs() ? "[]" : ""));
        }
        return BackendStubsGen.simpleName(m.getType().asString()) + " " + m.getNameAsString() + types;
    }

    private static String signature(MethodSpec m) {
        List<String> types = new ArrayList<>();
        m.parameters().forEach(p -> types.add(BackendStubsGen.simpleName(p.type().toString())));
        return BackendStubsGen.simpleName(m.returnType().toString()) + " " + m.name() + types;
    }
}
