/* The stop hook: set on the running thread only when a budget fires or Ctrl-C comes (by the allocator, a Swift
   loop, or a signal handler), it raises the error at the next event; and the time budget's checks and Ctrl-C's
   signal handling that arm it. See CLua.h. */
#include "CLua.h"
#include "host.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

double scrim_monotonic(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Instructions left until the next count event of `thread`'s hook, which counts every `count`. */
static int hook_remaining(lua_State *thread, int count) {
  int left = scrim_hookcountdown(thread);
  return left > 0 && left <= count ? left : count;
}

/* lua_sethook for the script's hook, its countdown at `remaining` rather than restarted. */
static void restore_hook(lua_State *thread, const ScrimArmedThread *entry) {
  lua_sethook(thread, entry->hook, entry->mask, entry->count);
  if ((entry->mask & LUA_MASKCOUNT) && entry->remaining > 0 && entry->remaining <= entry->count)
    scrim_sethookcountdown(thread, entry->remaining);
}

/* The state whose outermost entry runs on this system thread (innermost first, then outerOnThread). */
__thread ScrimLimits *scrim_enteredonthread;
__thread ScrimLimits *scrim_busyonthread;

static void stop_hook(lua_State *L, lua_Debug *ar);
static ScrimArmedThread *armed_entry(ScrimLimits *lim, lua_State *thread);

/* The signals that set the stop hook, blocked while the Lua thread itself changes the table of armed threads. */
static void block_arming(sigset_t *saved) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SCRIM_SIGNAL);
  sigaddset(&set, SIGINT);
  pthread_sigmask(SIG_BLOCK, &set, saved);
}

static void unblock_arming(const sigset_t *saved) {
  pthread_sigmask(SIG_SETMASK, saved, NULL);
}

/* Instructions between the checks of the stop hook: 1, except for a memory budget exceeded again right after its
   error was raised (a script that caught it may go on a little, as a check every MEMORY_GRACE instructions allows). */
#define MEMORY_GRACE 1000

static int arm_count(ScrimLimits *lim) {
  return lim->memoryGrace && !lim->stopping && !SHARED_LOAD(lim->interrupted) && !SHARED_LOAD(lim->expired) ? MEMORY_GRACE : 1;
}

/* Sets the stop hook on `thread`, keeping the hook it had (the script's) to run beside it and to put back. `again`:
   from a signal, which may have landed inside Lua's luaG_traceexec after it read the hook mask and before it counted
   the instruction down; that leaves an earlier setting's countdown at 0, from where it never fires, or the call's trap
   cleared. The watchdog asks again every 100 ms, and each time the stop hook is set again. */
static void arm_thread(ScrimLimits *lim, lua_State *thread, int again) {
  if (thread == NULL) return;
  int count = arm_count(lim);
  int interrupt = SHARED_LOAD(lim->interrupted) && !lim->stopping ? LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE : 0;
  if (lua_gethook(thread) == stop_hook) { /* armed already: as often as now needed */
    int mask = lua_gethookmask(thread) | interrupt;
    int countdown = scrim_hookcountdown(thread); /* left high by a hook's error; -1: not known */
    if (countdown == -1) countdown = count;
    /* Not set again otherwise: a resume returning while a memory error is pending arms anew, and restarting the
       countdown each time could put the check off for ever. */
    if (again || lua_gethookcount(thread) != count || lua_gethookmask(thread) != mask || countdown > count
        || countdown <= 0)
      lua_sethook(thread, stop_hook, mask, count);
    return;
  }
  int mask = lua_gethook(thread) ? lua_gethookmask(thread) : 0;
  /* A thread armed before whose script set a hook of its own since (replacing the stop hook) keeps its one entry. */
  ScrimArmedThread *entry = armed_entry(lim, thread);
  if (entry == NULL && lim->armedCount < SCRIM_ARMED_MAX) entry = &lim->armed[lim->armedCount++];
  if (entry != NULL) {
    entry->thread = thread;
    entry->hook = lua_gethook(thread);
    entry->mask = mask;
    entry->count = lua_gethookcount(thread);
    entry->remaining = (mask & LUA_MASKCOUNT) ? hook_remaining(thread, entry->count) : 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
  }
  /* Count events at every instruction (where a budget is raised: a call event would also come for the message
     handler, a C function), the script's own events to pass on, and for Ctrl-C every event, as lua.c asks for. */
  lua_sethook(thread, stop_hook, LUA_MASKCOUNT | (mask & ~LUA_MASKCOUNT) | interrupt, count);
}

