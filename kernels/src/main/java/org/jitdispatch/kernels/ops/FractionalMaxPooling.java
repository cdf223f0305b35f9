package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * Fractional max pooling (Graham, 2014), as PyTorch 1.13's FractionalMaxPool2d.cpp and FractionalMaxPool3d.cpp:
 * each plane's windows of {@code kernel_size} start at pseudo-random, increasing positions chosen from that
 * plane's {@code random_samples} (one in [0, 1) per spatial dim), the last one ending at the input's end; each
 * output is the window's maximum (NaN wins) and its index within the plane. ATen's checks come in its order with
 * its messages. Where ATen reads past its arrays (too few samples, a gradient or indices not of the output's shape,
 * indices outside the plane), these kernels refuse instead. A window never leaves the input, whatever the samples:
 * {@code floor((i + s) * alpha) - floor(s * alpha)} lies within {@code [0, in - pool]} for every finite {@code s}.
 */
public final class FractionalMaxPooling implements FractionalMaxPoolingDeclarations {

    @Override
    public Tensor[] fractional_max_pool2d(Tensor self, long[] kernelSize, long[] outputSize, Tensor randomSamples) {
        Frame f = Frame.of2d(self, kernelSize, outputSize);
        // a plane's two samples are for W, then H
        return forward(self, f, randomSamples, new int[] {1, 0}, "fractional_max_pool2d");
    }

    @Override
    public Tensor fractional_max_pool2d_backward(Tensor gradOutput, Tensor self, long[] kernelSize, long[] outputSize,
            Tensor indices) {
        requireBackwardShapes("fractional_max_pool2d_backward", self, outputSize, 2);
        int nd = self.dim();
        checkDim(gradOutput, nd - 1);
        if (outputSize[1] != gradOutput.size(nd - 1)) {
            throw new IllegalArgumentException("fractional_max_pool2d_backward(): gradOutput width unexpected");
        }
        if (outputSize[0] != gradOutput.size(nd - 2)) {
            throw new IllegalArgumentException("fractional_max_pool2d_backward(): gradOutput height unexpected");
        }
        return backward(gradOutput, self, indices, 2, "fractional_max_pool2d_backward");
    }

    @Override
    public Tensor[] fractional_max_pool3d(Tensor self, long[] kernelSize, long[] outputSize, Tensor randomSamples) {
        Frame f = Frame.of3d(self, kernelSize, outputSize);
        return forward(self, f, randomSamples, new int[] {0, 1, 2}, "fractional_max_pool3d");
    }

    @Override
    public Tensor fractional_max_pool3d_backward(Tensor gradOutput, Tensor self, long[] kernelSize, long[] outputSize,
            Tensor indices) {
        requireBackwardShapes("fractional_max_pool3d_backward", self, outputSize, 3);
        int nd = self.dim();
        checkDim(gradOutput, nd - 1);
        String[] names = {"time", "height", "width"};
        for (int d = 0; d < 3; d++) {
            if (outputSize[d] != gradOutput.size(nd - 3 + d)) {
                throw new IllegalArgumentException("fractional_max_pool3d_backward_out(): gradOutput " + names[d]
                        + " unexpected");
            }
        }
        return backward(gradOutput, self, indices, 3, "fractional_max_pool3d_backward");
    }

    // ----------------------------------------------------------------------------------- loops

