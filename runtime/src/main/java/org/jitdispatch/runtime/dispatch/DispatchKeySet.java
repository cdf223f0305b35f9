package org.jitdispatch.runtime.dispatch;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A set of runtime dispatch keys as a 64-bit mask, bit i standing for the key with ordinal i. The
 * highest set bit is the key a call dispatches to. Immutable; the hot path works on the raw bits
 * ({@link #raw()}), and the static {@code highestKey(long)} helpers serve it without allocation.
 */
public final class DispatchKeySet implements Iterable<DispatchKey> {
    /** Every runtime key's bit: computed once, as DispatchKey.values() copies its array on every call. */
    private static final long FULL_BITS = fullBits();
    public static final DispatchKeySet EMPTY = new DispatchKeySet(0L);
    public static final DispatchKeySet BACKEND_KEYS = ofKind(DispatchKey.Kind.BACKEND);
    public static final DispatchKeySet AUTOGRAD_KEYS = ofKind(DispatchKey.Kind.AUTOGRAD);
    /** Every runtime key. */
    public static final DispatchKeySet FULL = fullSet();
    /**
     * Keys strictly below autograd, what an Autograd kernel passes when it calls below itself
     * (c10's after_autograd_keyset).
     */
    public static final DispatchKeySet AFTER_AUTOGRAD = new DispatchKeySet((1L << DispatchKey.AutogradCPU.ordinal()) - 1)
            .intersect(FULL);
    /** Keys strictly below ADInplaceOrView (c10's after_ADInplaceOrView_keyset). */
    public static final DispatchKeySet AFTER_AD_INPLACE_OR_VIEW =
            new DispatchKeySet((1L << DispatchKey.ADInplaceOrView.ordinal()) - 1).intersect(FULL);

    private final long repr;

    private DispatchKeySet(long repr) {
        this.repr = repr;
    }

    public static DispatchKeySet fromRaw(long repr) {
        if ((repr & ~FULL_BITS) != 0) {
            throw new IllegalArgumentException("Not a dispatch key set: 0x" + Long.toHexString(repr));
        }
        return repr == 0 ? EMPTY : new DispatchKeySet(repr);
    }

    public static DispatchKeySet of(DispatchKey... keys) {
        long bits = 0;
        for (DispatchKey k : keys) {
            if (!k.isRuntime()) {
                throw new IllegalArgumentException(k + " is not a runtime key and cannot be in a DispatchKeySet");
            }
            bits |= k.bit();
        }
        return new DispatchKeySet(bits);
    }

    public long raw() {
        return repr;
    }

    public boolean has(DispatchKey k) {
        return (repr & k.bit()) != 0 && k.isRuntime();
    }

    public boolean isEmpty() {
        return repr == 0;
    }

    public DispatchKeySet add(DispatchKey k) {
        return of(k).union(this);
    }

    public DispatchKeySet remove(DispatchKey k) {
        return new DispatchKeySet(repr & ~k.bit());
    }

    public DispatchKeySet union(DispatchKeySet o) {
        return new DispatchKeySet(repr | o.repr);
    }

    public DispatchKeySet intersect(DispatchKeySet o) {
        return new DispatchKeySet(repr & o.repr);
    }

    public DispatchKeySet minus(DispatchKeySet o) {
        return new DispatchKeySet(repr & ~o.repr);
    }

    /** The key a call with this set dispatches to; Undefined for the empty set. */
    public DispatchKey highestPriorityKey() {
        return highestKey(repr);
    }

    /** The highest-priority key of raw bits, Undefined for 0. */
    public static DispatchKey highestKey(long bits) {
        return DispatchKey.fromOrdinal(highestKeyIndex(bits));
    }

    /** Ordinal of the highest set bit, 0 (Undefined) when no bit is set. */
    public static int highestKeyIndex(long bits) {
        return bits == 0 ? 0 : 63 - Long.numberOfLeadingZeros(bits);
    }

    @Override
    public Iterator<DispatchKey> iterator() {
        return new Iterator<>() {
            private long remaining = repr;

            @Override
            public boolean hasNext() {
                return remaining != 0;
            }

            @Override
            public DispatchKey next() {
                if (remaining == 0) {
                    throw new NoSuchElementException();
                }
                int i = Long.numberOfTrailingZeros(remaining);
                remaining &= remaining - 1;
                return DispatchKey.fromOrdinal(i);
            }
        };
    }

    public List<DispatchKey> toList() {
        List<DispatchKey> out = new ArrayList<>();
        forEach(out::add);
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DispatchKeySet s && s.repr == repr;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(repr);
    }

    /** Lowest priority first, like c10: {@code DispatchKeySet(CPU, AutogradCPU)}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("DispatchKeySet(");
        String sep = "";
        for (DispatchKey k : this) {
            sb.append(sep).append(k);
            sep = ", ";
        }
        return sb.append(')').toString();
    }

    private static DispatchKeySet ofKind(DispatchKey.Kind kind) {
        long bits = 0;
        for (DispatchKey k : DispatchKey.values()) {
            if (k.kindForSets() == kind) {
                bits |= k.bit();
            }
        }
        return new DispatchKeySet(bits);
    }

    private static long fullBits() {
        long bits = 0;
        for (DispatchKey k : DispatchKey.values()) {
            bits |= k.bit();
        }
        return bits;
    }

    private static DispatchKeySet fullSet() {
        return new DispatchKeySet(fullBits());
    }
}
