package org.jitdispatch.cli;

/** An input file that cannot be used; the message is one line naming the file (and the line, when it has one). */
final class BadInputException extends Exception {
    private static final long serialVersionUID = 1L;

    BadInputException(String message) {
        super(message);
    }
}
