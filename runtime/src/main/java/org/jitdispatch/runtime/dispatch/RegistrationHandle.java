package org.jitdispatch.runtime.dispatch;

/** Undoes one registration when closed; closing twice is harmless. */
public interface RegistrationHandle extends AutoCloseable {
    @Override
    void close();
}
