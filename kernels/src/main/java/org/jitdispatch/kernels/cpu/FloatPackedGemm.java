package org.jitdispatch.kernels.cpu;

import org.jitdispatch.kernels.TypeTemplate;

/**
 * A float32 packed matrix-product kernel that can stand in for the scalar one of {@code FloatGemm}: one
 * thread's share of {@code c = a @ b}, {@code m} rows from {@code a}'s and {@code c}'s offsets, every operand
 * read and written through its strides, {@code n >= Gemm.MIN_PACKED_COLUMNS}, {@code k >= 1}. Each element of
 * {@code c} is accumulated in float32 in order of k (with fused multiply-adds, so within float32's rounding of
 * the scalar kernel's value rather than equal to it); nothing outside the result is written.
 */
@TypeTemplate
public interface FloatPackedGemm {
    void packed(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n);

    /** The width of the kernel's vectors in bits (256 with AVX2, 512 with AVX-512). */
    int vectorBits();
}
