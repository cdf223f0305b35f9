package org.jitdispatch.jit.yaml;

/** A YAML file that cannot be read as entries: names the file and line. */
public final class YamlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String reason;

    public YamlException(String file, int line, String message) {
        super(file + ":" + line + ": " + message);
        this.file = file;
        this.line = line;
        this.reason = message;
    }

    public String file() {
        return file;
    }

    /** 1-based line. */
    public int line() {
        return line;
    }

    /** The message without the {@code file:line: } prefix, for callers that collect errors themselves. */
    public String reason() {
        return reason;
    }
}
