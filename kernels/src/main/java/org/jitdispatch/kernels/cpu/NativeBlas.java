package org.jitdispatch.kernels.cpu;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.NativeBLAS;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The machine's optimized BLAS, when it has one, for the float32 and float64 matrix products (mm, bmm, addmm,
 * matmul, linear, mv, dot and convolution's products all reach it through {@code Gemm}): PyTorch calls its
 * BLAS (MKL or OpenBLAS) the same way. It is reached through JNI with dev.ludovic.netlib, which loads the
 * system's {@code libblas.so.3}; on Debian that name is an alternative that {@code apt-get install
 * libopenblas0-serial} points at OpenBLAS.
 *
 * <p>Which one runs is decided once per JVM by {@code -Djitdispatch.blas}: {@code auto} (the default) uses a
 * native library only when it is an optimized one (OpenBLAS, MKL, BLIS or ATLAS, told from the file the JVM
 * mapped): the reference BLAS that Debian installs by default is a plain Fortran loop, slower than the Java
 * kernels. {@code native} uses whatever {@code libblas.so.3} is, {@code java} never calls native code. Without a
 * native library, or when it cannot be loaded, the Java kernels run and nothing is printed.
 *
 * <p>From JDK 24 a JVM warns when a library loads native code without {@code --enable-native-access}; there
 * {@code auto} uses the Java kernels unless the flag is given ({@code --enable-native-access=ALL-UNNAMED} on
 * the class path), and {@link #describe()} says so. JDK 17 to 23 need no flag.
 *
 * <p>A product goes to BLAS when each operand has one unit stride and a leading dimension BLAS accepts
 * (contiguous, transposed, or a slice of rows or columns of either): transposed operands are passed as
 * {@code "T"} and read in place, never copied. Other strides (an expanded operand, a step along both dims)
 * return false and the caller's Java kernel runs. BLAS accumulates in its own order with fused
 * multiply-adds, so its results are within float rounding of the Java kernels', not equal to them bit for bit.
 *
 * <p>Every product is one call, from the caller's thread. A build that runs its own threads (OpenBLAS's
 * {@code -pthread} or {@code -openmp}, MKL; {@link #ownsThreads()}) spreads it over them as its own setting
 * ({@code OPENBLAS_NUM_THREADS}) says. A single-threaded build (OpenBLAS's {@code -serial}) may keep its work
 * buffers in globals: Debian's {@code libopenblas0-serial} does, and two threads calling it at once get each
 * other's partial results (in a test of two threads repeating one 16 x 72 x 196 product, 3% of the calls came back
 * wrong). So such a build is called by one thread at a time ({@link #exclusive()}): products from parallel regions
 * (convolution's samples) wait for each other, and a large product is not split between native calls but shared
 * between one native call and the Java kernels on the other threads ({@code FloatGemm.withNative}).
 */
public final class NativeBlas {
    /** The system property that chooses: {@code auto}, {@code native} or {@code java}. */
    public static final String PROPERTY = "jitdispatch.blas";

    /** How {@link #PROPERTY} asks for BLAS. */
    public enum Mode {
        /** An optimized native library if there is one, else the Java kernels. */
        AUTO,
        /** Any native {@code libblas.so.3}, the reference implementation included. */
        NATIVE,
        /** The Java kernels only. */
        JAVA
    }

    private static final System.Logger LOGGER = System.getLogger("org.jitdispatch.kernels");

    /** The logger dev.ludovic.netlib warns on when no native library loads; quieted while it tries. */
    private static final String NETLIB_LOGGER = "dev.ludovic.netlib.blas.InstanceBuilder";

    /** File names of the optimized implementations, as they appear in a mapped library's path. */
    private static final List<String> OPTIMIZED = List.of("openblas", "mkl", "blis", "atlas", "accelerate");

    private final BLAS blas;
    private final String library;
    private final boolean ownsThreads;
    /** Held around every call when the library is not {@link #ownsThreads()} (see the class comment). */
    private final Object exclusiveCalls = new Object();

    NativeBlas(BLAS blas, String library, boolean ownsThreads) {
        this.blas = blas;
        this.library = library;
        this.ownsThreads = ownsThreads;
    }

    /** This JVM's native BLAS, or null when the Java kernels run. */
    public static NativeBlas current() {
        return Holder.CHOICE.blas;
    }

    /**
     * What runs the matrix products, for a user and the perf report: the library's file (e.g.
     * {@code "native: /usr/lib/x86_64-linux-gnu/openblas-serial/libblas.so.3"}) or {@code "java"} with why.
     */
    public static String describe() {
        return Holder.CHOICE.description;
    }

    /** The mode {@code requested} names (null or blank is {@code auto}); an unknown value is ignored with a warning. */
    public static Mode mode(String requested) {
        if (requested == null || requested.isBlank()) {
            return Mode.AUTO;
        }
        switch (requested.trim().toLowerCase(Locale.ROOT)) {
            case "auto":
                return Mode.AUTO;
            case "native":
                return Mode.NATIVE;
            case "java":
                return Mode.JAVA;
            default:
                LOGGER.log(System.Logger.Level.WARNING, "ignoring invalid value for -D" + PROPERTY + ": '" + requested
                        + "' (expected 'auto', 'native' or 'java')");
                return Mode.AUTO;
        }
    }

    /** Whether the library at {@code path} is an optimized BLAS rather than the reference one. */
    public static boolean optimized(String path) {
        String name = path.toLowerCase(Locale.ROOT);
        return OPTIMIZED.stream().anyMatch(name::contains);
    }

    /** Whether the library at {@code path} starts threads of its own (an OpenBLAS or BLIS built with pthreads or OpenMP). */
    public static boolean threaded(String path) {
        String name = path.toLowerCase(Locale.ROOT);
        return name.contains("pthread") || name.contains("openmp") || name.contains("-omp") || name.contains("mkl");
    }

    /** The file of the BLAS library among the lines of {@code /proc/self/maps}, or null. */
    static String mappedLibrary(List<String> maps) {
        for (String line : maps) {
            int slash = line.indexOf('/');
            if (slash < 0) {
                continue;
            }
            String path = line.substring(slash).trim();
            String file = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
            if (file.contains("netlibblasjni")) {
                continue;
            }
            if (file.startsWith("libblas") || file.startsWith("libopenblas") || file.startsWith("libmkl_rt")
                    || file.startsWith("libblis") || file.startsWith("libsatlas") || file.startsWith("libtatlas")) {
                return path;
            }
        }
        return null;
    }

    /** Whether the native library runs its own threads, and so can be called from several threads at once. */
    public boolean ownsThreads() {
        return ownsThreads;
    }

    /**
     * Whether calls are made one at a time: a single-threaded build, which may not be safe to call from two
     * threads at once (see the class comment).
     */
    public boolean exclusive() {
        return !ownsThreads;
    }

    /** The library's file. */
    public String library() {
        return library;
    }

    /**
     * {@code c = a @ b} for row-major strided float32 matrices ({@code a} m×k, {@code b} k×n, {@code c} m×n,
     * offsets and strides in elements), or false, writing nothing, when a layout is not one BLAS takes.
     * {@code c} is written without being read (beta 0), so it may hold anything.
     */
    public boolean gemm(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        return product(a, a.length, aOff, as0, as1, b, b.length, bOff, bs0, bs1, c, c.length, cOff, cs0, cs1, m, k, n,
                true);
    }

    /** {@link #gemm(float[], int, int, int, float[], int, int, int, float[], int, int, int, int, int, int)} for float64. */
    public boolean gemm(double[] a, int aOff, int as0, int as1, double[] b, int bOff, int bs0, int bs1,
            double[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        return product(a, a.length, aOff, as0, as1, b, b.length, bOff, bs0, bs1, c, c.length, cOff, cs0, cs1, m, k, n,
                true);
    }

    /** Whether {@link #gemm(float[], int, int, int, float[], int, int, int, float[], int, int, int, int, int, int)} takes this layout; computes nothing. */
    public boolean accepts(float[] a, int aOff, int as0, int as1, float[] b, int bOff, int bs0, int bs1,
            float[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        return product(a, a.length, aOff, as0, as1, b, b.length, bOff, bs0, bs1, c, c.length, cOff, cs0, cs1, m, k, n,
                false);
    }

    /** Whether {@link #gemm(double[], int, int, int, double[], int, int, int, double[], int, int, int, int, int, int)} takes this layout; computes nothing. */
    public boolean accepts(double[] a, int aOff, int as0, int as1, double[] b, int bOff, int bs0, int bs1,
            double[] c, int cOff, int cs0, int cs1, int m, int k, int n) {
        return product(a, a.length, aOff, as0, as1, b, b.length, bOff, bs0, bs1, c, c.length, cOff, cs0, cs1, m, k, n,
                false);
    }

    /**
     * Maps the product onto one BLAS call, for arrays of either type (all three of one type), and makes it when
     * {@code compute}; false when BLAS does not take the layout.
     */
    private boolean product(Object a, int aLength, int aOff, int as0, int as1, Object b, int bLength, int bOff, int bs0,
            int bs1, Object c, int cLength, int cOff, int cs0, int cs1, int m, int k, int n, boolean compute) {
        int ldc = rowMajorLd(cs0, cs1, m, n);
        if (ldc > 0) {
            // row-major c = a @ b is column-major c^T = b^T @ a^T: b and a swap places
            int ldb = ld(bs0, bs1, k, n, true);
            int lda = ld(as0, as1, m, k, true);
            if (ldb == 0 || lda == 0 || !fits(bOff, ldb, k, n, true, bLength) || !fits(aOff, lda, m, k, true, aLength)
                    || !fits(cOff, ldc, m, n, true, cLength)) {
                return false;
            }
            if (compute) {
                call(op(ldb), op(lda), n, m, k, b, bOff, Math.abs(ldb), a, aOff, Math.abs(lda), c, cOff, ldc);
            }
            return true;
        }
        ldc = colMajorLd(cs0, cs1, m, n);
        if (ldc > 0) {
            int lda = ld(as0, as1, m, k, false);
            int ldb = ld(bs0, bs1, k, n, false);
            if (lda == 0 || ldb == 0 || !fits(aOff, lda, m, k, false, aLength) || !fits(bOff, ldb, k, n, false, bLength)
                    || !fits(cOff, ldc, m, n, false, cLength)) {
                return false;
            }
            if (compute) {
                call(op(lda), op(ldb), m, n, k, a, aOff, Math.abs(lda), b, bOff, Math.abs(ldb), c, cOff, ldc);
            }
            return true;
        }
        return false;
    }

    /** {@code c = x @ y} in BLAS's column-major terms, beta 0: sgemm for float arrays, dgemm for double ones. */
    private void call(String opX, String opY, int m, int n, int k, Object x, int xOff, int ldx, Object y, int yOff,
            int ldy, Object c, int cOff, int ldc) {
        if (exclusive()) {
            synchronized (exclusiveCalls) {
                callNow(opX, opY, m, n, k, x, xOff, ldx, y, yOff, ldy, c, cOff, ldc);
            }
        } else {
            callNow(opX, opY, m, n, k, x, xOff, ldx, y, yOff, ldy, c, cOff, ldc);
        }
    }

    private void callNow(String opX, String opY, int m, int n, int k, Object x, int xOff, int ldx, Object y, int yOff,
            int ldy, Object c, int cOff, int ldc) {
        if (c instanceof float[] cf) {
            blas.sgemm(opX, opY, m, n, k, 1f, (float[]) x, xOff, ldx, (float[]) y, yOff, ldy, 0f, cf, cOff, ldc);
        } else {
            blas.dgemm(opX, opY, m, n, k, 1.0, (double[]) x, xOff, ldx, (double[]) y, yOff, ldy, 0.0, (double[]) c, cOff,
                    ldc);
        }
    }

    /**
     * How BLAS reads a row-major {@code rows}×{@code cols} operand with strides {@code (s0, s1)}: in a call for a
     * row-major result ({@code forRowMajor}), where BLAS sees the transpose, its leading dimension as {@code "N"}
     * (positive) when its rows are contiguous, as {@code "T"} (negative) when its columns are; in a call for a
     * column-major result the other way round. 0 when neither.
     */
    static int ld(int s0, int s1, int rows, int cols, boolean forRowMajor) {
        int rowLd = rowMajorLd(s0, s1, rows, cols);
        int colLd = colMajorLd(s0, s1, rows, cols);
        if (forRowMajor) {
            return rowLd > 0 ? rowLd : colLd > 0 ? -colLd : 0;
        }
        return colLd > 0 ? colLd : rowLd > 0 ? -rowLd : 0;
    }

    /** The leading dimension of an operand whose rows are contiguous ({@code s1 == 1}), or 0. */
    static int rowMajorLd(int s0, int s1, int rows, int cols) {
        if (cols > 1 && s1 != 1) {
            return 0;
        }
        if (rows == 1) {
            return Math.max(1, cols);
        }
        return s0 >= Math.max(1, cols) ? s0 : 0;
    }

    /** The leading dimension of an operand whose columns are contiguous ({@code s0 == 1}), or 0. */
    static int colMajorLd(int s0, int s1, int rows, int cols) {
        if (rows > 1 && s0 != 1) {
            return 0;
        }
        if (cols == 1) {
            return Math.max(1, rows);
        }
        return s1 >= Math.max(1, rows) ? s1 : 0;
    }

    private static String op(int ld) {
        return ld > 0 ? "N" : "T";
    }

    /**
     * Whether the array holds every element netlib's bounds check asks for: it requires the whole last stored
     * column of {@code ld} elements, where a view of a larger matrix may end before it. A row-major
     * {@code rows}×{@code cols} operand passed as {@code "N"} in a call for a row-major result is stored as
     * {@code rows} columns of BLAS's (as {@code "T"}, {@code cols}); in a call for a column-major result the
     * other way round.
     */
    private static boolean fits(int offset, int ld, int rows, int cols, boolean forRowMajor, int length) {
        int stored = (ld > 0) == forRowMajor ? rows : cols;
        return offset + (long) Math.abs(ld) * stored <= length;
    }

    /** What this JVM runs, decided on first use. */
    private record Choice(NativeBlas blas, String description) {
        static Choice decide(Mode mode) {
            if (mode == Mode.JAVA) {
                return new Choice(null, "java (-D" + PROPERTY + "=java)");
            }
            if (mode == Mode.AUTO && !nativeAccessEnabled()) {
                return new Choice(null, "java (this JVM restricts native access and would warn on loading the BLAS:"
                        + " --enable-native-access=ALL-UNNAMED allows it)");
            }
            NativeBLAS loaded = loadQuietly();
            if (loaded == null) {
                return new Choice(null, "java (no native libblas.so.3 could be loaded)");
            }
            String library = mappedLibrary(procMaps());
            String name = library == null ? "libblas.so.3" : library;
            if (mode == Mode.AUTO && !optimized(name)) {
                return new Choice(null, "java (" + name + " is the reference BLAS, slower than the Java kernels;"
                        + " -D" + PROPERTY + "=native uses it)");
            }
            return new Choice(new NativeBlas(loaded, name, threaded(name)), "native: " + name);
        }

        /**
         * Whether loading a JNI library is unrestricted: always before JDK 24; from JDK 24 (JEP 472) a library
         * loaded by a module without native access enabled prints a warning on stderr (a later release will
         * refuse it), so {@code auto} only loads one when {@code --enable-native-access} names netlib's module.
         */
        static boolean nativeAccessEnabled() {
            if (Runtime.version().feature() < 24) {
                return true;
            }
            try {
                Module module = NativeBLAS.class.getModule();
                return (Boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(module);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return false;
            }
        }

        /** dev.ludovic.netlib's native instance, or null; its warning when none loads is not printed. */
        private static NativeBLAS loadQuietly() {
            Logger netlib = Logger.getLogger(NETLIB_LOGGER);
            Level before = netlib.getLevel();
            netlib.setLevel(Level.OFF);
            try {
                return NativeBLAS.getInstance();
            } catch (RuntimeException | LinkageError e) {
                return null;
            } finally {
                netlib.setLevel(before);
            }
        }

        private static List<String> procMaps() {
            try {
                return Files.readAllLines(Path.of("/proc/self/maps"));
            } catch (IOException | RuntimeException e) {
                return List.of();
            }
        }
    }

    private static final class Holder {
        static final Choice CHOICE = Choice.decide(mode(System.getProperty(PROPERTY)));
    }
}
