package org.jitdispatch.kernels.errors;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.dispatch.NotImplementedError;

/**
 * Every generated entry point ({@code Torch.*} and {@code Tensor} methods) called with random arguments that
 * are often invalid (see {@link BadArguments}). Two properties:
 * <ul>
 * <li>a call returns, or throws one of the documented exceptions with a message: IllegalArgumentException,
 * IllegalStateException, IndexOutOfBoundsException (not an array's or a string's), UnsupportedOperationException,
 * NotImplementedError, or a NullPointerException in the API's boundary format. Never a ClassCastException,
 * a NegativeArraySizeException, an OutOfMemoryError for an absurd size, an AssertionError, and so on;</li>
 * <li>a call that throws leaves every tensor it was given, and the receiver, as it was: the same dtype, sizes,
 * strides, storage offset and values.</li>
 * </ul>
 * Each case is a number: its method is {@code methods[case % methods]} and its arguments come from a seed
 * made of the case number, so every method gets the same number of cases, every run makes the same calls and
 * a failure names the method, the case and the arguments. jqwik runs the cases exhaustively, and after a
 * failure tries the failing case first. {@code -DbadInput.seedBase=N} draws other arguments for every case.
 */
class BadInputPropertyTest {
    /** Random argument lists per method and property: about 400 methods, so ~40,000 calls each, in seconds. */
    private static final int ROUNDS = 100;
    private static final List<Method> METHODS = ApiMethods.all().collect(Collectors.toList());
    private static final int CASES = METHODS.size() * ROUNDS;

    private static final Pattern BOUNDARY_NPE =
            Pattern.compile("aten::[\\w.]+: (argument '\\w+' must be [\\w\\[\\]]+, not null"
                    + "|expected Tensor as element \\d+ in argument '\\w+', but got null)");

    @Provide
    Arbitrary<Integer> cases() {
        return Arbitraries.integers().between(0, CASES - 1);
    }

    @Property(generation = GenerationMode.EXHAUSTIVE, tries = 1_000_000, afterFailure = AfterFailureMode.SAMPLE_FIRST)
    void throwsOnlyDocumentedExceptionsWithAMessage(@ForAll("cases") int caseNumber) throws Exception {
        Call call = new Call(caseNumber);
        Throwable thrown = call.invoke();
        if (thrown != null && !documented(thrown)) {
            throw new AssertionError(call + " threw " + thrown, thrown);
        }
    }

    @Property(generation = GenerationMode.EXHAUSTIVE, tries = 1_000_000, afterFailure = AfterFailureMode.SAMPLE_FIRST)
    void aCallThatThrowsLeavesItsTensorsUntouched(@ForAll("cases") int caseNumber) throws Exception {
        Call call = new Call(caseNumber);
        List<Tensor> tensors = call.arguments.tensors();
        List<Snapshot> before = tensors.stream().map(Snapshot::new).collect(Collectors.toList());
        Throwable thrown = call.invoke();
        if (thrown == null) {
            return;
        }
        for (int i = 0; i < tensors.size(); i++) {
            Snapshot after = new Snapshot(tensors.get(i));
            if (!after.equals(before.get(i))) {
                throw new AssertionError(call + " threw " + thrown + " but changed " + (i == 0 && call.arguments.receiver != null
                        ? "the receiver" : "a tensor argument") + " from " + before.get(i) + " to " + after, thrown);
            }
        }
    }

    static boolean documented(Throwable t) {
        String message = t.getMessage();
        if (message == null || message.isBlank()) {
            return false;
        }
        if (t instanceof NullPointerException) {
            return BOUNDARY_NPE.matcher(message).matches();
        }
        if (t instanceof ArrayIndexOutOfBoundsException || t instanceof StringIndexOutOfBoundsException) {
            return false;
        }
        return t instanceof IllegalArgumentException || t instanceof IllegalStateException
                || t instanceof IndexOutOfBoundsException || t instanceof UnsupportedOperationException
                || t instanceof NotImplementedError;
    }

    /** One case: a method and its random arguments. */
    static final class Call {
        final int caseNumber;
        final Method method;
        final BadArguments arguments;
        /** The call as it was made, before it could change its tensors. */
        private final String description;

        Call(int caseNumber) {
            this.caseNumber = caseNumber;
            this.method = METHODS.get(caseNumber % METHODS.size());
            this.arguments = new BadArguments(method, Long.getLong("badInput.seedBase", 0x5EED_0000_0000L) + caseNumber);
            this.description = ApiMethods.describe(method) + " (case " + caseNumber + ") with " + arguments.describe();
        }

        /** Calls the method (its warnings, such as resizing a non-empty out=, dropped); returns what it threw, or null. */
        Throwable invoke() throws IllegalAccessException {
            Warnings.Handler previous = Warnings.setHandler(message -> { });
            try {
                method.invoke(arguments.receiver, arguments.args);
                return null;
            } catch (InvocationTargetException e) {
                return e.getCause();
            } finally {
                Warnings.setHandler(previous);
            }
        }

        @Override
        public String toString() {
            return description;
        }
    }

    /** What a failed call must not change in a tensor (its values, or why they cannot be read). */
    record Snapshot(String dtype, String sizes, String strides, long offset, String values) {
        Snapshot(Tensor t) {
            this(t.dtype().toString(), Arrays.toString(t.sizes()), Arrays.toString(t.strides()), t.storageOffset(),
                    values(t));
        }

        private static String values(Tensor t) {
            try {
                double[] v = t.toDoubleArray();
                StringBuilder s = new StringBuilder("[");
                for (int i = 0; i < v.length; i++) {
                    // the bits, so that NaN equals NaN and -0.0 differs from 0.0
                    s.append(i == 0 ? "" : ", ").append(v[i]).append(v[i] == 0 ? (1 / v[i] > 0 ? "" : "(-)") : "");
                }
                return s.append(']').toString();
            } catch (RuntimeException e) {
                return "unreadable: " + e;
            }
        }

        @Override
        public String toString() {
            return dtype + sizes + " strides " + strides + " offset " + offset + " values " + values;
        }
    }
}
