package org.jitdispatch;

import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.TensorImpl;

/**
 * A generator's state saved at {@link Torch#fork_rng()} and put back by {@link #close()}, as
 * {@code torch.random.fork_rng()} puts back the CPU generator's state when its block ends, however it ends.
 */
public final class RngStateScope implements AutoCloseable {
    private final Generator generator;
    private final TensorImpl saved;

    RngStateScope(Generator generator) {
        this.generator = generator;
        this.saved = generator.get_state();
    }

    /** Restores the state the generator had when the scope opened. */
    @Override
    public void close() {
        generator.set_state(saved);
    }
}
