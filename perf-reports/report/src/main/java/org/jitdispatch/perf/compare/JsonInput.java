package org.jitdispatch.perf.compare;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JSON file read as a tree, with errors a user can act on: each names the file, and a syntax error its
 * line and column. Jackson's own limits (nesting depth 1000, string length) apply, so deep or huge input
 * fails as a syntax error too.
 */
final class JsonInput {
    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonInput() {
    }

    /** The file's JSON value; an IOException for a missing, unreadable, empty or malformed file. */
    static JsonNode read(Path file, String expected) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException(file + ": is a directory, not " + expected);
        }
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no such file (expected " + expected + ")");
        }
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null || at.getLineNr() < 1 ? "" : at.getLineNr() + ":" + at.getColumnNr() + ":";
            throw new IOException(file + ":" + where + " not valid JSON (expected " + expected + "): "
                    + firstLine(e.getOriginalMessage()));
        }
        if (root == null || root.isMissingNode()) {
            throw new IOException(file + ": the file is empty (expected " + expected + ")");
        }
        return root;
    }

    /** Jackson's messages go on with the source's description on later lines. */
    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int nl = message.indexOf('\n');
        // a limit's message names the Jackson setting, which the user cannot change here
        String line = (nl < 0 ? message : message.substring(0, nl)).replaceAll(", from `[^`]*`", "");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}
