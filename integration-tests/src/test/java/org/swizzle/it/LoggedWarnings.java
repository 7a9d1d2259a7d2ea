package org.swizzle.it;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The messages Swizzle logs as warnings while an action runs, caught from {@code java.util.logging}, where
 * {@code System.Logger} sends them when no other backend is installed.
 */
public final class LoggedWarnings {

    private LoggedWarnings() {
    }

    /** Runs {@code action} and returns the warnings logged under {@code org.swizzle} meanwhile, in order. */
    public static List<String> during(Runnable action) {
        List<String> warnings = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel() == Level.WARNING) {
                    warnings.add(record.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger("org.swizzle");
        logger.addHandler(handler);
        try {
            action.run();
        } finally {
            logger.removeHandler(handler);
        }
        return warnings;
    }
}
