package org.jitdispatch.kernels.backend;

import static org.jitdispatch.kernels.backend.PrivateUse1TestBackend.COPIES_TO_DEVICE;
import static org.jitdispatch.kernels.backend.PrivateUse1TestBackend.COPIES_TO_HOST;
import static org.jitdispatch.kernels.backend.PrivateUse1TestBackend.DEVICE;
import static org.jitdispatch.kernels.backend.PrivateUse1TestBackend.tensor;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.backend.PrivateUse1TestBackend.Kernel;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchTable;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.dispatch.NotImplementedError;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.dispatch.RegistrationHandle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The CPU fallback on a small PrivateUse1 backend ({@link PrivateUse1TestBackend}) that implements only
 * empty_strided, copy_ and add.Tensor: every other operator runs on the CPU through the fallback.
 */
class CpuFallbackTest {
    private FallbackMode previousMode;
    private PrivateUse1TestBackend backend;
    private RegistrationHandle fallback;

    @BeforeEach
    void installBackendAndFallback() {
        AtenLibrary.load();
        previousMode = CpuFallback.mode();
        CpuFallback.setMode(FallbackMode.ALLOW);
        CpuFallback.resetCounts();
        backend = PrivateUse1TestBackend.install();
        fallback = CpuFallback.register(Dispatcher.singleton(), DispatchKey.PrivateUse1);
    }

    @AfterEach
    void restoreGlobalState() {
        fallback.close();
        backend.close();
        CpuFallback.setMode(previousMode);
        CpuFallback.resetCounts();
    }

    @Test
    void aFunctionalOperatorRunsOnTheCpuAndItsResultIsOnTheBackend() {
        Tensor x = tensor(new float[] {-1, 2, -3, 4});
        Tensor r = Torch.relu(x);
        assertEquals(DEVICE, r.device());
        assertArrayEquals(new float[] {0, 2, 0, 4}, r.toFloatArray());
        assertArrayEquals(new float[] {-1, 2, -3, 4}, x.toFloatArray(), "the input is untouched");
        assertEquals(Map.of("aten::relu", 1L), CpuFallback.counts());
        assertEquals(1, COPIES_TO_HOST.get(), "the backend's own copy_ moved the argument to the CPU");
        assertEquals(1, COPIES_TO_DEVICE.get(), "and the result back");
    }

    @Test
    void onlyBackendTensorsAreCopiedAndATensorPassedTwiceOnlyOnce() {
        Tensor x = tensor(new float[] {1, 2, 3});
        Tensor squared = Torch.mul(x, x);
        assertArrayEquals(new float[] {1, 4, 9}, squared.toFloatArray());
        assertEquals(1, COPIES_TO_HOST.get(), "x is copied to the CPU once");

        Tensor onCpu = Torch.tensor(new float[] {10, 10, 10});
        Tensor scaled = Torch.mul(x, onCpu);
        assertEquals(DEVICE, scaled.device(), "results go to the device of the first backend tensor");
        assertArrayEquals(new float[] {10, 20, 30}, scaled.toFloatArray());
        assertEquals(2, COPIES_TO_HOST.get(), "the CPU argument is used as it is");
        assertEquals(2, CpuFallback.count("aten::mul.Tensor"));
    }

    @Test
    void matrixProductsAndReductionsMatchTheCpu() {
        float[] a = {1, 2, 3, 4, 5, 6};
        float[] b = {7, 8, 9, 10, 11, 12};
        Tensor mm = Torch.mm(tensor(a, 2, 3), tensor(b, 3, 2));
        assertEquals(DEVICE, mm.device());
        assertArrayEquals(Torch.mm(Torch.tensor(a, 2, 3), Torch.tensor(b, 3, 2)).toFloatArray(), mm.toFloatArray());
        assertArrayEquals(new long[] {2, 2}, mm.sizes());

        Tensor sum = Torch.sum(tensor(a, 2, 3), new long[] {1}, false, null);
        assertEquals(DEVICE, sum.device());
        assertArrayEquals(new float[] {6, 15}, sum.toFloatArray());
        assertEquals(1, CpuFallback.count("aten::mm"));
        assertEquals(1, CpuFallback.count("aten::sum.dim_IntList"));
    }

    @Test
    void inPlaceOperatorsWriteIntoTheCallersTensorAndReturnIt() {
        Tensor x = tensor(new float[] {-1, 2, -3, 4});
        assertSame(x, Torch.relu_(x));
        assertArrayEquals(new float[] {0, 2, 0, 4}, x.toFloatArray());

        Tensor y = tensor(new float[] {10, 20, 30, 40});
        assertSame(x, x.add_(y));
        assertArrayEquals(new float[] {10, 22, 30, 44}, x.toFloatArray());
        assertEquals(DEVICE, x.device());
        assertEquals(Map.of("aten::add_.Tensor", 1L, "aten::relu_", 1L), CpuFallback.counts());
    }

