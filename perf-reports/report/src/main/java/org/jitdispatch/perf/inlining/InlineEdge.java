package org.jitdispatch.perf.inlining;

/**
 * One inlining decision of one compilation (JFR's jdk.CompilerInlining): the caller, the callee, whether
 * it was inlined and HotSpot's reason. Class names use dots; a hidden class keeps its {@code +0x...} suffix.
 */
public record InlineEdge(int compileId, String callerClass, String callerMethod, String calleeClass,
                         String calleeMethod, boolean inlined, String reason, int bci) {
    public String caller() {
        return callerClass + "." + callerMethod;
    }

    public String callee() {
        return calleeClass + "." + calleeMethod;
    }

    /**
     * Whether the callee is what a chain link names: {@code method} must be equal; {@code cls} may be a
     * qualified name or a simple name, and for a hidden class names it without its {@code +0x...} suffix.
     */
    public boolean calleeMatches(String cls, String method) {
        return calleeMethod.equals(method) && classMatches(calleeClass, cls);
    }

    public boolean callerMatches(String cls, String method) {
        return callerMethod.equals(method) && classMatches(callerClass, cls);
    }

    static boolean classMatches(String actual, String wanted) {
        if (actual.equals(wanted)) {
            return true;
        }
        String simple = actual.substring(actual.lastIndexOf('.') + 1);
        int hidden = simple.indexOf('+');
        String base = hidden < 0 ? simple : simple.substring(0, hidden);
        String actualBase = hidden < 0 ? actual : actual.substring(0, actual.indexOf('+'));
        return base.equals(wanted) || actualBase.equals(wanted) || actualBase.endsWith("." + wanted);
    }
}
