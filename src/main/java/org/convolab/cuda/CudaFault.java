package org.convolab.cuda;

import org.convolab.core.ConvolabException;

/**
 * A CUDA error, named with the kernel and launch geometry where one applies. After one the engine
 * tears its context down and builds it again on the next filter.
 */
public final class CudaFault extends ConvolabException {
    private static final long serialVersionUID = 1L;

    public CudaFault(String message, Throwable cause) {
        super(message, cause);
    }
}
