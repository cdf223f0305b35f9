package org.jitdispatch.kernels.random;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The CPU generator's state in the byte layout of ATen's {@code CPUGeneratorImplState}
 * ({@code aten/src/ATen/CPUGeneratorImpl.cpp}), the bytes {@code torch.get_rng_state()} returns, so a state
 * saved by PyTorch restores here and the reverse. Little-endian, with the C struct's padding (zeros):
 *
 * <pre>
 *    0  uint64  the seed                      5016  double  normal_x (0 when written)
 *    8  int32   left                          5024  double  normal_y: the cached double normal sample
 *   12  int32   seeded                        5032  double  normal_rho (0 when written)
 *   16  uint64  next                          5040  int32   whether normal_y holds a sample
 *   24  uint64  state[624], each a 32-bit word 5048  float   the cached float normal sample
 *                                             5052  bool    whether it holds one
 * </pre>
 *
 * The first {@value #LEGACY_SIZE} bytes are ATen's older {@code CPUGeneratorImplStateLegacy}, which ATen still
 * reads: it has no float sample, and keeps its cached double sample as {@code normal_rho * sin(2 pi normal_x)}.
 */
record CPUGeneratorState(long seed, int left, boolean seeded, long next, int[] words, Float nextFloatNormal,
        Double nextDoubleNormal) {
    /** Bytes of ATen's {@code CPUGeneratorImplState}, what {@code get_state} writes. */
    static final int SIZE = 5056;
    /** Bytes of ATen's {@code CPUGeneratorImplStateLegacy}, which {@code set_state} also reads. */
    static final int LEGACY_SIZE = 5048;
    /** Words of the Mersenne Twister's state. */
    static final int WORDS = 624;

    private static final int STATE_AT = 24;
    private static final int NORMAL_AT = STATE_AT + 8 * WORDS;
    private static final int FLOAT_NORMAL_AT = LEGACY_SIZE;

    /** The {@link #SIZE} bytes of this state, as ATen's {@code CPUGeneratorImpl::get_state} writes them. */
    byte[] toBytes() {
        ByteBuffer b = ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(0, seed).putInt(8, left).putInt(12, seeded ? 1 : 0).putLong(16, next);
        for (int k = 0; k < WORDS; k++) {
            b.putLong(STATE_AT + 8 * k, Integer.toUnsignedLong(words[k]));
        }
        if (nextDoubleNormal != null) {
            b.putDouble(NORMAL_AT + 8, nextDoubleNormal).putInt(NORMAL_AT + 24, 1);
        }
        if (nextFloatNormal != null) {
            b.putFloat(FLOAT_NORMAL_AT, nextFloatNormal).put(FLOAT_NORMAL_AT + 4, (byte) 1);
        }
        return b.array();
    }

    /**
     * The state {@code bytes} hold, either layout, read as ATen's {@code CPUGeneratorImpl::set_state} reads them;
     * a size that is neither is refused with ATen's message.
     */
    static CPUGeneratorState fromBytes(byte[] bytes) {
        if (bytes.length != SIZE && bytes.length != LEGACY_SIZE) {
            throw new IllegalArgumentException("Expected either a CPUGeneratorImplStateLegacy of size " + LEGACY_SIZE
                    + " or a CPUGeneratorImplState of size " + SIZE
                    + " but found the input RNG state size to be " + bytes.length);
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int[] words = new int[WORDS];
        for (int k = 0; k < WORDS; k++) {
            words[k] = (int) b.getLong(STATE_AT + 8 * k); // ATen copies each uint64 into a uint32
        }
        boolean doubleValid = b.getInt(NORMAL_AT + 24) != 0;
        Double nextDouble = null;
        Float nextFloat = null;
        if (bytes.length == SIZE) {
            if (doubleValid) {
                nextDouble = b.getDouble(NORMAL_AT + 8);
            }
            if (b.get(FLOAT_NORMAL_AT + 4) != 0) {
                nextFloat = b.getFloat(FLOAT_NORMAL_AT);
            }
        } else if (doubleValid) {
            // the legacy layout kept the Box-Muller intermediates; the sine half is the sample it cached
            double rho = b.getDouble(NORMAL_AT + 16);
            double theta = 2.0 * Math.PI * b.getDouble(NORMAL_AT);
            nextDouble = rho * Math.sin(theta);
        }
        return new CPUGeneratorState(b.getLong(0), b.getInt(8), b.getInt(12) != 0,
                Integer.toUnsignedLong((int) b.getLong(16)), words, nextFloat, nextDouble);
    }

    /** {@code at::mt19937::is_valid}: seeded, {@code left} in [1, 624] and {@code next} at most 624. */
    boolean isValid() {
        return seeded && left > 0 && left <= WORDS && next <= WORDS;
    }
}
