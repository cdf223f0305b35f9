package org.jitdispatch.jit.model;

import javax.lang.model.SourceVersion;

/** Java's rules for the names the YAML gives to generated or referenced code. */
final class JavaIdentifiers {
    private JavaIdentifiers() {
    }

    /**
     * Whether {@code s} can name a class or method: a Java identifier that is not a keyword or a literal
     * ({@code class}, {@code null}, {@code _}, ...), since the generator emits it verbatim.
     */
    static boolean isIdentifier(String s) {
        return SourceVersion.isIdentifier(s) && !SourceVersion.isKeyword(s);
    }
}
