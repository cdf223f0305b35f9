package org.jitdispatch.bench.warmup;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * A mixed small-op workload as a user's model code would run it: one round calls 33 operators (113 calls)
 * on float32, float64 and int64 tensors of 1 to 64 elements, on contiguous, transposed (strided) and
 * broadcast operands, through the generated API. Each dtype runs the same code, so every call site, spun dispatch
 * class and kernel sees all three dtypes and several layouts: the type profiles HotSpot compiles from are as
 * polluted as in real use. An operator is used with a dtype only where ATen supports it (no mean of int64).
 *
 * <p>Every result goes to a {@link Sink}, so nothing can be dropped as dead code.
 */
final class MixedWorkload {
    /** The dtypes of a round, in the order they run. */
    static final List<ScalarType> DTYPES = List.of(ScalarType.Float32, ScalarType.Float64, ScalarType.Int64);

    /** Keeps results reachable (a ring of the last results, like JMH's Blackhole) and counts them. */
    static final class Sink {
        private final Object[] ring = new Object[1024];
        private int next;
        long ops;

        void keep(Tensor t) {
            ring[next++ & (ring.length - 1)] = t;
            ops++;
        }

        /** Something of every kept result that the JVM cannot know in advance: printed at the end. */
        long checksum() {
            long h = 0;
            for (Object o : ring) {
                if (o instanceof Tensor t) {
                    h = h * 31 + t.numel() + t.dtype().ordinal();
                }
            }
            return h;
        }
    }

    /** One dtype's operands. */
    static final class Operands {
        final ScalarType dtype;
        final boolean floating;
        final Tensor m;        // 8 x 8, contiguous
        final Tensor mT;       // its transpose: strides (1, 8)
        final Tensor row;      // 1 x 8, broadcast over rows
        final Tensor col;      // 8 x 1, broadcast over columns; no zeros (a divisor)
        final Tensor zeroDim;  // 0-dim
        final Tensor one;      // 0-dim holding 1 (mul_ keeps acc's values)
        final Tensor v;        // 64 elements
        final Tensor w;        // 64 elements
        final Tensor five;     // 5 elements
        final Tensor single;   // 1 element
        final Tensor t3;       // 2 x 4 x 8
        final Tensor acc;      // 8 x 8, written in place
        final long[] shape = {4, 16};

        Operands(ScalarType dtype) {
            this.dtype = dtype;
            this.floating = dtype.isFloatingPoint();
            m = make(dtype, 64, 1, 8, 8);
            mT = m.transpose(0, 1);
            row = make(dtype, 8, 2, 1, 8);
            col = make(dtype, 8, 3, 8, 1);
            zeroDim = make(dtype, 1, 2).view();
            one = Torch.scalarTensor(Scalar.of(1), dtype);
            v = make(dtype, 64, 4, 64);
            w = make(dtype, 64, 5, 64);
            five = make(dtype, 5, 6, 5);
            single = make(dtype, 1, 7, 1);
            t3 = make(dtype, 64, 8, 2, 4, 8);
            acc = make(dtype, 64, 9, 8, 8);
        }

