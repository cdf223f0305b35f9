package org.jitdispatch.perf.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.util.Utils;

class JvmArgsTest {
    @Test
    void blanksSeparateFlags() throws InvalidJvmException {
        assertEquals(List.of("-Xmx2g", "-XX:+UseParallelGC"), JvmArgs.split("-Xmx2g -XX:+UseParallelGC"));
        assertEquals(List.of("-Xmx2g", "-XX:+UseParallelGC"), JvmArgs.split("  -Xmx2g \t\n -XX:+UseParallelGC  "));
        assertEquals(List.of(), JvmArgs.split(""));
        assertEquals(List.of(), JvmArgs.split("   "));
        assertEquals(List.of(), JvmArgs.split(null));
    }

    @Test
    void quotesAndBackslashesWorkAsInAShell() throws InvalidJvmException {
        assertEquals(List.of("-Dgreeting=hello world", "-Xss1m"), JvmArgs.split("-Dgreeting=\"hello world\" -Xss1m"));
        assertEquals(List.of("-Dgreeting=hello world"), JvmArgs.split("'-Dgreeting=hello world'"));
        assertEquals(List.of("-Dp=$HOME\\x"), JvmArgs.split("'-Dp=$HOME\\x'"), "single quotes are literal");
        assertEquals(List.of("-Dp=a\\b$c"), JvmArgs.split("\"-Dp=a\\\\b\\$c\""), "escapes inside double quotes");
        assertEquals(List.of("-Dp=a\\n"), JvmArgs.split("\"-Dp=a\\n\""), "other backslashes stay in double quotes");
        assertEquals(List.of("-Dp=a b"), JvmArgs.split("-Dp=a\\ b"), "a backslash escapes a blank");
        assertEquals(List.of("-Dp=ab"), JvmArgs.split("-Dp='a'\"b\""), "adjacent quoted parts make one word");
    }

    @Test
    void badInputIsRefusedWithTheReason() {
        assertTrue(assertThrows(InvalidJvmException.class, () -> JvmArgs.split("-Dx='a"))
                .getMessage().contains("unterminated ' quote"));
        assertTrue(assertThrows(InvalidJvmException.class, () -> JvmArgs.split("-Dx=\"a"))
                .getMessage().contains("unterminated \" quote"));
        assertEquals("--jvm-args: 'Xmx2g' is not a JVM option (options start with -)",
                assertThrows(InvalidJvmException.class, () -> JvmArgs.split("-Xms1g Xmx2g")).getMessage());
        assertTrue(assertThrows(InvalidJvmException.class, () -> JvmArgs.split("-Xms1g ''"))
                .getMessage().contains("'' is not a JVM option"));
        assertTrue(assertThrows(InvalidJvmException.class, () -> JvmArgs.split("'-Dx=\"a\"'"))
                .getMessage().contains("double quote"));
    }

    /** JMH splits -jvmArgsAppend's value with Utils.splitQuotedEscape. */
    @Test
    void jmhGetsBackExactlyTheFlags() throws InvalidJvmException {
        List<String> args = JvmArgs.split("-Xmx2g '-Dgreeting=hello world' -XX:+UseParallelGC");
        assertEquals("-Xmx2g \"-Dgreeting=hello world\" -XX:+UseParallelGC", JvmArgs.forJmh(args));
        assertEquals(args, Utils.splitQuotedEscape(JvmArgs.forJmh(args)));
        assertEquals(List.of("-Dx=a b"), Utils.splitQuotedEscape(JvmArgs.forJmh(List.of("-Dx=a b"))));
    }

    @Test
    void flagsAreShownAsTheyWouldBeTyped() throws InvalidJvmException {
        assertEquals("-Xmx2g '-Dgreeting=hello world'", JvmArgs.display(JvmArgs.split("-Xmx2g \"-Dgreeting=hello world\"")));
        assertEquals("", JvmArgs.display(List.of()));
    }
}
