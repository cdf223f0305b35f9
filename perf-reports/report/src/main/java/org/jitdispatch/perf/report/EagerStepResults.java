package org.jitdispatch.perf.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The output of {@code bench/python/train_step_models.py}, the PyTorch eager peer of
 * {@code TrainStepModelsBenchmark}: one JSON object a line per model and batch size, with the microseconds
 * per step (the mean of its repetitions) and half their 99.9% confidence interval. Read strictly, since a
 * report that quietly dropped a line would show a model as not measured: a line that is not such an object
 * is an IOException naming the file, the line and what it lacks. Blank lines are skipped.
 */
public final class EagerStepResults {
    /** Where a report keeps the eager run's lines. */
    public static final String FILE = "pytorch-eager.jsonl";
    /** The {@code benchmark} field of every line. */
    static final String BENCHMARK = "TrainStepModels.step";

    /**
     * One model at one batch size through PyTorch eager.
     *
     * @param usPerStep    the mean time of a step, µs
     * @param error        half the 99.9% confidence interval of that mean (JMH's "error"), µs
     * @param torchVersion {@code torch.__version__}
     * @param threads      PyTorch's intra-op threads
     */
    public record Step(String model, int batch, double usPerStep, double error, String torchVersion, int threads) {
        /** The key this model and batch have among the eager results: {@code batch=1 model=mlp}, JMH's order. */
        public String key() {
            return keyOf(model, batch);
        }
    }

    private EagerStepResults() {
    }

    static String keyOf(String model, int batch) {
        return "batch=" + batch + " model=" + model;
    }

    /** The steps by key, in the file's order. */
    public static Map<String, Step> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        Map<String, Step> steps = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty()) {
                continue;
            }
            String where = file + ":" + (i + 1);
            Step step = parse(where, line);
            if (steps.put(step.key(), step) != null) {
                throw new IOException(where + ": model " + step.model() + " at batch " + step.batch() + " appears twice");
            }
        }
        if (steps.isEmpty()) {
            throw new IOException(file + ": no results in it (expected the output of bench/python/train_step_models.py,"
                    + " one JSON object a line)");
        }
        return steps;
    }

    private static Step parse(String where, String line) throws IOException {
        JsonNode o;
        try {
            o = ReportData.JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IOException(where + ": not JSON (expected the output of bench/python/train_step_models.py,"
                    + " one JSON object a line): " + e.getOriginalMessage());
        }
        if (!o.isObject() || !BENCHMARK.equals(o.path("benchmark").asText())) {
            throw new IOException(where + ": not a line of bench/python/train_step_models.py (expected an object"
                    + " with \"benchmark\": \"" + BENCHMARK + "\")");
        }
        for (String field : List.of("model", "batch", "us_per_step", "error")) {
            if (o.path(field).isMissingNode() || o.path(field).isNull()) {
                throw new IOException(where + ": no \"" + field + "\"");
            }
        }
        if (!o.get("batch").canConvertToInt() || !o.get("us_per_step").isNumber() || !o.get("error").isNumber()) {
            throw new IOException(where + ": \"batch\", \"us_per_step\" and \"error\" must be numbers");
        }
        return new Step(o.get("model").asText(), o.get("batch").asInt(), o.get("us_per_step").asDouble(),
                o.get("error").asDouble(), o.path("torch_version").asText("?"), o.path("threads").asInt(1));
    }
}
