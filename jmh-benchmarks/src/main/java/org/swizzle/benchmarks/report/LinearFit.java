package org.swizzle.benchmarks.report;

import java.util.Arrays;
import java.util.List;

/**
 * A least-squares line {@code y = a + b x}, as Hosking &amp; Moss fit hot time against traversals
 * per run: {@code b} the cost per traversal, {@code a} the fixed cost (the commit). The line is the
 * one-variable case of {@link #multiple}, the multiple regression with which Moss fits his cost
 * model (time against bytes, objects, slots and initialized slots at once).
 */
record LinearFit(double a, double b, int points) {

    static LinearFit of(List<double[]> xy) {
        Multiple fit = multiple(xy, 1);
        return new LinearFit(fit.coefficient(0), fit.coefficient(1), xy.size());
    }

    /**
     * The least-squares fit of {@code y = c0 + c1 x1 + ... + ck xk} to rows {@code {x1, ..., xk, y}}:
     * NaN coefficients when there are fewer rows than coefficients or the x columns are dependent.
     */
    static Multiple multiple(List<double[]> rows, int xs) {
        return multiple(rows, xs, false);
    }

    /**
     * As {@link #multiple(List, int)}, minimizing relative rather than absolute residuals (each row
     * weighted by 1/y²): for timings whose noise grows with their size, so that a collection measured
     * in microseconds counts as much as one measured in milliseconds.
     */
    static Multiple relative(List<double[]> rows, int xs) {
        return multiple(rows, xs, true);
    }

    private static Multiple multiple(List<double[]> rows, int xs, boolean relative) {
        int n = rows.size();
        int m = xs + 1;
        double[] nan = new double[m];
        Arrays.fill(nan, Double.NaN);
        if (n < m) {
            return new Multiple(nan, nan.clone(), Double.NaN, n);
        }
        // the weighted design matrix, columns then scaled to a largest magnitude of 1 so that bytes
        // (millions) and the constant solve alike
        double[][] x = new double[n][m];
        double[] y = new double[n];
        double[] scale = new double[m];
        for (int i = 0; i < n; i++) {
            double[] row = rows.get(i);
            double weight = relative && row[xs] != 0 ? 1 / Math.abs(row[xs]) : 1;
            y[i] = row[xs] * weight;
            for (int j = 0; j < m; j++) {
                x[i][j] = (j == 0 ? 1 : row[j - 1]) * weight;
                scale[j] = Math.max(scale[j], Math.abs(x[i][j]));
            }
        }
        for (int j = 0; j < m; j++) {
            if (scale[j] == 0) {
                return new Multiple(nan, nan.clone(), Double.NaN, n);
            }
            for (int i = 0; i < n; i++) {
                x[i][j] /= scale[j];
            }
        }
        double[][] xtx = new double[m][m];
        double[] xty = new double[m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                xty[j] += x[i][j] * y[i];
                for (int k = 0; k < m; k++) {
                    xtx[j][k] += x[i][j] * x[i][k];
                }
            }
        }
        double[][] inverse = invert(xtx);
        if (inverse == null) {
            return new Multiple(nan, nan.clone(), Double.NaN, n);
        }
        double[] coefficients = new double[m];
        for (int j = 0; j < m; j++) {
            for (int k = 0; k < m; k++) {
                coefficients[j] += inverse[j][k] * xty[k];
            }
        }
        double weighted = 0;
        for (int i = 0; i < n; i++) {
            double predicted = 0;
            for (int j = 0; j < m; j++) {
                predicted += coefficients[j] * x[i][j];
            }
            weighted += (y[i] - predicted) * (y[i] - predicted);
        }
        double variance = n > m ? weighted / (n - m) : Double.NaN;
        double[] errors = new double[m];
        for (int j = 0; j < m; j++) {
            coefficients[j] /= scale[j];
            errors[j] = Math.sqrt(variance * inverse[j][j]) / scale[j];
        }
        return new Multiple(coefficients, errors, r2(rows, coefficients), n);
    }

    /** The share of the variance of y that the fitted coefficients explain, unweighted. */
    private static double r2(List<double[]> rows, double[] coefficients) {
        int xs = coefficients.length - 1;
        double mean = rows.stream().mapToDouble(r -> r[xs]).average().orElse(0);
        double residual = 0;
        double total = 0;
        for (double[] row : rows) {
            double predicted = coefficients[0];
            for (int j = 1; j <= xs; j++) {
                predicted += coefficients[j] * row[j - 1];
            }
            residual += (row[xs] - predicted) * (row[xs] - predicted);
            total += (row[xs] - mean) * (row[xs] - mean);
        }
        return total == 0 ? Double.NaN : 1 - residual / total;
    }

    /** The inverse of a symmetric matrix by Gauss-Jordan elimination, or null if it is singular. */
    private static double[][] invert(double[][] a) {
        int m = a.length;
        double[][] w = new double[m][2 * m];
        for (int i = 0; i < m; i++) {
            System.arraycopy(a[i], 0, w[i], 0, m);
            w[i][m + i] = 1;
        }
        for (int col = 0; col < m; col++) {
            int pivot = col;
            for (int r = col + 1; r < m; r++) {
                if (Math.abs(w[r][col]) > Math.abs(w[pivot][col])) {
                    pivot = r;
                }
            }
            if (Math.abs(w[pivot][col]) < 1e-12) {
                return null;
            }
            double[] swap = w[col];
            w[col] = w[pivot];
            w[pivot] = swap;
            double p = w[col][col];
            for (int k = 0; k < 2 * m; k++) {
                w[col][k] /= p;
            }
            for (int r = 0; r < m; r++) {
                if (r != col && w[r][col] != 0) {
                    double f = w[r][col];
                    for (int k = 0; k < 2 * m; k++) {
                        w[r][k] -= f * w[col][k];
                    }
                }
            }
        }
        double[][] inverse = new double[m][m];
        for (int i = 0; i < m; i++) {
            System.arraycopy(w[i], m, inverse[i], 0, m);
        }
        return inverse;
    }

    /**
     * A multiple regression: {@code coefficients[0]} the constant, {@code coefficients[j]} the cost
     * per unit of the j-th x; {@code errors} their standard errors (NaN without spare rows).
     */
    record Multiple(double[] coefficients, double[] errors, double r2, int points) {

        double coefficient(int j) {
            return coefficients[j];
        }

        double error(int j) {
            return errors[j];
        }
    }
}