/* The stop hook on the running thread and the main thread (where a coroutine's error goes on to). Async-safe. */
static void arm(ScrimLimits *lim, int again) {
  lua_State *running = lim->running;
  arm_thread(lim, running, again);
  if (lim->mainThread != running) arm_thread(lim, lim->mainThread, again);
}

/* Arming from the Lua thread's own code (the allocator, a Swift loop): the signal handler must not interleave. */
void scrim_armnow(ScrimLimits *lim) {
  sigset_t saved;
  block_arming(&saved);
  arm(lim, 0);
  unblock_arming(&saved);
}

/* The entry of `thread` in the armed table, or NULL. */
static ScrimArmedThread *armed_entry(ScrimLimits *lim, lua_State *thread) {
  for (int i = 0; i < lim->armedCount; i++)
    if (lim->armed[i].thread == thread) return &lim->armed[i];
  return NULL;
}

/* Puts back the hook `thread` had before it was armed (unless the script set another since), and forgets it. */
static void disarm_locked(ScrimLimits *lim, lua_State *thread) {
  ScrimArmedThread *entry = armed_entry(lim, thread);
  if (entry == NULL) {
    if (lua_gethook(thread) == stop_hook) lua_sethook(thread, NULL, 0, 0); /* inherited by a coroutine made meanwhile */
    return;
  }
  if (lua_gethook(thread) == stop_hook) restore_hook(thread, entry);
  *entry = lim->armed[--lim->armedCount];
}

static void disarm(ScrimLimits *lim, lua_State *thread) {
  sigset_t saved;
  block_arming(&saved);
  disarm_locked(lim, thread);
  unblock_arming(&saved);
}

/* Every armed thread back to its own hook: the threads in the table are the main thread and those still being
   resumed (a resume takes its coroutine out when it returns), all alive. */
void scrim_disarmall(ScrimLimits *lim) {
  sigset_t saved;
  block_arming(&saved);
  while (lim->armedCount > 0) disarm_locked(lim, lim->armed[lim->armedCount - 1].thread);
  if (lua_gethook(lim->mainThread) == stop_hook) lua_sethook(lim->mainThread, NULL, 0, 0);
  unblock_arming(&saved);
}

/* A thread Lua code ran on has returned to `resumer` (a resume, a call from Swift): it keeps no stop hook, and the
   resumer gets one if a stop is under way (the error goes on there). */
static __attribute__((noinline)) void left_thread(ScrimLimits *lim, lua_State *thread) {
  if (thread != lim->mainThread) disarm(lim, thread);
  if (lim->stopping || lim->memoryPending) scrim_armnow(lim);
}

void scrim_leftthread(ScrimLimits *lim, lua_State *thread) {
  left_thread(lim, thread);
}

void scrim_formatstop(lua_State *L, ScrimLimits *lim, int level) {
  if (lim->stopMessage[0] != 0) return;
  /* The first raise names the line that was running; later ones (after a pcall caught it) repeat it. */
  if (lim->stopping == 2) {
    luaL_where(L, level + 1); /* as lua.c's `interrupted!`: the caller's line, the traceback shows the running one */
    snprintf(lim->stopMessage, sizeof lim->stopMessage, "%sinterrupted!", lua_tostring(L, -1));
  } else {
    luaL_where(L, level);
    snprintf(lim->stopMessage, sizeof lim->stopMessage, "%sexceeded the time budget of %g s", lua_tostring(L, -1),
             lim->budget);
  }
  lua_pop(L, 1);
}

int scrim_deadlinepassed(ScrimLimits *lim) {
  if (lim->budget <= 0) return 0;
  double now = scrim_monotonic();
  if (lim->deadline == 0) {
    shared_store_double(&lim->deadline, now + lim->budget);
    SHARED_STORE(lim->expired, 0);
    scrim_wakewatchdog(now + lim->budget);
    return 0;
  }
  if (now > lim->deadline) SHARED_STORE(lim->expired, 1);
  return SHARED_LOAD(lim->expired);
}

/* Moves `thread`'s countdown to the script's next count event on by `instructions`, as Lua's does: each time it
   reaches 0 it starts again from `count` (inside a hook, without an event: Lua runs no hook within a hook). */
static void count_down(ScrimArmedThread *entry, int instructions) {
  if (entry->count <= 0) return; /* a count mask without a count (C's lua_sethook allows it) has no count events */
  entry->remaining -= instructions;
  if (entry->remaining <= 0) entry->remaining = entry->count - (-entry->remaining) % entry->count;
}

/* While the stop hook is set, instructions run by a hook function are not seen by it (hooks are off in a hook) but
   count towards the script's next count event, as in Lua: the script's hook runs with the countdown in hookcount
   set high, and what it used is read back. An error out of the script's hook leaves it high: arm_thread resets it. */
