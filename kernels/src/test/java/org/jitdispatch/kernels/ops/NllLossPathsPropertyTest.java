package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;

/**
 * nll_loss_backward into a contiguous gradient (zeros, and one value a sample written in place) against the same
 * call into a transposed out= gradient (the general path: the values in a double array, then copied), on the same
 * random arguments: float32 and float64, batches of 1 to 40 over 1 to 30 classes (and a single sample of one dim),
 * every reduction, an ignored index among the targets or not, class weights or not. The same bits.
 */
class NllLossPathsPropertyTest {
    static {
        AtenLibrary.load();
    }

    @Property(tries = 300)
    void theInPlaceGradientIsTheGeneralPathsGradient(@ForAll long seed) {
        Random rnd = new Random(seed);
        ScalarType dtype = rnd.nextBoolean() ? ScalarType.Float32 : ScalarType.Float64;
        int batch = 1 + rnd.nextInt(40);
        int classes = 1 + rnd.nextInt(30);
        boolean oneSample = rnd.nextInt(6) == 0;
        Tensor self = (oneSample ? Torch.randn(classes) : Torch.randn(batch, classes)).to(dtype);
        Tensor target = oneSample ? Torch.randint(0, classes, new long[] {})
                : Torch.randint(0, classes, new long[] {batch});
        Tensor weight = rnd.nextBoolean() ? Torch.rand(classes).to(dtype) : null;
        long reduction = rnd.nextInt(3);
        long ignore = rnd.nextBoolean() ? rnd.nextInt(classes) : -100;
        Tensor[] forward = Torch.nll_loss_forward(self, target, weight, reduction, ignore);
        Tensor grad = reduction == 0 && !oneSample ? Torch.randn(batch).to(dtype) : Torch.randn(new long[] {}).to(dtype);
        Tensor contiguous = Torch.nll_loss_backward(grad, self, target, weight, reduction, ignore, forward[1]);
        Tensor general = oneSample ? Torch.zeros(new long[] {classes, 2}, dtype).select(1, 0)
                : Torch.zeros(new long[] {classes, batch}, dtype).transpose(0, 1);
        Torch.nll_loss_backward_out(general, grad, self, target, weight, reduction, ignore, forward[1]);
        String what = dtype + " " + (oneSample ? "one sample" : batch + " x " + classes) + ", reduction " + reduction
                + ", ignore " + ignore + (weight == null ? "" : ", weights");
        assertArrayEquals(general.contiguous().toDoubleArray(), contiguous.toDoubleArray(), what);
    }
}
