package org.jitdispatch.jit.spin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.jitdispatch.runtime.schema.OperatorName;

/**
 * {@code -Djitdispatch.dump=DIR}: every spun class is written to DIR as {@code .class} and as ASM Textifier
 * text, numbered so that re-spins of one operator do not overwrite each other.
 */
final class SpinDump {
    static final String PROPERTY = "jitdispatch.dump";
    private static final AtomicLong COUNTER = new AtomicLong();

    private SpinDump() {
    }

    static void maybeWrite(OperatorName op, SpunSite site) {
        String dir = System.getProperty(PROPERTY);
        if (dir == null || dir.isEmpty()) {
            return;
        }
        String base = String.format("%s_%04d", EmittedNames.siteClass(op), COUNTER.incrementAndGet());
        try {
            SpunSite.write(Path.of(dir), base, site.bytes(), site.disassemble());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the spun class of " + op + " to " + dir + " (-D" + PROPERTY + ")", e);
        }
    }
}
