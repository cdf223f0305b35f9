package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * Grid sampling as PyTorch 1.13's GridSampler.cpp: {@code grid_sampler} (the composite {@code F.grid_sample} calls,
 * which picks the 2-D or 3-D operator by the input's dims), {@code grid_sampler_2d} and {@code grid_sampler_3d} with
 * their backward operators. Each kernel makes ATen's checks (check_grid_sampler_common, _2d, _3d) with their
 * messages, then its dtype checks, before it computes; the loops are {@link GridSampler2d} and
 * {@link GridSampler3d}. Interpolation modes are bilinear (0), nearest (1) and bicubic (2, 4-D only); padding
 * modes zeros (0), border (1) and reflection (2).
 */
public final class GridSampler implements GridSamplerDeclarations {
    static final int BILINEAR = 0;
    static final int NEAREST = 1;
    static final int BICUBIC = 2;

    @Override
    public Tensor grid_sampler(Tensor input, Tensor grid, long interpolationMode, long paddingMode,
            boolean alignCorners) {
        // ATen's cudnn branch is for CUDA tensors only
        if (input.dim() == 4) {
            return Torch.grid_sampler_2d(input, grid, interpolationMode, paddingMode, alignCorners);
        }
        return Torch.grid_sampler_3d(input, grid, interpolationMode, paddingMode, alignCorners);
    }

    @Override
    public Tensor grid_sampler_2d(Tensor input, Tensor grid, long interpolationMode, long paddingMode,
            boolean alignCorners) {
        checkCommon(input, grid);
        check2d(input, grid);
        requireFloat32Or64Unquoted("grid_sampler_2d_cpu", input.dtype());
        checkModes(interpolationMode, paddingMode);
        long[] outSizes = {input.size(0), input.size(1), grid.size(1), grid.size(2)};
        if (elements(outSizes) == 0) {
            return Torch.empty(outSizes, input.dtype());   // ATen's kernel returns before it reads the grid
        }
        requireDtype(grid, input.dtype());
        double[] out = new GridSampler2d(input, grid, (int) interpolationMode, (int) paddingMode, alignCorners)
                .forward(elements(outSizes));
        return result(out, outSizes, input.dtype());
    }

    @Override
    public Tensor[] grid_sampler_2d_backward(Tensor gradOutput, Tensor input, Tensor grid, long interpolationMode,
            long paddingMode, boolean alignCorners, boolean[] outputMask) {
        checkCommon(input, grid);
        check2d(input, grid);
        requireFloat32Or64Unquoted("grid_sampler_2d_backward_cpu", input.dtype());
        checkModes(interpolationMode, paddingMode);
        requireDtype(grid, input.dtype());
        if (gradOutput.dim() != 4) {
            throw new IllegalArgumentException("TensorAccessor expected 4 dims but tensor has " + gradOutput.dim());
        }
        requireDtype(gradOutput, input.dtype());
        long[] outSizes = {input.size(0), input.size(1), grid.size(1), grid.size(2)};
        requireSizes("grid_sampler_2d_backward", gradOutput, outSizes);
        elements(input.sizes());
        elements(grid.sizes());
        GridSampler2d sampler = new GridSampler2d(input, grid, (int) interpolationMode, (int) paddingMode,
                alignCorners);
        double[][] grads = sampler.backward(gradOutput.toDoubleArray(), outputMask[0]);
        Tensor gradInput = outputMask[0] ? result(grads[0], input.sizes(), input.dtype()) : null;
        return new Tensor[] {gradInput, result(grads[1], grid.sizes(), input.dtype())};
    }

    @Override
    public Tensor grid_sampler_3d(Tensor input, Tensor grid, long interpolationMode, long paddingMode,
            boolean alignCorners) {
        checkCommon(input, grid);
        check3d(input, grid, interpolationMode);
        requireFloat32Or64("grid_sampler3d_cpu", input.dtype());
        checkModes(interpolationMode, paddingMode);
        requireDtype(grid, input.dtype());
        long[] outSizes = {input.size(0), input.size(1), grid.size(1), grid.size(2), grid.size(3)};
        double[] out = new GridSampler3d(input, grid, (int) interpolationMode, (int) paddingMode, alignCorners)
                .forward(elements(outSizes));
        return result(out, outSizes, input.dtype());
    }

    @Override
    public Tensor[] grid_sampler_3d_backward(Tensor gradOutput, Tensor input, Tensor grid, long interpolationMode,
            long paddingMode, boolean alignCorners, boolean[] outputMask) {
        checkCommon(input, grid);
        check3d(input, grid, interpolationMode);
        requireFloat32Or64("grid_sampler_3d_backward_cpu", input.dtype());
        checkModes(interpolationMode, paddingMode);
        requireDtype(grid, input.dtype());
        requireDtype(gradOutput, input.dtype());
        long[] outSizes = {input.size(0), input.size(1), grid.size(1), grid.size(2), grid.size(3)};
        requireSizes("grid_sampler_3d_backward", gradOutput, outSizes);
        elements(input.sizes());
        elements(grid.sizes());
        GridSampler3d sampler = new GridSampler3d(input, grid, (int) interpolationMode, (int) paddingMode,
                alignCorners);
        double[][] grads = sampler.backward(gradOutput.toDoubleArray(), outputMask[0]);
        Tensor gradInput = outputMask[0] ? result(grads[0], input.sizes(), input.dtype()) : null;
        return new Tensor[] {gradInput, result(grads[1], grid.sizes(), input.dtype())};
    }

