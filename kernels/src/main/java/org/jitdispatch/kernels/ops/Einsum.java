package org.jitdispatch.kernels.ops;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * einsum as PyTorch 1.13's Linear.cpp computes it: the equation parsed with ATen's checks and messages, every
 * operand aligned to the output's dims followed by the summed ones (diagonals for repeated subscripts, size-1
 * dims for absent ones), then contracted left to right, two at a time, with {@code sumproduct_pair} (a batched
 * matrix product over the dims both keep and the dims summed). Dims are summed as soon as no later operand
 * has them. Everything is an operator call, so autograd differentiates through it.
 *
 * <p>The {@code path} argument (an opt_einsum contraction order) is accepted and not followed: the operands are
 * contracted left to right, which gives the same values up to rounding.
 */
public final class Einsum implements EinsumDeclarations {
    private static final int LABELS = 52;
    private static final int ELLIPSIS = LABELS;

    @Override
    public Tensor einsum(String equation, Tensor[] tensors, long[] path) {
        if (tensors.length == 0) {
            throw new IllegalArgumentException("einsum(): must provide at least one operand");
        }
        int arrow = equation.indexOf("->");
        String lhs = arrow < 0 ? equation : equation.substring(0, arrow);
        int numOps = tensors.length;
        List<List<Integer>> opLabels = parseOperands(lhs, numOps);

        long[] labelCount = new long[LABELS];
        int ellNumDim = 0;
        for (int i = 0; i < numOps; i++) {
            int ndims = tensors[i].dim();
            int nlabels = opLabels.get(i).size();
            boolean hasEllipsis = false;
            for (int label : opLabels.get(i)) {
                if (label == ELLIPSIS) {
                    nlabels--;
                    hasEllipsis = true;
                } else {
                    labelCount[label]++;
                }
            }
            if (hasEllipsis) {
                ellNumDim = Math.max(ellNumDim, ndims - nlabels);
            }
            if (hasEllipsis ? nlabels > ndims : nlabels != ndims) {
                throw new IllegalArgumentException("einsum(): the number of subscripts in the equation (" + nlabels + ") "
                        + (hasEllipsis ? "is more than" : "does not match") + " the number of dimensions (" + ndims
                        + ") for operand " + i + (hasEllipsis ? "" : " and no ellipsis was given"));
            }
        }

        // where each label (and the ellipsis dims) go: the output's dims first, then the dims to sum
        int[] labelPerm = new int[LABELS];
        Arrays.fill(labelPerm, -1);
        int permIndex = 0;
        int ellIndex = 0;
        boolean foundEll = false;
        if (arrow < 0) {
            permIndex = ellNumDim; // implicit output: the ellipsis, then the labels seen once, A-Z before a-z
            foundEll = true;
            for (int label = 0; label < LABELS; label++) {
                if (labelCount[label] == 1) {
                    labelPerm[label] = permIndex++;
                }
            }
        } else {
            String rhs = equation.substring(arrow + 2);
            for (int i = 0; i < rhs.length(); i++) {
                char c = rhs.charAt(i);
                if (c == ' ') {
                    continue;
                }
                if (c == '.') {
                    if (foundEll) {
                        throw new IllegalArgumentException(
                                "einsum(): found '.' for output but an ellipsis (...) was already found");
                    }
                    if (!(i + 2 < rhs.length() && rhs.charAt(++i) == '.' && rhs.charAt(++i) == '.')) {
                        throw new IllegalArgumentException(
                                "einsum(): found '.' for output that is not part of any ellipsis (...)");
                    }
                    ellIndex = permIndex;
                    permIndex += ellNumDim;
                    foundEll = true;
                    continue;
                }
                int label = subscript(c, lhs.length() + 2 + i);
                if (labelCount[label] == 0 || labelPerm[label] != -1) {
                    throw new IllegalArgumentException("einsum(): output subscript " + c + (labelPerm[label] > -1
                            ? " appears more than once in the output" : " does not appear in the equation for any input operand"));
                }
                labelPerm[label] = permIndex++;
            }
        }
        int outNumDim = permIndex;
        if (!foundEll) {
            ellIndex = permIndex;
            permIndex += ellNumDim;
        }
        for (int label = 0; label < LABELS; label++) {
            if (labelCount[label] > 0 && labelPerm[label] == -1) {
                labelPerm[label] = permIndex++;
            }
        }

        // align every operand to [output dims..., summed dims...]
        long[] labelSize = new long[LABELS];
        Arrays.fill(labelSize, 1);
        long[] ellSizes = new long[ellNumDim];
        Arrays.fill(ellSizes, 1);
        int[] dimCounts = new int[permIndex];
        Deque<Tensor> ops = new ArrayDeque<>();
        for (int i = 0; i < numOps; i++) {
            Tensor op = tensors[i];
            long[] permutation = new long[permIndex];
            Arrays.fill(permutation, -1);
            int dim = 0;
            for (int label : opLabels.get(i)) {
                if (label == ELLIPSIS) {
                    int ndim = tensors[i].dim() - (opLabels.get(i).size() - 1);
                    for (int j = ellNumDim - ndim; j < ellNumDim; j++) {
                        if (op.size(dim) != 1) {
                            if (ellSizes[j] != 1 && ellSizes[j] != op.size(dim)) {
                                throw new IllegalArgumentException("einsum(): dimension " + dim + " covered by ellipsis in"
                                        + " operand " + i + "has size " + op.size(dim) + " which does not broadcast with"
                                        + " previously seen ellipsis with size " + ellSizes[j]
                                        + " for the respective dimension");
                            }
                            ellSizes[j] = op.size(dim);
                            dimCounts[ellIndex + j]++;
                        }
                        permutation[ellIndex + j] = dim++;
                    }
                } else if (permutation[labelPerm[label]] == -1) {
                    if (op.size(dim) != 1) {
                        if (labelSize[label] != 1 && labelSize[label] != op.size(dim)) {
                            throw new IllegalArgumentException("einsum(): subscript " + label(label) + " has size "
                                    + op.size(dim) + " for operand " + i + " which does not broadcast with previously"
                                    + " seen size " + labelSize[label]);
                        }
                        labelSize[label] = op.size(dim);
                        dimCounts[labelPerm[label]]++;
                    }
                    permutation[labelPerm[label]] = dim++;
                } else {
                    int previous = (int) permutation[labelPerm[label]];
                    if (op.size(dim) != op.size(previous)) {
                        throw new IllegalArgumentException("einsum(): subscript " + label(label) + " is repeated for"
                                + " operand " + i + " but the sizes don't match, " + op.size(dim) + " != "
                                + op.size(previous));
                    }
                    op = op.diagonal(0, previous, dim).movedim(-1, previous);
                }
            }
            for (int k = 0; k < permutation.length; k++) {
                if (permutation[k] == -1) {
                    op = op.unsqueeze(dim);
                    permutation[k] = dim++;
                }
            }
            ops.addLast(op.permute(permutation));
        }

        // contract left to right, summing each dim once no later operand has it
        while (ops.size() > 1) {
            Tensor a = ops.pollFirst();
            Tensor b = ops.pollFirst();
            List<Long> sumDims = new ArrayList<>();
            List<Long> aDimsToSum = new ArrayList<>();
            List<Long> bDimsToSum = new ArrayList<>();
            for (int dim = outNumDim; dim < permIndex; dim++) {
                if (a.size(dim) != 1 && b.size(dim) != 1) {
                    if (--dimCounts[dim] == 1) {
                        sumDims.add((long) dim);
                        dimCounts[dim] = 0;
                    }
                } else if (dimCounts[dim] == 1) {
                    if (a.size(dim) != 1) {
                        aDimsToSum.add((long) dim);
                        dimCounts[dim] = 0;
                    } else if (b.size(dim) != 1) {
                        bDimsToSum.add((long) dim);
                        dimCounts[dim] = 0;
                    }
                }
            }
            if (!aDimsToSum.isEmpty()) {
                a = Torch.sum(a, longs(aDimsToSum), true, null);
            }
            if (!bDimsToSum.isEmpty()) {
                b = Torch.sum(b, longs(bDimsToSum), true, null);
            }
            ops.addFirst(sumproductPair(a, b, longs(sumDims)));
        }

        Tensor result = ops.peekFirst();
        if (permIndex - outNumDim > 0) {
            if (numOps > 1) {
                // every dim to sum is 1 by now: drop them
                long[] sizes = new long[outNumDim];
                System.arraycopy(result.sizes(), 0, sizes, 0, outNumDim);
                return result.view(sizes);
            }
            long[] sumDims = new long[permIndex - outNumDim];
            for (int k = 0; k < sumDims.length; k++) {
                sumDims[k] = outNumDim + k;
            }
            return Torch.sum(result, sumDims, false, null);
        }
        return result;
    }

