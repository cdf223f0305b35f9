package org.jitdispatch.perf.compare;

import org.jitdispatch.perf.inlining.InlineVerdict;

/**
 * {@code compare --markdown}: the comparison as GitHub-flavoured Markdown for a CI job to post (a job
 * summary or a pull-request comment): the headline, a table of benchmarks, the benchmarks in one run only,
 * and the inlining lost.
 */
public final class MarkdownSummary {
    private MarkdownSummary() {
    }

    public static String render(GateResult result, boolean enforced) {
        StringBuilder sb = new StringBuilder("### jitdispatch compare\n\n");
        sb.append("**").append(cell(result.headline(enforced))).append("**\n\n");
        if (!result.rows().isEmpty()) {
            sb.append("| benchmark | before | after | change | B/op before → after | verdict |\n");
            sb.append("|---|---:|---:|---:|---:|---|\n");
            for (GateResult.Judged j : result.rows()) {
                Comparison.Row r = j.row();
                String verdict = cell(j.verdict(result.limits()));
                sb.append("| `").append(code(r.key())).append("` | ").append(cell(GateResult.score(r.before())))
                        .append(" | ").append(cell(GateResult.score(r.after()))).append(" | ")
                        .append(GateResult.change(r)).append(" | ").append(GateResult.alloc(r, " → ")).append(" | ")
                        .append(j.regressed() ? "**" + verdict + "**" : verdict).append(" |\n");
            }
            sb.append('\n');
        }
        list(sb, "Only in BEFORE", result.onlyBefore());
        list(sb, "Only in AFTER", result.onlyAfter());
        if (!result.lostInlining().isEmpty()) {
            sb.append("Inlining lost (inlined in BEFORE, not in AFTER):\n\n");
            for (InlineVerdict v : result.lostInlining()) {
                sb.append("- `").append(code(v.benchmark())).append("`: ").append(cell(v.failedLink() + " is not inlined"
                        + (v.failedEdge() == null ? "" : " at " + v.failedEdge()) + " (" + v.reason() + ")"))
                        .append('\n');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static void list(StringBuilder sb, String title, java.util.List<String> keys) {
        if (keys.isEmpty()) {
            return;
        }
        sb.append(title).append(":\n\n");
        keys.forEach(k -> sb.append("- `").append(code(k)).append("`\n"));
        sb.append('\n');
    }

    /** Text in a table cell: a pipe would end the cell, a newline the row. */
    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    /** Text in a code span: a backquote would end it. */
    private static String code(String text) {
        return cell(text).replace("`", "'");
    }
}
