package org.jitdispatch.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchTable;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.junit.jupiter.api.Test;

/** The generated API reaches the registered kernels through the dispatcher. */
class GeneratedApiTest {
    @Test
    void methodsAndFunctionsDispatchToTheKernels() {
        Tensor t = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
        Tensor v = t.view(3, 2);
        assertArrayEquals(new long[] {3, 2}, v.sizes());
        assertSame(t.storage(), v.storage());
        Tensor tt = Torch.transpose(t, 0, 1);
        assertArrayEquals(new float[] {1, 4, 2, 5, 3, 6}, tt.toFloatArray());
        assertArrayEquals(new float[] {1, 4, 2, 5, 3, 6}, t.transpose(-1, -2).toFloatArray());
    }

    @Test
    void viewErrorsAreTorchs() {
        Tensor t = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.view(4, 2));
        assertEquals("shape '[4, 2]' is invalid for input of size 6", e.getMessage());
        IllegalArgumentException nc = assertThrows(IllegalArgumentException.class, () -> t.transpose(0, 1).view(6));
        assertTrue(nc.getMessage().startsWith("view size is not compatible with input tensor's size and stride"));
        assertArrayEquals(new long[] {2, 3}, t.view(-1, 3).sizes());
    }

    @Test
    void metaTensorsGoToTheMetaKernel() {
        Tensor m = Tensor.FACTORY.empty(new long[] {4, 6}, ScalarType.Float32, Device.META);
        Tensor v = m.view(2, 12);
        assertTrue(v.isMeta());
        assertArrayEquals(new long[] {12, 1}, v.strides());
    }

    @Test
    void registrationsNameTheOpsYamlLine() {
        AtenLibrary.load();
        OperatorHandle view = Dispatcher.singleton().findSchemaOrThrow("aten::view");
        assertTrue(view.schemaDebug().matches("registered at RegisterAten\\.java:\\d+ \\(declared at ops\\.yaml:\\d+\\)"),
                view.schemaDebug());
        assertEquals(DispatchTable.Source.KERNEL, view.table().entry(DispatchKey.Meta).source());
        OperatorHandle transpose = Dispatcher.singleton().findSchemaOrThrow("aten::transpose.int");
        assertEquals(DispatchTable.Source.DEFAULT_BACKEND_KERNEL, transpose.table().entry(DispatchKey.Lazy).source());
    }
}
