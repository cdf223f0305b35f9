package org.jitdispatch.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks of the files and directories a command is given, made before it starts, so that a wrong path is
 * one line naming it and the option rather than an exception from deep inside the command.
 */
final class InputFiles {
    private InputFiles() {
    }

    /** A file the command reads. */
    static void requireReadableFile(Path file) throws BadInputException {
        if (Files.isDirectory(file)) {
            throw new BadInputException(file + ": is a directory, not a file");
        }
        if (!Files.exists(file)) {
            throw new BadInputException(file + ": no such file");
        }
        if (!Files.isReadable(file)) {
            throw new BadInputException(file + ": permission denied");
        }
    }

    /**
     * A directory the command will create if need be and write into: it is one already, or its nearest
     * existing ancestor is a writable directory.
     */
    static void requireCreatableDirectory(String option, Path dir) throws BadInputException {
        Path absolute = dir.toAbsolutePath().normalize();
        if (Files.exists(absolute)) {
            if (!Files.isDirectory(absolute)) {
                throw new BadInputException(option + " " + dir + ": exists and is not a directory");
            }
            if (!Files.isWritable(absolute)) {
                throw new BadInputException(option + " " + dir + ": the directory is not writable");
            }
            return;
        }
        String problem = cannotCreate(absolute);
        if (problem != null) {
            throw new BadInputException(option + " " + dir + ": cannot be created, " + problem);
        }
    }

    /** A file the command will write (creating its directory if need be). */
    static void requireWritableFile(String option, Path file) throws BadInputException {
        Path absolute = file.toAbsolutePath().normalize();
        if (Files.isDirectory(absolute)) {
            throw new BadInputException(option + " " + file + ": is a directory, not a file");
        }
        if (Files.exists(absolute)) {
            if (!Files.isWritable(absolute)) {
                throw new BadInputException(option + " " + file + ": permission denied");
            }
            return;
        }
        String problem = cannotCreate(absolute);
        if (problem != null) {
            throw new BadInputException(option + " " + file + ": cannot be written, " + problem);
        }
    }

    /** Why {@code path}, which does not exist, cannot be created; null when it can. */
    private static String cannotCreate(Path path) {
        Path ancestor = path.getParent();
        while (ancestor != null && !Files.exists(ancestor)) {
            ancestor = ancestor.getParent();
        }
        if (ancestor == null) {
            return "no part of the path exists";
        }
        if (!Files.isDirectory(ancestor)) {
            return ancestor + " is not a directory";
        }
        if (!Files.isWritable(ancestor)) {
            return ancestor + " is not writable";
        }
        return null;
    }
}
