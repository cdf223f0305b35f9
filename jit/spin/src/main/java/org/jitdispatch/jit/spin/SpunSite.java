package org.jitdispatch.jit.spin;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.jitdispatch.runtime.dispatch.DispatchTable;
import org.jitdispatch.runtime.schema.OperatorName;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.TraceClassVisitor;

/**
 * One spun call-site class: its bytes, the hidden class, the table snapshot it was spun from, and
 * handles to its two entry points. The class is defined without the STRONG option, so once no call site
 * targets it any more it can be unloaded.
 */
final class SpunSite {
    private static final MethodHandles.Lookup HOST = MethodHandles.lookup();

    private final byte[] bytes;
    private final Class<?> hiddenClass;
    private final DispatchTable table;
    private final MethodHandle call;
    private final MethodHandle callTls;
    private final MethodHandle redispatch;

    private SpunSite(byte[] bytes, Class<?> hiddenClass, DispatchTable table, MethodHandle call, MethodHandle callTls,
                     MethodHandle redispatch) {
        this.bytes = bytes;
        this.hiddenClass = hiddenClass;
        this.table = table;
        this.call = call;
        this.callTls = callTls;
        this.redispatch = redispatch;
    }

    static SpunSite spin(OperatorName op, DispatchTable table, MethodType signature, int[] dispatchArgs) {
        SitePlan plan = SitePlan.of(table, signature, dispatchArgs, HOST.lookupClass().getClassLoader());
        // A hidden class is defined in its lookup's package: EmittedNames.SITE_PACKAGE is this one.
        String name = EmittedNames.siteInternalName(op);
        byte[] bytes = new SiteClassWriter(name, plan).write(plan.constants().size());
        try {
            MethodHandles.Lookup lookup = HOST.defineHiddenClassWithClassData(bytes, plan.classData(), true);
            Class<?> c = lookup.lookupClass();
            MethodHandle call = lookup.findStatic(c, SiteClassWriter.CALL, signature);
            MethodHandle callTls = lookup.findStatic(c, SiteClassWriter.CALL_TLS, signature);
            MethodHandle redispatch = lookup.findStatic(c, SiteClassWriter.REDISPATCH,
                    signature.insertParameterTypes(0, long.class));
            SpunSite site = new SpunSite(bytes, c, table, call, callTls, redispatch);
            SpinDump.maybeWrite(op, site);
            return site;
        } catch (IllegalAccessException | NoSuchMethodException e) {
            throw new IllegalStateException("spun call site of " + op + " could not be defined", e);
        }
    }

    byte[] bytes() {
        return bytes.clone();
    }

    Class<?> hiddenClass() {
        return hiddenClass;
    }

    DispatchTable table() {
        return table;
    }

    /** Assumes every thread's include/exclude sets are the defaults. */
    MethodHandle call() {
        return call;
    }

    /** Reads this thread's include/exclude sets. */
    MethodHandle callTls() {
        return callTls;
    }

    /** {@code (long keySet, P...) -> R}: redispatch with a caller-given key set. */
    MethodHandle redispatch() {
        return redispatch;
    }

    /** ASM's Textifier listing of the class. */
    String disassemble() {
        StringWriter out = new StringWriter();
        new ClassReader(bytes).accept(new TraceClassVisitor(new PrintWriter(out)), 0);
        return out.toString();
    }

    static void write(Path dir, String baseName, byte[] bytes, String text) throws IOException {
        Files.createDirectories(dir);
        Files.write(dir.resolve(baseName + ".class"), bytes);
        Files.writeString(dir.resolve(baseName + ".txt"), text);
    }
}
