package org.jitdispatch.bench.peer;

import java.io.File;
import java.io.IOException;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.pytorch.global.torch;

/**
 * Prints the path of the {@code libgomp.so.1} bundled with the PyTorch presets, extracted to JavaCPP's
 * cache without loading it. libtorch must be started with exactly that OpenMP runtime preloaded
 * ({@code LD_PRELOAD}): with the system's, or none, it crashes in native code at its first call on this
 * machine.
 */
public final class BundledGomp {
    private BundledGomp() {
    }

    public static void main(String[] args) throws IOException {
        String resource = "/org/bytedeco/pytorch/" + Loader.getPlatform() + "/libgomp.so.1";
        File gomp = Loader.cacheResource(torch.class, resource);
        if (gomp == null) {
            System.err.println("The PyTorch presets on the class path have no " + resource);
            System.exit(1);
        }
        System.out.println(gomp.getAbsolutePath());
    }
}
