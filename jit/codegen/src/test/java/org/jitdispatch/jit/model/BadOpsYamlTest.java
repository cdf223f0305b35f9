package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus of invalid files under {@code ops-yaml/bad/}: each {@code NAME.yaml} must fail with exactly
 * the text of {@code NAME.expected}, every error and nothing else. File names in the messages are the
 * bare {@code NAME.yaml} given to the parser, so the expectations do not depend on where the build runs.
 */
class BadOpsYamlTest {
    private static final ExpectCorpus CORPUS = ExpectCorpus.at("/ops-yaml/bad");

    static Stream<String> cases() {
        return CORPUS.cases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void failsWithExactlyTheExpectedMessages(String name) {
        String text = CORPUS.input(name);

        OpsYamlException e = assertThrows(OpsYamlException.class, () -> OpsYaml.parse(name + ".yaml", text));

        CORPUS.assertFailsExactly(name, e);
    }

    @Test
    void everyCaseHasAnExpectationAndTheCorpusCoversTheRules() {
        CORPUS.assertComplete(40);
    }
}
