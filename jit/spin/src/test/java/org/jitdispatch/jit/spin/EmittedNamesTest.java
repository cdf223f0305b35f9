package org.jitdispatch.jit.spin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.runtime.schema.OperatorName;
import org.junit.jupiter.api.Test;

/**
 * The emitted names are part of the project's interface (benchmarks, inline-check claims, docs and flame
 * graphs name them), so their spelling is pinned here.
 */
class EmittedNamesTest {
    @Test
    void siteClassKeepsOneUnderscorePerCharacter() {
        assertEquals("aten__add_Tensor", EmittedNames.sanitize(OperatorName.parse("aten::add.Tensor")));
        assertEquals("Site_aten__add_Tensor", EmittedNames.siteClass(OperatorName.parse("aten::add.Tensor")));
        assertEquals("Site_aten__mm", EmittedNames.siteClass(OperatorName.parse("aten::mm")));
        assertEquals("org/jitdispatch/jit/spin/Site_aten__empty_memory_format",
                EmittedNames.siteInternalName(OperatorName.parse("aten::empty.memory_format")));
        assertEquals(SpunSite.class.getPackageName(), EmittedNames.SITE_PACKAGE);
    }

    @Test
    void registrationNames() {
        assertEquals("RegisterCPU", EmittedNames.registerClass("CPU"));
        assertEquals("wrapper_CPU_add_Tensor", EmittedNames.wrapper("CPU", OperatorName.parse("aten::add.Tensor")));
        assertEquals("wrapper_Meta_add__Tensor", EmittedNames.wrapper("Meta", OperatorName.parse("add_.Tensor")));
        assertEquals("add_Tensor", EmittedNames.opField(OperatorName.parse("aten::add.Tensor")));
        assertEquals("sum", EmittedNames.opField(OperatorName.parse("sum")));
    }

    @Test
    void chainNotationExpandsToTheEmittedNames() {
        assertEquals("Site_aten__add_Tensor.call", EmittedNames.chainLink("Site(aten::add.Tensor).call"));
        assertEquals("Site_aten__empty_memory_format.redispatch",
                EmittedNames.chainLink("Site(aten::empty.memory_format).redispatch"));
        assertEquals("RegisterCPU.wrapper_CPU_add_Tensor", EmittedNames.chainLink("Register(CPU).wrapper(aten::add.Tensor)"));
        assertEquals("RegisterCompositeExplicitAutograd.wrapper_CompositeExplicitAutograd_sum",
                EmittedNames.chainLink("Register(CompositeExplicitAutograd).wrapper(aten::sum)"));
        assertEquals("org.jitdispatch.Torch.add", EmittedNames.chainLink("org.jitdispatch.Torch.add"));
        assertEquals("Mixer.mix", EmittedNames.chainLink("Mixer.mix"));
        assertThrows(IllegalArgumentException.class, () -> EmittedNames.chainLink("Site(aten::1bad).call"));
    }
}
