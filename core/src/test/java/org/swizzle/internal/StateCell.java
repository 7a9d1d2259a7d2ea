package org.swizzle.internal;

/** The state of a persistent object that the resident space and the budget read; the rest is never called. */
final class StateCell implements Persistable {
    long address;
    byte state = Persistable.RESIDENT;

    @Override
    public long $swz_word() {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean $swz_swapWord(long expected, long word) {
        throw new UnsupportedOperationException();
    }

    @Override
    public long $swz_oid() {
        return 0;
    }

    @Override
    public void $swz_oid(long oid) {
        throw new UnsupportedOperationException();
    }

    @Override
    public long $swz_address() {
        return address;
    }

    @Override
    public void $swz_address(long address) {
        this.address = address;
    }

    @Override
    public byte $swz_state() {
        return state;
    }

    @Override
    public void $swz_state(byte state) {
        this.state = state;
    }

    @Override
    public byte $swz_dirty() {
        return 0;
    }

    @Override
    public void $swz_dirty(byte dirty) {
        throw new UnsupportedOperationException();
    }

    @Override
    public byte $swz_flags() {
        return 0;
    }

    @Override
    public void $swz_flags(byte flags) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Object $swz_context() {
        return null;
    }

    @Override
    public void $swz_context(Object context) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Persistable $swz_newHollow() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void $swz_write(int field, ObjectWriter out) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void $swz_writeFixed(ObjectWriter out) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void $swz_writeVariable(ObjectWriter out) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void $swz_read(int field, ObjectReader in) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void $swz_clear() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void $swz_resolveStored(boolean forget) {
        throw new UnsupportedOperationException();
    }
}