    // ------------------------------------------------------------------------------------ checks

    /** check_grid_sampler_common: the checks every kernel makes first, in ATen's order. */
    private static void checkCommon(Tensor input, Tensor grid) {
        if (input.size(0) != grid.size(0)) {
            throw new IllegalArgumentException("grid_sampler(): expected grid and input to have same batch size, but"
                    + " got input with sizes " + Arrays.toString(input.sizes()) + " and grid with sizes "
                    + Arrays.toString(grid.sizes()));
        }
        if (grid.size(-1) != input.dim() - 2) {
            throw new IllegalArgumentException("grid_sampler(): expected grid to have size " + (input.dim() - 2)
                    + " in last dimension, but got grid with sizes " + Arrays.toString(grid.sizes()));
        }
        for (int i = 2; i < input.dim(); i++) {
            if (input.size(i) <= 0) {
                throw new IllegalArgumentException("grid_sampler(): expected input to have non-empty spatial"
                        + " dimensions, but input has sizes " + Arrays.toString(input.sizes()) + " with dimension " + i
                        + " being empty");
            }
        }
    }

    private static void check2d(Tensor input, Tensor grid) {
        if (input.dim() != 4 || input.dim() != grid.dim()) {
            throw new IllegalArgumentException("grid_sampler(): expected 4D input and grid with same number of"
                    + " dimensions, but got input with sizes " + Arrays.toString(input.sizes()) + " and grid with sizes "
                    + Arrays.toString(grid.sizes()));
        }
    }

    private static void check3d(Tensor input, Tensor grid, long interpolationMode) {
        if (input.dim() != 5 || input.dim() != grid.dim()) {
            throw new IllegalArgumentException("grid_sampler(): expected 5D input and grid with same number of"
                    + " dimensions, but got input with sizes " + Arrays.toString(input.sizes()) + " and grid with sizes "
                    + Arrays.toString(grid.sizes()));
        }
        if (interpolationMode == BICUBIC) {
            throw new IllegalArgumentException("grid_sampler(): bicubic interpolation only supports 4D input");
        }
    }

    /**
     * ATen's kernels switch over the modes and leave the output unwritten for any other value; here such a mode is
     * refused.
     */
    private static void checkModes(long interpolationMode, long paddingMode) {
        if (interpolationMode < BILINEAR || interpolationMode > BICUBIC) {
            throw new IllegalArgumentException("grid_sampler(): expected interpolation_mode to be 0 (bilinear),"
                    + " 1 (nearest) or 2 (bicubic), but got " + interpolationMode);
        }
        if (paddingMode < GridCoordinates.ZEROS || paddingMode > GridCoordinates.REFLECTION) {
            throw new IllegalArgumentException("grid_sampler(): expected padding_mode to be 0 (zeros), 1 (border) or"
                    + " 2 (reflection), but got " + paddingMode);
        }
    }

    /** The 2-D kernels' own check, worded without AT_DISPATCH's quotes. */
    private static void requireFloat32Or64Unquoted(String kernel, ScalarType dtype) {
        if (dtype != ScalarType.Float32 && dtype != ScalarType.Float64) {
            throw new IllegalArgumentException(kernel + " not implemented for " + dtype.c10Name());
        }
    }

    private static void requireFloat32Or64(String kernel, ScalarType dtype) {
        if (dtype != ScalarType.Float32 && dtype != ScalarType.Float64) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }

    /** What ATen's {@code data_ptr<scalar_t>()} of a tensor of another dtype says. */
    private static void requireDtype(Tensor t, ScalarType expected) {
        if (t.dtype() != expected) {
            throw new IllegalArgumentException("expected scalar type " + expected.c10Name() + " but found "
                    + t.dtype().c10Name());
        }
    }

    /** ATen reads grad_output by the output's geometry without checking it; here a mismatch is refused. */
    private static void requireSizes(String op, Tensor gradOutput, long[] sizes) {
        if (!Arrays.equals(gradOutput.sizes(), sizes)) {
            throw new IllegalArgumentException(op + "(): expected grad_output of sizes " + Arrays.toString(sizes)
                    + ", but got grad_output with sizes " + Arrays.toString(gradOutput.sizes()));
        }
    }

    /** The elements of a tensor of {@code sizes}, refused when no Java array holds them. */
    static int elements(long[] sizes) {
        long n = 1;
        for (long s : sizes) {
            if (s == 0) {
                return 0;
            }
        }
        for (long s : sizes) {
            n *= s;
            if (n > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("grid_sampler(): a tensor of sizes " + Arrays.toString(sizes)
                        + " is too large");
            }
        }
        return (int) n;
    }

    /** A tensor of {@code sizes} and {@code dtype} holding the row-major {@code values}. */
    private static Tensor result(double[] values, long[] sizes, ScalarType dtype) {
        Tensor wide = Tensor.FACTORY.fromArray(values, sizes);
        return dtype == ScalarType.Float64 ? wide : Elementwise.toDtype(wide, dtype);
    }
}
