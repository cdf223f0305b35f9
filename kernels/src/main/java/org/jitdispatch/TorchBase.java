package org.jitdispatch;

import java.util.Objects;
import org.jitdispatch.autograd.GradMode;
import org.jitdispatch.kernels.cpu.CpuCapability;
import org.jitdispatch.kernels.cpu.NativeBlas;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.kernels.random.CPUGenerator;
import org.jitdispatch.runtime.CurrentPrintOptions;
import org.jitdispatch.runtime.PrintOptions;
import org.jitdispatch.runtime.PrintOptionsArgs;
import org.jitdispatch.runtime.PrintOptionsScope;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Tensor creation from Java values, inherited by the generated {@code Torch} so that
 * {@code Torch.tensor(new float[] {1, 2, 3}, 3)} sits next to the operators. The operators themselves
 * (including factories such as {@code Torch.zeros}) are generated from ops.yaml.
 */
public abstract class TorchBase {
    protected TorchBase() {
    }

    /** A float32 tensor holding a copy of {@code data} with {@code sizes} (1-D when none are given). */
    public static Tensor tensor(float[] data, long... sizes) {
        checkData(data, sizes);
        return Tensor.FACTORY.fromArray(data, sizes);
    }

    public static Tensor tensor(double[] data, long... sizes) {
        checkData(data, sizes);
        return Tensor.FACTORY.fromArray(data, sizes);
    }

    public static Tensor tensor(int[] data, long... sizes) {
        checkData(data, sizes);
        return Tensor.FACTORY.fromArray(data, sizes);
    }

    public static Tensor tensor(long[] data, long... sizes) {
        checkData(data, sizes);
        return Tensor.FACTORY.fromArray(data, sizes);
    }

    public static Tensor tensor(boolean[] data, long... sizes) {
        checkData(data, sizes);
        return Tensor.FACTORY.fromArray(data, sizes);
    }

    /** An int8 tensor ({@code byte} is signed); {@code tensor(ScalarType.UInt8, bytes)} reads them unsigned. */
    public static Tensor tensor(byte[] data, long... sizes) {
        checkData(data, sizes);
        return Tensor.FACTORY.fromArray(data, sizes);
    }

    /** An int16 tensor. */
    public static Tensor tensor(short[] data, long... sizes) {
        checkData(data, sizes);
        return Tensor.FACTORY.fromArray(data, sizes);
    }

    // ---- nested Java arrays, as torch.tensor of nested lists: the array's depth is the tensor's dim

    /**
     * A float32 tensor holding a copy of the rows of {@code data} ({@code torch.tensor([[1., 2.], [3., 4.]])}):
     * {@code Torch.tensor(new float[][] {{1, 2}, {3, 4}})} has sizes [2, 2]. Rows must be of one length
     * ("expected sequence of length 2 at dim 1 (got 1)" otherwise); an array with no rows has sizes 0 from its
     * first empty level down ({@code new float[0][]} is [0, 0]). The same holds for every overload below: 2 to 4
     * levels of {@code float}, {@code double}, {@code int}, {@code long} and {@code boolean}.
     */
    public static Tensor tensor(float[][] data) {
        return nested(data, 2, float.class);
    }

    public static Tensor tensor(double[][] data) {
        return nested(data, 2, double.class);
    }

    public static Tensor tensor(int[][] data) {
        return nested(data, 2, int.class);
    }

    public static Tensor tensor(long[][] data) {
        return nested(data, 2, long.class);
    }

    public static Tensor tensor(boolean[][] data) {
        return nested(data, 2, boolean.class);
    }

    public static Tensor tensor(float[][][] data) {
        return nested(data, 3, float.class);
    }

    public static Tensor tensor(double[][][] data) {
        return nested(data, 3, double.class);
    }

    public static Tensor tensor(int[][][] data) {
        return nested(data, 3, int.class);
    }

    public static Tensor tensor(long[][][] data) {
        return nested(data, 3, long.class);
    }

    public static Tensor tensor(boolean[][][] data) {
        return nested(data, 3, boolean.class);
    }

    public static Tensor tensor(float[][][][] data) {
        return nested(data, 4, float.class);
    }

    public static Tensor tensor(double[][][][] data) {
        return nested(data, 4, double.class);
    }

    public static Tensor tensor(int[][][][] data) {
        return nested(data, 4, int.class);
    }

    public static Tensor tensor(long[][][][] data) {
        return nested(data, 4, long.class);
    }

