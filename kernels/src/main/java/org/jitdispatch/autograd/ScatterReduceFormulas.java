package org.jitdispatch.autograd;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The backward of scatter_reduce.two and index_reduce, as PyTorch 1.13's scatter_reduce_backward and
 * index_reduce_backward (FunctionsManual.cpp), written over operators so that they are differentiable again.
 * The two share one shape: scatter_reduce moves values between self and src with scatter_add/gather at the
 * index, index_reduce with index_add/index_select along dim; {@link Along} names those moves.
 *
 * <p>Where two or more zeros of src meet one element of a 'prod', 1.13 wraps src's gradient in a DelayedError
 * so that its double backward fails; here that second derivative is whatever the formula's operators give.
 */
public final class ScatterReduceFormulas {
    private ScatterReduceFormulas() {
    }

    public static Tensor scatterReduceSelf(Tensor grad, Tensor self, long dim, Tensor index, Tensor src, String reduce,
            boolean includeSelf, Tensor result) {
        return backward(Along.scatter(dim, index), grad, self, src, reduce, includeSelf, result, true);
    }

    public static Tensor scatterReduceSrc(Tensor grad, Tensor self, long dim, Tensor index, Tensor src, String reduce,
            boolean includeSelf, Tensor result) {
        return backward(Along.scatter(dim, index), grad, self, src, reduce, includeSelf, result, false);
    }

    public static Tensor indexReduceSelf(Tensor grad, Tensor self, long dim, Tensor index, Tensor source, String reduce,
            boolean includeSelf, Tensor result) {
        return backward(Along.index(dim, index), grad, self, source, reduce, includeSelf, result, true);
    }

    public static Tensor indexReduceSource(Tensor grad, Tensor self, long dim, Tensor index, Tensor source,
            String reduce, boolean includeSelf, Tensor result) {
        return backward(Along.index(dim, index), grad, self, source, reduce, includeSelf, result, false);
    }

    /** How src's elements reach self's: the reduction itself, the sum of src into self, and self read back at src's places. */
    private interface Along {
        Tensor reduce(Tensor self, Tensor src, String reduce, boolean includeSelf);

        Tensor add(Tensor self, Tensor src);

        Tensor take(Tensor self);

        /** self with every element that src reaches set to 0. */
        Tensor zeroReached(Tensor self);

        static Along scatter(long dim, Tensor index) {
            return new Along() {
                public Tensor reduce(Tensor self, Tensor src, String reduce, boolean includeSelf) {
                    return self.scatter_reduce(dim, index, src, reduce, includeSelf);
                }

                public Tensor add(Tensor self, Tensor src) {
                    return self.scatter_add(dim, index, src);
                }

                public Tensor take(Tensor self) {
                    return self.gather(dim, index);
                }

                public Tensor zeroReached(Tensor self) {
                    Tensor reached = Torch.zeros_like(self, ScalarType.Bool).scatter(dim, index, Scalar.of(true));
                    return self.masked_fill(reached, Scalar.of(0));
                }
            };
        }

        static Along index(long dim, Tensor index) {
            return new Along() {
                public Tensor reduce(Tensor self, Tensor src, String reduce, boolean includeSelf) {
                    return self.index_reduce(dim, index, src, reduce, includeSelf);
                }

                public Tensor add(Tensor self, Tensor src) {
                    return self.index_add(dim, index, src);
                }

                public Tensor take(Tensor self) {
                    return self.index_select(dim, index);
                }

                public Tensor zeroReached(Tensor self) {
                    return self.index_fill(dim, index, Scalar.of(0));
                }
            };
        }
    }

    private static Tensor backward(Along along, Tensor grad, Tensor self, Tensor src, String reduce, boolean includeSelf,
            Tensor result, boolean forSelf) {
        Tensor gradSelf;
        Tensor gradSrc = null;
        switch (reduce) {
            case "sum":
                gradSelf = grad;
                gradSrc = along.take(grad);
                break;
            case "prod": {
                // the exclusive product of each element's partners, computed so that a zero among them counts once
                Tensor maskedSelf = self.masked_fill(self.eq(Scalar.of(0)), Scalar.of(1));
                gradSelf = grad.mul(along.reduce(maskedSelf, src, reduce, includeSelf)).div(maskedSelf);
                if (forSelf) {
                    break;
                }
                Tensor srcZero = src.eq(Scalar.of(0));
                Tensor srcNumZeros = along.take(along.add(Torch.zeros_like(self), srcZero.to(self.dtype())));
                Tensor srcSingleZero = srcZero.bitwise_and(srcNumZeros.eq(Scalar.of(1)));
                Tensor maskedSrcResult = along.reduce(self, src.masked_fill(srcSingleZero, Scalar.of(1)), reduce, includeSelf);
                gradSrc = Torch.where(srcSingleZero, along.take(grad.mul(maskedSrcResult)),
                        along.take(grad.mul(result)).div(src.masked_fill(srcZero, Scalar.of(1))));
                return gradSrc;
            }
            case "mean": {
                Tensor n = along.add(includeSelf ? Torch.ones_like(grad) : Torch.zeros_like(grad), Torch.ones_like(src));
                n = n.masked_fill(n.eq(Scalar.of(0)), Scalar.of(1));
                gradSelf = grad.div(n);
                gradSrc = along.take(grad).div(along.take(n));
                break;
            }
            case "amax":
            case "amin": {
                // the gradient is shared evenly among the values equal to the result
                Tensor value = along.take(result);
                Tensor selfIsResult = self.eq(result).to(self.dtype());
                Tensor srcIsResult = src.eq(value).to(self.dtype());
                Tensor distributed = grad.div(along.add(selfIsResult, srcIsResult));
                gradSelf = selfIsResult.mul(distributed);
                gradSrc = srcIsResult.mul(along.take(distributed));
                break;
            }
            default:
                throw new IllegalArgumentException("Expected 'reduce' argument to be one of 'sum', 'prod', 'mean', 'amax'"
                        + " or 'amin' for " + reduce);
        }
        if (!forSelf) {
            return gradSrc;
        }
        return includeSelf ? gradSelf : along.zeroReached(gradSelf);
    }
}
