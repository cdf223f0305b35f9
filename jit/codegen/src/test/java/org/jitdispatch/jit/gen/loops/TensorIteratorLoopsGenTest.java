package org.jitdispatch.jit.gen.loops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.CodeBlock;
import java.util.List;
import java.util.stream.Collectors;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * What the generators of TensorIterator's typed loops write, as text: the conversion table of
 * {@link ElementType#convert} (C++ static_cast semantics), the Float32 gather from Int64 storage, the whole
 * {@code FloatLoop} class and {@code forEachFloat(FloatOps.Binary)}. The other types' code differs only in the
 * types and conversions (see the generated sources under {@code kernels/target/generated-sources}); the kernels'
 * tests check that all of it computes what PyTorch does.
 */
class TensorIteratorLoopsGenTest {
    private static final List<ScalarType> WIDE = List.of(ScalarType.Bool, ScalarType.Int32,
            ScalarType.Int64, ScalarType.Float32, ScalarType.Float64);
    private static final List<ScalarType> NARROW = List.of(ScalarType.UInt8, ScalarType.Int8,
            ScalarType.Int16, ScalarType.Float16, ScalarType.BFloat16);

    /** Every storage dtype read as each loop type ({@code <-}) and each loop type written to it ({@code ->}). */
    @Test
    void conversionsAreStaticCasts() {
        StringBuilder table = new StringBuilder();
        for (ElementType t : ElementType.LOOPS) {
            table.append(String.format("%-7s <- ", t.lower())).append(WIDE.stream()
                    .map(s -> s + ": " + ElementType.convert(s, t.dtype(), CodeBlock.of("a")))
                    .collect(Collectors.joining(" | "))).append('\n');
            table.append(String.format("%-7s -> ", t.lower())).append(WIDE.stream()
                    .map(s -> s + ": " + ElementType.convert(t.dtype(), s, CodeBlock.of("x")))
                    .collect(Collectors.joining(" | "))).append('\n');
        }
        assertEquals("""
                float   <- Bool: a ? 1f : 0f | Int32: (float) a | Int64: (float) a | Float32: a | Float64: (float) a
                float   -> Bool: x != 0 | Int32: (int) (long) x | Int64: (long) x | Float32: x | Float64: (double) x
                double  <- Bool: a ? 1.0 : 0.0 | Int32: (double) a | Int64: (double) a | Float32: (double) a | Float64: a
                double  -> Bool: x != 0 | Int32: (int) (long) x | Int64: (long) x | Float32: (float) x | Float64: x
                long    <- Bool: a ? 1L : 0L | Int32: (long) a | Int64: a | Float32: (long) a | Float64: (long) a
                long    -> Bool: x != 0 | Int32: (int) x | Int64: x | Float32: (float) x | Float64: (double) x
                boolean <- Bool: a | Int32: a != 0 | Int64: a != 0 | Float32: a != 0 | Float64: a != 0
                boolean -> Bool: x | Int32: x ? 1 : 0 | Int64: x ? 1L : 0L | Float32: x ? 1f : 0f | Float64: x ? 1.0 : 0.0
                """, table.toString());
    }

    /**
     * The narrow dtypes: uint8 reads unsigned, float16 and bfloat16 read and write through c10's conversions
     * (a double through float32), floating values truncate through long into every integer width.
     */
    @Test
    void narrowStorageConvertsAsC10Does() {
        StringBuilder table = new StringBuilder();
        for (ElementType t : ElementType.LOOPS) {
            table.append(String.format("%-7s <- ", t.lower())).append(NARROW.stream()
                    .map(s -> s + ": " + ElementType.convert(s, t.dtype(), CodeBlock.of("a")))
                    .collect(Collectors.joining(" | "))).append('\n');
            table.append(String.format("%-7s -> ", t.lower())).append(NARROW.stream()
                    .map(s -> s + ": " + ElementType.convert(t.dtype(), s, CodeBlock.of("x")))
                    .collect(Collectors.joining(" | "))).append('\n');
        }
        assertEquals("""
                float   <- UInt8: (float) (a & 0xFF) | Int8: (float) a | Int16: (float) a | Float16: $H.toFloat(a) | BFloat16: $B.toFloat(a)
                float   -> UInt8: (byte) (long) x | Int8: (byte) (long) x | Int16: (short) (long) x | Float16: $H.fromFloat(x) | BFloat16: $B.fromFloat(x)
                double  <- UInt8: (double) (a & 0xFF) | Int8: (double) a | Int16: (double) a | Float16: (double) $H.toFloat(a) | BFloat16: (double) $B.toFloat(a)
                double  -> UInt8: (byte) (long) x | Int8: (byte) (long) x | Int16: (short) (long) x | Float16: $H.fromDouble(x) | BFloat16: $B.fromDouble(x)
                long    <- UInt8: (long) (a & 0xFF) | Int8: (long) a | Int16: (long) a | Float16: (long) $H.toFloat(a) | BFloat16: (long) $B.toFloat(a)
                long    -> UInt8: (byte) x | Int8: (byte) x | Int16: (short) x | Float16: $H.fromFloat((float) x) | BFloat16: $B.fromFloat((float) x)
                boolean <- UInt8: (a & 0xFF) != 0 | Int8: a != 0 | Int16: a != 0 | Float16: $H.toFloat(a) != 0 | BFloat16: $B.toFloat(a) != 0
                boolean -> UInt8: x ? (byte) 1 : (byte) 0 | Int8: x ? (byte) 1 : (byte) 0 | Int16: x ? (short) 1 : (short) 0 | Float16: x ? (short) 0x3C00 : (short) 0 | BFloat16: x ? (short) 0x3F80 : (short) 0
                """.replace("$H", "org.jitdispatch.runtime.Half").replace("$B", "org.jitdispatch.runtime.BFloat16"),
                table.toString());
    }

    /** A broadcast run (stride 0) is converted once and filled; any other run element by element. */
    @Test
    void floatGatherFromInt64() {
        String runs = StridedRunsGen.generate().toString();
        String gather = runs.substring(runs.indexOf("static void gatherFloat("));
        assertEquals("""
                case Int64: {
                    long[] a = (long[]) src;
                    if (s == 0) {
                        Arrays.fill(dst, 0, n, (float) a[p]);
                        break;
                    }
                    for (int i = 0; i < n; i++, p += s) {
                        dst[i] = (float) a[p];
                    }
                    break;
                }
                """, block(gather, "case Int64: {"));
    }

    /** A run of the loop's own dtype with stride 1 is one System.arraycopy, in both directions. */
    @Test
    void sameDtypeRunsAreArrayCopies() {
        String runs = StridedRunsGen.generate().toString();
        ScalarType last = ElementType.STORAGE.get(ElementType.STORAGE.size() - 1);
        for (ElementType t : ElementType.LOOPS) {
            String own = t.dtype() == last ? "default: {" : "case " + t.dtype() + ": {";
            String gather = block(runs.substring(runs.indexOf("static void gather" + t.name() + "(")), own);
            String scatter = block(runs.substring(runs.indexOf("static void scatter" + t.name() + "(")), own);
            assertTrue(gather.startsWith(own + "\n    if (s == 1) {\n        System.arraycopy(src, p, dst, 0, n);"), gather);
            assertTrue(scatter.startsWith(own + "\n    if (s == 1) {\n        System.arraycopy(src, 0, dst, p, n);"), scatter);
        }
    }

    @Test
    void floatLoop() {
        assertEquals("""
                package org.jitdispatch.kernels.iter;

                import org.jitdispatch.runtime.ScalarType;

                /**
                 * A loop that computes in float, written by the kernel itself so that its body is compiled with the
                 * kernel (no shared call site, nothing for HotSpot to get megamorphic about):
                 *
                 * <pre>{@code
                 * FloatLoop c = iter.floatLoop();
                 * while (c.next()) {
                 *     float[] o = c.out(), a = c.in0(), b = c.in1();
                 *     for (int i = c.start(), e = c.end(); i < e; i++) {
                 *         o[i] = a[i] + b[i];
                 *     }
                 * }
                 * }</pre>
                 *
                 * Inputs of any dtype are read as float and the result is converted to the output's dtype. For the
                 * {@code ...ToBooleanLoop} variants the kernel writes booleans into {@link #outBool()} instead.
                 */
                public final class FloatLoop extends LoopCursor {
                    private float[] out;

                    private float[] in0;

                    private float[] in1;

                    private float[] in2;

                    private final float[][] buffers;

                    FloatLoop(TensorIteratorBase it, boolean boolOutput) {
                        this(it, boolOutput, 0, it.numel());
                    }

                    FloatLoop(TensorIteratorBase it, boolean boolOutput, long begin, long end) {
                        super(it, ScalarType.Float32, boolOutput, begin, end);
                        buffers = new float[nOps][];
                        if (!aligned) {
                            for (int k = boolOutput ? 1 : 0; k < nOps; k++) {
                                buffers[k] = new float[bufferLength()];
                            }
                        }
                    }

                    /**
                     * Moves to the next chunk (writing back the previous one); false when all elements are done.
                     */
                    public boolean next() {
                        if (!advance()) {
                            return false;
                        }
                        if (!boolOutput) {
                            out = aligned ? (float[]) arrays[0] : buffers[0];
                        }
                        int n = end - start;
                        if (nOps > 1) {
                            in0 = input(1, n);
                        }
                        if (nOps > 2) {
                            in1 = input(2, n);
                        }
                        if (nOps > 3) {
                            in2 = input(3, n);
                        }
                        return true;
                    }

                    /**
                     * Where the chunk's results go, at {@code [start(), end())}.
                     */
                    public float[] out() {
                        return out;
                    }

                    /**
                     * Where a {@code ...ToBooleanLoop}'s results go, at {@code [start(), end())}.
                     */
                    public boolean[] outBool() {
                        return outBool;
                    }

                    /**
                     * Input 0's values, at {@code [start(), end())}.
                     */
                    public float[] in0() {
                        return in0;
                    }

                    /**
                     * Input 1's values, at {@code [start(), end())}.
                     */
                    public float[] in1() {
                        return in1;
                    }

                    /**
                     * Input 2's values, at {@code [start(), end())}.
                     */
                    public float[] in2() {
                        return in2;
                    }

                    @Override
                    void flushOutput(int n) {
                        if (boolOutput) {
                            super.flushOutput(n);
                        } else {
                            if (roundOutputThrough != null) {
                                roundThrough(buffers[0], n, roundOutputThrough);
                            }
                            StridedRuns.scatterFloat(buffers[0], n, arrays[0], dtypes[0], pos[0], innerStride[0]);
                        }
                    }

                    private float[] input(int k, int n) {
                        if (aligned) {
                            return (float[]) arrays[k];
                        }
                        if (mustGather(k, n)) {
                            StridedRuns.gatherFloat(arrays[k], dtypes[k], pos[k], innerStride[k], buffers[k], n);
                            if (roundInputThrough != null && roundInputThrough[k] != null) {
                                roundThrough(buffers[k], n, roundInputThrough[k]);
                            }
                        }
                        return buffers[k];
                    }
                }
                """, CursorGen.generate(ElementType.of(ScalarType.Float32)).toString());
    }

    @Test
    void forEachFloatBinary() {
        String loops = TensorIteratorLoopsGen.generate().toString();
        assertEquals("""
                public void forEachFloat(FloatOps.Binary op) {
                    checkLoop(2);
                    FloatLoop c = new FloatLoop(this, false);
                    while (c.next()) {
                        float[] o = c.out();
                        float[] a = c.in0();
                        float[] b = c.in1();
                        for (int i = c.start(), e = c.end(); i < e; i++) {
                            o[i] = op.apply(a[i], b[i]);
                        }
                    }
                }
                """, block(loops, "public void forEachFloat(FloatOps.Binary op) {"));
    }

    /** A loop class and a class of element functions per type, the conversions, and the iterator's methods. */
    @Test
    void filesOfTheIteratorLoops() {
        List<String> names = LoopSources.generate(null).stream()
                .map(f -> f.packageName() + "." + f.typeSpec().name()).collect(Collectors.toList());
        assertEquals(List.of("FloatLoop", "FloatOps", "DoubleLoop", "DoubleOps", "LongLoop", "LongOps", "BooleanLoop",
                "BooleanOps", "StridedRuns", "TensorIteratorLoops").stream()
                .map(n -> "org.jitdispatch.kernels.iter." + n).collect(Collectors.toList()), names);
    }

    /**
     * The block that starts on the first line containing {@code opening}, through the brace that closes it, with
     * its indentation removed.
     */
    private static String block(String source, String opening) {
        List<String> lines = source.lines().collect(Collectors.toList());
        int first = 0;
        while (!lines.get(first).contains(opening)) {
            first++;
        }
        String indent = lines.get(first).substring(0, lines.get(first).indexOf(lines.get(first).strip()));
        int last = first + 1;
        while (!lines.get(last).equals(indent + "}")) {
            last++;
        }
        return lines.subList(first, last + 1).stream()
                .map(l -> l.startsWith(indent) ? l.substring(indent.length()) : l)
                .collect(Collectors.joining("\n", "", "\n"));
    }
}