    /**
     * The windows' maxima, plane by plane; {@code sampleOf[d]} is which of a plane's samples picks the starts
     * along spatial dim {@code d}.
     */
    private static Tensor[] forward(Tensor self, Frame f, Tensor randomSamples, int[] sampleOf, String op) {
        ScalarType dtype = self.dtype();
        if (dtype != ScalarType.Float32 && dtype != ScalarType.Float64) {
            throw Elementwise.notImplemented(op + "_out_frame", dtype);
        }
        if (randomSamples.dtype() != dtype) { // ATen's data_ptr<scalar_t>() of the samples
            throw new IllegalArgumentException("expected scalar type " + dtype.c10Name() + " but found "
                    + randomSamples.dtype().c10Name());
        }
        int dims = f.in.length;
        long needed = f.planes * dims;
        if (randomSamples.numel() < needed) {
            throw new IllegalArgumentException(op + "(): random_samples has " + randomSamples.numel()
                    + " elements, but the input's " + f.planes + " planes need " + dims + " each (" + needed + ")");
        }
        boolean single = dtype == ScalarType.Float32;
        double[] in = contiguous(self).toDoubleArray();
        double[] samples = contiguous(randomSamples).toDoubleArray();
        int outPlane = (int) f.outPlane();
        int inPlane = (int) f.inPlane();
        double[] values = new double[(int) (f.planes * outPlane)];
        long[] indices = new long[values.length];
        int[][] starts = new int[dims][];
        int[] position = new int[dims];
        for (int p = 0; p < f.planes; p++) {
            for (int d = 0; d < dims; d++) {
                starts[d] = intervals(samples[p * dims + sampleOf[d]], f.in[d], f.out[d], f.pool[d], single);
            }
            for (int o = 0; o < outPlane; o++) {
                f.outputPosition(o, position);
                long first = 0;
                for (int d = 0; d < dims; d++) {
                    first = first * f.in[d] + starts[d][position[d]];
                }
                double max = Double.NEGATIVE_INFINITY;
                long best = first;
                for (long k = 0, window = f.windowVolume(); k < window; k++) {
                    long at = f.windowElement(starts, position, k);
                    double v = in[(int) (p * (long) inPlane + at)];
                    if (v > max || Double.isNaN(v)) {
                        max = v;
                        best = at;
                    }
                }
                values[p * outPlane + o] = max;
                indices[p * outPlane + o] = best;
            }
        }
        long[] sizes = f.outputSizes();
        Tensor wide = Tensor.FACTORY.fromArray(values, sizes);
        return new Tensor[] {single ? Elementwise.toDtype(wide, dtype) : wide, Tensor.FACTORY.fromArray(indices, sizes)};
    }

    /**
     * ATen's generate_intervals: the window starts along one dim, {@code (int) ((i + sample) * alpha) - (int) (sample
     * * alpha)} with {@code alpha = (in - pool) / (out - 1)} in the input's float type, and {@code in - pool} last.
     */
    private static int[] intervals(double sample, long in, long out, long pool, boolean single) {
        int[] starts = new int[(int) out];
        if (out > 1) {
            if (single) {
                float s = (float) sample;
                float alpha = (float) (in - pool) / (float) (out - 1);
                for (int i = 0; i < out - 1; i++) {
                    starts[i] = (int) ((i + s) * alpha) - (int) (s * alpha);
                }
            } else {
                double alpha = (double) (in - pool) / (double) (out - 1);
                for (int i = 0; i < out - 1; i++) {
                    starts[i] = (int) ((i + sample) * alpha) - (int) (sample * alpha);
                }
            }
        }
        if (out > 0) {
            starts[(int) out - 1] = (int) (in - pool);
        }
        return starts;
    }

    private static Tensor backward(Tensor gradOutput, Tensor self, Tensor indices, int dims, String op) {
        ScalarType dtype = self.dtype();
        if (dtype != ScalarType.Float32 && dtype != ScalarType.Float64) {
            throw Elementwise.notImplemented(op + "_out_frame", dtype);
        }
        long[] outSizes = outputShape(self, gradOutput, dims);
        if (!Arrays.equals(gradOutput.sizes(), outSizes) || !Arrays.equals(indices.sizes(), outSizes)) {
            throw new IllegalArgumentException(op + "(): Expected grad_output and indices of sizes "
                    + Arrays.toString(outSizes) + ", but got " + Arrays.toString(gradOutput.sizes()) + " and "
                    + Arrays.toString(indices.sizes()));
        }
        if (gradOutput.dtype() != dtype) {
            throw new IllegalArgumentException("expected scalar type " + dtype.c10Name() + " but found "
                    + gradOutput.dtype().c10Name());
        }
        if (indices.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("expected scalar type Long but found " + indices.dtype().c10Name());
        }
        double[] grads = contiguous(gradOutput).toDoubleArray();
        long[] where = contiguous(indices).toLongArray();
        long inPlane = 1;
        long outPlane = 1;
        for (int d = self.dim() - dims; d < self.dim(); d++) {
            inPlane *= self.size(d);
            outPlane *= outSizes[d];
        }
        boolean single = dtype == ScalarType.Float32;
        double[] result = new double[Math.toIntExact(self.numel())];
        for (int o = 0; o < grads.length; o++) {
            long at = where[o];
            if (at < 0 || at >= inPlane) {
                throw new IndexOutOfBoundsException(op + ": index " + at + " is out of bounds for an input plane of "
                        + inPlane + " elements");
            }
            int i = (int) (o / outPlane * inPlane + at);
            result[i] = single ? (float) (result[i] + grads[o]) : result[i] + grads[o];
        }
        Tensor wide = Tensor.FACTORY.fromArray(result, self.sizes());
        return single ? Elementwise.toDtype(wide, dtype) : wide;
    }

