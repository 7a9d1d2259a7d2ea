package org.swizzle.internal.tracked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An attachment knows every object and collection that holds its collection, each once, however many there are. */
class AttachmentTest {

    private final Attachment attachment = new Attachment(TestAttachmentStore.IGNORING_CHANGES, new ArrayList<>(), 7, "Owner.items");

    @ParameterizedTest(name = "{0} holders")
    @ValueSource(ints = {0, 1, 2, 3, 8, 9, 40})
    void shouldHandEachHolderOnceInTheOrderNoted(int count) {
        List<Object> holders = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            holders.add(new Object());
        }
        for (int round = 0; round < 2; round++) { // noting a holder again changes nothing
            holders.forEach(attachment::heldBy);
        }
        List<Object> handed = new ArrayList<>();
        attachment.forEachHolder(handed::add);
        if (count <= 8) {
            assertEquals(holders, handed, "a few holders are kept in the order noted");
        } else {
            assertEquals(count, handed.size());
            assertTrue(handed.containsAll(holders));
        }
    }

    @ParameterizedTest(name = "{0} other holders first")
    @ValueSource(ints = {0, 1, 8, 9})
    void shouldTellWhetherOnlyTheSameStoredCollectionHoldsIt(int others) {
        Attachment directory = new Attachment(TestAttachmentStore.IGNORING_CHANGES, new ArrayList<>(), 3, "Owner.pages");
        Attachment readAgain = new Attachment(TestAttachmentStore.IGNORING_CHANGES, new ArrayList<>(), 3, "Owner.pages");
        assertTrue(attachment.heldOnlyBy(directory), "nothing holds it");
        attachment.heldBy(directory);
        assertTrue(attachment.heldOnlyBy(directory), "the directory alone holds it");
        assertFalse(attachment.heldOnlyBy(new Attachment(TestAttachmentStore.IGNORING_CHANGES, new ArrayList<>(), 4, "Owner.pages")),
            "another stored collection's directory does not");
        attachment.heldBy(readAgain);
        for (int i = 0; i < others; i++) {
            attachment.heldBy(new Attachment(TestAttachmentStore.IGNORING_CHANGES, new ArrayList<>(), 3, "Owner.pages"));
        }
        assertTrue(attachment.heldOnlyBy(directory), "every holder is the directory or stands for it");
        attachment.heldBy(new Object());
        assertFalse(attachment.heldOnlyBy(directory), "an object holds it too");
    }

    @Test
    void shouldNotBeHeldOnlyByADirectoryWhenAnObjectAloneHoldsIt() {
        attachment.heldBy(new Object());
        assertFalse(attachment.heldOnlyBy(new Attachment(TestAttachmentStore.IGNORING_CHANGES, new ArrayList<>(), 3, "Owner.pages")));
    }

    /** Most collections have one holder: noting it takes no memory beyond the attachment (it took an array each). */
    @Test
    void shouldNoteASingleHolderWithoutAllocating() {
        int n = 1_000;
        Attachment[] attachments = new Attachment[n];
        Object[] holders = new Object[n];
        for (int i = 0; i < n; i++) {
            attachments[i] = new Attachment(TestAttachmentStore.IGNORING_CHANGES, new ArrayList<>(), i, "Owner.items");
            holders[i] = new Object();
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < n; i++) {
            attachments[i].heldBy(holders[i]);
            attachments[i].heldBy(holders[i]);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 8L * n, allocated + " bytes for " + n + " single holders");
    }
}
