package org.jitdispatch.bench.warmup;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Just enough JSON for the warm-up result (the bench module has no JSON library, and needs none): maps
 * (in their order), lists, strings, numbers, booleans and null, indented two spaces; a NaN or infinite
 * number is written as null.
 */
final class Json {
    private Json() {
    }

    static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, "");
        return sb.append('\n').toString();
    }

    private static void write(StringBuilder sb, Object value, String indent) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof String s) {
            string(sb, s);
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                sb.append("null");
            } else {
                // six significant digits: more than any measurement here carries
                sb.append(new BigDecimal(d).round(new MathContext(6)).stripTrailingZeros().toPlainString());
            }
        } else if (value instanceof Number || value instanceof Boolean) {
            sb.append(value);
        } else if (value instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                sb.append("{}");
                return;
            }
            String inner = indent + "  ";
            sb.append("{\n");
            Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<?, ?> e = it.next();
                sb.append(inner);
                string(sb, String.valueOf(e.getKey()));
                sb.append(": ");
                write(sb, e.getValue(), inner);
                sb.append(it.hasNext() ? ",\n" : "\n");
            }
            sb.append(indent).append('}');
        } else if (value instanceof List<?> list) {
            if (list.isEmpty()) {
                sb.append("[]");
                return;
            }
            // lists of numbers on one line: the per-interval series stay readable
            boolean flat = list.stream().allMatch(v -> v == null || v instanceof Number);
            String inner = indent + "  ";
            sb.append(flat ? "[" : "[\n");
            for (int i = 0; i < list.size(); i++) {
                if (!flat) {
                    sb.append(inner);
                }
                write(sb, list.get(i), inner);
                if (i < list.size() - 1) {
                    sb.append(flat ? ", " : ",\n");
                } else if (!flat) {
                    sb.append('\n');
                }
            }
            sb.append(flat ? "]" : indent + "]");
        } else {
            throw new IllegalArgumentException("no JSON for " + value.getClass());
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
