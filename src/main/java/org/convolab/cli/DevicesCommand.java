package org.convolab.cli;

import java.util.concurrent.Callable;
import org.convolab.engine.DeviceReport;
import org.convolab.engine.Engines;
import org.convolab.io.JpegCodecs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code convolab devices}: the CUDA devices, or why none is usable. */
@Command(name = "devices", mixinStandardHelpOptions = true,
        description = "List the CUDA devices, or say in one sentence why none is usable (exit 0 either way), and the JPEG codec.")
public final class DevicesCommand implements Callable<Integer> {

    @Spec
    CommandSpec cmd;

    @Override
    public Integer call() {
        var out = cmd.commandLine().getOut();
        DeviceReport r = Engines.devices();
        for (String d : r.devices()) {
            out.println(d);
        }
        if (r.usable()) {
            out.println("GPU engine: ready (kernels for this build's architectures, PTX for the rest)");
        } else {
            out.println("No usable CUDA device: " + r.problem() + ". Filters run on the CPU engine.");
        }
        out.println("JPEG codec: " + JpegCodecs.describe());
        return 0;
    }
}
