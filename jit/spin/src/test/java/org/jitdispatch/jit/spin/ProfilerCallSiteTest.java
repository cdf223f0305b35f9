package org.jitdispatch.jit.spin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.profiler.Profiler;
import org.jitdispatch.runtime.profiler.ProfilerEvent;
import org.jitdispatch.runtime.profiler.ProfilerOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** Record-function events come from the compiled call sites, only while a session runs. */
@Isolated
public class ProfilerCallSiteTest {
    private static final MethodType UNARY = MethodType.methodType(TensorImpl.class, TensorImpl.class);
    private static MethodHandle inner;

    public static TensorImpl innerKernel(TensorImpl x) {
        return x;
    }

    /** A composite kernel: calls the inner operator through its call site, as composite ops do. */
    public static TensorImpl outerKernel(TensorImpl x) throws Throwable {
        return (TensorImpl) inner.invokeExact((TensorImpl) inner.invokeExact(x));
    }

    private static Dispatcher fixture() throws ReflectiveOperationException {
        Dispatcher d = Dispatcher.create();
        Library lib = d.library("prof");
        lib.def("inner(Tensor x) -> Tensor");
        lib.def("outer(Tensor x) -> Tensor");
        Library cpu = d.libraryImpl("prof", DispatchKey.CPU);
        cpu.impl("inner", MethodHandles.publicLookup().findStatic(ProfilerCallSiteTest.class, "innerKernel", UNARY));
        d.libraryImpl("prof", DispatchKey.CompositeImplicitAutograd).impl("outer",
                MethodHandles.publicLookup().findStatic(ProfilerCallSiteTest.class, "outerKernel", UNARY));
        inner = CallSites.of(d).invoker(d.findSchemaOrThrow("prof::inner"), UNARY);
        return d;
    }

    @Test
    void nestedCallsAreRecordedWithTheirParentsAndNothingOutsideTheSession() throws Throwable {
        Dispatcher d = fixture();
        OperatorHandle outerOp = d.findSchemaOrThrow("prof::outer");
        MethodHandle outer = CallSites.of(d).invoker(outerOp, UNARY);
        TensorImpl x = SpinFixtures.cpu();
        TensorImpl r = (TensorImpl) outer.invokeExact(x); // spun before the session: must be re-spun
        List<ProfilerEvent> events;
        try (Profiler prof = Profiler.start(ProfilerOptions.defaults().withRecordShapes(true))) {
            r = (TensorImpl) outer.invokeExact(x);
            prof.stop();
            r = (TensorImpl) outer.invokeExact(x); // after stop: not recorded
            events = prof.events();
            String table = prof.keyAverages().table("cpu_time_total", -1);
            assertTrue(table.contains("prof::outer") && table.contains("prof::inner"), table);
        }
        assertEquals(List.of("prof::outer", "prof::inner", "prof::inner"),
                events.stream().map(ProfilerEvent::name).collect(Collectors.toList()));
        assertEquals(0, events.get(0).depth());
        assertEquals(1, events.get(1).depth());
        assertEquals(0, events.get(1).parent());
        assertEquals(List.of(1L), List.of((long) events.get(2).inputShapes().get(0)[0]));
        assertTrue(events.get(0).durationNs() >= events.get(1).durationNs() + events.get(2).durationNs());
        assertEquals(x, r);
    }

    @Test
    void eventsAreAttributedToTheirThreads() throws Throwable {
        Dispatcher d = fixture();
        List<Thread> threads = new ArrayList<>();
        try (Profiler prof = Profiler.start(ProfilerOptions.defaults())) {
            for (int t = 0; t < 3; t++) {
                int calls = t + 1;
                Thread th = new Thread(() -> {
                    try {
                        for (int i = 0; i < calls; i++) {
                            TensorImpl y = (TensorImpl) inner.invokeExact(SpinFixtures.cpu());
                        }
                    } catch (Throwable e) {
                        throw new AssertionError(e);
                    }
                }, "profiled-" + calls);
                threads.add(th);
                th.start();
            }
            for (Thread th : threads) {
                th.join();
            }
            prof.stop();
            Map<String, Long> perThread = prof.events().stream()
                    .collect(Collectors.groupingBy(ProfilerEvent::threadName, Collectors.counting()));
            assertEquals(Map.of("profiled-1", 1L, "profiled-2", 2L, "profiled-3", 3L), perThread);
        }
    }

    @Test
    void chromeTraceHasCompleteEvents(@TempDir Path dir) throws Throwable {
        fixture();
        Path trace = dir.resolve("trace.json");
        try (Profiler prof = Profiler.start(ProfilerOptions.defaults())) {
            TensorImpl y = (TensorImpl) inner.invokeExact(SpinFixtures.cpu());
            prof.stop();
            prof.exportChromeTrace(trace);
        }
        int complete = 0;
        try (JsonParser p = new JsonFactory().createParser(Files.readString(trace))) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.FIELD_NAME && p.getCurrentName().equals("ph") && "X".equals(p.nextTextValue())) {
                    complete++;
                }
            }
        }
        assertEquals(1, complete, Files.readString(trace));
    }
}