#define HOOK_UNCOUNTED (1 << 30)

static void call_script_hook(ScrimLimits *lim, lua_State *L, ScrimArmedThread *entry, lua_Debug *ar) {
  int measure = (entry->mask & LUA_MASKCOUNT) && scrim_hookcountdown(L) >= 0;
  if (measure) scrim_sethookcountdown(L, HOOK_UNCOUNTED);
  entry->hook(L, ar);
  if (!measure || lua_gethook(L) != stop_hook) return; /* the script's hook set another hook: its count is its own */
  int used = HOOK_UNCOUNTED - scrim_hookcountdown(L);
  scrim_sethookcountdown(L, lua_gethookcount(L));
  entry = armed_entry(lim, L); /* the table may have moved (a coroutine resumed and left in the hook) */
  /* An arming meanwhile (the watchdog's signal) reset the countdown: what the hook used is then unknown. */
  if (entry != NULL && (entry->mask & LUA_MASKCOUNT) && used > 0 && used < HOOK_UNCOUNTED / 2) count_down(entry, used);
}


/* Set only once a budget fires (and left in place until the outermost entry returns): raises the memory error, or the
   budget's or Ctrl-C's stop, at every event, so that a script cannot catch it with pcall and go on. The script's own
   hook, if it had one on this thread, still sees its events: its call, return and line events as they come, its
   count events counted down from where its count was when the stop hook was set (and handed back where it got to). */
static void stop_hook(lua_State *L, lua_Debug *ar) {
  ScrimLimits *lim = scrim_limits(L);
  scrim_startwantedwatchdog(); /* the stand-in timer's signal set this hook to start it here */

  ScrimArmedThread *entry = armed_entry(lim, L);
  int interrupt = lim->depth > 0 && SHARED_LOAD(lim->interrupted) && !lim->stopping;
  if (ar->event != LUA_HOOKCOUNT) { /* one of the script's own events, or any event for Ctrl-C */
    int event = ar->event == LUA_HOOKTAILCALL ? LUA_MASKCALL : 1 << ar->event;
    if (entry != NULL && entry->hook != NULL && (entry->mask & event)) call_script_hook(lim, L, entry, ar);
    if (!interrupt) return;
  } else if (entry != NULL && entry->hook != NULL && (entry->mask & LUA_MASKCOUNT) && entry->count > 0) {
    /* The stop hook counts every instruction (every MEMORY_GRACE once a memory error was raised). */
    int fires = entry->remaining <= lua_gethookcount(L);
    count_down(entry, lua_gethookcount(L));
    if (fires) call_script_hook(lim, L, entry, ar);
  }
  if (SHARED_LOAD(lim->residentOver)) {
    SHARED_STORE(lim->residentOver, 0);
    lim->memoryPending = 1;
    lim->memoryRefused = 1;
  }
  if (!interrupt && lim->memoryPending && scrim_overmemory(L, lim)) {
    lim->reporting = 1;
    lim->memoryGrace = 1;
    scrim_allowhooks(L);
    luaL_where(L, 0);
    lua_pushliteral(L, "not enough memory");
    lua_concat(L, 2);
    lua_error(L);
  }
  if (interrupt) {
    /* Ctrl-C, as lua.c's: raised once, at the first event (a call, a return, a line, an instruction), at the line of
       the Lua function that made it; pcall may catch it. */
    SHARED_STORE(lim->interrupted, 0);
    scrim_disarmall(lim);
    scrim_allowhooks(L);
    luaL_where(L, 1);
    lua_pushliteral(L, "interrupted!");
    lua_concat(L, 2);
    lua_error(L);
  }
  if (lim->depth > 0 && !lim->stopping && scrim_deadlinepassed(lim)) SHARED_STORE(lim->stopping, 1);
  if (lim->stopping) {
    scrim_formatstop(L, lim, 0);
    scrim_allowhooks(L);
    lua_pushstring(L, lim->stopMessage);
    lua_error(L);
  }
  scrim_disarmall(lim); /* nothing (left) to raise */
}

void scrim_settimebudget(ScrimLimits *lim, double seconds) {
  shared_store_double(&lim->budget, seconds > 0 ? seconds : 0);
  scrim_restartbudget(lim);
}

void scrim_restartbudget(ScrimLimits *lim) {
  shared_store_double(&lim->deadline, 0);
  SHARED_STORE(lim->expired, 0);
  SHARED_STORE(lim->armRequest, 0);
  if (lim->budget > 0) scrim_startwatchdog();
  if (lim->depth == 0) {
    SHARED_STORE(lim->stopping, 0);
    lim->stopMessage[0] = 0;
  }
}

