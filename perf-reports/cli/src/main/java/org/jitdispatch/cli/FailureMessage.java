package org.jitdispatch.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * The one line a user sees for a command that failed with an exception. Failures whose cause is known
 * (a file that is missing or cannot be written, input too deep or too large to read) are said in words; any
 * other exception is a bug in the command, and says so, with a pointer to {@code --verbose}.
 */
final class FailureMessage {
    private FailureMessage() {
    }

    static String of(Throwable t) {
        if (t instanceof CommandException) {
            return t.getMessage();
        }
        if (t instanceof UncheckedIOException && t.getCause() != null) {
            return of(t.getCause());
        }
        if (t instanceof FileSystemException e) {
            return fileSystem(e);
        }
        if (t instanceof CharacterCodingException) {
            return "the input is not UTF-8 text";
        }
        if (t instanceof IOException && t.getMessage() != null) {
            return t.getMessage();
        }
        if (t instanceof StackOverflowError) {
            // the YAML and JSON readers recurse once per nesting level
            return "the input is nested too deeply to be read";
        }
        if (t instanceof OutOfMemoryError) {
            return "the input is too large to be read (out of memory)";
        }
        return "internal error: " + t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage())
                + " (--verbose prints the stack trace)";
    }

    /** {@code FILE: what is wrong with it}, as the shell's tools say it. */
    private static String fileSystem(FileSystemException e) {
        String what;
        if (e instanceof NoSuchFileException) {
            what = "no such file or directory";
        } else if (e instanceof AccessDeniedException) {
            what = "permission denied";
        } else if (e instanceof NotDirectoryException) {
            what = "not a directory";
        } else if (e instanceof FileAlreadyExistsException) {
            what = "a file is in the way";
        } else if (e.getReason() != null) {
            what = e.getReason().isEmpty() ? "cannot be used"
                    : e.getReason().substring(0, 1).toLowerCase(Locale.ROOT) + e.getReason().substring(1);
        } else {
            what = "cannot be used";
        }
        return (e.getFile() == null ? "" : e.getFile() + ": ") + what
                + (e.getOtherFile() == null ? "" : " (" + e.getOtherFile() + ")");
    }
}