        /** {@code n} small non-zero values (1 to 7, offset by {@code seed}) of {@code dtype} with {@code sizes}. */
        private static Tensor make(ScalarType dtype, int n, int seed, long... sizes) {
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = 1 + (i * 5L + seed) % 7;
            }
            return switch (dtype) {
                case Float32 -> {
                    float[] f = new float[n];
                    for (int i = 0; i < n; i++) {
                        f[i] = values[i] * 0.5f;
                    }
                    yield Torch.tensor(f, sizes);
                }
                case Float64 -> {
                    double[] d = new double[n];
                    for (int i = 0; i < n; i++) {
                        d[i] = values[i] * 0.25;
                    }
                    yield Torch.tensor(d, sizes);
                }
                case Int64 -> Torch.tensor(values, sizes);
                default -> throw new IllegalArgumentException("no operands of " + dtype);
            };
        }
    }

    private final List<Operands> operands = new ArrayList<>();

    MixedWorkload() {
        for (ScalarType dtype : DTYPES) {
            operands.add(new Operands(dtype));
        }
    }

    /** One round: every operator on every dtype it supports. */
    void round(Sink sink) {
        for (int i = 0; i < operands.size(); i++) {
            Operands o = operands.get(i);
            elementwise(o, sink);
            reductions(o, sink);
            shapes(o, sink);
            others(o, sink);
        }
    }

    /** The operators a round calls (aten names), each once per dtype that supports it. */
    static Set<String> operatorNames() {
        Set<String> names = new LinkedHashSet<>(List.of("add.Tensor", "sub.Tensor", "mul.Tensor", "div.Tensor",
                "add_.Tensor", "sub_.Tensor", "mul_.Tensor", "relu", "neg", "abs", "lt.Tensor", "eq.Tensor",
                "where.self", "sum", "mean", "sum.dim_IntList", "amax", "view", "reshape", "transpose.int", "permute",
                "expand", "select.int", "slice.Tensor", "narrow", "unsqueeze", "squeeze.dim", "cat", "mm", "clone",
                "contiguous", "empty.memory_format", "zeros"));
        return names;
    }

    private static void elementwise(Operands o, Sink sink) {
        sink.keep(Torch.add(o.m, o.mT));                 // contiguous + transposed
        sink.keep(Torch.add(o.m, o.row));                // broadcast over rows
        sink.keep(Torch.add(o.single, o.v));             // a 1-element operand
        sink.keep(Torch.sub(o.v, o.w));
        sink.keep(Torch.sub(o.five, o.five));
        sink.keep(Torch.mul(o.m, o.zeroDim));            // 0-dim operand
        sink.keep(Torch.mul(o.mT, o.col));               // strided times broadcast
        sink.keep(Torch.div(o.m, o.col));                // int64 / int64 is a float32 result, as in ATen
        sink.keep(o.acc.add_(o.zeroDim));
        sink.keep(o.acc.sub_(o.zeroDim));                // acc keeps its values round after round
        sink.keep(o.acc.mul_(o.one));
        sink.keep(Torch.relu(o.mT));
        sink.keep(Torch.neg(o.five));
        sink.keep(Torch.abs(o.single));
        Tensor less = Torch.lt(o.m, o.mT);
        sink.keep(less);
        sink.keep(Torch.eq(o.v, o.w));
        sink.keep(Torch.where(less, o.m, o.mT));
    }

    private static void reductions(Operands o, Sink sink) {
        sink.keep(Torch.sum(o.m));
        sink.keep(Torch.sum(o.five));
        if (o.floating) {
            sink.keep(Torch.mean(o.mT));                 // mean is for floating dtypes only
        }
        sink.keep(Torch.sum(o.m, 1));
        sink.keep(Torch.amax(o.mT, 0));
    }

    private static void shapes(Operands o, Sink sink) {
        sink.keep(o.m.view(o.shape));
        sink.keep(o.mT.reshape(64));                     // a copy: the transpose is not viewable as 64
        sink.keep(o.m.transpose(0, 1));
        sink.keep(o.t3.permute(2, 0, 1));
        sink.keep(o.col.expand(8, 8));
        sink.keep(o.m.select(0, 3));
        sink.keep(o.m.slice(1, 2L, 6L));
        sink.keep(o.mT.narrow(0, 1, 4));
        Tensor u = o.v.unsqueeze(0);
        sink.keep(u);
        sink.keep(u.squeeze(0));
    }

    private static void others(Operands o, Sink sink) {
        sink.keep(Torch.cat(new Tensor[] {o.v, o.five, o.single}));
        sink.keep(Torch.mm(o.m, o.mT));
        sink.keep(o.mT.clone());
        sink.keep(o.mT.contiguous());
        sink.keep(Torch.empty(o.shape, o.dtype));
        sink.keep(Torch.zeros(o.shape, o.dtype));
    }
}
