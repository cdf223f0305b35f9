package org.jitdispatch.perf.inlining;

import org.jitdispatch.bench.InlineChain;

/** Benchmark-like methods for {@link ClaimedChainsTest}: claims read from class files, and a superclass's. */
public class NegativeControlFixture extends NegativeControlFixtureBase {
    @InlineChain({"Adder.add"})
    public int holds() {
        return 1;
    }

    @InlineChain(value = {"Mixer.mix"}, inlined = false)
    public long control() {
        return 2;
    }

    public long unclaimed() {
        return 3;
    }
}

/** A superclass whose benchmark method the subclass inherits, claim and all. */
class NegativeControlFixtureBase {
    @InlineChain({"Outer.call", "Inner.call"})
    public int inherited() {
        return 4;
    }
}
