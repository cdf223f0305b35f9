package org.jitdispatch.kernels.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * The compiler directive that keeps the Vector API kernels out of their callers is one HotSpot accepts: added
 * the way {@code InliningHints} adds it (the DiagnosticCommand MBean), it must count as one directive on the
 * stack, and it must name the kernels' package as not to be inlined. A directive HotSpot refuses is dropped with
 * a log line at debug level, and the kernels would again be boxed in their callers without a failing build.
 */
class CallerDirectiveTest {
    private static final String[] SIGNATURE = {String[].class.getName()};

    @Test
    void hotSpotAcceptsTheDirective() throws Exception {
        assertTrue(VectorKernels.CALLER_DIRECTIVE.contains("inline: \"-org/jitdispatch/kernels/cpu/vector/*.*\""));
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName dcmd = new ObjectName("com.sun.management:type=DiagnosticCommand");
        Path file = Files.createTempFile("caller-directive", ".json");
        try {
            Files.writeString(file, VectorKernels.CALLER_DIRECTIVE);
            String added = (String) server.invoke(dcmd, "compilerDirectivesAdd",
                    new Object[] {new String[] {file.toString()}}, SIGNATURE);
            assertEquals("1 compiler directives added", added.strip(), added);
        } finally {
            server.invoke(dcmd, "compilerDirectivesRemove", new Object[] {new String[0]}, SIGNATURE);
            Files.deleteIfExists(file);
        }
    }
}
