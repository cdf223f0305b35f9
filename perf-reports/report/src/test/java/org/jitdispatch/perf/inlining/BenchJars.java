package org.jitdispatch.perf.inlining;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * JMH jars for tests, made from the class path: this repository's benchmark list (the bench module's
 * {@code META-INF/BenchmarkList}) with the benchmark classes it names, plus any other classes and benchmark
 * entries a test adds.
 */
public final class BenchJars {
    private static final Pattern FIELD = Pattern.compile("S (\\d+) ");

    private BenchJars() {
    }

    /** This repository's benchmark list, one entry a line. */
    public static List<String> benchmarkList() throws IOException {
        try (InputStream in = BenchJars.class.getResourceAsStream("/META-INF/BenchmarkList")) {
            if (in == null) {
                throw new IOException("no META-INF/BenchmarkList on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        }
    }

    /**
     * A benchmark list entry for {@code cls.method}: one of this repository's entries with its class, generated
     * class and method replaced (their lengths prefix them).
     */
    public static String entry(String cls, String method) throws IOException {
        String template = benchmarkList().get(0);
        List<String> fields = List.of(cls, cls.replace(".", ".jmh_generated.") + "_" + method + "_jmhTest", method);
        StringBuilder sb = new StringBuilder();
        Matcher m = FIELD.matcher(template);
        int pos = 0;
        for (String f : fields) {
            if (!m.find(pos)) {
                throw new IOException("unexpected benchmark list entry: " + template);
            }
            int start = m.end();
            int end = start + Integer.parseInt(m.group(1));
            sb.append(template, pos, m.start()).append("S ").append(f.length()).append(' ').append(f);
            pos = end;
        }
        String line = sb.append(template.substring(pos)).toString();
        new BenchmarkListEntry(line); // fails here rather than in the code under test
        return line;
    }

    /**
     * Writes a jar with the given benchmark list and the class files of every class it names, plus
     * {@code moreClasses} (qualified names), all read from the class path.
     */
    public static Path write(Path jar, List<String> benchmarkList, List<String> moreClasses) throws IOException {
        Set<String> classes = new LinkedHashSet<>();
        for (String line : benchmarkList) {
            classes.add(new BenchmarkListEntry(line).getUserClassQName());
        }
        classes.addAll(moreClasses);
        Files.createDirectories(jar.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("META-INF/BenchmarkList"));
            j.write(String.join("\n", benchmarkList).concat("\n").getBytes(StandardCharsets.UTF_8));
            j.closeEntry();
            for (String cls : classes) {
                String name = cls.replace('.', '/') + ".class";
                try (InputStream in = BenchJars.class.getClassLoader().getResourceAsStream(name)) {
                    if (in == null) {
                        throw new IOException("no " + name + " on the class path");
                    }
                    j.putNextEntry(new JarEntry(name));
                    j.write(in.readAllBytes());
                    j.closeEntry();
                }
            }
        }
        return jar;
    }

    /** A jar like this repository's benchmarks.jar as far as the commands read it: its list and classes. */
    public static Path thisRepositorys(Path jar) throws IOException {
        return write(jar, new ArrayList<>(benchmarkList()), List.of("org.jitdispatch.bench.warmup.MixedWarmup"));
    }
}
