package org.jitdispatch.cli;

import java.util.concurrent.Callable;
import org.jitdispatch.jit.spin.CallSites;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.dispatch.OperatorLibrary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code explain OP}: an operator's schema, registrations and computed dispatch table. */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {"Prints an operator's schema, every registration with where it came from, the computed"
                + " dispatch table per key, and the bytecode of its spun call site.",
                "Example: jitdispatch explain aten::add.Tensor"})
final class ExplainCommand implements Callable<Integer> {
    @Parameters(paramLabel = "OP", description = "The qualified operator name, e.g. aten::add.Tensor.")
    String op;

    @Override
    public Integer call() {
        OperatorLibrary.loadAll();
        OperatorHandle handle;
        try {
            handle = Dispatcher.singleton().findSchemaOrThrow(op.contains("::") ? op : "aten::" + op);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            return 1;
        }
        System.out.print(handle.dumpState());
        System.out.println();
        System.out.println("computed dispatch table:");
        System.out.print(handle.dumpComputedTable());
        if (handle.signature() != null) {
            CallSites sites = CallSites.of(Dispatcher.singleton());
            sites.invoker(handle, handle.signature());
            System.out.println();
            System.out.println("spun call site (ASM Textifier):");
            System.out.print(sites.disassemble(handle));
        } else {
            System.out.println();
            System.out.println("no spun call site: the operator has no typed kernel yet, so its Java signature is unknown");
        }
        return 0;
    }
}
