package org.jitdispatch.perf.jvm;

import java.util.ArrayList;
import java.util.List;

/** JVM flags given as one string ({@code --jvm-args "-Xmx2g -XX:+UseParallelGC"}) and their way into JMH. */
public final class JvmArgs {
    private JvmArgs() {
    }

    /**
     * Splits {@code line} into words as a POSIX shell would: blanks separate, {@code '...'} is literal,
     * {@code "..."} keeps blanks and takes {@code \"}, {@code \\}, {@code \$} and {@code \`} as escapes, a
     * backslash outside quotes escapes the next character. Every word must be a JVM option (start with
     * {@code -}).
     *
     * @throws InvalidJvmException for an unterminated quote, an empty word or a word that is not an option
     */
    public static List<String> split(String line) throws InvalidJvmException {
        List<String> words = new ArrayList<>();
        if (line == null) {
            return words;
        }
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new InvalidJvmException("--jvm-args: unterminated ' quote in: " + line);
                }
                word.append(line, i + 1, end);
                inWord = true;
                i = end;
            } else if (c == '"') {
                i = doubleQuoted(line, i + 1, word);
                inWord = true;
            } else if (c == '\\') {
                if (i + 1 < line.length()) {
                    word.append(line.charAt(++i));
                }
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        for (String w : words) {
            if (!w.startsWith("-")) {
                throw new InvalidJvmException("--jvm-args: '" + w + "' is not a JVM option (options start with -)");
            }
            if (w.indexOf('"') >= 0) {
                // JMH splits -jvmArgsAppend at blanks outside double quotes and drops every double quote
                throw new InvalidJvmException("--jvm-args: '" + w + "' contains a double quote, which JMH cannot pass"
                        + " on to its forks");
            }
        }
        return words;
    }

    /** Reads a double-quoted part starting at {@code from} into {@code word}; returns the closing quote's index. */
    private static int doubleQuoted(String line, int from, StringBuilder word) throws InvalidJvmException {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                return i;
            }
            if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                c = line.charAt(++i);
            }
            word.append(c);
        }
        throw new InvalidJvmException("--jvm-args: unterminated \" quote in: " + line);
    }

    /**
     * The value of JMH's {@code -jvmArgsAppend} that passes exactly {@code args} to its forks: JMH splits the
     * value at blanks outside double quotes and drops the quotes, so a word with a blank is quoted.
     */
    public static String forJmh(List<String> args) {
        List<String> quoted = new ArrayList<>();
        for (String a : args) {
            quoted.add(a.indexOf(' ') >= 0 ? '"' + a + '"' : a);
        }
        return String.join(" ", quoted);
    }

    /** The flags as one would type them again: words with blanks in single quotes. */
    public static String display(List<String> args) {
        List<String> shown = new ArrayList<>();
        for (String a : args) {
            shown.add(a.chars().anyMatch(Character::isWhitespace) && a.indexOf('\'') < 0 ? "'" + a + "'" : a);
        }
        return String.join(" ", shown);
    }
}
