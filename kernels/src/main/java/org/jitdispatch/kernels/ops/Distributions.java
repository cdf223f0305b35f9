package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.kernels.iter.DoubleLoop;
import org.jitdispatch.kernels.iter.FloatLoop;
import org.jitdispatch.kernels.iter.LongLoop;
import org.jitdispatch.kernels.iter.LoopDtype;
import org.jitdispatch.kernels.iter.BooleanLoop;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.iter.TensorIteratorConfig;
import org.jitdispatch.kernels.random.CPUGenerator;
import org.jitdispatch.kernels.random.Samplers;
import org.jitdispatch.kernels.structured.TypeMetaNames;
import org.jitdispatch.runtime.BFloat16;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.Half;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.ScalarType;

/**
 * The random fills and what builds on them (ATen's Distributions.cpp, native/DistributionTemplates.h and
 * cpu/DistributionTemplates.h): uniform_, normal_, random_ and bernoulli_ draw from a {@link CPUGenerator}
 * (the default one when none is given) under its lock, element by element in TensorIterator's order, with
 * ATen's transformations ({@link Samplers}), so a seed gives PyTorch's numbers. normal_ on a contiguous
 * tensor of 16 elements or more takes ATen's {@code normal_fill} (uniforms first, then Box-Muller on blocks
 * of 16). The Meta kernels make the same checks and draw nothing.
 */
public final class Distributions implements DistributionsDeclarations {
    private static final String OVERLAP = "unsupported operation: more than one element of the written-to tensor"
            + " refers to a single memory location. Please clone() the tensor before performing the operation.";

    // ---- uniform_

