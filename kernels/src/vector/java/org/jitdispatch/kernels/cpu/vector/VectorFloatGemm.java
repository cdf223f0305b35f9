package org.jitdispatch.kernels.cpu.vector;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;
import org.jitdispatch.kernels.cpu.FloatPackedGemm;

/**
 * The packed matrix product with a register-blocked micro-kernel over {@code FloatVector.fma}, GotoBLAS's
 * loops: for each block of up to {@link #COLUMNS} columns and {@link #DEPTH} rows of {@code b}, the block is
 * packed into strips of {@link #NR} columns (two vectors of the preferred species), each strip's rows
 * consecutive; for each {@link #MR} rows of {@code a}, their {@code DEPTH} columns are packed row-interleaved;
 * and the micro-kernel computes an {@code MR x NR} tile of {@code c} in twelve vector accumulators, two
 * vector loads, six broadcasts and twelve fused multiply-adds per step of k, without touching memory for
 * {@code c} in between. (The scalar kernel, whose loop C2 vectorizes, loads and stores two rows of c every
 * four steps of k.) Six rows as in BLIS's Haswell kernel: twelve accumulators, two rows of b and a broadcast
 * fit AVX2's 16 vector registers; four rows (eight accumulators) took half as long again at n = 256 and 1024.
 *
 * <p>Each element is accumulated in order of k, continuing from what the earlier blocks of k left in
 * {@code c}; the only difference from the scalar kernel is the fused multiply-add's single rounding. Tiles at
 * the edges are computed whole over zero padding and only their {@code mr x nr} part is written.
 */
public final class VectorFloatGemm implements FloatPackedGemm {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();

    @Override
    public int vectorBits() {
        return SPECIES.vectorBitSize();
    }
    /** Rows of c per micro-tile. */
    static final int MR = 6;
    /** Columns of c per micro-tile: two vectors. */
    static final int NR = 2 * LANES;
    /** Rows of b per packed block, as the scalar kernel's. */
    static final int DEPTH = 256;
    /** Columns of b per packed block (a multiple of NR): a panel of 512 KiB for the L2 cache. */
    static final int COLUMNS = Math.max(NR, 512 / NR * NR);

    /** An all-zero tile: where the accumulators of the first block of k start. */
    private static final float[] ZERO_TILE = new float[MR * NR];

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    @Override
    public void packed(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        Scratch scratch = SCRATCH.get();
        float[] panel = scratch.panel;
        float[] strip = scratch.strip;
        float[] tile = scratch.tile;
        for (int jc = 0; jc < n; jc += COLUMNS) {
            int nc = Math.min(COLUMNS, n - jc);
            for (int pc = 0; pc < k; pc += DEPTH) {
                int kc = Math.min(DEPTH, k - pc);
                boolean first = pc == 0;
                packB(b, bOff + pc * bs0 + jc * bs1, bs0, bs1, panel, kc, nc);
                for (int i = 0; i < m; i += MR) {
                    int mr = Math.min(MR, m - i);
                    packA(a, aOff + i * as0 + pc * as1, as0, as1, strip, kc, mr);
                    for (int j = 0; j < nc; j += NR) {
                        int nr = Math.min(NR, nc - j);
                        tile(strip, panel, j * kc, kc, c, cOff + i * cs0 + (jc + j) * cs1, cs0, cs1, mr, nr, first,
                                tile);
                    }
                }
            }
        }
    }

    /**
     * Columns {@code [0, nc)} of rows {@code [0, kc)} of the strided {@code b} at {@code off} into strips of
     * {@link #NR} columns: element {@code (p, j)} at {@code (j / NR) * NR * kc + p * NR + j % NR}, the last
     * strip padded with zeros.
     */
    private static void packB(float[] b, int off, int bs0, int bs1, float[] panel, int kc, int nc) {
        for (int j = 0; j < nc; j += NR) {
            int nr = Math.min(NR, nc - j);
            int base = j * kc;
            if (bs1 == 1) {
                for (int p = 0, src = off + j, dst = base; p < kc; p++, src += bs0, dst += NR) {
                    System.arraycopy(b, src, panel, dst, nr);
                    for (int q = nr; q < NR; q++) {
                        panel[dst + q] = 0f;
                    }
                }
            } else {
                // a column of b at a time: with b transposed (bs0 == 1) the reads are consecutive
                for (int q = 0; q < NR; q++) {
                    if (q < nr) {
                        for (int p = 0, src = off + (j + q) * bs1, dst = base + q; p < kc; p++, src += bs0, dst += NR) {
                            panel[dst] = b[src];
                        }
                    } else {
                        for (int p = 0, dst = base + q; p < kc; p++, dst += NR) {
                            panel[dst] = 0f;
                        }
                    }
                }
            }
        }
    }

    /**
     * Columns {@code [0, kc)} of rows {@code [0, mr)} of {@code a} at {@code off}, interleaved: {@code (r, p)} at
     * {@code p * MR + r}, the rows from {@code mr} to {@link #MR} zero.
     */
    private static void packA(float[] a, int off, int as0, int as1, float[] strip, int kc, int mr) {
        if (as1 == 1) {
            for (int r = 0; r < MR; r++) {
                if (r < mr) {
                    for (int p = 0, src = off + r * as0, dst = r; p < kc; p++, src++, dst += MR) {
                        strip[dst] = a[src];
                    }
                } else {
                    for (int p = 0, dst = r; p < kc; p++, dst += MR) {
                        strip[dst] = 0f;
                    }
                }
            }
        } else {
            for (int p = 0, src = off, dst = 0; p < kc; p++, src += as1, dst += MR) {
                for (int r = 0; r < MR; r++) {
                    strip[dst + r] = r < mr ? a[src + r * as0] : 0f;
                }
            }
        }
    }

