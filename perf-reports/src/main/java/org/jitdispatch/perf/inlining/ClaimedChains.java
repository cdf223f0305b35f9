package org.jitdispatch.perf.inlining;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jitdispatch.bench.InlineChain;
import org.openjdk.jmh.runner.BenchmarkListEntry;

/** The benchmarks that claim an inlining chain ({@link InlineChain}), from JMH's benchmark list. */
public final class ClaimedChains {
    private ClaimedChains() {
    }

    /** {@code Class.method} -&gt; its claimed chain, for every benchmark method annotated with @InlineChain. */
    public static Map<String, List<String>> load() throws IOException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        try (InputStream in = ClaimedChains.class.getResourceAsStream("/META-INF/BenchmarkList")) {
            if (in == null) {
                throw new IOException("no META-INF/BenchmarkList on the class path: build the bench module");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                BenchmarkListEntry entry = new BenchmarkListEntry(line);
                String cls = entry.getUserClassQName();
                String method = entry.getUsername().substring(cls.length() + 1);
                InlineChain chain = chainOf(cls, method);
                if (chain != null) {
                    out.putIfAbsent(cls + "." + method, List.of(chain.value()));
                }
            }
        }
        return out;
    }

    private static InlineChain chainOf(String cls, String method) {
        try {
            for (Method m : Class.forName(cls).getMethods()) {
                if (m.getName().equals(method)) {
                    return m.getAnnotation(InlineChain.class);
                }
            }
            return null;
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

}