    @Test
    void anOutVariantIsResizedAndWrittenBack() {
        Tensor out = tensor(new float[0], 0);
        Tensor r = Torch.mm_out(out, tensor(new float[] {1, 2, 3, 4}, 2, 2), tensor(new float[] {1, 0, 0, 1}, 2, 2));
        assertSame(out, r);
        assertArrayEquals(new long[] {2, 2}, out.sizes());
        assertArrayEquals(new float[] {1, 2, 3, 4}, out.toFloatArray());
        assertEquals(DEVICE, out.device());
        assertEquals(1, CpuFallback.count("aten::mm.out"));
    }

    @Test
    void tensorListsAreMovedElementByElement() {
        Tensor[] parts = {tensor(new float[] {1, 2}), tensor(new float[] {3, 4, 5})};
        Tensor cat = Torch.cat(parts, 0);
        assertEquals(DEVICE, cat.device());
        assertArrayEquals(new float[] {1, 2, 3, 4, 5}, cat.toFloatArray());
        assertEquals(1, CpuFallback.count("aten::cat.out"), "cat's composite kernel calls cat.out, which falls back");

        Tensor stacked = Torch.stack(new Tensor[] {tensor(new float[] {1, 2}), tensor(new float[] {3, 4})}, 1);
        assertEquals(DEVICE, stacked.device());
        assertArrayEquals(new long[] {2, 2}, stacked.sizes());
        assertArrayEquals(new float[] {1, 3, 2, 4}, stacked.toFloatArray());
    }

    @Test
    void optionalTensorsAreMovedWhenPresentAndStayNoneWhenAbsent() {
        Tensor x = tensor(new float[] {-2, -1, 0, 1, 2});
        Tensor lower = tensor(new float[] {-1, -1, -1, -1, -1});
        Tensor upper = tensor(new float[] {1, 1, 1, 1, 1});
        assertArrayEquals(new float[] {-1, -1, 0, 1, 2}, Torch.clamp(x, lower, null).toFloatArray());
        assertArrayEquals(new float[] {-2, -1, 0, 1, 1}, Torch.clamp(x, null, upper).toFloatArray());
        Tensor both = Torch.clamp(x, lower, upper);
        assertArrayEquals(new float[] {-1, -1, 0, 1, 1}, both.toFloatArray());
        assertEquals(DEVICE, both.device());
        assertEquals(3, CpuFallback.count("aten::clamp.Tensor"));
    }

    @Test
    void aViewOperatorIsRefusedRatherThanCopied() {
        Tensor x = tensor(new float[] {1, 2, 3, 4}, 2, 2);
        NotImplementedError e = assertThrows(NotImplementedError.class, () -> x.view(4));
        assertTrue(e.getMessage().startsWith("'aten::view' is a view operator (it returns Tensor(a), sharing the"
                + " storage of an input) and has no PrivateUse1 kernel."), e.getMessage());
        assertTrue(e.getMessage().contains("cannot share the storage of a privateuseone tensor"), e.getMessage());
        assertTrue(e.getMessage().contains("Implement 'aten::view' in the PrivateUse1 backend (list it under"
                + " `supported:` in the backend YAML)"), e.getMessage());
        assertEquals(Map.of(), CpuFallback.counts(), "a refused view is not a fallback");
        assertEquals(0, COPIES_TO_HOST.get());
    }

    @Test
    void stackingAlongTheFirstDimensionNeedsTheBackendsView() {
        // stack's composite kernel is cat followed by view; without a view kernel that is refused.
        NotImplementedError e = assertThrows(NotImplementedError.class,
                () -> Torch.stack(new Tensor[] {tensor(new float[] {1, 2}), tensor(new float[] {3, 4})}, 0));
        assertTrue(e.getMessage().startsWith("'aten::view' is a view operator"), e.getMessage());
    }

    @Test
    void countsArePerOperatorSortedAndReset() {
        Tensor x = tensor(new float[] {1, -1});
        Torch.relu(x);
        Torch.relu(x);
        Torch.neg(x);
        Map<String, Long> counts = CpuFallback.counts();
        assertEquals(List.of("aten::neg", "aten::relu"), List.copyOf(counts.keySet()));
        assertEquals(2L, counts.get("aten::relu"));
        assertEquals(1, CpuFallback.count("aten::neg"));
        assertEquals(0, CpuFallback.count("aten::mm"));
        assertThrows(UnsupportedOperationException.class, () -> counts.put("aten::mm", 1L));
        CpuFallback.resetCounts();
        assertEquals(Map.of(), CpuFallback.counts());
        assertEquals(2L, counts.get("aten::relu"), "a snapshot does not change");
    }

