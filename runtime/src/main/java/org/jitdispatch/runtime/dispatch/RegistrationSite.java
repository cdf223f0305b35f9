package org.jitdispatch.runtime.dispatch;

import java.util.Optional;
import java.util.Set;

/** Describes where a registration came from ("registered at Foo.java:42"), like c10's debug strings. */
final class RegistrationSite {
    private static final StackWalker WALKER = StackWalker.getInstance();
    /** The registration API's own classes, whose frames are skipped to find the caller. */
    private static final Set<String> API_CLASSES = Set.of(
            RegistrationSite.class.getName(), Library.class.getName(), Dispatcher.class.getName(),
            OperatorHandle.class.getName(), OperatorEntry.class.getName());

    private RegistrationSite() {
    }

    /** The first caller outside the registration API. */
    static String describe() {
        Optional<StackWalker.StackFrame> frame = WALKER.walk(s -> s
                .filter(f -> !API_CLASSES.contains(f.getClassName()))
                .findFirst());
        return frame.map(f -> "registered at " + (f.getFileName() == null ? f.getClassName() : f.getFileName())
                        + ":" + f.getLineNumber())
                .orElse("registered at (unknown)");
    }
}