    public static Tensor tensor(boolean[][][][] data) {
        return nested(data, 4, boolean.class);
    }

    private static Tensor nested(Object data, int depth, Class<?> leafType) {
        Objects.requireNonNull(data, "tensor(): data must not be null");
        long[] sizes = NestedArrays.sizes(data, depth);
        return Tensor.FACTORY.fromArray(NestedArrays.dtypeOf(leafType), NestedArrays.flatten(data, sizes, leafType),
                sizes);
    }

    /**
     * A tensor of {@code dtype} over a copy of an array of its storage type: {@code byte[]} for uint8 and int8,
     * {@code short[]} for int16 and for the bits of float16 and bfloat16 ({@code Half.fromFloat},
     * {@code BFloat16.fromFloat}), and the Java arrays of the other dtypes. For values of another type, convert:
     * {@code Torch.tensor(floats).to(ScalarType.Float16)}.
     */
    public static Tensor tensor(ScalarType dtype, Object data, long... sizes) {
        Objects.requireNonNull(dtype, "tensor(): dtype must not be null");
        checkData(data, sizes);
        return Tensor.FACTORY.fromArray(dtype, data, sizes);
    }

    /** A zero-dim tensor with PyTorch's default dtype for the value (float32, int64 or bool). */
    public static Tensor scalarTensor(Scalar value) {
        Objects.requireNonNull(value, "scalarTensor(): value must not be null");
        return Tensor.FACTORY.scalarTensor(value);
    }

    public static Tensor scalarTensor(Scalar value, ScalarType dtype) {
        Objects.requireNonNull(value, "scalarTensor(): value must not be null");
        Objects.requireNonNull(dtype, "scalarTensor(): dtype must not be null");
        return Tensor.FACTORY.scalarTensor(value, dtype);
    }

    private static void checkData(Object data, long[] sizes) {
        Objects.requireNonNull(data, "tensor(): data must not be null");
        Objects.requireNonNull(sizes, "tensor(): sizes must not be null");
    }

    /** {@code torch.unique(self)}: the distinct values of all elements, sorted ({@code _unique2}). */
    public static Tensor unique(Tensor self) {
        return Torch._unique2(self, true, false, false)[0];
    }

    /**
     * {@code torch.unique(self, sorted, return_inverse, return_counts)} over all elements ({@code _unique2}): the
     * values, the index of each element's value in them (self's shape), and each value's count; the last two are
     * empty unless asked for.
     */
    public static Tensor[] unique(Tensor self, boolean sorted, boolean returnInverse, boolean returnCounts) {
        return Torch._unique2(self, sorted, returnInverse, returnCounts);
    }

    /** {@code torch.unique(self, sorted, return_inverse, return_counts, dim)}: the distinct slices along dim. */
    public static Tensor[] unique(Tensor self, boolean sorted, boolean returnInverse, boolean returnCounts, long dim) {
        return Torch.unique_dim(self, dim, sorted, returnInverse, returnCounts);
    }

    /**
     * Sets the number of threads an op may use, the caller's included (PyTorch's {@code torch.set_num_threads}).
     * Ops below {@link Parallel#GRAIN_SIZE} elements always run on the caller's thread.
     */
    public static void set_num_threads(int threads) {
        Parallel.setNumThreads(threads);
    }

    /** The number of threads an op may use; the number of available processors unless set. */
    public static int get_num_threads() {
        return Parallel.getNumThreads();
    }

    /**
     * The CPU capability the float32 hot spots (packed GEMM, sum, relu and its gradient) run with, as
     * {@code torch.backends.cpu.get_cpu_capability()} reports ATen's: {@code "VECTOR"} when the JVM was started
     * with {@code --add-modules jdk.incubator.vector} (the JDK Vector API kernels), {@code "DEFAULT"} without it
     * or with {@code -Djitdispatch.cpu.capability=default} (the scalar kernels). Fixed for the life of the JVM.
     */
    public static String get_cpu_capability() {
        return CpuCapability.current().name();
    }

    /**
     * What runs the float32 and float64 matrix products (mm, bmm, addmm, matmul, linear, mv, dot, convolution),
     * as {@code BLAS_INFO} in {@code torch.__config__.show()} tells PyTorch's: {@code "native: PATH"} for the
     * machine's optimized BLAS (OpenBLAS, MKL, BLIS) loaded from {@code PATH}, or {@code "java (...)"} with the
     * reason the Java kernels run. {@code -Djitdispatch.blas=auto|native|java} chooses (README.md, "BLAS").
     * Fixed for the life of the JVM.
     */
    public static String get_blas() {
        return NativeBlas.describe();
    }