    /**
     * The micro-kernel: the {@code mr x nr} tile of {@code c} at {@code cp} plus the product of the packed
     * rows of a ({@code strip}) and the packed strip of b at {@code bo}, over {@code kc} steps of k. A whole
     * tile of a row-contiguous c is read and written in place; any other goes through {@code tile}.
     */
    private static void tile(float[] strip, float[] panel, int bo, int kc, float[] c, int cp, int cs0, int cs1,
            int mr, int nr, boolean first, float[] tile) {
        boolean inPlace = mr == MR && nr == NR && cs1 == 1;
        // the accumulators' start: zeros, c itself, or c copied into the zero-padded tile
        float[] src;
        int so;
        int ss;
        if (first) {
            src = ZERO_TILE;
            so = 0;
            ss = NR;
        } else if (inPlace) {
            src = c;
            so = cp;
            ss = cs0;
        } else {
            gather(c, cp, cs0, cs1, mr, nr, tile);
            src = tile;
            so = 0;
            ss = NR;
        }
        FloatVector c00 = FloatVector.fromArray(SPECIES, src, so);
        FloatVector c01 = FloatVector.fromArray(SPECIES, src, so + LANES);
        FloatVector c10 = FloatVector.fromArray(SPECIES, src, so + ss);
        FloatVector c11 = FloatVector.fromArray(SPECIES, src, so + ss + LANES);
        FloatVector c20 = FloatVector.fromArray(SPECIES, src, so + 2 * ss);
        FloatVector c21 = FloatVector.fromArray(SPECIES, src, so + 2 * ss + LANES);
        FloatVector c30 = FloatVector.fromArray(SPECIES, src, so + 3 * ss);
        FloatVector c31 = FloatVector.fromArray(SPECIES, src, so + 3 * ss + LANES);
        FloatVector c40 = FloatVector.fromArray(SPECIES, src, so + 4 * ss);
        FloatVector c41 = FloatVector.fromArray(SPECIES, src, so + 4 * ss + LANES);
        FloatVector c50 = FloatVector.fromArray(SPECIES, src, so + 5 * ss);
        FloatVector c51 = FloatVector.fromArray(SPECIES, src, so + 5 * ss + LANES);
        for (int p = 0, ao = 0; p < kc; p++, ao += MR, bo += NR) {
            FloatVector b0 = FloatVector.fromArray(SPECIES, panel, bo);
            FloatVector b1 = FloatVector.fromArray(SPECIES, panel, bo + LANES);
            FloatVector x = FloatVector.broadcast(SPECIES, strip[ao]);
            c00 = x.fma(b0, c00);
            c01 = x.fma(b1, c01);
            x = FloatVector.broadcast(SPECIES, strip[ao + 1]);
            c10 = x.fma(b0, c10);
            c11 = x.fma(b1, c11);
            x = FloatVector.broadcast(SPECIES, strip[ao + 2]);
            c20 = x.fma(b0, c20);
            c21 = x.fma(b1, c21);
            x = FloatVector.broadcast(SPECIES, strip[ao + 3]);
            c30 = x.fma(b0, c30);
            c31 = x.fma(b1, c31);
            x = FloatVector.broadcast(SPECIES, strip[ao + 4]);
            c40 = x.fma(b0, c40);
            c41 = x.fma(b1, c41);
            x = FloatVector.broadcast(SPECIES, strip[ao + 5]);
            c50 = x.fma(b0, c50);
            c51 = x.fma(b1, c51);
        }
        float[] dst = inPlace ? c : tile;
        int d0 = inPlace ? cp : 0;
        int ds = inPlace ? cs0 : NR;
        c00.intoArray(dst, d0);
        c01.intoArray(dst, d0 + LANES);
        c10.intoArray(dst, d0 + ds);
        c11.intoArray(dst, d0 + ds + LANES);
        c20.intoArray(dst, d0 + 2 * ds);
        c21.intoArray(dst, d0 + 2 * ds + LANES);
        c30.intoArray(dst, d0 + 3 * ds);
        c31.intoArray(dst, d0 + 3 * ds + LANES);
        c40.intoArray(dst, d0 + 4 * ds);
        c41.intoArray(dst, d0 + 4 * ds + LANES);
        c50.intoArray(dst, d0 + 5 * ds);
        c51.intoArray(dst, d0 + 5 * ds + LANES);
        if (!inPlace) {
            scatter(tile, c, cp, cs0, cs1, mr, nr);
        }
    }

    /** The {@code mr x nr} part of c at {@code cp} into the tile (row stride {@link #NR}), zeros elsewhere. */
    private static void gather(float[] c, int cp, int cs0, int cs1, int mr, int nr, float[] tile) {
        for (int r = 0; r < MR; r++) {
            for (int q = 0; q < NR; q++) {
                tile[r * NR + q] = r < mr && q < nr ? c[cp + r * cs0 + q * cs1] : 0f;
            }
        }
    }

    /** The tile's {@code mr x nr} part into c at {@code cp}: nothing outside the result is written. */
    private static void scatter(float[] tile, float[] c, int cp, int cs0, int cs1, int mr, int nr) {
        for (int r = 0; r < mr; r++) {
            for (int q = 0, dst = cp + r * cs0; q < nr; q++, dst += cs1) {
                c[dst] = tile[r * NR + q];
            }
        }
    }

    /** One thread's packed panel of b, packed rows of a and edge tile, allocated on first use and kept. */
    private static final class Scratch {
        final float[] panel = new float[DEPTH * COLUMNS];
        final float[] strip = new float[DEPTH * MR];
        final float[] tile = new float[MR * NR];
    }
}
