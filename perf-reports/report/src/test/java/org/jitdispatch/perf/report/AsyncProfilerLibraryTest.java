package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AsyncProfilerLibraryTest {
    @Test
    void platformsMapToTheArtifactsDirectories() throws IOException {
        assertEquals("linux-x64", AsyncProfilerLibrary.platform("Linux", "amd64"));
        assertEquals("linux-arm64", AsyncProfilerLibrary.platform("Linux", "aarch64"));
        assertEquals("macos", AsyncProfilerLibrary.platform("Mac OS X", "aarch64"));
        IOException e = assertThrows(IOException.class, () -> AsyncProfilerLibrary.platform("Windows 11", "amd64"));
        assertTrue(e.getMessage().contains("no build for Windows"), e.getMessage());
    }

    @Test
    void unpacksTheNativeLibraryFromTheArtifact(@TempDir Path dir) throws IOException {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.unpack(dir);
        assertTrue(lib.path().isAbsolute());
        assertTrue(Files.size(lib.path()) > 100_000, "an ELF/Mach-O library, not an empty file");
        byte[] head = Files.readAllBytes(lib.path());
        boolean elf = head[0] == 0x7f && head[1] == 'E' && head[2] == 'L' && head[3] == 'F';
        boolean macho = (head[0] & 0xff) == 0xcf && (head[1] & 0xff) == 0xfa;
        assertTrue(elf || macho, "a native library");
        assertTrue(lib.version().matches("\\d+(\\.\\d+)+"), lib.version());
    }
}