    @Test
    void countsAddUpAcrossThreads() throws Exception {
        int threads = 4;
        int callsEach = 50;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    Tensor x = tensor(new float[] {-1, 1});
                    for (int i = 0; i < callsEach; i++) {
                        assertArrayEquals(new float[] {0, 1}, Torch.relu(x).toFloatArray());
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(threads * callsEach, CpuFallback.count("aten::relu"));
    }

    @Test
    void errorModeRefusesEveryFallbackBeforeTouchingTheInputs() {
        CpuFallback.setMode(FallbackMode.ERROR);
        Tensor x = tensor(new float[] {-1, 2});
        int version = x.version();
        NotImplementedError e = assertThrows(NotImplementedError.class, () -> Torch.relu_(x));
        assertEquals("'aten::relu_' has no PrivateUse1 kernel and would run on the CPU through the CPU fallback,"
                + " which is in error mode (FallbackMode.ERROR, -Djitdispatch.cpuFallback=error). Implement"
                + " 'aten::relu_' in the PrivateUse1 backend (list it under `supported:` in the backend YAML), or"
                + " allow CPU fallbacks with CpuFallback.setMode(FallbackMode.ALLOW).", e.getMessage());
        assertArrayEquals(new float[] {-1, 2}, x.toFloatArray());
        assertEquals(version, x.version(), "no write happened");
        assertEquals(0, COPIES_TO_HOST.get());
        assertEquals(Map.of(), CpuFallback.counts());
        assertArrayEquals(new float[] {0, 4}, Torch.add(x, tensor(new float[] {1, 2})).toFloatArray(),
                "the backend's own kernels still run");
    }

    @Test
    void theBackendsOwnKernelIsNoFallback() {
        Tensor r = Torch.add(tensor(new float[] {1, 2}), tensor(new float[] {3, 4}));
        assertEquals(DEVICE, r.device());
        assertArrayEquals(new float[] {4, 6}, r.toFloatArray());
        assertEquals(0, CpuFallback.count("aten::add.Tensor"));
        assertEquals(Map.of(), CpuFallback.counts());
        assertEquals(0, COPIES_TO_HOST.get());
    }

    @Test
    void aFactoryReachesTheFallbackThroughBackendSelectAndItsDeviceBecomesTheCpu() {
        Tensor full = Torch.full(new long[] {2, 3}, Scalar.of(7.0), null, null, DEVICE, null);
        assertEquals(DEVICE, full.device());
        assertArrayEquals(new long[] {2, 3}, full.sizes());
        assertArrayEquals(new float[] {7, 7, 7, 7, 7, 7}, full.toFloatArray());
        assertEquals(1, CpuFallback.count("aten::empty.memory_format"),
                "full's composite kernel asks the backend for an empty tensor, which it does not implement");
        assertEquals(1, CpuFallback.count("aten::fill_.Scalar"));
    }

    @Test
    void aDeviceArgumentOfTheBackendIsReplacedByTheCpuAndPicksTheResultsDevice() throws Exception {
        Dispatcher d = Dispatcher.singleton();
        try (Library def = d.library("cpufallback_test");
             Library cpu = d.libraryImpl("cpufallback_test", DispatchKey.CPU)) {
            def.def("plus_one_on(Tensor self, Device device) -> Tensor");
            cpu.impl("plus_one_on", MethodHandles.lookup().findStatic(CpuFallbackTest.class, "plusOneOnCpu",
                    MethodType.methodType(Tensor.class, Tensor.class, Device.class)));
            OperatorHandle op = d.findSchemaOrThrow("cpufallback_test::plus_one_on");
            Tensor r = (Tensor) op.callBoxed(tensor(new float[] {1, 2}), DEVICE);
            assertEquals(DEVICE, r.device());
            assertArrayEquals(new float[] {2, 3}, r.toFloatArray());
            Device indexed = Device.of(DEVICE.type(), 0);
            assertEquals(indexed, ((Tensor) op.callBoxed(tensor(new float[] {1}), indexed)).device(),
                    "the device argument, not the tensor's, is where the result goes");
        }
    }

    @SuppressWarnings("unused") // via MethodHandle
    private static Tensor plusOneOnCpu(Tensor self, Device device) {
        if (!device.equals(Device.CPU) || !self.device().equals(Device.CPU)) {
            throw new IllegalArgumentException("the CPU kernel got " + self.device() + " and " + device);
        }
        return Torch.add(self, Scalar.of(1));
    }

    @Test
    void aBackendWithoutEmptyStridedGetsAnErrorNamingItInsteadOfARecursion() {
        backend.close();
        backend = PrivateUse1TestBackend.install(EnumSet.of(Kernel.COPY));
        Tensor x = tensor(new float[] {-1, 2});
        NotImplementedError e = assertThrows(NotImplementedError.class, () -> Torch.relu(x));
        assertEquals("The CPU fallback of 'aten::relu' for PrivateUse1 could not move the result to privateuseone"
                + " with the backend's kernels: 'aten::empty_strided' has no PrivateUse1 kernel and cannot fall back"
                + " to the CPU while the CPU fallback of 'aten::relu' moves tensors with it; implement"
                + " 'aten::empty_strided' for PrivateUse1. A backend that uses the CPU fallback must implement"
                + " aten::empty_strided and aten::copy_ (to and from the CPU).", e.getMessage());
        assertEquals(Map.of("aten::relu", 1L), CpuFallback.counts(), "the refused transfer is no fallback");
        assertArrayEquals(new float[] {0, 2}, Torch.relu(Torch.tensor(new float[] {-1, 2})).toFloatArray(),
                "nothing is left behind on this thread");
    }

    @Test
    void aBackendWithoutCopyGetsAnErrorNamingIt() {
        backend.close();
        backend = PrivateUse1TestBackend.install(EnumSet.of(Kernel.EMPTY_STRIDED));
        Tensor x = tensor(new float[] {-1, 2});
        NotImplementedError e = assertThrows(NotImplementedError.class, () -> Torch.relu(x));
        assertTrue(e.getMessage().startsWith("The CPU fallback of 'aten::relu' for PrivateUse1 could not move"
                + " argument 'self' to the CPU with the backend's kernels: copy_ from privateuseone to cpu is not"
                + " supported"), e.getMessage());
        assertTrue(e.getMessage().endsWith("A backend that uses the CPU fallback must implement aten::empty_strided"
                + " and aten::copy_ (to and from the CPU)."), e.getMessage());
        assertTrue(e.getCause() instanceof NotImplementedError);
    }

    @Test
    void onlyExternalBackendsCanRegisterAndOnlyOnce() {
        Dispatcher d = Dispatcher.singleton();
        assertEquals(DispatchTable.Source.BACKEND_FALLBACK,
                d.findSchemaOrThrow("aten::relu").table().entry(DispatchKey.PrivateUse1).source());
        assertThrows(IllegalStateException.class, () -> CpuFallback.register(d, DispatchKey.PrivateUse1));
        for (DispatchKey key : new DispatchKey[] {DispatchKey.CPU, DispatchKey.Meta, DispatchKey.AutogradLazy}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CpuFallback.register(d, key));
            assertTrue(e.getMessage().startsWith("The CPU fallback serves external backends (Lazy, PrivateUse1), not "
                    + key), e.getMessage());
        }
        fallback.close();
        assertEquals(DispatchTable.Source.MISSING,
                d.findSchemaOrThrow("aten::relu").table().entry(DispatchKey.PrivateUse1).source(),
                "closing the handle removes the fallback");
        fallback = CpuFallback.register(d, DispatchKey.PrivateUse1);
    }

