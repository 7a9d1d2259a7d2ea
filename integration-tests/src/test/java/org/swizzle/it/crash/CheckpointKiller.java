package org.swizzle.it.crash;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Bootstrap;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.IllegalConnectorArgumentsException;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.MethodExitEvent;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.MethodExitRequest;

import org.swizzle.it.Jvm;

/**
 * Kills a child JVM with SIGKILL at an exact line of the store's checkpoint: it starts the child
 * under the debugger (JDWP), sets a breakpoint on every line of the static {@code SegmentStore.writeCheckpoint},
 * which writes every checkpoint, and when the first checkpoint called from the chosen caller reaches the chosen
 * line, with every thread of the child stopped there, kills the process. Deterministic, and independent of the
 * store's crash windows; {@link #runToLogReset} kills where the checkpoint has written its slot and not reset the
 * log, the entry of the crash window there.
 */
final class CheckpointKiller {
    static final String STORE_CLASS = "org.swizzle.store.SegmentStore";
    static final String METHOD = "writeCheckpoint";
    static final String WINDOWS_CLASS = "org.swizzle.store.CrashWindows";
    static final String BEFORE_WAL_RESET = "beforeWalReset";
    /** What {@link Session} aims at for {@link #runToLogReset}: the entry of {@link #BEFORE_WAL_RESET}, not a line. */
    private static final int LOG_RESET = -1;
    private static final Pattern LISTENING = Pattern.compile("Listening for transport dt_socket at address: (\\d+)");
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);

    /**
     * What a run did.
     *
     * @param killed whether the child reached the line and was killed there
     * @param line   the line aimed at
     * @param lines  the line numbers of the checkpoint method, in order
     * @param where  the child's stack when it was killed, or why it was not
     */
    record Outcome(boolean killed, int line, List<Integer> lines, String where) {
    }

    private final String caller;

    /**
     * @param caller the name of a {@code SegmentStore} method that must be on the stack of the checkpoint
     *               ({@code commit} for the checkpoint after a commit, {@code open} for the one after recovery)
     */
    CheckpointKiller(String caller) {
        this.caller = caller;
    }

    /**
     * Starts {@code main} (a {@link Workload}'s) with {@code args} in a child JVM writing to {@code log} and
     * kills it when its checkpoint reaches {@code line} (the first line if {@code line} is 0). If that
     * checkpoint returns without reaching the line, the child is killed all the same, and the outcome says so.
     */
    Outcome run(Class<?> main, Path log, int line, String... args) throws Exception {
        if (line < 0) {
            throw new IllegalArgumentException("line " + line + ": a line of the checkpoint, or 0 for its first");
        }
        return start(main, log, line, args);
    }

    /**
     * Starts {@code main} as {@link #run} does and kills it when its checkpoint has written and forced its slot and
     * not yet reset the log.
     */
    Outcome runToLogReset(Class<?> main, Path log, String... args) throws Exception {
        return start(main, log, LOG_RESET, args);
    }

    private Outcome start(Class<?> main, Path log, int line, String... args) throws Exception {
        Process child = Jvm.withAgent().jvmOption("-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0")
            .start(log, main, args);
        VirtualMachine vm = null;
        try {
            vm = attach(port(child, log));
            return new Session(vm, line).run(child);
        } finally {
            child.toHandle().destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
            if (vm != null) {
                try {
                    vm.dispose();
                } catch (RuntimeException gone) {
                    // the child is dead; the connection is closed
                }
            }
        }
    }

    private static int port(Process child, Path log) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT_NANOS;
        while (System.nanoTime() < deadline && child.isAlive()) {
            Matcher matcher = LISTENING.matcher(ChildLog.read(log).tail(10_000));
            if (matcher.find()) {
                return Integer.parseInt(matcher.group(1));
            }
            Thread.sleep(5);
        }
        throw new AssertionError("The child did not open a debugger port:\n" + ChildLog.read(log).tail(4000));
    }

    private static VirtualMachine attach(int port) throws IOException, IllegalConnectorArgumentsException {
        AttachingConnector connector = Bootstrap.virtualMachineManager().attachingConnectors().stream()
            .filter(c -> c.name().equals("com.sun.jdi.SocketAttach")).findFirst().orElseThrow();
        Map<String, Connector.Argument> arguments = connector.defaultArguments();
        arguments.get("hostname").setValue("127.0.0.1");
        arguments.get("port").setValue(Integer.toString(port));
        return connector.attach(arguments);
    }

    /** One debugging session: breakpoints, then events until the kill. */
    private final class Session {
        private final VirtualMachine vm;
        private final EventRequestManager requests;
        private final int wanted;
        private final List<Integer> lines = new ArrayList<>();
        private Location entry;
        private int line;
        private int depth = -1;

        Session(VirtualMachine vm, int line) {
            this.vm = vm;
            this.requests = vm.eventRequestManager();
            this.wanted = line;
        }

        Outcome run(Process child) throws Exception {
            for (String name : wanted == LOG_RESET ? List.of(STORE_CLASS, WINDOWS_CLASS) : List.of(STORE_CLASS)) {
                ClassPrepareRequest prepare = requests.createClassPrepareRequest();
                prepare.addClassFilter(name);
                prepare.setSuspendPolicy(EventRequest.SUSPEND_ALL);
                prepare.enable();
                for (ReferenceType type : vm.classesByName(name)) {
                    setBreakpoints(type);
                }
            }
            vm.resume();
            long deadline = System.nanoTime() + TIMEOUT_NANOS;
            while (System.nanoTime() < deadline) {
                EventSet events = vm.eventQueue().remove(100);
                if (events == null) {
                    continue;
                }
                for (Event event : events) {
                    Outcome outcome = handle(event, child);
                    if (outcome != null) {
                        return outcome;
                    }
                }
                events.resume();
            }
            return new Outcome(false, line, lines, "no checkpoint called from " + caller + " finished in 60 s");
        }

        private Outcome handle(Event event, Process child) throws Exception {
            if (event instanceof ClassPrepareEvent prepared) {
                setBreakpoints(prepared.referenceType());
            } else if (event instanceof BreakpointEvent breakpoint) {
                return atLine(breakpoint, child);
            } else if (event instanceof MethodExitEvent exit && exit.method().name().equals(METHOD)
                && exit.thread().frameCount() == depth) {
                kill(child);
                return new Outcome(false, line, lines,
                    "the checkpoint called from " + caller + " returned without reaching line " + line);
            } else if (event instanceof VMDeathEvent || event instanceof VMDisconnectEvent) {
                return new Outcome(false, line, lines,
                    "the child ended before a checkpoint called from " + caller + " reached line " + line);
            }
            return null;
        }

        private void setBreakpoints(ReferenceType type) throws AbsentInformationException {
            if (type.name().equals(WINDOWS_CLASS)) {
                for (Method method : type.methodsByName(BEFORE_WAL_RESET)) {
                    breakAt(method.location());
                }
                return;
            }
            TreeSet<Integer> numbers = new TreeSet<>();
            for (Method method : type.methodsByName(METHOD)) {
                if (!method.isStatic()) {
                    continue; // the instance method counts and times the static one, which writes
                }
                if (entry == null) {
                    entry = method.location();
                }
                for (Location location : method.allLineLocations()) {
                    numbers.add(location.lineNumber());
                    breakAt(location);
                }
            }
            lines.addAll(numbers);
            line = wanted == 0 ? entry.lineNumber() : wanted;
        }

        private void breakAt(Location location) {
            BreakpointRequest request = requests.createBreakpointRequest(location);
            request.setSuspendPolicy(EventRequest.SUSPEND_ALL);
            request.enable();
        }

        private Outcome atLine(BreakpointEvent breakpoint, Process child) throws Exception {
            ThreadReference thread = breakpoint.thread();
            if (!calledFromCaller(thread)) {
                return null;
            }
            boolean atWindow = breakpoint.location().method().name().equals(BEFORE_WAL_RESET);
            if (!atWindow && depth < 0 && breakpoint.location().equals(entry)) {
                depth = thread.frameCount();
                MethodExitRequest exit = requests.createMethodExitRequest();
                exit.addThreadFilter(thread);
                exit.addClassFilter(STORE_CLASS);
                exit.setSuspendPolicy(EventRequest.SUSPEND_ALL);
                exit.enable();
            }
            if (atWindow || depth == thread.frameCount() && breakpoint.location().lineNumber() == line) {
                String stack = stack(thread);
                kill(child);
                return new Outcome(true, line, lines, stack);
            }
            return null;
        }

        private boolean calledFromCaller(ThreadReference thread) throws IncompatibleThreadStateException {
            for (StackFrame frame : thread.frames()) {
                Method method = frame.location().method();
                if (method.name().equals(caller) && method.declaringType().name().equals(STORE_CLASS)) {
                    return true;
                }
            }
            return false;
        }

        private String stack(ThreadReference thread) throws IncompatibleThreadStateException {
            StringBuilder stack = new StringBuilder();
            for (StackFrame frame : thread.frames().subList(0, Math.min(6, thread.frameCount()))) {
                Location location = frame.location();
                stack.append("\n\tat ").append(location.declaringType().name()).append('.')
                    .append(location.method().name()).append(':').append(location.lineNumber());
            }
            return stack.toString();
        }

        private void kill(Process child) throws InterruptedException {
            child.toHandle().destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
