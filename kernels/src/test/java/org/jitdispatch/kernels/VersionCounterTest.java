package org.jitdispatch.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchTable;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.junit.jupiter.api.Test;

/**
 * Every in-place and out= call bumps the version counter that a tensor shares with its views: the generated
 * ADInplaceOrView kernels do it, and composite kernels that write a tensor themselves do it too.
 */
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

    /**
     * Composite operators whose kernels write a tensor themselves (rather than through another operator)
     * count the write too: PyTorch's ADInplaceOrView kernels bump every in-place and out= call, metadata
     * changes included, once per successful call.
     */
    @Test
    void compositeKernelsThatWriteThemselvesBumpOncePerCall() {
        Tensor t = Torch.tensor(new float[] {1, 2, 3, 4}, 2, 2);
        t.copy_(Torch.tensor(new float[] {5, 6, 7, 8}, 2, 2));
        assertEquals(1, t.version(), "copy_");
        t.transpose_(0, 1);
        assertEquals(2, t.version(), "transpose_");
        t.transpose_(1, 1);
        assertEquals(3, t.version(), "transpose_ of one dim with itself is still a call");
        t.unsqueeze_(0);
        assertEquals(4, t.version(), "unsqueeze_");
        t.squeeze_(0);
        assertEquals(5, t.version(), "squeeze_(dim)");
        t.unsqueeze_(2);
        t.squeeze_();
        assertEquals(7, t.version(), "squeeze_");
        Tensor sumOut = Torch.empty(new long[0]);
        Torch.sum_out(sumOut, t);
        assertEquals(1, sumOut.version(), "sum.out");
        Tensor mvOut = Torch.empty(2);
        Torch.mv_out(mvOut, t, Torch.tensor(new float[] {1, 1}));
        assertEquals(1, mvOut.version(), "mv.out");
        Tensor dotOut = Torch.empty(new long[0]);
        Torch.dot_out(dotOut, Torch.tensor(new float[] {1, 2}), Torch.tensor(new float[] {3, 4}));
        assertEquals(1, dotOut.version(), "dot.out, through copy_");
    }

    @Test
    void aFailedCopyDoesNotCountAsAWrite() {
        Tensor t = Torch.tensor(new float[] {1, 2, 3, 4}, 2, 2);
        assertThrows(RuntimeException.class, () -> t.copy_(Torch.tensor(new float[] {1, 2, 3})));
        assertEquals(0, t.version());
    }

    @Test
    void aSavedTensorChangedByACompositeWriteFailsAtBackward() {
        Tensor w = Torch.tensor(new float[] {1, 2}).requiresGrad_(true);
        Tensor x = Torch.tensor(new float[] {3, 4});
        Tensor y = w.mul(x).sum(); // mul saves x
        x.copy_(Torch.tensor(new float[] {0, 0}));
        IllegalStateException e = assertThrows(IllegalStateException.class, y::backward);
        assertTrue(e.getMessage().startsWith("one of the variables needed for gradient computation has been modified"
                + " by an inplace operation"), e.getMessage());
        Tensor m = Torch.tensor(new float[] {1, 2, 3, 4}, 2, 2);
        Tensor z = w.unsqueeze(0).mm(m).sum(); // mm saves m
        m.transpose_(0, 1);
        assertThrows(IllegalStateException.class, z::backward, "transpose_ of a saved tensor");
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
