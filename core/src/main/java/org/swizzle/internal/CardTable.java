package org.swizzle.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The card table of the write barrier (Hosking, Brown &amp; Moss): one byte per card of the resident
 * space, {@link #DIRTY} once any object whose card address lies in the card was written. Resident
 * objects get card addresses from {@link ResidentSpace}; transient objects have address 0, whose
 * card is a sink that no commit reads, so the barrier needs no branch.
 *
 * <p>The table is a fixed directory of pages that are added as the resident space grows and never
 * replaced, so a mark made by one thread while another grows the table cannot land in a copy that is
 * then dropped. The directory covers every card an {@code int} can number, so the barrier's index into it
 * is in range by construction: a mark costs what a flat table's does (a load of the page where the flat
 * table loads the array, and the store).
 */
public final class CardTable {

    /** log2 of the card size; a constant the JIT folds into the barrier. */
    public static final int SHIFT = Integer.numberOfTrailingZeros(AgentOptions.current().cardSize());

    public static final byte DIRTY = 0;
    public static final byte CLEAN = 1;

    /** log2 of the cards per page. */
    static final int PAGE_SHIFT = 16;
    static final int PAGE_CARDS = 1 << PAGE_SHIFT;
    private static final int PAGE_MASK = PAGE_CARDS - 1;
    /** The most cards the table holds: the resident space is exhausted past them. */
    static final long MAX_CARDS = Integer.MAX_VALUE - (long) PAGE_MASK;

    private static final VarHandle PAGE = MethodHandles.arrayElementVarHandle(byte[][].class);

    /**
     * Page {@code p} holds cards {@code p << PAGE_SHIFT} onwards; {@code null} until a chunk of the
     * resident space needs it. Page 0, with the sink card, always exists.
     */
    private static final byte[][] PAGES = new byte[1 << (Integer.SIZE - PAGE_SHIFT)][];

    static {
        PAGES[0] = newPage();
    }

    private CardTable() {
    }

    /**
     * The barrier: marks the card holding {@code address}. The object's address, and so its page, were
     * published before its state said resident, and every access reads that state first.
     */
    public static void mark(long address) {
        int card = (int) (address >>> SHIFT);
        PAGES[card >>> PAGE_SHIFT][card & PAGE_MASK] = DIRTY;
    }

    static boolean isDirty(long card) {
        return page(card)[(int) card & PAGE_MASK] == DIRTY;
    }

    static void clean(long card) {
        page(card)[(int) card & PAGE_MASK] = CLEAN;
    }

    static void dirty(long card) {
        page(card)[(int) card & PAGE_MASK] = DIRTY;
    }

    private static byte[] page(long card) {
        return PAGES[(int) (card >>> PAGE_SHIFT)];
    }

    /**
     * Makes sure cards up to (exclusive) {@code cardLimit} exist: adds the pages they need, clean, with a
     * release store, so a thread that sees a page sees it clean. Called with {@code CardTable.class} locked.
     */
    static void ensureCards(long cardLimit) {
        if (cardLimit > MAX_CARDS) {
            throw new IllegalStateException("Card table exhausted: " + cardLimit + " cards");
        }
        int lastPage = (int) ((cardLimit - 1) >>> PAGE_SHIFT);
        for (int p = lastPage; p > 0 && PAGES[p] == null; p--) {
            PAGE.setRelease(PAGES, p, newPage());
        }
    }

    private static byte[] newPage() {
        byte[] page = new byte[PAGE_CARDS];
        Arrays.fill(page, CLEAN);
        return page;
    }
}