    /** The input's leading dims with gradOutput's spatial sizes. */
    private static long[] outputShape(Tensor self, Tensor gradOutput, int dims) {
        long[] sizes = self.sizes().clone();
        for (int d = sizes.length - dims; d < sizes.length; d++) {
            sizes[d] = gradOutput.size(d);
        }
        return sizes;
    }

    /**
     * What ATen's backward operators take for granted (and crash without): {@code dims} output sizes and an input
     * with one or two leading dims.
     */
    private static void requireBackwardShapes(String op, Tensor self, long[] outputSize, int dims) {
        if (outputSize.length != dims) {
            throw new IllegalArgumentException(op + "(): output_size must have " + dims + " elements, but got "
                    + Arrays.toString(outputSize));
        }
        if (self.dim() != dims + 1 && self.dim() != dims + 2) {
            throw new IllegalArgumentException(op + "(): Expected " + (dims + 1) + "D or " + (dims + 2)
                    + "D tensor, but got: " + Arrays.toString(self.sizes()));
        }
    }

    /** ATen's gradOutput.size(dim) of a dim the gradient may not have, with its message. */
    private static void checkDim(Tensor gradOutput, int dim) {
        TensorGeometry.wrapDim(dim, gradOutput.dim());
    }

    private static Tensor contiguous(Tensor t) {
        return t.isContiguous() ? t : StridedCopy.contiguousCopy(t, t.dtype(), Tensor.FACTORY);
    }

    /** The planes and the spatial sizes of a fractional max pooling, checked as ATen's meta function checks them. */
    private static final class Frame {
        final long[] leading;
        final long planes;
        final long[] in;
        final long[] out;
        final long[] pool;

        private Frame(Tensor self, int dims, long[] out, long[] pool) {
            int nd = self.dim();
            this.leading = Arrays.copyOf(self.sizes(), nd - dims);
            long n = 1;
            for (long s : leading) {
                n *= s;
            }
            this.planes = n;
            this.in = Arrays.copyOfRange(self.sizes(), nd - dims, nd);
            this.out = out.clone();
            this.pool = pool.clone();
        }

        static Frame of2d(Tensor self, long[] pool, long[] out) {
            if (pool.length != 2) {
                throw new IllegalArgumentException("fractional_max_pool2d: kernel_size must either be a single Int or"
                        + " tuple of Ints");
            }
            if (out.length != 2) {
                throw new IllegalArgumentException("fractional_max_pool2d: output_size must either be a single Int or"
                        + " tuple of Ints");
            }
            int nd = self.dim();
            if (nd != 3 && nd != 4) {
                throw new IllegalArgumentException("fractional_max_pool2d(): Expected 3D or 4D tensor, but got: "
                        + Arrays.toString(self.sizes()));
            }
            requireNonEmpty(self, "fractional_max_pool2d()");
            long inH = self.size(nd - 2);
            long inW = self.size(nd - 1);
            if (out[0] + pool[0] - 1 > inH) {
                throw new IllegalArgumentException("fractional_max_pool2d(): pool height " + pool[0]
                        + " too large relative to input height " + inH);
            }
            if (out[1] + pool[1] - 1 > inW) {
                throw new IllegalArgumentException("fractional_max_pool2d(): pool width " + pool[1]
                        + " too large relative to input width " + inW);
            }
            return checkedOutput(new Frame(self, 2, out, pool), self);
        }

