package org.jitdispatch.jit.spin;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import javax.management.ObjectName;

/**
 * Keeps the standalone compiled code of the call path's generated methods small, so that callers can
 * inline them.
 *
 * <p>Why: a generated method that gets hot (an API method such as {@code Torch.add}, a spun site's
 * {@code call}, a {@code Register*} wrapper) is also compiled on its own, and C2 inlines everything below
 * it into that standalone copy, kernel included. A caller compiled later then finds the method "already
 * compiled into a big method" (machine code over InlineSmallCode) and calls it instead of inlining it:
 * calls the direct kernel call does not have. Compiler directives that apply only while one of these
 * methods is itself the unit being compiled tell C2 not to inline the kernel wrapper into it (the
 * dispatch itself still is); inside any other caller, normal inlining applies to the whole path. The
 * directives match only our generated classes, so every other method's CompileCommands (JMH's among
 * them) stay in force.
 *
 * <p>It is added once per JVM through the DiagnosticCommand MBean (what {@code jcmd
 * Compiler.directives_add} does), on a daemon thread: starting the platform MBean server takes a few hundred
 * milliseconds, which the library's first call need not wait for, and the directive only matters to C2's
 * compiles, which come later. {@code -Djitdispatch.forceInline=false} leaves it out; where the MBean is
 * missing nothing happens.
 */
public final class InliningHints {
    static final String PROPERTY = "jitdispatch.forceInline";

    /**
     * Compiled on their own: a spun site's methods inline the key-set helpers and nothing else; a kernel
     * wrapper inlines nothing (it is a trampoline to the kernel); an API method inlines the dispatch but
     * not the kernel wrapper. Built with a StringBuilder on the adding thread, not as a constant of string
     * concatenations: linking those (invokedynamic) cost the library's first call tens of milliseconds.
     */
    static String directive() {
        String sites = new StringBuilder(EmittedNames.SITE_PACKAGE.replace('.', '/')).append('/')
                .append(EmittedNames.SITE_PREFIX).append("*.*").toString();
        String api = EmittedNames.API_PACKAGE.replace('.', '/');
        return new StringBuilder("[")
                .append("{ match: \"").append(sites).append("\", inline: [")
                .append("\"+org/jitdispatch/runtime/dispatch/DispatchKeyExtraction.*\", ")
                .append("\"+org/jitdispatch/runtime/TensorImpl.keySetBits\", ")
                .append("\"+org/jitdispatch/runtime/dispatch/LocalDispatchKeySet.applyTo\", ")
                .append("\"-*.*\"] }, ")
                .append("{ match: \"").append(wrappers()).append("\", inline: \"-*.*\" }, ")
                .append("{ match: [\"").append(api).append("/Torch.*\", \"").append(api).append("/Tensor.*\"], ")
                .append("inline: \"-").append(wrappers()).append("\" }")
                .append("]").toString();
    }

    private static String wrappers() {
        return new StringBuilder(EmittedNames.GENERATED_PACKAGE.replace('.', '/')).append('/')
                .append(EmittedNames.REGISTER_PREFIX).append("*.*").toString();
    }

    private static final System.Logger LOG = System.getLogger(InliningHints.class.getName());
    private static boolean installed;

    private InliningHints() {
    }

    /**
     * Adds the directive once per JVM (idempotent), in the background; the generated library and every
     * CallSites call it.
     */
    public static synchronized void install() {
        if (installed || !Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))) {
            return;
        }
        installed = true;
        addInBackground("spun call sites", InliningHints::directive);
    }

    /**
     * Adds further compiler directives (JSON, as {@code jcmd Compiler.directives_add} reads them), built on a
     * daemon thread as the call path's are. C2 takes, for each method it compiles, the first directive whose
     * {@code match} names it, the latest added first: {@code directive}'s matches must leave out the call
     * path's generated classes (spun sites, the {@code Register*} wrappers, {@code Torch} and {@code Tensor}).
     * {@code what} names it in the debug log should it not be added.
     */
    public static void addInBackground(String what, Supplier<String> directive) {
        Thread adding = new Thread(() -> addDirective(what, directive.get()), "jitdispatch-inlining-hints");
        adding.setDaemon(true);
        adding.start();
    }

    private static void addDirective(String what, String directive) {
        try {
            Path file = Files.createTempFile("jitdispatch-inline", ".json");
            file.toFile().deleteOnExit(); // should the JVM end while this daemon thread still runs
            try {
                Files.writeString(file, directive);
                ManagementFactory.getPlatformMBeanServer().invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesAdd",
                        new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (Exception | LinkageError e) {
            LOG.log(System.Logger.Level.DEBUG, "compiler directive for " + what + " not installed: " + e);
        }
    }
}
