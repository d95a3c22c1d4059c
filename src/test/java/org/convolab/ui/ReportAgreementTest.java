package org.convolab.ui;

import org.convolab.core.Backend;

/** {@link ReportAgreement} on the CPU engine. */
class ReportAgreementTest extends ReportAgreement {
    @Override
    Backend backend() {
        return Backend.CPU;
    }
}
