package org.jitdispatch.runtime;

import java.util.concurrent.locks.ReentrantLock;

/**
 * A source of random numbers for the random operators: c10's {@code GeneratorImpl}, the type of the schema
 * type {@code Generator} ({@code Generator? generator=None} arguments take one, or null for the device's
 * default generator). A device's generator is its subclass (ATen's {@code CPUGeneratorImpl} is
 * {@code org.jitdispatch.kernels.random.CPUGenerator}).
 *
 * <p>Kernels hold {@link #lock()} while they draw, as ATen's kernels hold the generator's {@code mutex_},
 * so that one operator's numbers come from one uninterrupted stretch of the generator's sequence even when
 * several threads share the generator.
 */
public abstract class Generator {
    /** ATen's {@code default_rng_seed_val}: the seed of a generator that no one has seeded. */
    public static final long DEFAULT_RNG_SEED = 67280421310721L;

    private final ReentrantLock lock = new ReentrantLock();
    private final Device device;

    protected Generator(Device device) {
        this.device = java.util.Objects.requireNonNull(device, "device");
    }

    /** The device whose tensors this generator fills. */
    public final Device device() {
        return device;
    }

    /** The lock a kernel holds while it draws numbers (c10's {@code GeneratorImpl::mutex_}). */
    public final ReentrantLock lock() {
        return lock;
    }

    /** Reseeds the generator, as {@code torch.Generator.manual_seed}; returns this generator. */
    public final Generator manual_seed(long seed) {
        lock.lock();
        try {
            setCurrentSeed(seed);
        } finally {
            lock.unlock();
        }
        return this;
    }

    /** The seed the generator was last seeded with ({@code initial_seed}). */
    public final long initial_seed() {
        lock.lock();
        try {
            return currentSeed();
        } finally {
            lock.unlock();
        }
    }

    /** Seeds the generator from a non-deterministic source and returns that seed ({@code Generator.seed()}). */
    public final long seed() {
        long s = java.util.concurrent.ThreadLocalRandom.current().nextLong();
        manual_seed(s);
        return s;
    }

    /** Sets the seed, with the lock held. */
    protected abstract void setCurrentSeed(long seed);

    /** The current seed, with the lock held. */
    protected abstract long currentSeed();

    /**
     * The generator's whole state as a new uint8 tensor ({@code torch.Generator.get_state}): the CPU generator's
     * bytes are those PyTorch's CPU generator writes, so a state moves between the two.
     */
    public abstract TensorImpl get_state();

    /**
     * Puts the generator in the state {@code newState} holds, one {@link #get_state} returned here or in
     * PyTorch ({@code torch.Generator.set_state}); returns this generator. A state of the wrong type, size or
     * content is refused before anything changes.
     */
    public abstract Generator set_state(TensorImpl newState);

    /** An independent generator in the same state (c10's {@code GeneratorImpl::clone}). */
    public abstract Generator clone();

    @Override
    public String toString() {
        return "Generator(device=" + device + ")";
    }
}
