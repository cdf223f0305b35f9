package org.jitdispatch.bench.peer;

import org.bytedeco.openblas.global.openblas_full;
import org.bytedeco.pytorch.global.torch;

/**
 * Sets the thread count of the libtorch peer. {@code torch.set_num_threads} sets libtorch's intra-op pool, but
 * the OpenBLAS that JavaCPP's libtorch calls for mm and bmm keeps threads of its own, one per core: a peer
 * said to run on one thread ran its products on every core (its mm at n = 1024 took half the time of the same
 * OpenBLAS on one thread, at 1.8 cores of CPU time). Both are set here.
 */
final class PeerThreads {
    private PeerThreads() {
    }

    static void set(int threads) {
        torch.set_num_threads(threads);
        openblas_full.openblas_set_num_threads(threads);
    }
}
