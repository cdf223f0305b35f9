package org.jitdispatch.perf.report;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Two small real reports' data committed as test resources: {@code before} and {@code after}, quick runs of
 * the add and view call paths (JMH JSON, a few benchmarks' collapsed stacks, inlining verdicts). {@code after}
 * also has SmallOpsBenchmark at 1 and 64 elements (all its benchmarks) and at 4096 (add, addOut, their floors
 * and loops), from short runs on a busy machine (its run.json records load averages of 3.75 and 5.03 on 2
 * cores), so it has reliable and unreliable scores, and met, missed and unreliable targets.
 *
 * <p>Beside them, files that report commands add to a report: {@code pytorch.json} ({@code
 * bench/pytorch-peer.sh}) and, each from one real run on the same 2-core machine while it was loaded far beyond
 * its cores (load averages of 7 to 12, so most of their numbers are unreliable), {@code size-scaling.json}
 * ({@code bench/pytorch-peer.sh --size-scaling -f 1 -wi 3 -i 3 -prof gc}, score percentiles and secondary
 * metrics other than B/op left out), {@code train-steps.json} ({@code TrainStepModels -f 1 -wi 5 -i 3 -prof
 * gc}, trimmed alike) and {@code pytorch-eager.jsonl} ({@code train_step_models.py --reps 5 --seconds 0.5}).
 */
final class ReportFixtures {
    private ReportFixtures() {
    }

    static Path dir(String name) {
        try {
            return Path.of(ReportFixtures.class.getResource("/report-fixture/" + name + "/run.json").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A fixture file beside the fixture reports: {@code pytorch.json}, {@code size-scaling.json}, ... */
    static Path file(String name) {
        return dir("after").getParent().resolve(name);
    }

    /** A copy of the fixture report {@code name} in {@code to}, for tests that add files to it. */
    static Path copy(String name, Path to) throws IOException {
        Path from = dir(name);
        try (java.util.stream.Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
        return to;
    }

    /**
     * Renders {@code after}, with the size-scaling run as its peer run, the training steps among its results
     * and the PyTorch eager run, against {@code before} into {@code out}/report.html and returns the page.
     */
    static Path renderWithBaseline(Path out) throws IOException {
        Path dir = copy("after", out.resolve("after"));
        ReportData.addPeerResults(dir, file("size-scaling.json"));
        ReportData.addEagerResults(dir, file(EagerStepResults.FILE));
        ReportData d = ReportData.load(dir);
        java.util.Map<String, org.jitdispatch.perf.compare.JmhResult> results = new java.util.LinkedHashMap<>(d.results());
        results.putAll(org.jitdispatch.perf.compare.JmhResult.read(file("train-steps.json")));
        ReportData after = new ReportData(d.dir(), d.run(), results, d.counters(), d.stacks(), d.inlining(), d.peer(),
                d.eager());
        Path page = out.resolve(ReportPage.FILE);
        Files.writeString(page, ReportPage.render(after, ReportData.load(dir("before"))));
        return page;
    }
}
