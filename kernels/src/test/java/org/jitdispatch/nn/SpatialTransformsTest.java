package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorTesting;
import org.junit.jupiter.api.Test;

/** F.grid_sample's and F.affine_grid's string arguments, checks, messages and warnings, as PyTorch 1.13's. */
class SpatialTransformsTest {
    private static final String DEFAULT_CHANGED = "Default grid_sample and affine_grid behavior has changed to"
            + " align_corners=False since 1.3.0. Please specify align_corners=True if the old behavior is desired."
            + " See the documentation of grid_sample for details.";

    private final Tensor input = Torch.arange(org.jitdispatch.runtime.Scalar.of(24)).to(ScalarType.Float32).view(2, 3, 2, 2);
    private final Tensor grid = Torch.zeros(2, 1, 1, 2);
    private final Tensor theta = Torch.zeros(2, 2, 3);

    private static String message(Runnable call) {
        return assertThrows(RuntimeException.class, call::run).getMessage();
    }

    @Test
    void gridSampleModes() {
        assertEquals("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but got:"
                + " 'linear'", message(() -> SpatialTransforms.gridSample(input, grid, "linear", "zeros", false)));
        assertEquals("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or 'reflection',"
                + " but got: 'reflect'", message(() -> SpatialTransforms.gridSample(input, grid, "bilinear", "reflect",
                false)));
        assertEquals("grid_sampler(): bicubic interpolation only supports 4D input", message(() ->
                SpatialTransforms.gridSample(Torch.zeros(1, 1, 2, 2, 2), Torch.zeros(1, 1, 1, 1, 3), "bicubic",
                        "zeros", false)));
        // the centre of each 2 x 2 plane: the mean of its four values
        Tensor centre = SpatialTransforms.gridSample(input, grid, "bilinear", "border", false);
        TensorTesting.assertClose(centre.flatten(0, -1), Torch.tensor(new float[] {1.5f, 5.5f, 9.5f, 13.5f, 17.5f,
                21.5f}, 6), 1e-6, 1e-6);
    }

    @Test
    void unsetAlignCornersWarnsAndMeansFalse() {
        Tensor[] out = new Tensor[1];
        List<String> warnings = Warnings.capture(() -> out[0] = SpatialTransforms.gridSample(input, grid));
        assertEquals(List.of(DEFAULT_CHANGED), warnings);
        TensorTesting.assertClose(out[0], SpatialTransforms.gridSample(input, grid, "bilinear", "zeros", false), 0, 0);
        assertEquals(List.of(DEFAULT_CHANGED), Warnings.capture(() -> SpatialTransforms.affineGrid(theta,
                new long[] {2, 3, 4, 5})));
        assertEquals(List.of(), Warnings.capture(() -> SpatialTransforms.affineGrid(theta, new long[] {2, 3, 4, 5},
                true)));
    }

    @Test
    void affineGridChecks() {
        assertEquals("Expected theta to have floating point type, but got torch.int64", message(() ->
                SpatialTransforms.affineGrid(Torch.zeros(2, 2, 3).to(ScalarType.Int64), new long[] {2, 3, 4, 5},
                        false)));
        assertEquals("Expected a batch of 2D affine matrices of shape Nx2x3 for size [2, 3, 4, 5]. Got"
                + " torch.Size([2, 3, 3]).", message(() -> SpatialTransforms.affineGrid(Torch.zeros(2, 3, 3),
                new long[] {2, 3, 4, 5}, false)));
        assertEquals("Expected a batch of 3D affine matrices of shape Nx3x4 for size [2, 3, 4, 5, 6]. Got"
                + " torch.Size([2, 2, 3]).", message(() -> SpatialTransforms.affineGrid(theta,
                new long[] {2, 3, 4, 5, 6}, false)));
        assertEquals("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, respectively. Got"
                + " size [2, 3, 4].", message(() -> SpatialTransforms.affineGrid(theta, new long[] {2, 3, 4}, false)));
        assertEquals("Expected non-zero, positive output size. Got [2, 3, 0, 5]", message(() ->
                SpatialTransforms.affineGrid(theta, new long[] {2, 3, 0, 5}, true)));
        assertEquals("Expected non-zero, positive output size. Got [2, 3, 1, 0]", message(() ->
                SpatialTransforms.affineGrid(theta, new long[] {2, 3, 1, 0}, false)));
        List<String> unit = Warnings.capture(() -> assertArrayEquals(new long[] {2, 1, 5, 2},
                SpatialTransforms.affineGrid(theta, new long[] {2, 3, 1, 5}, true).sizes()));
        assertEquals(List.of("Since version 1.3.0, affine_grid behavior has changed for unit-size grids when"
                + " align_corners=True. This is not an intended use case of affine_grid. See the documentation of"
                + " affine_grid for details."), unit);
    }

    @Test
    void affineGridOfTheIdentityIsThePixelCentres() {
        Tensor identity = Torch.tensor(new double[] {1, 0, 0, 0, 1, 0}, 1, 2, 3);
        Tensor centres = SpatialTransforms.affineGrid(identity, new long[] {1, 1, 2, 4}, false);
        // x along W at the centres of 4 pixels over [-1, 1], y along H at those of 2
        TensorTesting.assertClose(centres.flatten(0, -1), Torch.tensor(new double[] {-0.75, -0.5, -0.25, -0.5, 0.25,
                -0.5, 0.75, -0.5, -0.75, 0.5, -0.25, 0.5, 0.25, 0.5, 0.75, 0.5}, 16), 1e-15, 1e-15);
        Tensor corners = SpatialTransforms.affineGrid(identity, new long[] {1, 1, 2, 4}, true);
        assertEquals(-1.0, corners.flatten(0, -1).toDoubleArray()[0]);
        assertEquals(1.0, corners.flatten(0, -1).toDoubleArray()[15]);
    }
}
