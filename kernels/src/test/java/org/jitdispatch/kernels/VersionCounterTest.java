package org.jitdispatch.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchTable;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.junit.jupiter.api.Test;

/** The generated ADInplaceOrView kernels bump the version counter that a tensor shares with its views. */
class VersionCounterTest {
    @Test
    void inPlaceAndOutCallsBumpTheVersionOfWhatTheyWrite() {
        Tensor t = Torch.tensor(new float[] {1, 2, 3, 4}, 2, 2);
        Tensor other = Torch.tensor(new float[] {1, 1, 1, 1}, 2, 2);
        assertEquals(0, t.version());
        t.add_(other);
        assertEquals(1, t.version());
        Tensor view = t.view(4);
        view.mul_(Scalar.of(2));
        assertEquals(2, t.version(), "a view shares its base's counter");
        assertEquals(2, view.version());
        Tensor out = Torch.empty(2, 2);
        Torch.add_out(out, t, other);
        assertEquals(1, out.version());
        assertEquals(0, other.version(), "inputs are not bumped");
        Torch.add(t, other);
        assertEquals(2, t.version(), "functional calls write nothing");
    }

    @Test
    void onlyOperatorsThatWriteGetAnInplaceOrViewKernel() {
        AtenLibrary.load();
        Dispatcher d = Dispatcher.singleton();
        assertEquals(DispatchTable.Source.KERNEL,
                d.findSchemaOrThrow("aten::add_.Tensor").table().entry(DispatchKey.ADInplaceOrView).source());
        assertEquals(DispatchTable.Source.BACKEND_FALLBACK,
                d.findSchemaOrThrow("aten::add.Tensor").table().entry(DispatchKey.ADInplaceOrView).source());
    }
}