    /** The labels of each operand (ELLIPSIS for "..."), with ATen's parse errors. */
    private static List<List<Integer>> parseOperands(String lhs, int numOps) {
        List<List<Integer>> opLabels = new ArrayList<>();
        for (int i = 0; i < numOps; i++) {
            opLabels.add(new ArrayList<>());
        }
        boolean foundEll = false;
        int op = 0;
        for (int i = 0; i < lhs.length(); i++) {
            char c = lhs.charAt(i);
            switch (c) {
                case ' ':
                    break;
                case '.':
                    if (foundEll) {
                        throw new IllegalArgumentException("einsum(): found '.' for operand " + op
                                + " for which an ellipsis was already found");
                    }
                    if (!(i + 2 < lhs.length() && lhs.charAt(++i) == '.' && lhs.charAt(++i) == '.')) {
                        throw new IllegalArgumentException("einsum(): found '.' for operand " + op
                                + " that is not part of any ellipsis");
                    }
                    opLabels.get(op).add(ELLIPSIS);
                    foundEll = true;
                    break;
                case ',':
                    op++;
                    if (op >= numOps) {
                        throw new IllegalArgumentException(
                                "einsum(): fewer operands were provided than specified in the equation");
                    }
                    foundEll = false;
                    break;
                default:
                    opLabels.get(op).add(subscript(c, i));
            }
        }
        if (op != numOps - 1) {
            throw new IllegalArgumentException("einsum(): more operands were provided than specified in the equation");
        }
        return opLabels;
    }

