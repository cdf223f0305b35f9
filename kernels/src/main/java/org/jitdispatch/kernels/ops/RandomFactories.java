package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.random.CPUGenerator;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.ScalarType;

/**
 * The random factories of ATen's TensorFactories.cpp: rand, randn and randint allocate with {@code empty}
 * and fill with uniform_, normal_ and random_, so they go through BackendSelect like {@code zeros} and on
 * meta draw nothing; randperm is a Fisher-Yates shuffle of 0..n-1 with 32-bit draws, ATen's
 * {@code randperm_cpu}.
 */
public final class RandomFactories implements RandomFactoriesDeclarations {
    @Override
    public Tensor rand(long[] size, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return rand(size, null, dtype, layout, device, pinMemory);
    }

    @Override
    public Tensor rand(long[] size, Generator generator, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        return Torch.empty(size, dtype, layout, device, pinMemory, null).uniform_(0, 1, generator);
    }

    @Override
    public Tensor rand_like(Tensor self, ScalarType dtype, Layout layout, Device device, Boolean pinMemory,
            MemoryFormat memoryFormat) {
        return Torch.empty_like(self, dtype, layout, device, pinMemory, memoryFormat).uniform_(0, 1, null);
    }

    @Override
    public Tensor randn(long[] size, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return randn(size, null, dtype, layout, device, pinMemory);
    }

    @Override
    public Tensor randn(long[] size, Generator generator, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        return Torch.empty(size, dtype, layout, device, pinMemory, null).normal_(0, 1, generator);
    }

    @Override
    public Tensor randn_like(Tensor self, ScalarType dtype, Layout layout, Device device, Boolean pinMemory,
            MemoryFormat memoryFormat) {
        return Torch.empty_like(self, dtype, layout, device, pinMemory, memoryFormat).normal_(0, 1, null);
    }

    @Override
    public Tensor randint(long high, long[] size, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return randint(0, high, size, null, dtype, layout, device, pinMemory);
    }

    @Override
    public Tensor randint(long high, long[] size, Generator generator, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        return randint(0, high, size, generator, dtype, layout, device, pinMemory);
    }

    @Override
    public Tensor randint(long low, long high, long[] size, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        return randint(low, high, size, null, dtype, layout, device, pinMemory);
    }

    @Override
    public Tensor randint(long low, long high, long[] size, Generator generator, ScalarType dtype, Layout layout,
            Device device, Boolean pinMemory) {
        // dtype None is int64, as in torch.randint (and as randperm's kernel makes it)
        return Torch.empty(size, dtype != null ? dtype : ScalarType.Int64, layout, device, pinMemory, null)
                .random_(low, Long.valueOf(high), generator);
    }

    @Override
    public Tensor randperm(long n, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return randperm(n, null, dtype, layout, device, pinMemory);
    }

    @Override
    public Tensor randperm(long n, Generator generator, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        Tensor result = Torch.empty(new long[] {n}, dtype != null ? dtype : ScalarType.Int64, layout, device, pinMemory,
                null);
        return Torch.randperm_out(result, n, generator);
    }

    @Override
    public Tensor randperm_out_cpu(long n, Generator generator, Tensor out) {
        checkRandperm(n, generator, out);
        CPUGenerator g = CPUGenerator.getOrDefault(generator);
        TensorFactories.resize(out, new long[] {n});
        g.lock().lock();
        try {
            shuffle(out, n, g);
        } finally {
            g.lock().unlock();
        }
        return out;
    }

    @Override
    public Tensor randperm_out_meta(long n, Generator generator, Tensor out) {
        checkRandperm(n, generator, out);
        TensorFactories.resize(out, new long[] {n});
        return out;
    }

    private static void checkRandperm(long n, Generator generator, Tensor out) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be non-negative, got" + n);
        }
        if (generator != null && !out.device().equals(generator.device())) {
            throw new IllegalArgumentException("Expected a '" + out.device() + "' generator device but found '"
                    + generator.device() + "'");
        }
        switch (out.dtype()) {
            case Float32:
                if (n > (1L << 24)) {
                    throw new IllegalArgumentException("n cannot be greater than 2^24+1 for Float type.");
                }
                break;
            case Float64:
                if (n > (1L << 53)) {
                    throw new IllegalArgumentException("n cannot be greater than 2^53+1 for Double type.");
                }
                break;
            case Int32:
                if (n - 1 > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("n is too large for result tensor type: 'CPUIntType'");
                }
                break;
            case Bool:
                throw new IllegalArgumentException("\"randperm\" not implemented for 'Bool'");
            case Float16:
                if (n > (1L << 11) + 1) {
                    throw new IllegalArgumentException("n cannot be greater than 2049 for Half type.");
                }
                break;
            case UInt8:
            case Int8:
            case Int16:
                if (n - 1 > ScalarConversions.maxValue(out.dtype())) {
                    throw ScalarConversions.overflow(out.dtype());
                }
                break;
            default:
                break;
        }
    }

    /** randperm_cpu: r[i] = i, then for each i < n - 1 swap r[i] with r[i + random() % (n - i)]. */
    private static void shuffle(Tensor out, long n, CPUGenerator g) {
        if (n == 0) {
            return;
        }
        long[] r = new long[(int) n];
        for (int i = 0; i < n; i++) {
            r[i] = i;
        }
        for (int i = 0; i < n - 1; i++) {
            int z = (int) ((g.random() & 0xffffffffL) % (n - i));
            long sav = r[i];
            r[i] = r[z + i];
            r[z + i] = sav;
        }
        out.copy_(Torch.tensor(r, n));
    }
}
