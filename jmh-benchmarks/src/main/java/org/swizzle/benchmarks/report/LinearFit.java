package org.swizzle.benchmarks.report;

import java.util.List;

/**
 * A least-squares line {@code y = a + b x}, as Hosking &amp; Moss fit hot time against traversals
 * per run: {@code b} the cost per traversal, {@code a} the fixed cost (the commit).
 */
record LinearFit(double a, double b, int points) {

    static LinearFit of(List<double[]> xy) {
        int n = xy.size();
        if (n < 2) {
            return new LinearFit(Double.NaN, Double.NaN, n);
        }
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (double[] p : xy) {
            sx += p[0];
            sy += p[1];
            sxx += p[0] * p[0];
            sxy += p[0] * p[1];
        }
        double b = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        double a = (sy - b * sx) / n;
        return new LinearFit(a, b, n);
    }
}
