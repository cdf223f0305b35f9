package org.jitdispatch.kernels.random;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The CPU generator, ATen's {@code CPUGeneratorImpl}: a 32-bit Mersenne Twister ({@code at::mt19937}, the
 * 624-word mt19937 seeded as {@code init_genrand} seeds it with the seed's low 32 bits) plus the cached
 * second samples of the scalar Box-Muller transform. {@link #random()} is one draw of the engine,
 * {@link #random64()} two (the first in the high half), so a seed gives the sequence PyTorch gives.
 *
 * <p>The draw methods do not lock: callers hold {@link #lock()} around a whole kernel, as ATen's kernels do.
 */
public final class CPUGenerator extends Generator {
    private static final int N = 624;
    private static final int M = 397;
    private static final int MATRIX_A = 0x9908b0df;
    private static final int UMASK = 0x80000000;
    private static final int LMASK = 0x7fffffff;

    private static final CPUGenerator DEFAULT = new CPUGenerator(DEFAULT_RNG_SEED);

    private final int[] state = new int[N];
    private int left;
    private int next;
    private long seed;

    private boolean hasNextFloatNormal;
    private float nextFloatNormal;
    private boolean hasNextDoubleNormal;
    private double nextDoubleNormal;

    /** A generator seeded with ATen's default seed, like {@code torch.Generator()}. */
    public CPUGenerator() {
        this(DEFAULT_RNG_SEED);
    }

    public CPUGenerator(long seed) {
        super(Device.CPU);
        setCurrentSeed(seed);
    }

    /** The default CPU generator ({@code at::detail::getDefaultCPUGenerator()}), used when none is given. */
    public static CPUGenerator getDefault() {
        return DEFAULT;
    }

    /**
     * ATen's {@code get_generator_or_default<CPUGeneratorImpl>}: {@code generator}, or the default CPU
     * generator when it is null; a generator of another device is refused.
     */
    public static CPUGenerator getOrDefault(Generator generator) {
        if (generator == null) {
            return DEFAULT;
        }
        if (!(generator instanceof CPUGenerator cpu)) {
            throw new IllegalArgumentException("Expected a 'cpu' device type for generator but found '"
                    + generator.device().type().lowerName() + "'");
        }
        return cpu;
    }

    @Override
    protected void setCurrentSeed(long newSeed) {
        hasNextFloatNormal = false;
        hasNextDoubleNormal = false;
        seed = newSeed;
        state[0] = (int) newSeed;
        for (int j = 1; j < N; j++) {
            state[j] = 1812433253 * (state[j - 1] ^ (state[j - 1] >>> 30)) + j;
        }
        left = 1;
        next = 0;
    }

    @Override
    protected long currentSeed() {
        return seed;
    }

    @Override
    public CPUGenerator clone() {
        lock().lock();
        try {
            CPUGenerator copy = new CPUGenerator(seed);
            System.arraycopy(state, 0, copy.state, 0, N);
            copy.left = left;
            copy.next = next;
            copy.hasNextFloatNormal = hasNextFloatNormal;
            copy.nextFloatNormal = nextFloatNormal;
            copy.hasNextDoubleNormal = hasNextDoubleNormal;
            copy.nextDoubleNormal = nextDoubleNormal;
            return copy;
        } finally {
            lock().unlock();
        }
    }

    /**
     * The state as the uint8 tensor of 5056 bytes PyTorch's CPU generator writes ({@code Generator.get_state};
     * the layout is {@link CPUGeneratorState}'s).
     */
    @Override
    public Tensor get_state() {
        byte[] bytes;
        lock().lock();
        try {
            bytes = new CPUGeneratorState(seed, left, true, next, state.clone(),
                    hasNextFloatNormal ? nextFloatNormal : null, hasNextDoubleNormal ? nextDoubleNormal : null)
                    .toBytes();
        } finally {
            lock().unlock();
        }
        Tensor result = Torch.empty(new long[] {bytes.length}, ScalarType.UInt8);
        System.arraycopy(bytes, 0, result.storage().bytes(), (int) result.storageOffset(), bytes.length);
        return result;
    }

    /**
     * Restores a state {@link #get_state} returned, here or in PyTorch (also ATen's older 5048-byte layout), as
     * {@code Generator.set_state}: a CPU uint8 tensor, or a TypeError's message; the wrong size or an invalid
     * Mersenne Twister state is refused and leaves the generator as it was.
     */
    @Override
    public CPUGenerator set_state(TensorImpl newState) {
        java.util.Objects.requireNonNull(newState, "new_state");
        if (newState.dtype() != ScalarType.UInt8 || newState.device().type() != DeviceType.CPU) {
            throw new IllegalArgumentException("RNG state must be a torch.ByteTensor");
        }
        long[] values = newState.toLongArray();
        byte[] bytes = new byte[values.length];
        for (int k = 0; k < values.length; k++) {
            bytes[k] = (byte) values[k];
        }
        CPUGeneratorState restored = CPUGeneratorState.fromBytes(bytes);
        if (!restored.isValid()) {
            throw new IllegalArgumentException("Invalid mt19937 state");
        }
        lock().lock();
        try {
            seed = restored.seed();
            left = restored.left();
            next = (int) restored.next();
            System.arraycopy(restored.words(), 0, state, 0, N);
            hasNextFloatNormal = restored.nextFloatNormal() != null;
            nextFloatNormal = hasNextFloatNormal ? restored.nextFloatNormal() : 0f;
            hasNextDoubleNormal = restored.nextDoubleNormal() != null;
            nextDoubleNormal = hasNextDoubleNormal ? restored.nextDoubleNormal() : 0.0;
        } finally {
            lock().unlock();
        }
        return this;
    }

    /** 32 random bits, as an int (read it unsigned: {@code Integer.toUnsignedLong}). */
    public int random() {
        if (--left == 0) {
            nextState();
        }
        int y = state[next++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        return y;
    }

    /** 64 random bits: two draws, the first in the high half ({@code detail::make64BitsFrom32Bits}). */
    public long random64() {
        long hi = random() & 0xffffffffL;
        long lo = random() & 0xffffffffL;
        return (hi << 32) | lo;
    }

    private void nextState() {
        left = N;
        next = 0;
        int[] s = state;
        int p = 0;
        for (; p < N - M; p++) {
            s[p] = s[p + M] ^ twist(s[p], s[p + 1]);
        }
        for (; p < N - 1; p++) {
            s[p] = s[p + M - N] ^ twist(s[p], s[p + 1]);
        }
        s[p] = s[p + M - N] ^ twist(s[p], s[0]);
    }

    private static int twist(int u, int v) {
        int mixed = (u & UMASK) | (v & LMASK);
        return (mixed >>> 1) ^ ((v & 1) != 0 ? MATRIX_A : 0);
    }

    // ---- the cached second sample of the scalar Box-Muller transform (normal_distribution)

    boolean hasNextDoubleNormal() {
        return hasNextDoubleNormal;
    }

    /** Takes the cached double sample. */
    double takeNextDoubleNormal() {
        hasNextDoubleNormal = false;
        return nextDoubleNormal;
    }

    void setNextDoubleNormal(double v) {
        hasNextDoubleNormal = true;
        nextDoubleNormal = v;
    }

    boolean hasNextFloatNormal() {
        return hasNextFloatNormal;
    }

    float takeNextFloatNormal() {
        hasNextFloatNormal = false;
        return nextFloatNormal;
    }

    void setNextFloatNormal(float v) {
        hasNextFloatNormal = true;
        nextFloatNormal = v;
    }

    @Override
    public String toString() {
        return "Generator(device=cpu, initial_seed=" + Long.toUnsignedString(seed) + ")";
    }
}