    @Override
    public Tensor uniform_(Tensor self, double from, double to, Generator generator) {
        double[] range = checkUniform(self, from, to);
        CPUGenerator g = CPUGenerator.getOrDefault(generator);
        TensorIterator iter = nullary(self);
        if (iter.numel() == 0) {
            return self;
        }
        g.lock().lock();
        try {
            if (self.dtype().isReducedFloatingPoint()) {
                ScalarType t = self.dtype();
                float lo = Samplers.round((float) range[0], t), hi = Samplers.round((float) range[1], t);
                FloatLoop c = iter.floatLoop(); // its output is rounded to the dtype as it is stored
                while (c.next()) {
                    float[] o = c.out();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = Samplers.uniformReduced(g, t, lo, hi);
                    }
                }
            } else if (self.dtype() == ScalarType.Float32) {
                float lo = (float) range[0], hi = (float) range[1];
                FloatLoop c = iter.floatLoop();
                while (c.next()) {
                    float[] o = c.out();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = Samplers.uniformFloat(g, lo, hi);
                    }
                }
            } else {
                double lo = range[0], hi = range[1];
                DoubleLoop c = iter.doubleLoop();
                while (c.next()) {
                    double[] o = c.out();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = Samplers.uniformDouble(g, lo, hi);
                    }
                }
            }
        } finally {
            g.lock().unlock();
        }
        return self;
    }

    @Override
    public Tensor uniform_meta_(Tensor self, double from, double to, Generator generator) {
        checkUniform(self, from, to);
        return self;
    }

    /** uniform_impl_'s checks; the bounds clamped to the dtype's range. */
    private static double[] checkUniform(Tensor self, double from, double to) {
        ScalarType t = self.dtype();
        checkFloating(t, "check_uniform_bounds");
        double max = ScalarConversions.maxValue(t);
        String dtype = t.pythonName();
        if (!(from >= -max && from <= max)) {
            throw new IllegalArgumentException("from is out of bounds for " + dtype);
        }
        if (!(to >= -max && to <= max)) {
            throw new IllegalArgumentException("to is out of bounds for " + dtype);
        }
        if (!(from <= to)) {
            throw new IllegalArgumentException("uniform_ expects to return a [from, to) range, but found from="
                    + RangeFactories.formatDouble(from) + " > to=" + RangeFactories.formatDouble(to));
        }
        if (!(to - from <= max)) {
            throw new IllegalArgumentException("uniform_ expects to-from <= std::numeric_limits<" + t.c10Name()
                    + ">::max(), but found to=" + RangeFactories.formatDouble(to) + " and from="
                    + RangeFactories.formatDouble(from) + " which result in to-from to exceed the limit");
        }
        return new double[] {Math.min(Math.max(from, -max), max), Math.max(Math.min(to, max), -max)};
    }

    // ---- normal_ and normal

    @Override
    public Tensor normal_(Tensor self, double mean, double std, Generator generator) {
        checkNormal(self, std);
        CPUGenerator g = CPUGenerator.getOrDefault(generator);
        long n = self.numel();
        if (n >= 16 && self.isContiguous()) {
            g.lock().lock();
            try {
                if (self.dtype().isReducedFloatingPoint()) {
                    ScalarType t = self.dtype();
                    float[] values = new float[(int) n];
                    Samplers.normalFillReduced(values, (int) n, Samplers.round((float) mean, t),
                            Samplers.round((float) std, t), t, g);
                    Storage s = self.storage();
                    for (int i = 0; i < n; i++) {
                        s.setDouble(self.storageOffset() + i, values[i]);
                    }
                } else if (self.dtype() == ScalarType.Float32) {
                    Samplers.normalFill(self.storage().floats(), (int) self.storageOffset(), (int) n, (float) mean,
                            (float) std, g);
                } else {
                    Samplers.normalFill(self.storage().doubles(), (int) self.storageOffset(), (int) n, mean, std, g);
                }
            } finally {
                g.lock().unlock();
            }
            return self;
        }
        TensorIterator iter = nullary(self);
        if (iter.numel() == 0) {
            return self;
        }
        g.lock().lock();
        try {
            if (LoopDtype.of(self.dtype()) == ScalarType.Float32) {
                FloatLoop c = iter.floatLoop();
                while (c.next()) {
                    float[] o = c.out();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = (float) Samplers.normalDouble(g, mean, std);
                    }
                }
            } else {
                DoubleLoop c = iter.doubleLoop();
                while (c.next()) {
                    double[] o = c.out();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = Samplers.normalDouble(g, mean, std);
                    }
                }
            }
        } finally {
            g.lock().unlock();
        }
        return self;
    }

    @Override
    public Tensor normal_meta_(Tensor self, double mean, double std, Generator generator) {
        checkNormal(self, std);
        return self;
    }

    private static void checkNormal(Tensor self, double std) {
        checkStd(std);
        checkFloating(self.dtype(), "normal_kernel_cpu");
    }

    private static void checkStd(double std) {
        if (!(std >= 0.0)) {
            throw new IllegalArgumentException("normal expects std >= 0.0, but found std "
                    + RangeFactories.formatDouble(std));
        }
    }

    /** CHECK_NORMAL_TENSOR_STD. */
    private static void checkStd(Tensor std) {
        if (std.numel() == 0 || std.isMeta()) {
            return;
        }
        for (double v : std.toDoubleArray()) {
            if (!(v >= 0)) {
                throw new IllegalArgumentException("normal expects all elements of std >= 0.0");
            }
        }
    }

    /** normal.Tensor_float: {@code normal_(0, std)} into a tensor like mean, then {@code add_(mean)}. */
    @Override
    public Tensor normal(Tensor mean, double std, Generator generator) {
        checkStd(std);
        Tensor out = Torch.empty_like(mean, null, null, null, null, MemoryFormat.Contiguous);
        out.normal_(0, std, generator);
        return out.add_(mean);
    }

    /** normal.float_Tensor: {@code normal_(0, 1)} into a tensor like std, then {@code mul_(std).add_(mean)}. */
    @Override
    public Tensor normal(double mean, Tensor std, Generator generator) {
        checkStd(std);
        Tensor out = Torch.empty_like(std, null, null, null, null, MemoryFormat.Contiguous);
        Tensor meanTensor = Torch.full(new long[0], Scalar.of(mean), out.dtype(), null, out.device(), null);
        out.normal_(0, 1, generator);
        return out.mul_(std).add_(meanTensor);
    }

    /** normal.Tensor_Tensor: {@code normal_(0, 1)} into the broadcast shape, then {@code mul_(std).add_(mean)}. */
    @Override
    public Tensor normal(Tensor mean, Tensor std, Generator generator) {
        checkStd(std);
        long[] shape = Broadcast.inferSize(mean.sizes(), std.sizes());
        Tensor out = Torch.empty(shape, mean.dtype(), null, mean.device(), null, MemoryFormat.Contiguous);
        out.normal_(0, 1, generator);
        return out.mul_(std).add_(mean);
    }

    /** normal.float_float: {@code empty(size, options).normal_(mean, std)}. */
    @Override
    public Tensor normal(double mean, double std, long[] size, Generator generator, ScalarType dtype, Layout layout,
            Device device, Boolean pinMemory) {
        return Torch.empty(size, dtype, layout, device, pinMemory, null).normal_(mean, std, generator);
    }

    // ---- random_

    /** random_.from: [from, to), or [from, the dtype's largest integer] when {@code to} is null. */
    @Override
    public Tensor random_(Tensor self, long from, Long to, Generator generator) {
        long[] rangeBase = checkRandomFromTo(self, from, to);
        return drawInts(self, rangeBase, generator);
    }

    /** random_.to: [0, to). */
    @Override
    public Tensor random_(Tensor self, long to, Generator generator) {
        return random_(self, 0L, Long.valueOf(to), generator);
    }

    /** random_: [0, 2^mantissa] for floating dtypes, [0, max] for integral ones. */
    @Override
    public Tensor random_(Tensor self, Generator generator) {
        ScalarType t = self.dtype();
        long range;
        switch (t) {
            case Float32: range = (1L << 24) + 1; break;
            case Float64: range = (1L << 53) + 1; break;
            case Float16: range = (1L << 11) + 1; break;
            case BFloat16: range = (1L << 8) + 1; break;
            case Int64: range = Long.MIN_VALUE; break;   // 2^63, read unsigned
            default: range = (long) ScalarConversions.maxValue(t) + 1; break;
        }
        // uniform_int_distribution: 64-bit draws for double and int64, 32 for the rest, then % range
        return drawInts(self, new long[] {range, 0, t == ScalarType.Float64 || t == ScalarType.Int64 ? 2 : 0},
                generator);
    }

    @Override
    public Tensor random_meta_(Tensor self, long from, Long to, Generator generator) {
        checkRandomFromTo(self, from, to);
        return self;
    }

    @Override
    public Tensor random_meta_(Tensor self, long to, Generator generator) {
        checkRandomFromTo(self, 0L, to);
        return self;
    }

    @Override
    public Tensor random_meta_(Tensor self, Generator generator) {
        return self;
    }

    /**
     * random_from_to_impl's checks: {range, base, mode} with mode 1 for uniform_int_from_to_distribution
     * (64-bit draws when the range reaches 2^32 and the dtype is int64 or floating) and 3 for the full 64-bit
     * range.
     */
    private static long[] checkRandomFromTo(Tensor self, long from, Long toOpt) {
        ScalarType t = self.dtype();
        boolean floating = t.isFloatingPoint();
        int digits = t == ScalarType.Float32 ? 24 : t == ScalarType.Float64 ? 53 : t == ScalarType.Float16 ? 11 : 8;
        if (toOpt != null) {
            long to = toOpt;
            if (from >= to) {
                throw new IllegalArgumentException("random_ expects 'from' to be less than 'to', but got from=" + from
                        + " >= to=" + to);
            }
            if (floating) {
                from = updateFrom(from, digits);
                to = updateTo(to, digits);
                if (from >= to) {
                    throw new IllegalArgumentException("random_ expects 'from' casted to dtype to be less than 'to'"
                            + " casted to dtype, but got from=" + from + " >= to=" + to);
                }
            }
            checkInRange(from, to - 1, t);
            return new long[] {to - from, from, 1};
        }
        if (from != Long.MIN_VALUE) {
            long toInc;
            if (floating) {
                toInc = 1L << digits;
                from = updateFrom(from, digits);
                if (from >= toInc) {
                    throw new IllegalArgumentException("random_ expects 'from' casted to dtype to be less than or equal"
                            + " to 'to_inc' casted to dtype, but got from=" + from + " > to_inc=" + toInc);
                }
            } else {
                toInc = (long) ScalarConversions.maxValue(t);
            }
            checkInRange(from, toInc, t);
            return new long[] {toInc - from + 1, from, 1};
        }
        return new long[] {0, 0, 3};
    }

    /** update_from: the smallest value of the dtype at or above from (doubles round large integers). */
    private static long updateFrom(long from, int digits) {
        long fromPlus1 = castThrough(from + 1, digits);
        if (fromPlus1 < from) {
            long fromAbs = Math.abs(from);
            int n = 0;
            while ((fromAbs >>= 1) != 0) {
                ++n;
            }
            from = fromPlus1 + (1L << (n - digits + 1));
        }
        return from;
    }

    /** {@code static_cast<int64_t>(static_cast<scalar_t>(v))} for the floating dtype of {@code digits}. */
    private static long castThrough(long v, int digits) {
        switch (digits) {
            case 53: return (long) (double) v;
            case 24: return (long) (float) v;
            case 11: return (long) Half.toFloat(Half.fromFloat(v));
            default: return (long) BFloat16.toFloat(BFloat16.fromFloat(v));
        }
    }

    /** update_to: the largest value of the dtype at or below to. */
    private static long updateTo(long to, int digits) {
        long toMinus1 = castThrough(to - 1, digits);
        if (toMinus1 >= to) {
            long toAbs = Math.abs(to);
            int n = 0;
            while ((toAbs >>= 1) != 0) {
                ++n;
            }
            to = toMinus1 - (1L << (n - digits + 1));
        }
        return to;
    }

    private static void checkInRange(long from, long toInc, ScalarType t) {
        String dtype = TypeMetaNames.of(t);
        if (t.isFloatingPoint()) {
            return;   // every int64 is within float's and double's range
        }
        long min = t == ScalarType.Int64 ? Long.MIN_VALUE : (long) ScalarConversions.lowest(t);
        long max = t == ScalarType.Int64 ? Long.MAX_VALUE : (long) ScalarConversions.maxValue(t);
        if (from < min || from > max) {
            throw new IllegalArgumentException("from is out of bounds for " + dtype);
        }
        if (toInc < min || toInc > max) {
            throw new IllegalArgumentException("to - 1 is out of bounds for " + dtype);
        }
    }

    /** Fills self with {@code base + bits % range} ({@link #checkRandomFromTo}'s triple). */
    private static Tensor drawInts(Tensor self, long[] rangeBase, Generator generator) {
        CPUGenerator g = CPUGenerator.getOrDefault(generator);
        TensorIterator iter = nullary(self);
        if (iter.numel() == 0) {
            return self;
        }
        long range = rangeBase[0], base = rangeBase[1];
        int mode = (int) rangeBase[2];
        ScalarType t = self.dtype();
        boolean wide = t == ScalarType.Int64 || t == ScalarType.Float32 || t == ScalarType.Float64;
        g.lock().lock();
        try {
            switch (LoopDtype.of(t)) {
                case Float32: {
                    FloatLoop c = iter.floatLoop();
                    while (c.next()) {
                        float[] o = c.out();
                        for (int i = c.start(), e = c.end(); i < e; i++) {
                            o[i] = (float) drawInt(g, range, base, mode, wide);
                        }
                    }
                    break;
                }
                case Float64: {
                    DoubleLoop c = iter.doubleLoop();
                    while (c.next()) {
                        double[] o = c.out();
                        for (int i = c.start(), e = c.end(); i < e; i++) {
                            o[i] = (double) drawInt(g, range, base, mode, wide);
                        }
                    }
                    break;
                }
                case Int64: {
                    LongLoop c = iter.longLoop(); // narrower integers wrap as they are stored
                    while (c.next()) {
                        long[] o = c.out();
                        for (int i = c.start(), e = c.end(); i < e; i++) {
                            long v = drawInt(g, range, base, mode, wide);
                            o[i] = t == ScalarType.Int32 ? (int) v : v;
                        }
                    }
                    break;
                }
                default: {
                    BooleanLoop c = iter.booleanLoop();
                    while (c.next()) {
                        boolean[] o = c.outBool();
                        for (int i = c.start(), e = c.end(); i < e; i++) {
                            o[i] = drawInt(g, range, base, mode, wide) != 0;
                        }
                    }
                    break;
                }
            }
        } finally {
            g.lock().unlock();
        }
        return self;
    }

    /** mode 0: uniform_int_distribution (32 bits), 2: the same from 64 bits, 1: from-to, 3: the full int64 range. */
    private static long drawInt(CPUGenerator g, long range, long base, int mode, boolean wide) {
        switch (mode) {
            case 0: return Long.remainderUnsigned(g.random() & 0xffffffffL, range);
            case 2: return Long.remainderUnsigned(g.random64(), range);
            case 1: return Samplers.uniformIntFromTo(g, range, base, wide);
            default: return g.random64();
        }
    }

    // ---- bernoulli

    /** bernoulli_.float: 1 where a double uniform falls below p. */
    @Override
    public Tensor bernoulli_(Tensor self, double p, Generator generator) {
        checkP(p);
        if (self.dtype() == ScalarType.Float16) {
            throw Elementwise.notImplemented("bernoulli_scalar_cpu_", self.dtype()); // PyTorch 1.13 has no such kernel
        }
        CPUGenerator g = CPUGenerator.getOrDefault(generator);
        checkNoInternalOverlap(self);
        TensorIterator iter = nullary(self);
        if (iter.numel() == 0) {
            return self;
        }
        g.lock().lock();
        try {
            switch (LoopDtype.of(self.dtype())) {
                case Float32: {
                    FloatLoop c = iter.floatLoop();
                    while (c.next()) {
                        float[] o = c.out();
                        for (int i = c.start(), e = c.end(); i < e; i++) {
                            o[i] = Samplers.bernoulliDouble(g, p) ? 1f : 0f;
                        }
                    }
                    break;
                }
                case Float64: {
                    DoubleLoop c = iter.doubleLoop();
                    while (c.next()) {
                        double[] o = c.out();
                        for (int i = c.start(), e = c.end(); i < e; i++) {
                            o[i] = Samplers.bernoulliDouble(g, p) ? 1.0 : 0.0;
                        }
                    }
                    break;
                }
                case Int64: {
                    LongLoop c = iter.longLoop();
                    while (c.next()) {
                        long[] o = c.out();
                        for (int i = c.start(), e = c.end(); i < e; i++) {
                            o[i] = Samplers.bernoulliDouble(g, p) ? 1 : 0;
                        }
                    }
                    break;
                }
                default: {
                    BooleanLoop c = iter.booleanLoop();
                    while (c.next()) {
                        boolean[] o = c.outBool();
                        for (int i = c.start(), e = c.end(); i < e; i++) {
                            o[i] = Samplers.bernoulliDouble(g, p);
                        }
                    }
                    break;
                }
            }
        } finally {
            g.lock().unlock();
        }
        return self;
    }

    /**
     * bernoulli_.Tensor: p broadcast to self's shape; a double p draws double uniforms, a float p float ones
     * ({@code bernoulli_distribution<double>} or {@code <float>}).
     */
    @Override
    public Tensor bernoulli_(Tensor self, Tensor p, Generator generator) {
        CPUGenerator g = CPUGenerator.getOrDefault(generator);
        checkNoInternalOverlap(self);
        Tensor expanded = checkTensorP(self, p);
        TensorIterator iter = TensorIterator.inplace(Tensor.FACTORY, self);
        iter.build(new TensorIteratorConfig().addOutput(self).addInput(expanded).checkAllSameDtype(false)
                .resizeOutputs(false));
        iter.commit();
        if (iter.numel() == 0) {
            return self;
        }
        boolean doubleP = p.dtype() == ScalarType.Float64;
        g.lock().lock();
        try {
            if (self.dtype() == ScalarType.Bool) {
                DoubleLoop c = iter.doubleToBooleanLoop();
                while (c.next()) {
                    boolean[] o = c.outBool();
                    double[] in = c.in0();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = doubleP ? Samplers.bernoulliDouble(g, in[i]) : Samplers.bernoulliFloat(g, (float) in[i]);
                    }
                }
            } else {
                DoubleLoop c = iter.doubleLoop();
                while (c.next()) {
                    double[] o = c.out();
                    double[] in = c.in0();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        boolean b = doubleP ? Samplers.bernoulliDouble(g, in[i]) : Samplers.bernoulliFloat(g, (float) in[i]);
                        o[i] = b ? 1.0 : 0.0;
                    }
                }
            }
        } finally {
            g.lock().unlock();
        }
        return self;
    }

    @Override
    public Tensor bernoulli_meta_(Tensor self, double p, Generator generator) {
        checkP(p);
        checkNoInternalOverlap(self);
        return self;
    }

    /** A meta p with a CPU self is refused rather than computed: the kernel would read p's missing data. */
    @Override
    public Tensor bernoulli_meta_(Tensor self, Tensor p, Generator generator) {
        if (!self.isMeta() || !p.isMeta()) {
            throw new IllegalArgumentException("Expected all tensors to be on the same device, but found at least two"
                    + " devices, meta and cpu!");
        }
        checkNoInternalOverlap(self);
        checkTensorP(self, p);
        return self;
    }

    /** bernoulli(self): {@code empty_like(self).bernoulli_(self)}, self holding the probabilities. */
    @Override
    public Tensor bernoulli(Tensor self, Generator generator) {
        return Torch.empty_like(self, null, null, null, null, MemoryFormat.Preserve).bernoulli_(self, generator);
    }

    /** bernoulli.p: {@code empty_like(self).bernoulli_(p)}. */
    @Override
    public Tensor bernoulli(Tensor self, double p, Generator generator) {
        return Torch.empty_like(self, null, null, null, null, MemoryFormat.Preserve).bernoulli_(p, generator);
    }

    private static void checkP(double p) {
        if (!(0 <= p && p <= 1)) {
            throw new IllegalArgumentException("bernoulli_ expects p to be in [0, 1], but got p="
                    + RangeFactories.formatDouble(p));
        }
    }

    /** expand_inplace(self, p) (its error when p does not expand to self), then p's dtype. */
    private static Tensor checkTensorP(Tensor self, Tensor p) {
        Tensor expanded = p.expand(self.sizes());
        if (!p.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("\"bernoulli_tensor_cpu_p_\" not implemented for '" + p.dtype().c10Name()
                    + "'");
        }
        return expanded;
    }

    /** at::assert_no_internal_overlap: a tensor without elements is dense whatever its strides. */
    private static void checkNoInternalOverlap(Tensor self) {
        if (self.numel() == 0) {
            return;
        }
        long[] sizes = self.sizes(), strides = self.strides();
        for (int i = 0; i < sizes.length; i++) {
            if (strides[i] == 0 && sizes[i] > 1) {
                throw new IllegalArgumentException(OVERLAP);
            }
        }
    }

    private static void checkFloating(ScalarType t, String kernel) {
        if (!t.isFloatingPoint()) {
            throw new IllegalArgumentException("\"" + kernel + "\" not implemented for '" + t.c10Name() + "'");
        }
    }

    private static TensorIterator nullary(Tensor self) {
        TensorIterator iter = TensorIterator.inplace(Tensor.FACTORY, self);
        iter.buildNullaryOp(self);
        iter.commit();
        return iter;
    }
}
