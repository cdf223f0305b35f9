package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * The padding modules of {@code torch.nn} ({@code ReflectionPad1d}, {@code ReplicationPad2d}, {@code ZeroPad2d},
 * {@code ConstantPad3d}, ...): {@code F.pad} with a mode and the amounts PyTorch's constructors take, one int for
 * every side or one per side, last dim first ({@code (left, right, top, bottom, front, back)}). Build them with the
 * static factories, which carry PyTorch's class names.
 */
public final class PaddingLayer extends Module {
    private final String name;
    private final String mode;
    private final long[] padding;
    private final Double value;

    private PaddingLayer(String name, String mode, int dims, long[] padding, Double value) {
        long[] sides = padding.length == 1 ? filled(padding[0], 2 * dims) : padding.clone();
        if (sides.length != 2 * dims) {
            throw new IllegalArgumentException(name + ": padding must be one int or " + 2 * dims + " ints, but got "
                    + Arrays.toString(padding));
        }
        this.name = name;
        this.mode = mode;
        this.padding = sides;
        this.value = value;
    }

    private static long[] filled(long value, int n) {
        long[] out = new long[n];
        Arrays.fill(out, value);
        return out;
    }

    public static PaddingLayer reflectionPad1d(long... padding) {
        return new PaddingLayer("ReflectionPad1d", "reflect", 1, padding, null);
    }

    public static PaddingLayer reflectionPad2d(long... padding) {
        return new PaddingLayer("ReflectionPad2d", "reflect", 2, padding, null);
    }

    public static PaddingLayer reflectionPad3d(long... padding) {
        return new PaddingLayer("ReflectionPad3d", "reflect", 3, padding, null);
    }

    public static PaddingLayer replicationPad1d(long... padding) {
        return new PaddingLayer("ReplicationPad1d", "replicate", 1, padding, null);
    }

    public static PaddingLayer replicationPad2d(long... padding) {
        return new PaddingLayer("ReplicationPad2d", "replicate", 2, padding, null);
    }

    public static PaddingLayer replicationPad3d(long... padding) {
        return new PaddingLayer("ReplicationPad3d", "replicate", 3, padding, null);
    }

    public static PaddingLayer zeroPad2d(long... padding) {
        return new PaddingLayer("ZeroPad2d", "constant", 2, padding, 0.0);
    }

    public static PaddingLayer constantPad1d(double value, long... padding) {
        return new PaddingLayer("ConstantPad1d", "constant", 1, padding, value);
    }

    public static PaddingLayer constantPad2d(double value, long... padding) {
        return new PaddingLayer("ConstantPad2d", "constant", 2, padding, value);
    }

    public static PaddingLayer constantPad3d(double value, long... padding) {
        return new PaddingLayer("ConstantPad3d", "constant", 3, padding, value);
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.pad(input, padding, mode, value);
    }

    @Override
    protected String reprName() {
        return name;
    }

    /** PyTorch's ConstantPadNd prints {@code padding=..., value=...}; ZeroPad2d and the others the padding alone. */
    @Override
    protected String extraRepr() {
        return name.startsWith("ConstantPad") ? "padding=" + PyRepr.tuple(padding) + ", value=" + PyRepr.of(value)
                : PyRepr.tuple(padding);
    }
}
