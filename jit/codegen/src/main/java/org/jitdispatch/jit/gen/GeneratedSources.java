package org.jitdispatch.jit.gen;

import com.palantir.javapoet.JavaFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes generated Java files under a source root, touching only those whose content changed (so that
 * an unchanged generator run leaves timestamps alone and nothing recompiles), or, in a dry run, only
 * says what it would write (torchgen's FileManager).
 */
public final class GeneratedSources {
    /** What happened to one file. */
    public enum Outcome { WRITTEN, UNCHANGED, WOULD_WRITE }

    /** One file and its outcome. */
    public record Result(Path path, Outcome outcome) {
    }

    /** A generated top-level class: its package, its simple name and its source text. */
    public record Source(String packageName, String typeName, String content) {
        public static Source of(JavaFile f) {
            return new Source(f.packageName(), f.typeSpec().name(), f.toString());
        }
    }

    private GeneratedSources() {
    }

    public static List<Result> write(List<JavaFile> files, Path sourceRoot, boolean dryRun) throws IOException {
        return writeSources(files.stream().map(Source::of).toList(), sourceRoot, dryRun);
    }

    public static List<Result> writeSources(List<Source> files, Path sourceRoot, boolean dryRun) throws IOException {
        List<Result> results = new ArrayList<>();
        for (Source f : files) {
            Path path = sourceRoot;
            if (!f.packageName().isEmpty()) {
                for (String part : f.packageName().split("\\.")) {
                    path = path.resolve(part);
                }
            }
            path = path.resolve(f.typeName() + ".java");
            String content = f.content();
            boolean same = Files.isRegularFile(path) && Files.readString(path, StandardCharsets.UTF_8).equals(content);
            if (same) {
                results.add(new Result(path, Outcome.UNCHANGED));
            } else if (dryRun) {
                results.add(new Result(path, Outcome.WOULD_WRITE));
            } else {
                Files.createDirectories(path.getParent());
                Files.writeString(path, content, StandardCharsets.UTF_8);
                results.add(new Result(path, Outcome.WRITTEN));
            }
        }
        return results;
    }

    /** {@code 2 written, 5 unchanged}. */
    public static String summary(List<Result> results) {
        StringBuilder sb = new StringBuilder();
        for (Outcome o : Outcome.values()) {
            long n = results.stream().filter(r -> r.outcome() == o).count();
            if (n > 0) {
                sb.append(sb.length() == 0 ? "" : ", ").append(n).append(' ')
                        .append(o.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
            }
        }
        return sb.length() == 0 ? "no files" : sb.toString();
    }
}