    @Test
    void autogradRecordsTheOperatorAboveTheFallbackAndItsBackwardFallsBackToo() {
        Tensor x = tensor(new float[] {-1, 2, 3});
        x.requiresGrad_(true);
        Tensor y = Torch.relu(x);
        assertEquals(DEVICE, y.device());
        assertEquals("ReluBackward0", y.gradFn().name());
        assertArrayEquals(new float[] {0, 2, 3}, y.toFloatArray());
        Torch.sum(y).backward();
        assertEquals(DEVICE, x.grad().device());
        assertArrayEquals(new float[] {0, 1, 1}, x.grad().toFloatArray(), "relu's backward falls back as well");
    }

    @Test
    void modesParseFromTheProperty() {
        assertEquals(FallbackMode.ALLOW, FallbackMode.parse(null));
        assertEquals(FallbackMode.ALLOW, FallbackMode.parse(""));
        assertEquals(FallbackMode.ERROR, FallbackMode.parse("error"));
        assertEquals(FallbackMode.ERROR, FallbackMode.parse(" ERROR "));
        assertEquals(FallbackMode.ALLOW, FallbackMode.parse("allow"));
        assertEquals("-Djitdispatch.cpuFallback must be 'allow' or 'error', got 'warn'",
                assertThrows(IllegalArgumentException.class, () -> FallbackMode.parse("warn")).getMessage());
    }
}
