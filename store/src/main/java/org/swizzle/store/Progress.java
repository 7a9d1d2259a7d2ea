package org.swizzle.store;

import java.io.PrintStream;

/** Progress of a long pass over a store, printed to the error stream at every tenth of the way. */
final class Progress {
    private final PrintStream err;
    private final String what;
    private final long total;
    private final String unit;
    private int printedTenths;

    Progress(PrintStream err, String what, long total, String unit) {
        this.err = err;
        this.what = what;
        this.total = total;
        this.unit = unit;
    }

    /** {@code done} of the total are done. */
    void at(long done) {
        if (total == 0) {
            return;
        }
        int tenths = (int) (10 * done / total);
        if (tenths > printedTenths) {
            printedTenths = tenths;
            err.println(what + ": " + 10 * tenths + "% (" + done + " of " + total + ' ' + unit + ')');
        }
    }
}
