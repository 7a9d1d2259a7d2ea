package org.swizzle.it.copies;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.swizzle.ObjectStore;
import org.swizzle.it.Phases;

/** The child JVM of {@link CloneTest}, which runs it as {@link Phases}. */
public final class CloneWorkload {

    private final String phase;

    private CloneWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        CloneWorkload workload = new CloneWorkload(args[0]);
        Phases.run(args, Map.of("write", workload::write, "update", workload::update, "verify", workload::verify));
    }

    /** Stores sheets, clones two of them (one through a persistent superclass's clone), changes and stores the copies. */
    private void write(ObjectStore store) {
        Album album = store.root("album", Album.class, Album::new);
        Sheet one = new Sheet(1, "one");
        Sheet target = new Sheet(100, "target");
        one.next = target;
        one.cells = new int[] {1, 2, 3};
        one.tags.add("x");
        Ledger ledger = new Ledger(5, "led", 50);
        album.sheets.addAll(List.of(one, target, ledger));
        album.token = new Token("tok");
        store.commit();

        Sheet two = one.clone();
        check("the clone is another object", two != one);
        check("the clone has the original's values", "one:1".equals(two.toString()) && two.next == target);
        check("the clone shares the original's list and array", two.tags == one.tags && two.cells == one.cells);
        two.value = 2;
        two.name = "two";
        two.cells[0] = 7;
        Ledger ledgerCopy = ledger.clone();
        ledgerCopy.name = "led2";
        ledgerCopy.total = 60;
        check("a clone() returning this gives the object itself", album.token.cloneOf(album.token) == album.token);
        album.sheets.add(two);
        album.sheets.add(ledgerCopy);
        Circle circle = new Circle(1, "circle");
        Plain plain = new Plain(1, "plain");
        Twig twig = new Twig(1, "twig");
        album.others.addAll(List.of(circle, plain, twig));
        store.commit();
        one.value = 10;
        Circle circleCopy = (Circle) circle.clone();
        Plain plainTwin;
        try {
            plainTwin = plain.twin();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
        Twig twigCopy = twig.clone();
        circleCopy.label = "circle2";
        plainTwin.label = "plain2";
        twigCopy.label = "twig2";
        album.others.addAll(List.of(circleCopy, plainTwin, twigCopy));
        store.commit();
        circle.radius = 10;
        plain.count = 10;
        twig.count = 10;
        store.commit();
        check("the original keeps its values", "one:10".equals(one.toString()) && "two:2".equals(two.toString()));
    }

    /** Checks the reload, clones hollow objects (one through a virtual call), changes a shared list, stores the copies. */
    private void update(ObjectStore store) throws CloneNotSupportedException {
        Album album = store.root("album", Album.class);
        Sheet target = album.sheets.get(1);
        Sheet two = album.sheets.get(3);
        Sheet targetCopy = target.clone(); // target has not been touched: it may still be hollow
        Sheet three = two.copyOf(two);     // two is hollow, its next a stored reference under edge and none
        check("a clone of a hollow object has its committed values", "target:100".equals(targetCopy.toString()));
        check("a clone of another hollow sheet has the committed values", "two:2".equals(three.toString()));
        check("a clone's reference finds the same object", three.next == target);
        checkReloaded(album);
        targetCopy.value = 101;
        targetCopy.name = "target2";
        three.value = 3;
        three.name = "three";
        album.sheets.add(three);
        album.sheets.add(targetCopy);
        two.tags.add("y");
        store.commit();
    }

    private void verify(ObjectStore store) {
        Album album = store.root("album", Album.class);
        checkReloaded(album);
        check("seven sheets, each as stored", "[one:10, target:100, led:5, two:2, led2:5, three:3, target2:101]"
            .equals(album.sheets.toString()));
        List<Sheet> sheets = album.sheets;
        check("seven distinct objects", sheets.stream().map(System::identityHashCode).distinct().count() == 7);
        check("the copies' references", sheets.get(5).next == sheets.get(1) && sheets.get(6).next == null);
        check("a list added to through one clone is seen through the original and the other clone",
            List.of("x", "y").equals(sheets.get(0).tags) && sheets.get(0).tags == sheets.get(3).tags
                && sheets.get(3).tags == sheets.get(5).tags);
        check("the shared array's element written through a clone", sheets.get(5).cells[0] == 7);
    }

    /** What the write phase stored, as a reload finds it. */
    private void checkReloaded(Album album) {
        List<Sheet> sheets = album.sheets;
        Sheet one = sheets.get(0);
        Sheet two = sheets.get(3);
        check("original and clone are two objects after a reload", one != two);
        check("original and clone keep their own values: " + sheets, "one:10".equals(one.toString()) && "two:2".equals(two.toString()));
        check("original and clone refer to the same object", one.next == sheets.get(1) && two.next == sheets.get(1));
        check("the element written through the shared array, in both", one.cells[0] == 7 && two.cells[0] == 7
            && Arrays.equals(new int[] {7, 2, 3}, one.cells));
        check("original and clone share one list after a reload", one.tags == two.tags);
        Ledger ledger = (Ledger) sheets.get(2);
        Ledger ledgerCopy = (Ledger) sheets.get(4);
        check("a subclass's clone keeps its own values", "led:5".equals(ledger.toString()) && ledger.total == 50
            && "led2:5".equals(ledgerCopy.toString()) && ledgerCopy.total == 60);
        check("the token is stored once", album.token != null && Objects.equals("tok", album.token.label));
        check("copies made through a fieldless class's clone() and a virtual call are objects of their own: "
            + album.others, "[circle:10, plain:10, twig:10, circle2:1, plain2:1, twig2:1]".equals(album.others.toString()));
    }

    private void check(String what, boolean holds) {
        Phases.check(phase, what, holds);
    }
}
