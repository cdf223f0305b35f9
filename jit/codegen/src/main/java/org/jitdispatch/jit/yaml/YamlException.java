package org.jitdispatch.jit.yaml;

/**
 * A YAML file that cannot be read as entries: names the file and, when the problem is at a place in it,
 * the line ({@code FILE:LINE: message}); a problem with the file as a whole (it cannot be read, it is
 * empty) names the file only ({@code FILE: message}).
 */
public final class YamlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String reason;

    /** A problem at a 1-based line of the file. */
    public YamlException(String file, int line, String message) {
        super(line > 0 ? file + ":" + line + ": " + message : file + ": " + message);
        this.file = file;
        this.line = Math.max(line, 0);
        this.reason = message;
    }

    /** A problem with the file as a whole, at no line of it. */
    public YamlException(String file, String message) {
        this(file, 0, message);
    }

    public String file() {
        return file;
    }

    /** 1-based line; 0 when the problem is with the file as a whole. */
    public int line() {
        return line;
    }

    /** The message without the {@code file:line: } prefix, for callers that collect errors themselves. */
    public String reason() {
        return reason;
    }
}