    /** A-Z are 0-25, a-z 26-51. */
    private static int subscript(char c, int index) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        throw new IllegalArgumentException("einsum(): invalid subscript given at index " + index
                + " in the equation string, subscripts must be in [a-zA-Z]");
    }

    private static char label(int subscript) {
        return (char) (subscript < 26 ? 'A' + subscript : 'a' + subscript - 26);
    }

    private static long[] longs(List<Long> values) {
        long[] out = new long[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }

    /**
     * ATen's sumproduct_pair with keepdim: the product of two aligned operands summed over {@code sumDims}, as a
     * batched matrix product of [kept by both, left only, summed] by [kept by both, summed, right only]; a plain
     * product when nothing is summed.
     */
    static Tensor sumproductPair(Tensor left, Tensor right, long[] sumDims) {
        if (sumDims.length == 0) {
            return Torch.mul(left, right);
        }
        int dim = left.dim();
        boolean[] summed = new boolean[dim];
        for (long d : sumDims) {
            summed[(int) d] = true;
        }
        List<Integer> lro = new ArrayList<>();
        List<Integer> lo = new ArrayList<>();
        List<Integer> ro = new ArrayList<>();
        long lroSize = 1;
        long loSize = 1;
        long roSize = 1;
        long sumSize = 1;
        for (int i = 0; i < dim; i++) {
            boolean sl = left.size(i) != 1;
            boolean sr = right.size(i) != 1;
            if (summed[i]) {
                if (sl && sr) {
                    checkMatch(left, right, i);
                    sumSize *= left.size(i);
                } else if (sl) {
                    left = Torch.sum(left, new long[] {i}, true, null);
                } else if (sr) {
                    right = Torch.sum(right, new long[] {i}, true, null);
                }
            } else if (sl && sr) {
                checkMatch(left, right, i);
                lro.add(i);
                lroSize *= left.size(i);
            } else if (sl) {
                lo.add(i);
                loSize *= left.size(i);
            } else {
                ro.add(i);
                roSize *= right.size(i);
            }
        }
        long[] outSize = new long[dim];
        long[] lperm = new long[dim];
        long[] rperm = new long[dim];
        long[] operm = new long[dim];
        int k = 0;
        for (int d : lro) {
            outSize[k++] = left.size(d);
        }
        for (int d : lo) {
            outSize[k++] = left.size(d);
        }
        for (long d : sumDims) {
            outSize[k++] = 1;
        }
        for (int d : ro) {
            outSize[k++] = right.size(d);
        }
        int l = 0;
        int r = 0;
        int o = 0;
        for (int d : lro) {
            lperm[l++] = d;
            rperm[r++] = d;
            operm[d] = o++;
        }
        for (int d : lo) {
            operm[d] = o++;
        }
        for (long d : sumDims) {
            operm[(int) d] = o++;
        }
        for (int d : ro) {
            operm[d] = o++;
        }
        for (int d : lo) {
            lperm[l++] = d;
        }
        for (long d : sumDims) {
            lperm[l++] = d;
            rperm[r++] = d;
        }
        for (int d : ro) {
            lperm[l++] = d;
            rperm[r++] = d;
        }
        for (int d : lo) {
            rperm[r++] = d;
        }
        Tensor a = left.permute(lperm).reshape(new long[] {lroSize, loSize, sumSize});
        Tensor b = right.permute(rperm).reshape(new long[] {lroSize, sumSize, roSize});
        return Torch.bmm(a, b).view(outSize).permute(operm);
    }

    private static void checkMatch(Tensor left, Tensor right, int i) {
        if (left.size(i) != right.size(i)) {
            throw new IllegalArgumentException("non-broadcast dimensions must match");
        }
    }
}
