package org.jitdispatch.perf.inlining;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.jitdispatch.jit.spin.EmittedNames;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/**
 * The benchmarks of a JMH jar that claim an inlining chain ({@code @org.jitdispatch.bench.InlineChain}):
 * the jar's {@code META-INF/BenchmarkList} names its benchmarks, and each benchmark method's class file in
 * the jar is read (with ASM, so no class of the jar is loaded or run) for the annotation. Any JMH jar
 * works: the claims are whatever its benchmarks declare. Links in the annotation's operator notation
 * ({@code Site(aten::add.Tensor).call}, {@code Register(CPU).wrapper(aten::add.Tensor)}) are expanded to the
 * emitted names here, by {@link EmittedNames#chainLink}, so every claim read from a jar names real classes.
 */
public final class ClaimedChains {
    /** The annotation's descriptor, as the class files spell it. */
    static final String DESCRIPTOR = "Lorg/jitdispatch/bench/InlineChain;";

    /**
     * One benchmark's claim.
     *
     * @param benchmark the benchmark, {@code package.Class.method}
     * @param chain     the claimed calls, outermost first
     * @param inlined   whether the chain is claimed inlined; false for a declared negative control, which
     *                  must come out not inlined
     */
    public record Claim(String benchmark, List<String> chain, boolean inlined) {
        public Claim {
            chain = List.copyOf(chain);
        }

        /** Whether a verdict is what this claim says it must be. */
        public boolean holds(InlineVerdict verdict) {
            return verdict.inlined() == inlined;
        }
    }

    private ClaimedChains() {
    }

    /**
     * The claims of every benchmark method of {@code benchmarksJar}, in the order of its benchmark list.
     *
     * @throws IOException when the jar cannot be read or is no JMH jar (it has no META-INF/BenchmarkList)
     */
    public static List<Claim> load(Path benchmarksJar) throws IOException {
        Map<String, Claim> out = new LinkedHashMap<>();
        try (JarFile jar = open(benchmarksJar)) {
            for (BenchmarkListEntry entry : entries(jar, benchmarksJar)) {
                String cls = entry.getUserClassQName();
                String method = entry.getUsername().substring(cls.length() + 1);
                String benchmark = cls + "." + method;
                if (!out.containsKey(benchmark)) {
                    Claim claim = claimOf(jar, cls, method);
                    if (claim != null) {
                        out.put(benchmark, claim);
                    }
                }
            }
        }
        return new ArrayList<>(out.values());
    }

    /** Every benchmark of the jar, {@code package.Class.method}, once each, in the order of its list. */
    public static List<String> benchmarks(Path benchmarksJar) throws IOException {
        try (JarFile jar = open(benchmarksJar)) {
            return entries(jar, benchmarksJar).stream().map(BenchmarkListEntry::getUsername).distinct().toList();
        }
    }

    /** Whether the jar holds the class {@code className} (a qualified name). */
    public static boolean hasClass(Path benchmarksJar, String className) throws IOException {
        try (JarFile jar = open(benchmarksJar)) {
            return jar.getEntry(className.replace('.', '/') + ".class") != null;
        }
    }

    private static JarFile open(Path jar) throws IOException {
        try {
            return new JarFile(jar.toFile());
        } catch (IOException e) {
            throw new IOException(jar + " is no JMH benchmark jar: not a jar (" + e.getMessage() + ")", e);
        }
    }

    private static List<BenchmarkListEntry> entries(JarFile jar, Path path) throws IOException {
        ZipEntry list = jar.getEntry("META-INF/BenchmarkList");
        if (list == null) {
            throw new IOException(path + " is no JMH benchmark jar: it has no META-INF/BenchmarkList"
                    + " (build it with JMH's annotation processor, jmh-generator-annprocess)");
        }
        List<BenchmarkListEntry> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(jar.getInputStream(list), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank()) {
                    out.add(new BenchmarkListEntry(line));
                }
            }
        }
        return out;
    }

    /** The claim on {@code cls.method}, looked for in the class and then its superclasses in the jar. */
    private static Claim claimOf(JarFile jar, String cls, String method) throws IOException {
        String benchmark = cls + "." + method;
        for (String c = cls.replace('.', '/'); c != null; ) {
            ZipEntry e = jar.getEntry(c + ".class");
            if (e == null) {
                return null;
            }
            Scan scan = new Scan(method);
            try (InputStream in = jar.getInputStream(e)) {
                new ClassReader(in).accept(scan, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            }
            if (scan.chain != null) {
                try {
                    return new Claim(benchmark, scan.chain.stream().map(EmittedNames::chainLink).toList(), scan.inlined);
                } catch (IllegalArgumentException bad) {
                    throw new IOException(benchmark + ": @InlineChain names no operator: " + bad.getMessage(), bad);
                }
            }
            c = scan.superName;
        }
        return null;
    }

    /** Reads one class: its superclass, and the annotation on the first method of the name that has it. */
    private static final class Scan extends ClassVisitor {
        private final String method;
        String superName;
        List<String> chain;
        boolean inlined = true;

        Scan(String method) {
            super(Opcodes.ASM9);
            this.method = method;
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            this.superName = superName;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            if (!name.equals(method) || chain != null) {
                return null;
            }
            return new MethodVisitor(Opcodes.ASM9) {
                @Override
                public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                    if (!desc.equals(DESCRIPTOR)) {
                        return null;
                    }
                    List<String> links = new ArrayList<>();
                    chain = links;
                    return new AnnotationVisitor(Opcodes.ASM9) {
                        @Override
                        public void visit(String name, Object value) {
                            if ("inlined".equals(name) && value instanceof Boolean b) {
                                inlined = b;
                            } else if ("value".equals(name) && value instanceof String[] a) {
                                links.addAll(List.of(a));
                            }
                        }

                        @Override
                        public AnnotationVisitor visitArray(String name) {
                            if (!"value".equals(name)) {
                                return null;
                            }
                            return new AnnotationVisitor(Opcodes.ASM9) {
                                @Override
                                public void visit(String n, Object value) {
                                    links.add((String) value);
                                }
                            };
                        }
                    };
                }
            };
        }
    }
}
