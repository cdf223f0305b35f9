package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;

/**
 * Padding as PyTorch 1.13's PadNd.cpp writes it. {@code constant_pad_nd}: pairs of (before, after) amounts
 * for the last dims, the last dim first; negative amounts crop (narrow). {@code pad}: constant, or reflect,
 * replicate and circular over the last one, two or three dims of an input with a batch dim or without, each
 * written as index_select along one dim (so autograd differentiates through index_select).
 */
public final class Padding implements PaddingDeclarations {

    @Override
    public Tensor constant_pad_nd(Tensor self, long[] pad, Scalar value) {
        if (pad.length % 2 != 0) {
            throw new IllegalArgumentException("Length of pad must be even but instead it equals " + pad.length);
        }
        int nd = self.dim();
        int padded = pad.length / 2;
        int first = nd - padded;
        if (first < 0) {
            throw new IllegalArgumentException("Length of pad should be no more than twice the number of dimensions of"
                    + " the input. Pad length is " + pad.length + "while the input has " + nd + "dimensions.");
        }
        Tensor input = self;
        boolean allNonPositive = true;
        for (int i = first; i < nd; i++) {
            long before = pad[2 * (nd - i - 1)];
            long after = pad[2 * (nd - i - 1) + 1];
            if (before < 0) {
                input = input.narrow(i, -before, input.size(i) + before);
            } else if (before != 0) {
                allNonPositive = false;
            }
            if (after < 0) {
                input = input.narrow(i, 0, input.size(i) + after);
            } else if (after != 0) {
                allNonPositive = false;
            }
        }
        if (allNonPositive) {
            return input.clone();
        }
        long[] shape = self.sizes().clone();
        for (int i = first; i < nd; i++) {
            long before = pad[2 * (nd - i - 1)];
            long after = pad[2 * (nd - i - 1) + 1];
            long size = self.size(i) + before + after;
            if (size <= 0) {
                throw new IllegalArgumentException("The input size " + self.size(i) + ", plus negative padding " + before
                        + " and " + after + " resulted in a negative output size, which is invalid. Check dimension " + i
                        + " of your input.");
            }
            shape[i] = size;
        }
        MemoryFormat format = MemoryFormats.suggest(self);
        Tensor output = Torch.empty(shape, self.dtype(), null, self.device(), null, format);
        output.fill_(value);
        Tensor inside = output;
        for (int i = first; i < nd; i++) {
            long before = pad[2 * (nd - i - 1)];
            long after = pad[2 * (nd - i - 1) + 1];
            if (before > 0) {
                inside = inside.narrow(i, before, inside.size(i) - before);
            }
            if (after > 0) {
                inside = inside.narrow(i, 0, inside.size(i) - after);
            }
        }
        inside.copy_(input);
        return output;
    }

    @Override
    public Tensor pad(Tensor self, long[] pad, String mode, Double value) {
        Mode m = Mode.of(mode);
        int nd = self.dim();
        if (pad.length % 2 != 0) {
            throw new IllegalArgumentException("Padding length must be divisible by 2");
        }
        if (pad.length > 2 * nd) {
            throw new IllegalArgumentException("Padding length too large");
        }
        if (m == Mode.CONSTANT) {
            return Torch.constant_pad_nd(self, pad, Scalar.of(value == null ? 0.0 : value));
        }
        if (value != null && value != 0) {
            throw new IllegalArgumentException("Padding mode \"" + mode + "\" doesn't take in value argument");
        }
        int dims = pad.length / 2;
        if (dims < 1 || dims > 3 || nd < dims + 1 || nd > dims + 2) {
            throw new UnsupportedOperationException(
                    "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now");
        }
        if (m == Mode.CIRCULAR && nd != dims + 2) { // 1.13's circular padding needs the batch dim
            throw new IllegalArgumentException("Invalid padding size, expected " + 2 * (nd - 2) + " but got " + pad.length);
        }
        if (m != Mode.CIRCULAR) {
            m.checkInput(self, dims);
        }
        Tensor out = self;
        for (int k = 0; k < dims; k++) {
            int dim = nd - 1 - k;
            out = m.padDim(out, dim, pad[2 * k], pad[2 * k + 1], self, dims);
        }
        return out;
    }

    /** The non-constant modes: which input index each output index along one dim reads. */
    private enum Mode {
        CONSTANT, REFLECT, REPLICATE, CIRCULAR;

        static Mode of(String mode) {
            switch (mode) {
                case "constant": return CONSTANT;
                case "reflect": return REFLECT;
                case "replicate": return REPLICATE;
                case "circular": return CIRCULAR;
                default: throw new UnsupportedOperationException("Unrecognised padding mode " + mode);
            }
        }

