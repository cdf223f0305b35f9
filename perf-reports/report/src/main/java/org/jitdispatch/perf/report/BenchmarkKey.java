package org.jitdispatch.perf.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A benchmark key as {@code JmhResult} spells it ({@code AddCallPathBenchmark.direct n=8 size=1}) taken
 * apart: class, method and parameters.
 */
record BenchmarkKey(String benchmarkClass, String method, Map<String, String> params) {

    static BenchmarkKey parse(String key) {
        String[] parts = key.split(" ");
        int dot = parts[0].lastIndexOf('.');
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            params.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
        }
        return new BenchmarkKey(parts[0].substring(0, dot), parts[0].substring(dot + 1), params);
    }

    /** The operator the class measures: {@code AddCallPathBenchmark} -> {@code add}. */
    String subject() {
        return subjectOf(benchmarkClass);
    }

    static String subjectOf(String benchmarkClass) {
        String s = benchmarkClass.replace("Benchmark", "").replace("CallPath", "");
        return s.isEmpty() ? benchmarkClass : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** The parameters as {@code size=1, n=8}, or empty. */
    String paramsText() {
        StringBuilder sb = new StringBuilder();
        params.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return sb.toString();
    }

    /** The size-like parameter charts put on the x axis ({@code size} or {@code n}), or null. */
    String sizeParam() {
        return params.containsKey("size") ? "size" : params.containsKey("n") ? "n" : null;
    }

    /** Whether this benchmark calls the kernel directly (the baseline of its class). */
    boolean isDirect() {
        return method.equals("direct") || method.endsWith("Direct");
    }

    /**
     * Whether {@code direct} is the direct call this benchmark is compared with: same class and parameters,
     * and either {@code direct} or, for benchmarks of several operators, the {@code xDirect} of the
     * benchmark's {@code x...} prefix.
     */
    boolean comparesWith(BenchmarkKey direct) {
        if (!direct.isDirect() || !direct.benchmarkClass.equals(benchmarkClass) || !direct.params.equals(params)) {
            return false;
        }
        if (direct.method.equals("direct")) {
            return true;
        }
        String prefix = direct.method.substring(0, direct.method.length() - "Direct".length());
        return method.startsWith(prefix);
    }
}
