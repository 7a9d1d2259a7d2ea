package org.swizzle.benchmarks.report;

/** A target's or finding's outcome. */
enum Verdict {
    PASS("pass"), FAIL("**fail**"), INCONCLUSIVE("inconclusive (within the error)"), HOLDS("holds"), DOES_NOT_HOLD("**does not hold**"), NOT_MEASURED("not measured");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    static Verdict target(double value, double limit, boolean strictlyBelow) {
        if (Double.isNaN(value)) {
            return NOT_MEASURED;
        }
        return (strictlyBelow ? value < limit : value <= limit) ? PASS : FAIL;
    }

    /** Pass or fail only when the whole interval {@code value ± error} is on one side of {@code limit}. */
    static Verdict target(double value, double error, double limit) {
        if (Double.isNaN(value)) {
            return NOT_MEASURED;
        }
        if (value + error <= limit) {
            return PASS;
        }
        return value - error > limit ? FAIL : INCONCLUSIVE;
    }

    static Verdict finding(double value, boolean holds) {
        return Double.isNaN(value) ? NOT_MEASURED : holds ? HOLDS : DOES_NOT_HOLD;
    }

    @Override
    public String toString() {
        return text;
    }
}
