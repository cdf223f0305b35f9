package org.jitdispatch.jit.spin;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.management.ObjectName;
import org.jitdispatch.jit.gen.JavaNames;

/**
 * Keeps the standalone compiled code of spun call-site classes small, so that callers can inline them.
 *
 * <p>Why: a spun {@code call} method that gets hot is also compiled on its own, and C2 inlines the kernel
 * into that standalone copy. A caller compiled later then finds the site "already compiled into a big
 * method" (machine code over InlineSmallCode) and calls it instead of inlining it: one call more than the
 * direct kernel call. A compiler directive that applies only when a {@code Site_*} method is itself the
 * unit being compiled tells C2 not to inline the kernel there (the key-set helpers still are); inside any
 * caller, normal inlining applies to the site and to the kernel behind it. The directive matches only our
 * classes, so the CompileCommands of every other method (JMH's among them) stay in force.
 *
 * <p>It is added once per JVM through the DiagnosticCommand MBean (what {@code jcmd
 * Compiler.directives_add} does). {@code -Djitdispatch.forceInline=false} leaves it out; where the MBean
 * is missing nothing happens.
 */
final class CompilerHints {
    static final String PROPERTY = "jitdispatch.forceInline";
    /**
     * When compiling a spun class's method, or a generated kernel wrapper, on its own: inline the key-set
     * helpers and nothing else. (Wrappers are one-line trampolines to the kernel and have the same
     * problem one level down.)
     */
    static final String DIRECTIVE = "["
            + "{ match: \"org/jitdispatch/jit/spin/Site_*.*\", inline: ["
            + "\"+org/jitdispatch/runtime/dispatch/DispatchKeyExtraction.*\", "
            + "\"+org/jitdispatch/runtime/TensorImpl.keySetBits\", "
            + "\"+org/jitdispatch/runtime/dispatch/LocalDispatchKeySet.applyTo\", "
            + "\"-*.*\"] }, "
            + "{ match: \"" + JavaNames.GENERATED_PACKAGE.replace('.', '/') + "/Register*.*\", inline: \"-*.*\" }"
            + "]";
    private static final System.Logger LOG = System.getLogger(CompilerHints.class.getName());
    private static boolean installed;

    private CompilerHints() {
    }

    static synchronized void install() {
        if (installed || !Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))) {
            return;
        }
        installed = true;
        try {
            Path file = Files.createTempFile("jitdispatch-inline", ".json");
            try {
                Files.writeString(file, DIRECTIVE);
                ManagementFactory.getPlatformMBeanServer().invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesAdd",
                        new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (Exception | LinkageError e) {
            LOG.log(System.Logger.Level.DEBUG, "compiler directive for spun call sites not installed: " + e);
        }
    }
}
