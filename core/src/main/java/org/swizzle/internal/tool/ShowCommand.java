package org.swizzle.internal.tool;

import java.io.PrintStream;

import org.swizzle.internal.StoreBrowser;

/** {@code show DIR OID}: an object's class and each stored field with its type and value; a collection's elements. */
final class ShowCommand {

    private ShowCommand() {
    }

    static void run(StoreBrowser store, long oid, PrintStream out) {
        StoreBrowser.Decoded decoded = store.decode(oid);
        StoreBrowser.StoredObject object = decoded.object();
        if (decoded.isCollection()) {
            String what = decoded.contents() != null && decoded.contents().getClass().isArray() ? "a page of a large array" : "a stored collection";
            out.println("object " + oid + ": " + object.className() + ", " + what + ", " + object.length() + " bytes");
            out.println("  " + ValueText.of(decoded.contents()));
            return;
        }
        out.println("object " + oid + ": " + object.className() + ", shape " + decoded.shape() + ", " + object.length() + " bytes");
        int nameWidth = 1;
        int typeWidth = 1;
        for (StoreBrowser.Field field : decoded.fields()) {
            nameWidth = Math.max(nameWidth, field.name().length());
            typeWidth = Math.max(typeWidth, TypeNames.of(field.descriptor()).length());
        }
        for (StoreBrowser.Field field : decoded.fields()) {
            out.printf("  %-" + nameWidth + "s  %-" + typeWidth + "s  = %s%n", field.name(), TypeNames.of(field.descriptor()),
                ValueText.of(field.value()));
        }
    }
}