    // ---- printing

    /**
     * PyTorch's {@code torch.set_printoptions(...)}, with the keyword arguments given as
     * {@link PrintOptionsArgs}: {@code Torch.set_printoptions(PrintOptionsArgs.of().precision(2))} is
     * {@code torch.set_printoptions(precision=2)}. As in PyTorch, a profile resets precision, threshold,
     * edgeitems and linewidth before the other arguments apply, options not given keep their values, and
     * {@code sci_mode} goes back to being chosen from the values unless given. The options are global: every
     * thread's {@code toString} follows them.
     */
    public static void set_printoptions(PrintOptionsArgs args) {
        CurrentPrintOptions.apply(args);
    }

    /** Replaces every print option at once, for instance with options saved from {@link #get_printoptions()}. */
    public static void set_printoptions(PrintOptions options) {
        CurrentPrintOptions.set(options);
    }

    /** The print options in force ({@code torch._tensor_str.get_printoptions()} of later PyTorch releases). */
    public static PrintOptions get_printoptions() {
        return CurrentPrintOptions.get();
    }

    /**
     * Applies a {@code set_printoptions} call until the returned scope closes, then restores the options it
     * replaced, even when the body throws ({@code torch._tensor_str.printoptions(...)} of later releases):
     * {@code try (var scope = Torch.printoptions(PrintOptionsArgs.of().profile("full"))) { ... }}.
     */
    public static PrintOptionsScope printoptions(PrintOptionsArgs args) {
        return PrintOptionsScope.of(args);
    }

    /** Sets every print option until the returned scope closes, then restores the options it replaced. */
    public static PrintOptionsScope printoptions(PrintOptions options) {
        return PrintOptionsScope.of(options);
    }

    // ---- gradient mode

    /** Whether operations on this thread record autograd history ({@code torch.is_grad_enabled()}). */
    public static boolean is_grad_enabled() {
        return GradMode.isEnabled();
    }

    /**
     * Switches recording on or off for this thread until switched again ({@code torch.set_grad_enabled(mode)}
     * called as a function); for a block, {@code NoGrad.enter()} or {@code EnableGrad.enter(mode)} restore the
     * mode when they close.
     */
    public static void set_grad_enabled(boolean enabled) {
        GradMode.setEnabled(enabled);
    }

    // ---- random numbers

    /**
     * Seeds the default CPU generator and returns it ({@code torch.manual_seed}); the random operators draw
     * from it when they are given no generator. The same seed gives PyTorch's numbers (see README.md,
     * "Random numbers").
     */
    public static CPUGenerator manual_seed(long seed) {
        CPUGenerator generator = CPUGenerator.getDefault();
        generator.manual_seed(seed);
        return generator;
    }

    /** The default CPU generator ({@code torch.default_generator}). */
    public static CPUGenerator default_generator() {
        return CPUGenerator.getDefault();
    }

    /** The default CPU generator's seed ({@code torch.initial_seed}). */
    public static long initial_seed() {
        return CPUGenerator.getDefault().initial_seed();
    }

    /** Seeds the default CPU generator non-deterministically and returns the seed ({@code torch.seed}). */
    public static long seed() {
        return CPUGenerator.getDefault().seed();
    }

    /**
     * The default CPU generator's state, a uint8 tensor of 5056 bytes laid out as PyTorch's
     * ({@code torch.get_rng_state}): a state saved by either restores in the other.
     */
    public static Tensor get_rng_state() {
        return CPUGenerator.getDefault().get_state();
    }

    /**
     * Puts the default CPU generator in the state {@code newState} holds ({@code torch.set_rng_state}); a tensor
     * that is not such a state is refused and the generator keeps its state.
     */
    public static void set_rng_state(Tensor newState) {
        CPUGenerator.getDefault().set_state(newState);
    }

    /**
     * Saves the default CPU generator's state and restores it when the returned scope closes
     * ({@code torch.random.fork_rng()}), so the random numbers drawn inside do not change those drawn after:
     * {@code try (var scope = Torch.fork_rng()) { ... }}.
     */
    public static RngStateScope fork_rng() {
        return new RngStateScope(CPUGenerator.getDefault());
    }

    /** A new CPU generator with PyTorch's default seed ({@code torch.Generator()}); seed it with manual_seed. */
    public static CPUGenerator generator() {
        return new CPUGenerator();
    }
}
