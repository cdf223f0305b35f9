package org.jitdispatch.runtime;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A tensor's text, as PyTorch 1.13's {@code repr(tensor)} prints it (torch/_tensor_str.py) with the print
 * options in force ({@link CurrentPrintOptions}; by default 4 digits of precision, scientific notation chosen
 * from the values, every element padded to the widest, rows wrapped at 80 columns, and tensors of more than
 * 1000 elements summarized to 3 items at each end of every long dimension). The functions below follow that
 * file's, under the same names.
 */
final class TensorFormatter {
    private static final String PREFIX = "tensor(";

    private final TensorImpl tensor;
    private final int precision;
    private final int edgeItems;
    private final int lineWidth;
    /** The sci_mode option: null lets the values choose. */
    private final Boolean forcedSciMode;
    private final Storage storage;
    private final long[] sizes;
    private final long[] strides;
    /** More elements than the threshold: long dimensions show only their edge items. */
    private final boolean summarize;
    private final boolean floating;
    /** A floating tensor whose finite values are all integers prints them as {@code 1.}. */
    private boolean intMode = true;
    private boolean sciMode;
    private int maxWidth = 1;

    private TensorFormatter(TensorImpl tensor, PrintOptions options) {
        this.tensor = tensor;
        this.precision = options.precision();
        this.edgeItems = options.edgeitems();
        this.lineWidth = options.linewidth();
        this.forcedSciMode = options.sciMode().orElse(null);
        this.storage = tensor.storage();
        this.sizes = tensor.sizes();
        this.strides = tensor.strides();
        this.summarize = tensor.numel() > options.threshold();
        this.floating = tensor.dtype().isFloatingPoint();
        measure();
    }

    /**
     * {@code tensor(...)} with PyTorch's suffixes, in its order: device, size, dtype, then grad_fn or
     * requires_grad ({@code autogradSuffix}, which the autograd layer supplies; null for none).
     */
    static String format(TensorImpl t, String autogradSuffix) {
        // read once, so that the whole text follows one set of options while other threads change them
        PrintOptions options = CurrentPrintOptions.get();
        List<String> suffixes = new ArrayList<>();
        // PyTorch shows the device when it is not the default one, which here is always the CPU
        if (t.device().type() != DeviceType.CPU) {
            suffixes.add("device='" + t.device() + "'");
        }
        ScalarType dtype = t.dtype();
        String body;
        if (t.storage() == null) {
            // Meta tensors have no data, and PyTorch prints them so. An external backend's tensor without a
            // storage (a lazy tensor) prints the same way: reading its values would run its backend (a lazy
            // graph, a remote copy) from toString, which debuggers and error messages call. PyTorch copies
            // such tensors to the CPU here; read them with .cpu() to see the values.
            suffixes.add("size=" + sizeTuple(t.sizes()));
            if (dtype != ScalarType.Float32) {
                suffixes.add("dtype=" + dtype.pythonName());
            }
            body = "...";
        } else if (t.numel() == 0) {
            // NumPy's rule: the shape is shown unless it is (0,); without elements the dtype cannot be
            // guessed from them, so any dtype but the default float32 is shown
            if (t.dim() != 1) {
                suffixes.add("size=" + sizeTuple(t.sizes()));
            }
            if (dtype != ScalarType.Float32) {
                suffixes.add("dtype=" + dtype.pythonName());
            }
            body = "[]";
        } else {
            // float32, int64 and bool are what a Python float, int or bool makes, so they go without saying
            if (dtype != ScalarType.Float32 && dtype != ScalarType.Int64 && dtype != ScalarType.Bool) {
                suffixes.add("dtype=" + dtype.pythonName());
            }
            body = new TensorFormatter(t, options).tensorStr(0, t.storageOffset(), PREFIX.length());
        }
        if (autogradSuffix != null) {
            suffixes.add(autogradSuffix);
        }
        return addSuffixes(PREFIX + body, suffixes, PREFIX.length(), options.linewidth());
    }