        Tensor padDim(Tensor input, int dim, long before, long after, Tensor original, int dims) {
            long size = input.size(dim);
            long outSize = size + before + after;
            check(size, outSize, dim, before, after, original, dims);
            long[] index = new long[(int) Math.max(outSize, 0)];
            if (this == CIRCULAR) {
                // 1.13 crops first and wraps the cropped run: [0 1 2 3 4] padded (-1, 2) is [1 2 3 4 1 2]
                long start = Math.max(-before, 0);
                long cropped = size - start - Math.max(-after, 0);
                long lead = Math.max(before, 0);
                for (int o = 0; o < index.length; o++) {
                    index[o] = start + Math.floorMod(o - lead, cropped);
                }
            } else {
                for (int o = 0; o < index.length; o++) {
                    index[o] = source(o - before, size);
                }
            }
            return input.index_select(dim, Torch.tensor(index, index.length));
        }

        /**
         * The shape checks of the reflection and replication kernels, made before the padding's: every dim but the
         * first non-empty (reflection_pad1d/2d, which print the tensor as {@code [ torch.FloatTensor{1,0,3} ]}), and
         * for replication (and reflection_pad3d) also the first of an unbatched input.
         */
        void checkInput(Tensor self, int dims) {
            int nd = self.dim();
            boolean batched = nd == dims + 2;
            boolean reflect1or2 = this == REFLECT && dims < 3;
            boolean valid = true;
            for (int d = reflect1or2 || batched ? 1 : 0; d < nd; d++) {
                valid &= self.size(d) != 0;
            }
            if (valid) {
                return;
            }
            String expected = (dims + 1) + "D or " + (dims + 2) + "D (batch mode) tensor";
            if (reflect1or2) {
                StringBuilder sizes = new StringBuilder();
                for (int d = 0; d < nd; d++) {
                    sizes.append(d == 0 ? "" : ",").append(self.size(d));
                }
                throw new IllegalArgumentException(expected + " expected for input, but got: [ "
                        + TensorShape.legacyTypeName(self) + "{" + sizes + "} ]");
            }
            throw new IllegalArgumentException("Expected " + expected + " with possibly 0 batch size and other non-zero"
                    + " dimensions for input, but got: " + Arrays.toString(self.sizes()));
        }

        /** ATen's checks of each mode, with its messages where they are clear. */
        private void check(long size, long outSize, int dim, long before, long after, Tensor original, int dims) {
            String sizes = Arrays.toString(original.sizes());
            switch (this) {
                case REFLECT:
                    if (before >= size || after >= size) {
                        // the pad's position in the kernel's arguments: #4 for the last dim, #6, #8 before it
                        throw new IllegalArgumentException("Argument #" + (4 + 2 * (original.dim() - 1 - dim))
                                + ": Padding size should be"
                                + " less than the corresponding input dimension, but got: padding (" + before + ", "
                                + after + ") at dimension " + dim + " of input "
                                + (dims == 2 ? String.valueOf(original.dim()) : sizes));
                    }
                    if (outSize < 1) {
                        throw new IllegalArgumentException("reflection padding: input of size " + size + " at dimension "
                                + dim + " is too small for padding (" + before + ", " + after + "): the output size would"
                                + " be " + outSize);
                    }
                    break;
                case CIRCULAR:
                    if (before > size || after > size) {
                        throw new IllegalArgumentException("Padding value causes wrapping around more than once.");
                    }
                    long cropped = size - Math.max(-before, 0) - Math.max(-after, 0);
                    if (cropped < 0 || outSize < 0) {
                        throw new IllegalArgumentException("Negative padding value is resulting in an empty dimension");
                    }
                    if (cropped == 0 && outSize > 0) {
                        throw new IllegalArgumentException("Padding value causes wrapping around more than once.");
                    }
                    break;
                default:
                    if (size == 0) {
                        throw new IllegalArgumentException("Expected " + (dims + 1) + "D or " + (dims + 2) + "D (batch"
                                + " mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but"
                                + " got: " + sizes);
                    }
                    if (outSize < 0) {
                        long[] shape = original.sizes().clone();
                        shape[dim] = outSize;
                        throw new IllegalArgumentException("Trying to create tensor with negative dimension " + outSize
                                + ": " + Arrays.toString(shape));
                    }
            }
        }

        /** The input index an output position {@code i} (relative to the input's start) reads. */
        private long source(long i, long size) {
            switch (this) {
                case REFLECT: {
                    long period = 2 * (size - 1);
                    if (period == 0) {
                        return 0;
                    }
                    long j = Math.floorMod(i, period);
                    return j < size ? j : period - j;
                }
                case REPLICATE:
                    return Math.min(Math.max(i, 0), size - 1);
                default:
                    throw new AssertionError(this); // circular wraps the cropped run in padDim
            }
        }
    }
}
