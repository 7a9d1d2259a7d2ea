package org.swizzle.it.abort;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.swizzle.ObjectStore;
import org.swizzle.Persistent;
import org.swizzle.StoreException;
import org.swizzle.it.Phases;

/**
 * The child JVM of {@link RefusedValueTest}: a commit refuses a value it cannot store, then {@code abort()} takes back
 * that change and every other one since the last commit, and the store commits again.
 */
public final class RefusedValueWorkload {

    /** What a field may hold: a persistent object, or an object of the application that is not one. */
    public interface Named {
        String name();
    }

    @Persistent
    public static class Label implements Named {
        String text;

        Label(String text) {
            this.text = text;
        }

        @Override
        public String name() {
            return text;
        }
    }

    /** Persistent, but refused by the agent (its superclass is neither Object nor persistent): it cannot be stored. */
    @Persistent
    public static class RefusedLabel extends java.util.Random implements Named {
        private static final long serialVersionUID = 1L;

        @Override
        public String name() {
            return "refused";
        }
    }

    /** Not persistent: a field that holds one cannot be stored. */
    public static final class Plain implements Named {
        @Override
        public String name() {
            return "plain";
        }
    }

    @Persistent
    public static class Holder {
        int count;
        List<Object> plainList;
        List<Object> withArray = new ArrayList<>();
        Named[] values = {new Label("first")};
        Named named;
    }

    /** Made outside a persistent class: a plain {@code ArrayList}, which the store watches. */
    static List<Object> plainList() {
        return new ArrayList<>(List.of("committed"));
    }

    private final String phase;

    private RefusedValueWorkload(String phase) {
        this.phase = phase;
    }

    public static void main(String[] args) throws Exception {
        RefusedValueWorkload workload = new RefusedValueWorkload(args[0]);
        Phases.run(args, Map.of("build", workload::build, "refuseAndAbort", workload::refuseAndAbort, "refuseAndClose",
            workload::refuseAndClose, "verify", workload::verify));
    }

    private void build(ObjectStore store) {
        Holder holder = store.root("holder", Holder.class, Holder::new);
        holder.withArray.add(new int[] {1, 2});
        holder.named = new Label("label");
        store.commit();
        Phases.halt(phase);
    }

    /**
     * Each value a commit refuses, in turn: the commit names it, the abort takes everything back, the next commit
     * works. The plain list is made in this session, and stays the store's across the aborts.
     */
    private void refuseAndAbort(ObjectStore store) {
        Holder holder = store.root("holder", Holder.class);
        List<Object> plain = plainList();
        holder.plainList = plain;
        store.commit();
        refuseThenAbort(store, holder, "a plain list holding an Object", () -> plain.add(new Object()));
        refuseThenAbort(store, holder, "a list holding an array and a StringBuilder",
            () -> holder.withArray.add(new StringBuilder("no")));
        refuseThenAbort(store, holder, "an array holding an object that is not persistent", () -> holder.values[0] = new Plain());
        refuseThenAbort(store, holder, "a field holding an object that is not persistent", () -> holder.named = new Plain());
        refuseThenAbort(store, holder, "a field holding an object of a class the agent refused", () -> holder.named = new RefusedLabel());
        refuseThenAbort(store, holder, "a list holding an object of a class the agent refused",
            () -> holder.withArray.add(new RefusedLabel()));
        holder.count = 7;
        plain.add("later");
        store.commit();
        Phases.halt(phase);
    }

    /** A refused commit, then {@code close()}, which the phase's end makes: it discards the change as abort() does. */
    private void refuseAndClose(ObjectStore store) {
        Holder holder = store.root("holder", Holder.class);
        holder.count = 9;
        holder.withArray.add(new StringBuilder("no"));
        try {
            store.commit();
            Phases.check(phase, "a commit of a list holding a StringBuilder was not refused", false);
        } catch (StoreException e) {
            Phases.check(phase, "the refusal names the field: " + e, e.getMessage().contains(Holder.class.getName()));
        }
    }

    private void refuseThenAbort(ObjectStore store, Holder holder, String what, Runnable change) {
        holder.count = 5;
        change.run();
        try {
            store.commit();
            Phases.check(phase, "a commit of " + what + " was not refused", false);
        } catch (StoreException e) {
            Phases.check(phase, "a commit of " + what + " names the class: " + e,
                e.getMessage().contains(Holder.class.getName()) || e.getMessage().contains(Plain.class.getName())
                    || e.getMessage().contains(RefusedLabel.class.getName()));
            Phases.check(phase, "a commit of " + what + " says why the agent refused the class, not to annotate it: " + e,
                !what.contains("refused") || e.getMessage().contains("Cannot enhance")
                    && !e.getMessage().contains("Annotate " + RefusedLabel.class.getName()));
        }
        try {
            store.abort();
        } catch (StoreException e) {
            Phases.check(phase, "abort() after a refused commit of " + what + " raised " + e, false);
            return;
        }
        Phases.check(phase, "after abort() of " + what + ", the count is " + holder.count, holder.count == 0);
        Phases.check(phase, "after abort() of " + what + ", the plain list is " + holder.plainList,
            holder.plainList.equals(List.of("committed")));
        Phases.check(phase, "after abort() of " + what + ", the list holds " + holder.withArray.size() + " elements",
            holder.withArray.size() == 1 && holder.withArray.get(0) instanceof int[]);
        Phases.check(phase, "after abort() of " + what + ", the array holds " + holder.values[0],
            holder.values[0] instanceof Label && holder.values[0].name().equals("first"));
        Phases.check(phase, "after abort() of " + what + ", the field holds " + holder.named,
            holder.named instanceof Label && holder.named.name().equals("label"));
        try {
            store.commit();
        } catch (StoreException e) {
            Phases.check(phase, "a commit after abort() of " + what + " raised " + e, false);
        }
    }

    private void verify(ObjectStore store) {
        Holder holder = store.root("holder", Holder.class);
        Phases.check(phase, "the count is " + holder.count, holder.count == 7);
        Phases.check(phase, "the plain list is " + holder.plainList, holder.plainList.equals(List.of("committed", "later")));
        Phases.check(phase, "the array holds " + holder.values[0], holder.values[0].name().equals("first"));
        Phases.check(phase, "the field holds " + holder.named, holder.named instanceof Label);
        Phases.check(phase, "the list holds " + holder.withArray.size() + " elements, the close having discarded the refused one",
            holder.withArray.size() == 1);
    }
}
