package org.jitdispatch.perf.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The second witness of a claimed inlining chain: async-profiler's frame annotations in the benchmark's
 * profile. A frame sampled as {@code Torch.add_[i]} ran inlined into its caller's compiled code;
 * {@code _[j]} is a separately compiled C2 method, {@code _[1]} C1 code, {@code _[0]} the interpreter. For
 * each link of the chain, the annotation most of its samples carry; JFR's compilation events say what C2
 * decided, this says what ran.
 */
public final class ProfiledChain {
    /** One link as the profile saw it: the annotation of most samples, or null when it was never sampled. */
    public record Link(String link, String annotation, long samples) {
        public boolean inlined() {
            return "i".equals(annotation);
        }

        public String describe() {
            return annotation == null ? link + " (not sampled)" : link + "_[" + annotation + "]";
        }
    }

    private static final Pattern ANNOTATION = Pattern.compile("_\\[(\\w)\\]$");

    private ProfiledChain() {
    }

    /** The links of {@code chain} in {@code profiles} (one benchmark at its sizes). */
    public static List<Link> of(List<StackProfile> profiles, List<String> chain) {
        List<Link> links = new ArrayList<>();
        for (String link : chain) {
            Map<String, Long> byAnnotation = new LinkedHashMap<>();
            for (StackProfile p : profiles) {
                count(p.root(), link, byAnnotation);
            }
            String best = null;
            long samples = 0;
            for (Map.Entry<String, Long> e : byAnnotation.entrySet()) {
                samples += e.getValue();
                if (best == null || e.getValue() > byAnnotation.get(best)) {
                    best = e.getKey();
                }
            }
            links.add(new Link(link, best, samples));
        }
        return links;
    }

    private static void count(StackProfile.Frame root, String link, Map<String, Long> byAnnotation) {
        Deque<StackProfile.Frame> todo = new ArrayDeque<>(root.children());
        while (!todo.isEmpty()) {
            StackProfile.Frame f = todo.pop();
            Matcher m = ANNOTATION.matcher(f.name());
            boolean annotated = m.find();
            String method = (annotated ? f.name().substring(0, m.start()) : f.name()).replace('/', '.');
            if (method.equals(link) || method.endsWith("." + link)) {
                // a frame without annotation is native code, which a Java link never is unless misnamed
                byAnnotation.merge(annotated ? m.group(1) : "native", f.total(), Long::sum);
                continue; // the frames below it are its callees, not other occurrences of the link
            }
            todo.addAll(f.children());
        }
    }

    /** Whether every link was sampled, and sampled inlined. */
    public static boolean allInlined(List<Link> links) {
        return !links.isEmpty() && links.stream().allMatch(Link::inlined);
    }

    public static String describe(List<Link> links) {
        List<String> parts = new ArrayList<>();
        links.forEach(l -> parts.add(l.describe()));
        return String.join(" → ", parts);
    }
}
