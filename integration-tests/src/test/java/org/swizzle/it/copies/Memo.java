package org.swizzle.it.copies;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/** A serializable subclass with its own {@code writeObject} and {@code readObject}. */
public class Memo extends Doc {
    private static final long serialVersionUID = 1L;

    String note;
    transient int extra;

    Memo(int value, String name, String note) {
        super(value, name);
        this.note = note;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeInt(note.length());
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        extra = in.readInt();
    }

    @Override
    public String toString() {
        return super.toString() + " note=" + note + " extra=" + extra;
    }
}
