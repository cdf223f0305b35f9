package org.jitdispatch.perf.inlining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaimedChainsTest {
    private static final String FIXTURE = NegativeControlFixture.class.getName();

    @Test
    void thisRepositorysClaimsAreReadFromItsJar(@TempDir Path tmp) throws Exception {
        List<ClaimedChains.Claim> claims = ClaimedChains.load(BenchJars.thisRepositorys(tmp.resolve("b.jar")));
        ClaimedChains.Claim spun = claims.stream()
                .filter(c -> c.benchmark().equals("org.jitdispatch.bench.AddCallPathBenchmark.spunCallSite"))
                .findFirst().orElseThrow();
        assertTrue(spun.chain().contains("Site_aten__add_Tensor.call"), spun.chain().toString());
        assertTrue(claims.stream().allMatch(ClaimedChains.Claim::inlined), "this repository declares no negative control");
        assertEquals(claims.size(), claims.stream().map(ClaimedChains.Claim::benchmark).distinct().count(),
                "one claim per benchmark, whatever its sizes and modes");
        assertTrue(ClaimedChains.benchmarks(tmp.resolve("b.jar")).contains("org.jitdispatch.bench.SmallOpsBenchmark.add"));
    }

    @Test
    void anyJarsClaimsAndNegativeControls(@TempDir Path tmp) throws Exception {
        Path jar = BenchJars.write(tmp.resolve("other.jar"), List.of(BenchJars.entry(FIXTURE, "holds"),
                BenchJars.entry(FIXTURE, "control"), BenchJars.entry(FIXTURE, "unclaimed"),
                BenchJars.entry(FIXTURE, "inherited")), List.of(FIXTURE + "Base"));
        List<ClaimedChains.Claim> claims = ClaimedChains.load(jar);
        assertEquals(List.of(new ClaimedChains.Claim(FIXTURE + ".holds", List.of("Adder.add"), true),
                new ClaimedChains.Claim(FIXTURE + ".control", List.of("Mixer.mix"), false),
                new ClaimedChains.Claim(FIXTURE + ".inherited", List.of("Outer.call", "Inner.call"), true)), claims);
        assertFalse(ClaimedChains.hasClass(jar, "org.jitdispatch.bench.warmup.MixedWarmup"));
        assertTrue(ClaimedChains.hasClass(jar, FIXTURE));
    }

    @Test
    void aNegativeControlHoldsWhenNotInlined() {
        ClaimedChains.Claim control = new ClaimedChains.Claim("a.B.c", List.of("Mixer.mix"), false);
        InlineVerdict notInlined = InlineVerdict.notInlined("a.B.c", List.of("a.B.c", "Mixer.mix"), "Mixer.mix",
                "a.B.c -> Mixer.mix", "hot method too big", 7).asNegativeControl();
        assertTrue(control.holds(notInlined) && notInlined.asClaimed());
        assertTrue(notInlined.describe().endsWith("(negative control: not inlined, as declared)"), notInlined.describe());
        InlineVerdict inlined = InlineVerdict.ok("a.B.c", List.of("a.B.c", "Mixer.mix"), 7).asNegativeControl();
        assertFalse(control.holds(inlined) || inlined.asClaimed());
        assertTrue(inlined.describe().contains("FAILED"), inlined.describe());
    }

    @Test
    void aJarWithoutABenchmarkListIsNoJmhJar(@TempDir Path tmp) throws Exception {
        Path empty = Files.writeString(tmp.resolve("empty.jar"), "");
        IOException e = assertThrows(IOException.class, () -> ClaimedChains.load(empty));
        assertTrue(e.getMessage().startsWith(empty + " is no JMH benchmark jar"), e.getMessage());
        Path plain = tmp.resolve("plain.jar");
        try (java.util.jar.JarOutputStream j = new java.util.jar.JarOutputStream(Files.newOutputStream(plain))) {
            j.putNextEntry(new java.util.jar.JarEntry("a/B.class"));
            j.closeEntry();
        }
        e = assertThrows(IOException.class, () -> ClaimedChains.load(plain));
        assertTrue(e.getMessage().contains("no META-INF/BenchmarkList"), e.getMessage());
    }
}
