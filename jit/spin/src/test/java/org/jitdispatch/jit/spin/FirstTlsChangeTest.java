package org.jitdispatch.jit.spin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.IncludeDispatchKeyGuard;
import org.jitdispatch.runtime.dispatch.LocalDispatchKeySet;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.junit.jupiter.api.Test;

/**
 * A site installed while no thread had changed its dispatch-key sets targets the spun call that assumes the
 * defaults; the first change anywhere must re-target it before it takes effect. That can only be seen in a JVM
 * where nothing changed the sets yet, so the scenario runs in a fresh one ({@link Scenario}), hot enough for C2
 * to have compiled the call with the defaults folded in.
 */
class FirstTlsChangeTest {
    @Test
    void anInstalledSiteReadsTheSetsOnceAThreadFirstChangesThem() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                Scenario.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        p.waitFor(60, TimeUnit.SECONDS);
        assertEquals("untouched before: true; defaults: cpu:3:0.5; in the guard: ks:TESTING_ONLY_GenericMode;"
                + " after it: cpu:3:0.5", out);
    }

    /** The scenario, in its own JVM: prints what the site returned before, inside and after the first guard. */
    public static final class Scenario {
        private Scenario() {
        }

        public static void main(String[] args) {
            boolean untouched = LocalDispatchKeySet.isUntouched();
            Dispatcher d = Dispatcher.create();
            d.library("test").def(SpinFixtures.WHICH);
            d.libraryImpl("test", DispatchKey.CPU).impl("which", SpinFixtures.staticKernel());
            d.libraryImpl("test", DispatchKey.TESTING_ONLY_GenericMode).impl("which", SpinFixtures.keySetKernel());
            OperatorHandle op = d.findSchemaOrThrow("test::which");
            MethodHandle site = CallSites.of(d).invoker(op, SpinFixtures.WHICH_TYPE);
            TensorImpl t = SpinFixtures.cpu();
            TensorImpl[] more = {};
            Object defaults = null;
            for (int i = 0; i < 200_000; i++) {
                defaults = SpinFixtures.call(site, t, null, more);
            }
            Object inGuard;
            try (var g = IncludeDispatchKeyGuard.enter(DispatchKey.TESTING_ONLY_GenericMode)) {
                inGuard = SpinFixtures.call(site, t, null, more);
            }
            Object after = SpinFixtures.call(site, t, null, more);
            System.out.println(String.join("; ", List.of("untouched before: " + untouched, "defaults: " + defaults,
                    "in the guard: " + inGuard, "after it: " + after)));
        }
    }
}
