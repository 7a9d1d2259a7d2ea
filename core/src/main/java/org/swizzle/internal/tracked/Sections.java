package org.swizzle.internal.tracked;

import java.util.Arrays;

/**
 * The directory of a paged map or list cut into sections, runs of consecutive pages each stored on its own, so that
 * a commit writes the sections whose entries changed and no other directory entry: a put into a map of a million
 * entries writes its page, the section of a page that split (and that section's new half when it splits too) and
 * the sections' list, not the whole directory; an add to a list of a million elements writes its chunk, the section
 * that counts it and the sections' list. A section that outgrows {@link #CAPACITY} pages splits in half; one that
 * loses its last page goes, and one that falls below a quarter of it takes in its successor where both fit in half
 * (a map's pages only ever split, so its sections never shrink).
 *
 * <p>A section's OID is set by the commit that first writes it, which can undo that if it fails; a section not
 * stored yet has OID 0.
 */
public final class Sections {

    /** The pages a section holds before it splits. */
    public static final int CAPACITY = 512;

    private long[] oids;
    private int[] counts;
    private boolean[] changed;
    private int sectionCount;
    /** The section {@link #sectionOf} found last and its first page, tried first by the next; -1: none. */
    private int lastSection = -1;
    private int lastStart;

    private Sections(int capacity) {
        oids = new long[capacity];
        counts = new int[capacity];
        changed = new boolean[capacity];
    }

    /** Sections for {@code pages} pages not stored yet, each half full (none for none). */
    static Sections fresh(int pages) {
        int half = CAPACITY / 2;
        Sections sections = new Sections(Math.max(2, (pages + half - 1) / half));
        for (int left = pages; left > 0; left -= half) {
            sections.add(sections.sectionCount, 0, Math.min(half, left));
        }
        return sections;
    }

    /**
     * The sections of a stored directory of {@code pages} pages, as {@link #stored}; for a directory a store wrote
     * whole, before directories had sections ({@code counts} null), {@link #fresh} ones, written at the collection's
     * next change.
     */
    static Sections of(int pages, int[] counts, long[] oids) {
        return counts == null ? fresh(pages) : stored(counts, oids);
    }

    /**
     * The sections of a stored directory: section {@code i} holds {@code counts[i]} pages and is stored as
     * {@code oids[i]}.
     *
     * @throws IllegalArgumentException if a section is empty or one is named twice
     */
    static Sections stored(int[] counts, long[] oids) {
        Paged.requireDistinct("sections", oids);
        Sections sections = new Sections(Math.max(2, counts.length));
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] <= 0) {
                throw new IllegalArgumentException("section " + i + " holds " + counts[i] + " pages");
            }
            sections.add(i, oids[i], counts[i]);
            sections.changed[i] = false;
        }
        return sections;
    }

    /** The number of sections. */
    public int count() {
        return sectionCount;
    }

    /** The number of pages section {@code section} holds. */
    public int pages(int section) {
        return counts[section];
    }

    /** The number of pages the sections hold together. */
    public int pageCount() {
        return firstPage(sectionCount);
    }

    /** The index, in the whole directory, of the first page of section {@code section}. */
    public int firstPage(int section) {
        int first = 0;
        for (int i = 0; i < section; i++) {
            first += counts[i];
        }
        return first;
    }

    /** The OID section {@code section} is stored as, or 0 if it is not stored yet. */
    public long oid(int section) {
        return oids[section];
    }

    /** Whether section {@code section} must be written at the next commit: new, or its pages or their headers changed. */
    public boolean isChanged(int section) {
        return changed[section] || oids[section] == 0;
    }

    /** The commit in progress wrote section {@code section} as {@code oid}; {@link #unwritten} undoes it. */
    public void written(int section, long oid) {
        oids[section] = oid;
        changed[section] = false;
    }

    /** The commit that wrote section {@code section}, which was stored as {@code oid} (0: not stored), failed. */
    public void unwritten(int section, long oid) {
        oids[section] = oid;
        changed[section] = true;
    }

    /** Page {@code page} was inserted: the section before it takes it, and splits when full. */
    void pageInserted(int page) {
        if (sectionCount == 0) {
            add(0, 0, 0);
        }
        int section = sectionOf(Math.max(0, page - 1));
        counts[section]++;
        changed[section] = true;
        if (counts[section] > CAPACITY) {
            int upper = counts[section] / 2;
            counts[section] -= upper;
            add(section + 1, 0, upper);
        }
    }

    /** Page {@code page}'s entry changed (a list chunk's count): its section is written at the next commit. */
    void pageChanged(int page) {
        changed[sectionOf(page)] = true;
    }

    /**
     * Page {@code page} was removed: its section goes if that was its last page, or takes in its successor if both
     * are small. A section that goes is no longer stored by this directory (the store frees it with what nothing
     * reaches).
     */
    void pageRemoved(int page) {
        int section = sectionOf(page);
        counts[section]--;
        changed[section] = true;
        if (counts[section] == 0) {
            remove(section);
        } else if (section + 1 < sectionCount && Paged.mergeable(counts[section], counts[section + 1], CAPACITY)) {
            counts[section] += counts[section + 1];
            remove(section + 1);
        }
    }

    /**
     * The section holding page {@code page}, or the last one for the page just past the end: the one found last
     * when it holds the page (as it does for the pages a list appends to), else found by a walk.
     */
    private int sectionOf(int page) {
        if (lastSection >= 0 && page >= lastStart && page - lastStart < counts[lastSection]) {
            return lastSection;
        }
        int start = 0;
        int section = 0;
        while (section < sectionCount - 1 && page >= start + counts[section]) {
            start += counts[section];
            section++;
        }
        lastSection = section;
        lastStart = start;
        return section;
    }

    private void remove(int section) {
        lastSection = -1;
        sectionCount--;
        System.arraycopy(oids, section + 1, oids, section, sectionCount - section);
        System.arraycopy(counts, section + 1, counts, section, sectionCount - section);
        System.arraycopy(changed, section + 1, changed, section, sectionCount - section);
    }

    private void add(int section, long oid, int pages) {
        lastSection = -1;
        if (sectionCount == oids.length) {
            oids = Arrays.copyOf(oids, sectionCount * 2);
            counts = Arrays.copyOf(counts, sectionCount * 2);
            changed = Arrays.copyOf(changed, sectionCount * 2);
        }
        System.arraycopy(oids, section, oids, section + 1, sectionCount - section);
        System.arraycopy(counts, section, counts, section + 1, sectionCount - section);
        System.arraycopy(changed, section, changed, section + 1, sectionCount - section);
        oids[section] = oid;
        counts[section] = pages;
        changed[section] = true;
        sectionCount++;
    }
}
