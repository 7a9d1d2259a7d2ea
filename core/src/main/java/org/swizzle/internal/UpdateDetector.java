package org.swizzle.internal;

import java.util.function.Consumer;

import org.agrona.collections.LongArrayList;

/**
 * How a commit finds the objects that may have changed since the last one: the commit-side half of
 * the {@link Barrier} the agent compiled into the accessors. Candidates are diffed against their
 * committed bytes, so a scheme may over-approximate (a card holds several objects) but never miss.
 */
abstract class UpdateDetector {

    /** Marks found by the last {@link #collect}: dirty cards, remembered or dirty objects. */
    long marks;

    static UpdateDetector of(Barrier barrier, ResidentSpace space, RememberedSet remembered) {
        switch (barrier) {
            case CARD: return new Cards(space);
            case REMSET: return new Remembered(remembered);
            case OBJECT: return new DirtyBits(space);
            default: return new Everything(space);
        }
    }

    /** Hands every candidate to {@code action} and counts the marks found in {@link #marks}. */
    abstract void collect(Consumer<Persistable> action);

    /** Forgets the marks of the last {@link #collect}: a commit or abort has dealt with them. */
    abstract void reset();

    /** Whether {@code object} may hold updates no commit has seen yet (so it must stay resident). */
    abstract boolean mayBeDirty(Persistable object);

    /**
     * Whether every candidate was stored into (remembered, or its dirty bit set), rather than only possibly (in a
     * dirty card, or merely resident): {@code abort()} compares the candidates of a scheme that is not exact.
     */
    boolean isExact() {
        return false;
    }

    /** Card marking: the objects whose card addresses lie in dirty cards. */
    private static final class Cards extends UpdateDetector {
        private final ResidentSpace space;
        private final LongArrayList dirtyCards = new LongArrayList();

        Cards(ResidentSpace space) {
            this.space = space;
        }

        @Override
        void collect(Consumer<Persistable> action) {
            dirtyCards.clear();
            space.forEachInDirtyCards(action, dirtyCards);
            marks = dirtyCards.size();
        }

        @Override
        void reset() {
            ResidentSpace.clean(dirtyCards);
            dirtyCards.clear();
        }

        @Override
        boolean mayBeDirty(Persistable object) {
            return CardTable.isDirty(object.$swz_address() >>> CardTable.SHIFT);
        }
    }

    /** Remembered set: the objects the barrier added on their first update. */
    private static final class Remembered extends UpdateDetector {
        private final RememberedSet remembered;

        Remembered(RememberedSet remembered) {
            this.remembered = remembered;
        }

        @Override
        void collect(Consumer<Persistable> action) {
            marks = remembered.size();
            remembered.forEach(object -> {
                if (object.$swz_state() == Persistable.RESIDENT) {
                    action.accept(object);
                }
            });
        }

        @Override
        void reset() {
            remembered.clear();
        }

        @Override
        boolean isExact() {
            return true;
        }

        @Override
        boolean mayBeDirty(Persistable object) {
            return object.$swz_dirty() != 0;
        }
    }

    /** Dirty bits: every resident object is looked at, those with the bit set are candidates. */
    private static final class DirtyBits extends UpdateDetector {
        private final ResidentSpace space;
        private final java.util.ArrayList<Persistable> found = new java.util.ArrayList<>();

        DirtyBits(ResidentSpace space) {
            this.space = space;
        }

        @Override
        void collect(Consumer<Persistable> action) {
            found.clear();
            space.forEachResident(object -> {
                if (object.$swz_dirty() != 0) {
                    found.add(object);
                    action.accept(object);
                }
            });
            marks = found.size();
        }

        @Override
        void reset() {
            for (Persistable object : found) {
                object.$swz_dirty((byte) 0);
            }
            found.clear();
        }

        @Override
        boolean isExact() {
            return true;
        }

        @Override
        boolean mayBeDirty(Persistable object) {
            return object.$swz_dirty() != 0;
        }
    }

    /** No barrier: every resident object is a candidate, and none can be known clean between commits. */
    private static final class Everything extends UpdateDetector {
        private final ResidentSpace space;

        Everything(ResidentSpace space) {
            this.space = space;
        }

        @Override
        void collect(Consumer<Persistable> action) {
            marks = 0;
            space.forEachResident(action);
        }

        @Override
        void reset() {
        }

        @Override
        boolean mayBeDirty(Persistable object) {
            return true;
        }
    }
}
