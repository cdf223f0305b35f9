package org.jitdispatch.jit.gen.loops;

import com.github.javaparser.JavaParser;
import com.github.javaparser.JavaToken;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jitdispatch.jit.gen.GeneratedSources.Source;

/**
 * The float64 variants of hand-written float32 kernels: a class annotated {@code @TypeTemplate}, named
 * {@code Float...}, is the one definition, compiled as it is, and the build writes its {@code Double...}
 * twin by replacing the element type throughout, as the JDK writes its typed buffers from one template. The
 * template stays ordinary Java that an IDE checks and a reader runs in their head; the variant is its
 * tokens, line for line, with
 *
 * <ul>
 *   <li>the keyword {@code float} made {@code double};</li>
 *   <li>every identifier and comment rewritten in one pass: {@code Float32} to {@code Float64},
 *       {@code float32} to {@code float64}, {@code Float} to {@code Double}, {@code float} to {@code double}
 *       and {@code FLOAT} to {@code DOUBLE} ({@code FloatGemm} becomes {@code DoubleGemm}, {@code floats()}
 *       {@code doubles()}, {@code Float.BYTES} {@code Double.BYTES}); {@code Float64} and {@code float64}
 *       stay as they are;</li>
 *   <li>float literals made double ({@code 0f} becomes {@code 0.0}, {@code 0.5f} {@code 0.5});</li>
 *   <li>the {@code @TypeTemplate} annotation and its import dropped, and a line in the class Javadoc saying
 *       where the class comes from.</li>
 * </ul>
 *
 * A template writes what differs between the types through these names (a panel of {@code 2048 /
 * Float.BYTES} columns), so that the variant is right by construction; the kernels' property tests run both.
 */
public final class TypeVariantGen {
    /** The annotation that marks a template, by simple name (its retention is SOURCE). */
    static final String ANNOTATION = "TypeTemplate";

    /** A decimal float literal: digits, maybe a point and an exponent, and the {@code f} suffix. */
    private static final Pattern FLOAT_LITERAL = Pattern.compile("[0-9_]*\\.?[0-9_]*([eE][+-]?[0-9_]+)?[fF]");

    /** The spellings of the element type; a dtype name that is already float64's stays. */
    private static final Pattern FLOAT_WORDS = Pattern.compile("Float32|float32|Float64|float64|FLOAT|Float|float");

    private TypeVariantGen() {
    }

    /** The float64 variant of every {@code @TypeTemplate} class in the Java files under {@code sourceRoot}. */
    public static List<Source> generate(Path sourceRoot) {
        List<Source> variants = new ArrayList<>();
        try (Stream<Path> files = Files.walk(sourceRoot)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                if (text.contains("@" + ANNOTATION)) {
                    variants.add(variant(file.toString(), text));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return variants;
    }

    /** The float64 variant of the template {@code text} (read from {@code file}, named in errors). */
    static Source variant(String file, String text) {
        ParseResult<CompilationUnit> parsed = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17)).parse(text);
        CompilationUnit unit = parsed.getResult().filter(u -> parsed.isSuccessful()).orElseThrow(
                () -> new IllegalArgumentException(file + ": not valid Java: " + parsed.getProblems()));
        TypeDeclaration<?> template = unit.getTypes().stream()
                .filter(t -> t.getAnnotationByName(ANNOTATION).isPresent()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(file + ": no top-level class is annotated @"
                        + ANNOTATION));
        String name = template.getNameAsString();
        if (!name.startsWith("Float")) {
            throw new IllegalArgumentException(file + ": @" + ANNOTATION + " class " + name + " must be named Float...:"
                    + " it is the float32 kernel, from which the build writes the Double... one");
        }
        // token by token, so that the variant keeps the template's layout and comments line for line
        StringBuilder rewritten = new StringBuilder();
        for (JavaToken token : unit.getTokenRange().orElseThrow()) {
            rewritten.append(rewrite(token));
        }
        List<String> lines = new ArrayList<>(rewritten.toString().lines().toList());
        String origin = " * Generated from {@code " + name + "} (" + ANNOTATION + "): edit that class, not this one.";
        int javadocLine = template.getJavadocComment().flatMap(Node::getBegin).map(p -> p.line).orElse(-1);
        if (javadocLine > 0) {
            lines.addAll(javadocLine, List.of(origin, " *"));
        } else {
            lines.addAll(template.getBegin().orElseThrow().line - 1, List.of("/**", origin, " */"));
        }
        lines.removeIf(l -> l.strip().equals("@" + ANNOTATION)
                || l.strip().startsWith("import ") && l.strip().endsWith("." + ANNOTATION + ";"));
        String packageName = unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        return new Source(packageName, toDouble(name), String.join("\n", lines) + "\n");
    }

    /** One token of the template as the variant writes it. */
    private static String rewrite(JavaToken token) {
        String text = token.getText();
        return switch (token.getCategory()) {
            case IDENTIFIER, COMMENT -> toDouble(text);
            case KEYWORD -> text.equals("float") ? "double" : text;
            case LITERAL -> doubleLiteral(text);
            default -> text;
        };
    }

    /** A name or a comment of the float32 template, as the float64 variant spells it (in one pass). */
    static String toDouble(String s) {
        return FLOAT_WORDS.matcher(s).replaceAll(m -> switch (m.group()) {
            case "Float32", "Float64" -> "Float64";
            case "float32", "float64" -> "float64";
            case "FLOAT" -> "DOUBLE";
            case "Float" -> "Double";
            default -> "double";
        });
    }

    /** {@code 0f} to {@code 0.0}, {@code 0.5f} to {@code 0.5}, {@code 1e-3F} to {@code 1e-3}; other literals stay. */
    static String doubleLiteral(String value) {
        if (!FLOAT_LITERAL.matcher(value).matches()) {
            return value;
        }
        String digits = value.substring(0, value.length() - 1);
        boolean hasPoint = digits.contains(".") || digits.contains("e") || digits.contains("E");
        return hasPoint ? digits : digits + ".0";
    }
}
