package org.convolab.cuda;

/**
 * What the planner asks of the device to size a launch: how many blocks of a kernel the whole device
 * holds at once. {@link CudaModule} answers from the driver's occupancy calculator; tests answer from a
 * recorded device.
 */
@FunctionalInterface
interface DeviceShape {
    /** Blocks of {@code kernel} of {@code threadsPerBlock} threads resident on the whole device at once. */
    int residentBlocks(String kernel, int threadsPerBlock);
}