        static Frame of3d(Tensor self, long[] pool, long[] out) {
            if (pool.length != 3) {
                throw new IllegalArgumentException("fractional_max_pool3d: kernel_size must either be a single Int or"
                        + " tuple of three Ints");
            }
            if (out.length != 3) {
                throw new IllegalArgumentException("fractional_max_pool3d: output_size must either be a single Int or"
                        + " tuple of three Ints");
            }
            int nd = self.dim();
            if (nd != 4 && nd != 5) {
                throw new IllegalArgumentException("fractional_max_pool3d_out(): Expected 4D or 5D tensor, but got: "
                        + Arrays.toString(self.sizes()));
            }
            requireNonEmpty(self, "fractional_max_pool3d_out()");
            String[] names = {"time", "height", "width"};
            // ATen checks time, width, then height, each strictly inside the input
            for (int d : new int[] {0, 2, 1}) {
                long size = self.size(nd - 3 + d);
                if (out[d] + pool[d] - 1 >= size) {
                    throw new IllegalArgumentException("fractional_max_pool3d_out(): pool " + names[d] + " " + pool[d]
                            + " too large relative to input " + names[d] + " " + size);
                }
            }
            return checkedOutput(new Frame(self, 3, out, pool), self);
        }

        private static void requireNonEmpty(Tensor self, String fn) {
            for (int i = 1; i < self.dim(); i++) {
                if (self.size(i) <= 0) {
                    throw new IllegalArgumentException(fn + ": Expected input to have non-zero size for non-batch"
                            + " dimensions, but got" + Arrays.toString(self.sizes()) + " with dimension " + i
                            + " being empty.");
                }
            }
        }

        /** at::empty's refusal of a negative output size, and a refusal of an output no Java array holds. */
        private static Frame checkedOutput(Frame f, Tensor self) {
            long[] sizes = f.outputSizes();
            for (long s : sizes) {
                if (s < 0) {
                    throw new IllegalArgumentException("Trying to create tensor with negative dimension " + s + ": "
                            + Arrays.toString(sizes));
                }
            }
            long n = 1;
            for (long s : sizes) {
                n = s == 0 || n == 0 ? 0 : n > Integer.MAX_VALUE / s ? Long.MAX_VALUE : n * s;
            }
            if (n > Integer.MAX_VALUE || self.numel() > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("fractional max pooling: an output of sizes " + Arrays.toString(sizes)
                        + " is too large");
            }
            return f;
        }

        long[] outputSizes() {
            long[] sizes = Arrays.copyOf(leading, leading.length + out.length);
            System.arraycopy(out, 0, sizes, leading.length, out.length);
            return sizes;
        }

        long inPlane() {
            long n = 1;
            for (long s : in) {
                n *= s;
            }
            return n;
        }

        long outPlane() {
            long n = 1;
            for (long s : out) {
                n *= s;
            }
            return n;
        }

        long windowVolume() {
            long n = 1;
            for (long s : pool) {
                n *= Math.max(s, 0);
            }
            return n;
        }

        /** The output's position along each spatial dim, from its index within the plane (the last dim fastest). */
        void outputPosition(int o, int[] position) {
            for (int d = out.length - 1; d >= 0; d--) {
                position[d] = (int) (o % out[d]);
                o /= out[d];
            }
        }

        /** The plane index of the window's {@code k}-th element (row-major within the window). */
        long windowElement(int[][] starts, int[] position, long k) {
            long at = 0;
            long stride = 1;
            for (int d = pool.length - 1; d >= 0; d--) {
                at += (starts[d][position[d]] + k % pool[d]) * stride;
                k /= pool[d];
                stride *= in[d];
            }
            return at;
        }
    }
}
