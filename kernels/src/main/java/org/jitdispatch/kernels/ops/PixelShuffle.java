package org.jitdispatch.kernels.ops;

import java.math.BigInteger;
import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.MemoryFormat;

/**
 * {@code pixel_shuffle} and {@code pixel_unshuffle}: channels {@code [C * r * r]} traded for an {@code r} times
 * larger height and width, and back, over any leading batch dims. Written as a view, a permutation and one
 * contiguous copy, so autograd differentiates them through those; the result never aliases the input, as
 * ATen's kernel's does not. Checks and messages are ATen 1.13's.
 */
public final class PixelShuffle implements PixelShuffleDeclarations {

    @Override
    public Tensor pixel_shuffle(Tensor self, long upscaleFactor) {
        check(self, upscaleFactor, "pixel_shuffle", "upscale_factor");
        int nd = self.dim();
        long r = upscaleFactor;
        long c = self.size(-3);
        BigInteger square = BigInteger.valueOf(r).pow(2);
        if (!BigInteger.valueOf(c).mod(square).equals(BigInteger.ZERO) || square.bitLength() > 62) {
            throw new IllegalArgumentException("pixel_shuffle expects its input's 'channel' dimension to be divisible by"
                    + " the square of upscale_factor, but input.size(-3)=" + c + " is not divisible by " + square);
        }
        long h = self.size(-2);
        long w = self.size(-1);
        exactProduct("pixel_shuffle", h, r);
        exactProduct("pixel_shuffle", w, r);
        int batch = nd - 3;
        // [..., C/r^2, r, r, H, W] -> [..., C/r^2, H, r, W, r]
        Tensor split = self.reshape(sizes(self, batch, c / (r * r), r, r, h, w));
        Tensor moved = split.permute(order(batch, 0, 3, 1, 4, 2));
        return moved.clone(MemoryFormat.Contiguous).view(sizes(self, batch, c / (r * r), h * r, w * r));
    }

    @Override
    public Tensor pixel_unshuffle(Tensor self, long downscaleFactor) {
        check(self, downscaleFactor, "pixel_unshuffle", "downscale_factor");
        int nd = self.dim();
        long r = downscaleFactor;
        long c = self.size(-3);
        long h = self.size(-2);
        long w = self.size(-1);
        if (h % r != 0) {
            throw new IllegalArgumentException("pixel_unshuffle expects height to be divisible by downscale_factor, but"
                    + " input.size(-2)=" + h + " is not divisible by " + r);
        }
        if (w % r != 0) {
            throw new IllegalArgumentException("pixel_unshuffle expects width to be divisible by downscale_factor, but"
                    + " input.size(-1)=" + w + " is not divisible by " + r);
        }
        exactProduct("pixel_unshuffle", exactProduct("pixel_unshuffle", c, r), r);
        int batch = nd - 3;
        // [..., C, H/r, r, W/r, r] -> [..., C, r, r, H/r, W/r]
        Tensor split = self.reshape(sizes(self, batch, c, h / r, r, w / r, r));
        Tensor moved = split.permute(order(batch, 0, 2, 4, 1, 3));
        return moved.clone(MemoryFormat.Contiguous).view(sizes(self, batch, c * r * r, h / r, w / r));
    }

    private static void check(Tensor self, long factor, String op, String name) {
        if (self.dim() < 3) {
            throw new IllegalArgumentException(op + " expects input to have at least 3 dimensions, but got input with "
                    + self.dim() + " dimension(s)");
        }
        if (factor <= 0) {
            throw new IllegalArgumentException(op + " expects a positive " + name + ", but got " + factor);
        }
    }

    /** A size of the result, refused when it does not fit in a long (a factor no tensor could have). */
    private static long exactProduct(String op, long size, long factor) {
        try {
            return Math.multiplyExact(size, factor);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(op + ": a size of " + size + " times a factor of " + factor
                    + " does not fit in a 64-bit size");
        }
    }

    /** self's first {@code batch} sizes followed by {@code rest}. */
    private static long[] sizes(Tensor self, int batch, long... rest) {
        long[] out = Arrays.copyOf(self.sizes(), batch + rest.length);
        System.arraycopy(rest, 0, out, batch, rest.length);
        return out;
    }

    /** The identity over the batch dims, then {@code tail} shifted past them. */
    private static long[] order(int batch, long... tail) {
        long[] out = new long[batch + tail.length];
        for (int i = 0; i < batch; i++) {
            out[i] = i;
        }
        for (int i = 0; i < tail.length; i++) {
            out[batch + i] = batch + tail[i];
        }
        return out;
    }
}