void scrim_suspendbudget(ScrimLimits *lim) {
  shared_store_double(&lim->deadline, 0);
  SHARED_STORE(lim->expired, 0);
}

int scrim_overbudget(ScrimLimits *lim) {
  if (lim->stopping) return 1;
  if (SHARED_LOAD(lim->interrupted)) {
    if (lim->depth > 0) {
      SHARED_STORE(lim->stopping, 2);
      scrim_armnow(lim);
    }
    return 1;
  }
  if (!scrim_deadlinepassed(lim)) return 0;
  if (lim->depth > 0) { /* raised when Swift returns to the Lua code below */
    SHARED_STORE(lim->stopping, 1);
    scrim_armnow(lim);
  }
  return 1;
}

int scrim_wasinterrupted(ScrimLimits *lim) { return SHARED_LOAD(lim->interrupted) != 0; }

const char *scrim_budgetmessage(ScrimLimits *lim) {
  if (lim->stopMessage[0] != 0) return lim->stopMessage;
  return scrim_wasinterrupted(lim) || lim->stopping == 2 ? "interrupted!" : "exceeded the time budget";
}

/* On the Lua thread, from the watchdog's signal or Ctrl-C: the stop hook for every state with an entry under way
   here that asked for it. */
static void arm_requested(void) {
  for (ScrimLimits *lim = scrim_enteredonthread; lim != NULL; lim = lim->outerOnThread) {
    if (SHARED_LOAD(lim->armRequest) || SHARED_LOAD(lim->interrupted)) {
      SHARED_STORE(lim->armRequest, 0);
      arm(lim, 1);
    }
  }
}

void scrim_onsignal(int signal) {
  (void)signal;
  int saved = errno;
  if (!scrim_watchdogrunning()) scrim_lazytick();
  arm_requested();
  errno = saved;
}

void scrim_interrupt(ScrimLimits *lim) {
  int saved = errno;
  SHARED_STORE(lim->interrupted, 1);
  if (__atomic_load_n(&lim->entered, __ATOMIC_ACQUIRE)) {
    pthread_t thread = SHARED_LOAD(lim->osThread);
    SHARED_STORE(lim->armRequest, 1);
    if (pthread_equal(pthread_self(), thread)) arm_requested();
    else pthread_kill(thread, SCRIM_SIGNAL);
  }
  errno = saved;
}

void scrim_clearinterrupt(ScrimLimits *lim) {
  SHARED_STORE(lim->interrupted, 0);
}

static ScrimLimits *volatile interrupt_target;

/* When the first stopping signal came (0: none yet). One request can arrive twice: `timeout` sends its signal to the
   child and then to the child's whole process group, and a terminal's Ctrl-C reaches every process of the
   foreground group; so a repeat within a quarter second is the same request, and only a later one ends the process. */
static volatile sig_atomic_t first_signal_ms;

void scrim_handlesignal(int signal, void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, NULL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int scrim_takesignal(int signal) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  sig_atomic_t now = (sig_atomic_t)(ts.tv_sec % 1000000 * 1000 + ts.tv_nsec / 1000000) + 1;
  if (first_signal_ms == 0) {
    first_signal_ms = now;
    return 1;
  }
  sig_atomic_t since = now - first_signal_ms; /* negative once the clock's millions of seconds wrap */
  if (since >= 0 && since < 250) return 0;
  scrim_handlesignal(signal, SIG_DFL);
  raise(signal);
  return 0;
}

static void on_interrupt(int signal) {
  ScrimLimits *lim = interrupt_target;
  if (lim == NULL) return;
  if (__atomic_load_n(&lim->entered, __ATOMIC_ACQUIRE) && !pthread_equal(pthread_self(), SHARED_LOAD(lim->osThread))) {
    /* another thread got it: pass it on */
    int saved = errno;
    pthread_kill(SHARED_LOAD(lim->osThread), SIGINT);
    errno = saved;
    return;
  }
  if (scrim_takesignal(signal)) scrim_interrupt(lim); /* a second Ctrl-C ends the process, as in lua.c */
}

void scrim_catchinterrupt(ScrimLimits *lim) {
  interrupt_target = lim;
  scrim_handlesignal(SIGINT, on_interrupt);
}

void scrim_forgetinterrupt(ScrimLimits *lim) {
  if (interrupt_target != lim) return;
  sigset_t saved;
  block_arming(&saved); /* SIGINT too: the handler must not read the state's limits as they go */
  interrupt_target = NULL;
  unblock_arming(&saved);
}
