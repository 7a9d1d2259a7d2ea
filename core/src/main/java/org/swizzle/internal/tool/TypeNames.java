package org.swizzle.internal.tool;

/** The Java name of a type from its JVM descriptor ({@code I} is {@code int}, {@code [Lcom/a/B;} is {@code com.a.B[]}). */
final class TypeNames {

    private TypeNames() {
    }

    static String of(String descriptor) {
        int dimensions = 0;
        while (dimensions < descriptor.length() && descriptor.charAt(dimensions) == '[') {
            dimensions++;
        }
        String element = descriptor.substring(dimensions);
        return element(element) + "[]".repeat(dimensions);
    }

    private static String element(String descriptor) {
        switch (descriptor) {
            case "Z": return "boolean";
            case "B": return "byte";
            case "S": return "short";
            case "C": return "char";
            case "I": return "int";
            case "J": return "long";
            case "F": return "float";
            case "D": return "double";
            default:
                return descriptor.startsWith("L") && descriptor.endsWith(";")
                    ? descriptor.substring(1, descriptor.length() - 1).replace('/', '.')
                    : descriptor;
        }
    }
}
