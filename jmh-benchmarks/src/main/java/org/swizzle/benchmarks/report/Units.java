package org.swizzle.benchmarks.report;

import java.util.Locale;

/** Time unit conversion and number formatting for the report. */
final class Units {

    private Units() {
    }

    static double toMicros(double value, String unit) {
        switch (unit.substring(0, unit.indexOf('/') < 0 ? unit.length() : unit.indexOf('/'))) {
            case "ns":
                return value / 1e3;
            case "us":
                return value;
            case "ms":
                return value * 1e3;
            case "s":
                return value * 1e6;
            default:
                throw new IllegalArgumentException("Unknown JMH time unit " + unit);
        }
    }

    /** A time given in microseconds, in the unit that reads best. */
    static String time(double micros) {
        if (Double.isNaN(micros)) {
            return "—";
        }
        if (micros >= 1e6) {
            return String.format(Locale.ROOT, "%.2f s", micros / 1e6);
        }
        if (micros >= 1e3) {
            return String.format(Locale.ROOT, "%.2f ms", micros / 1e3);
        }
        return String.format(Locale.ROOT, micros >= 100 ? "%.0f µs" : micros >= 10 ? "%.1f µs" : "%.2f µs", micros);
    }

    static String number(double value) {
        if (Double.isNaN(value)) {
            return "—";
        }
        if (Math.abs(value) >= 100) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        return String.format(Locale.ROOT, Math.abs(value) >= 10 ? "%.1f" : "%.2f", value);
    }

    static String ratio(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "—";
        }
        return String.format(Locale.ROOT, Math.abs(value) < 0.1 ? "%.3f" : "%.2f", value);
    }
}
