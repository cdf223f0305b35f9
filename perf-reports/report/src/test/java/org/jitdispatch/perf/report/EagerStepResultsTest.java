package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** train_step_models.py's output read strictly: every line a result, every problem named with its line. */
class EagerStepResultsTest {
    private static final String LINE = "{\"benchmark\": \"TrainStepModels.step\", \"model\": \"mlp\", \"batch\": 8,"
            + " \"torch_version\": \"1.13.0\", \"threads\": 1, \"steps_per_rep\": 4000, \"us_per_step\": 244.5,"
            + " \"error\": 8.25, \"min\": 230.0, \"max\": 260.0}";

    @Test
    void readsTheRealRunsLines() throws IOException {
        Map<String, EagerStepResults.Step> steps = EagerStepResults.read(ReportFixtures.file(EagerStepResults.FILE));
        assertEquals(9, steps.size(), "three models at batch 1, 8 and 64");
        for (String model : new String[] {"mlp", "cnn", "transformer"}) {
            for (int batch : new int[] {1, 8, 64}) {
                EagerStepResults.Step s = steps.get("batch=" + batch + " model=" + model);
                assertTrue(s != null && s.usPerStep() > 0 && s.error() >= 0 && s.threads() == 1, model + " " + batch);
                assertTrue(s.torchVersion().startsWith("1.13"), s.torchVersion());
            }
        }
    }

    @Test
    void oneLineBecomesOneStep(@TempDir Path tmp) throws IOException {
        Path f = Files.writeString(tmp.resolve("eager.jsonl"), "\n" + LINE + "\n\n");
        EagerStepResults.Step s = EagerStepResults.read(f).get("batch=8 model=mlp");
        assertEquals(new EagerStepResults.Step("mlp", 8, 244.5, 8.25, "1.13.0", 1), s);
    }

    @Test
    void aLineThatIsNotJsonIsNamedWithItsNumber(@TempDir Path tmp) throws IOException {
        Path f = Files.writeString(tmp.resolve("eager.jsonl"), LINE + "\nWarning: something\n");
        IOException e = assertThrows(IOException.class, () -> EagerStepResults.read(f));
        assertTrue(e.getMessage().startsWith(f + ":2: not JSON"), e.getMessage());
    }

    @Test
    void aJmhFileOrAnotherScriptsLineIsRefused(@TempDir Path tmp) throws IOException {
        Path f = Files.writeString(tmp.resolve("eager.jsonl"), "{\"benchmark\": \"TrainStepMlp\", \"batch\": 1}\n");
        IOException e = assertThrows(IOException.class, () -> EagerStepResults.read(f));
        assertTrue(e.getMessage().contains(":1: not a line of bench/python/train_step_models.py"), e.getMessage());
        IOException jmh = assertThrows(IOException.class, () -> EagerStepResults.read(ReportFixtures.file("pytorch.json")));
        assertTrue(jmh.getMessage().contains(":1: not"), jmh.getMessage());
    }

    @Test
    void aMissingFieldADuplicateAndAnEmptyFileAreErrors(@TempDir Path tmp) throws IOException {
        Path noError = Files.writeString(tmp.resolve("a.jsonl"), LINE.replace("\"error\"", "\"err\""));
        assertTrue(assertThrows(IOException.class, () -> EagerStepResults.read(noError)).getMessage()
                .endsWith(":1: no \"error\""));
        Path twice = Files.writeString(tmp.resolve("b.jsonl"), LINE + "\n" + LINE + "\n");
        assertTrue(assertThrows(IOException.class, () -> EagerStepResults.read(twice)).getMessage()
                .endsWith(":2: model mlp at batch 8 appears twice"));
        Path empty = Files.writeString(tmp.resolve("c.jsonl"), "\n");
        assertTrue(assertThrows(IOException.class, () -> EagerStepResults.read(empty)).getMessage().contains("no results"));
        Path text = Files.writeString(tmp.resolve("d.jsonl"), LINE.replace("244.5", "\"fast\""));
        assertTrue(assertThrows(IOException.class, () -> EagerStepResults.read(text)).getMessage().contains("must be numbers"));
    }
}