    /** Python's {@code str(tuple(sizes))}: {@code (2, 3)}, {@code (5,)}, {@code ()}. */
    static String sizeTuple(long[] sizes) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < sizes.length; i++) {
            sb.append(i > 0 ? ", " : "").append(sizes[i]);
        }
        return sb.append(sizes.length == 1 ? ",)" : ")").toString();
    }

    /**
     * _add_suffixes: each suffix follows on the last line, or on a new line indented under the first
     * bracket when it would pass the line width. The "+ 1" and "+ 2" are PyTorch's arithmetic, kept so
     * that lines break where its do.
     */
    private static String addSuffixes(String tensorStr, List<String> suffixes, int indent, int lineWidth) {
        StringBuilder sb = new StringBuilder(tensorStr);
        int lastLineLen = tensorStr.length() - tensorStr.lastIndexOf('\n') + 1;
        for (String suffix : suffixes) {
            if (lastLineLen + suffix.length() + 2 > lineWidth) {
                sb.append(",\n").append(" ".repeat(indent)).append(suffix);
                lastLineLen = indent + suffix.length();
            } else {
                sb.append(", ").append(suffix);
                lastLineLen += suffix.length() + 2;
            }
        }
        return sb.append(')').toString();
    }

    // ---- which elements are shown ----

    /** Whether dimension {@code d} is cut to its edge items, with {@code ...} between them. */
    private boolean elided(int d) {
        return summarize && sizes[d] > 2L * edgeItems;
    }

    /** The i-th shown index of dimension {@code d}. */
    private long shownIndex(int d, int i) {
        return elided(d) && i >= edgeItems ? sizes[d] - 2L * edgeItems + i : i;
    }

    private int shownCount(int d) {
        return elided(d) ? 2 * edgeItems : (int) sizes[d];
    }

    /** Calls {@code visit} with the storage offset of every shown element (get_summarized_data). */
    private void forEachShown(int d, long offset, LongConsumer visit) {
        if (d == sizes.length) {
            visit.accept(offset);
            return;
        }
        for (int i = 0, n = shownCount(d); i < n; i++) {
            forEachShown(d + 1, offset + shownIndex(d, i) * strides[d], visit);
        }
    }

    // ---- _Formatter: one width and notation for all shown elements ----

    private void measure() {
        if (!floating) {
            forEachShown(0, tensor.storageOffset(), off -> maxWidth = Math.max(maxWidth, plain(off).length()));
            return;
        }
        // the notation follows the nonzero finite values only; float16 and bfloat16 read as float32, as
        // PyTorch converts them before printing, and every float32 is exact as a double
        List<Double> values = new ArrayList<>();
        forEachShown(0, tensor.storageOffset(), off -> {
            double v = storage.getDouble(off);
            if (Double.isFinite(v) && v != 0) {
                values.add(v);
            }
        });
        if (values.isEmpty()) {
            // PyTorch returns here, before it applies the sci_mode option: zeros and non-finite values print
            // as integers ("0.", "nan") even when scientific notation is forced
            return;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double v : values) {
            min = Math.min(min, Math.abs(v));
            max = Math.max(max, Math.abs(v));
            intMode &= v == Math.ceil(v);
        }
        // integers need no decimals, so only a wide range or large magnitudes call for scientific notation
        sciMode = max / min > 1000.0 || max > 1.0e8 || (!intMode && min < 1.0e-4);
        for (double v : values) {
            int width = sciMode ? scientific(v, precision).length()
                    : intMode ? fixed(v, 0).length() + 1 : fixed(v, precision).length();
            maxWidth = Math.max(maxWidth, width);
        }
        // the option overrides the notation but not the width measured in the notation the values chose, so
        // forced scientific values may overflow their columns and forced fixed ones get wide padding, as in
        // PyTorch
        if (forcedSciMode != null) {
            sciMode = forcedSciMode;
        }
    }

    /** One element, right-aligned to the widest (_Formatter.format). */
    private String element(long offset) {
        String s;
        if (!floating) {
            s = plain(offset);
        } else {
            double v = storage.getDouble(offset);
            if (sciMode) {
                s = scientific(v, precision);
            } else if (intMode) {
                // the trailing dot marks a floating tensor whose values happen to be integers
                s = Double.isFinite(v) ? fixed(v, 0) + "." : fixed(v, 0);
            } else {
                s = fixed(v, precision);
            }
        }
        return s.length() >= maxWidth ? s : " ".repeat(maxWidth - s.length()) + s;
    }

    /** Python's {@code str} of a bool or an int. */
    private String plain(long offset) {
        if (tensor.dtype() == ScalarType.Bool) {
            return storage.getBoolean(offset) ? "True" : "False";
        }
        return Long.toString(storage.getLong(offset));
    }

    // ---- the layout: _tensor_str_with_formatter and _vector_str ----

    private String tensorStr(int d, long offset, int indent) {
        int nd = sizes.length;
        if (d == nd) {
            return element(offset);
        }
        if (d == nd - 1) {
            return vectorStr(d, offset, indent);
        }
        List<String> slices = new ArrayList<>();
        for (int i = 0, n = shownCount(d); i < n; i++) {
            if (elided(d) && i == edgeItems) {
                slices.add("...");
            }
            slices.add(tensorStr(d + 1, offset + shownIndex(d, i) * strides[d], indent + 1));
        }
        // blocks of a 3-D or higher tensor are set apart by (dims - 2) blank lines
        String separator = "," + "\n".repeat(nd - d - 1) + " ".repeat(indent + 1);
        return "[" + String.join(separator, slices) + "]";
    }

    private String vectorStr(int d, long offset, int indent) {
        int elementLength = maxWidth + 2; // the element and its ", "
        int perLine = Math.max(1, Math.floorDiv(lineWidth - indent, elementLength));
        List<String> data = new ArrayList<>();
        for (int i = 0, n = shownCount(d); i < n; i++) {
            if (elided(d) && i == edgeItems) {
                data.add(" ...");
            }
            data.add(element(offset + shownIndex(d, i) * strides[d]));
        }
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < data.size(); i++) {
            if (i > 0) {
                sb.append(i % perLine == 0 ? ",\n" + " ".repeat(indent + 1) : ", ");
            }
            sb.append(data.get(i));
        }
        return sb.append(']').toString();
    }

    // ---- Python's float formatting ----
    // Python rounds the exact binary value half to even; Java's Formatter rounds the shortest decimal
    // half up, so 0.125 and 2.675 would print differently. BigDecimal(double) is exact, so it rounds as
    // Python does. The sign is taken from the sign bit: Python prints -0.0 as "-0" and keeps the minus of
    // a negative value that rounds to zero.

    /** {@code "{:.Nf}".format(v)}. */
    static String fixed(double v, int decimals) {
        if (!Double.isFinite(v)) {
            return nonFinite(v);
        }
        String digits = new BigDecimal(Math.abs(v)).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
        return signOf(v) + digits;
    }

    /**
     * {@code "{:.Ne}".format(v)}: {@code 1.2346e+08}, {@code 0.0000e+00}; with no decimals Python writes no
     * point, {@code 1e+08}.
     */
    static String scientific(double v, int decimals) {
        if (!Double.isFinite(v)) {
            return nonFinite(v);
        }
        String mantissa;
        int exponent;
        if (v == 0) {
            mantissa = "0" + "0".repeat(decimals);
            exponent = 0;
        } else {
            BigDecimal rounded = new BigDecimal(Math.abs(v)).round(new MathContext(decimals + 1, RoundingMode.HALF_EVEN));
            String unscaled = rounded.unscaledValue().toString();
            exponent = rounded.precision() - rounded.scale() - 1;
            mantissa = unscaled + "0".repeat(decimals + 1 - unscaled.length());
        }
        String exp = Integer.toString(Math.abs(exponent));
        String point = decimals == 0 ? "" : ".";
        return signOf(v) + mantissa.charAt(0) + point + mantissa.substring(1) + "e" + (exponent < 0 ? "-" : "+")
                + (exp.length() < 2 ? "0" : "") + exp;
    }

    private static String signOf(double v) {
        return Double.doubleToRawLongBits(v) < 0 ? "-" : "";
    }

    private static String nonFinite(double v) {
        return Double.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
    }
}
