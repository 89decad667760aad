/* The C side of the bridge: allocator, count hook, message handler, trampolines. See CLua.h. */
#include "CLua.h"
#include "host.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Every Swift object a userdata holds carries the owning state's limits as a tag: no other
   userdata (io's files, a C module's) can have it, so scrim_toobject never misreads one. */
typedef struct ScrimBox {
  void *object;
  const void *owner;
} ScrimBox;

static void arm_now(ScrimLimits *lim);

static scrim_HostDispatch host_dispatch;
static scrim_HostRelease host_release;
static const char hostfn_meta = 0; /* registry key of the metatable of host-function boxes */

void scrim_setup(scrim_HostDispatch dispatch, scrim_HostRelease release) {
  host_dispatch = dispatch;
  host_release = release;
}

double scrim_monotonic(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

ScrimLimits *scrim_limits(lua_State *L) {
  return *(ScrimLimits **)lua_getextraspace(L);
}

/* Past `limit` an allocation is let through up to the headroom and marks the budget exceeded: the count hook
   (or the trampoline, when Swift returns) then raises "not enough memory" as an ordinary error, with the place and a
   traceback, which the headroom leaves room to build. Lua code is refused outright only past the headroom (Lua then
   raises its own memory error); Swift never is, since a refusal would unwind Swift frames. */
static void *scrim_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  ScrimLimits *lim = (ScrimLimits *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    lim->used -= old;
    return NULL;
  }
  if (lim->limit && nsize > old) {
    size_t after = lim->used - old + nsize;
    if (after > lim->limit) {
      /* While the error is reported, the message handler may need the stack doubled: as much again is allowed. */
      size_t hard = lim->limit + lim->headroom + (lim->reporting ? lim->limit + lim->headroom : 0);
      if (after > hard) {
        /* One step from under the budget to past the headroom (a recursion's stack doubling: Lua copies it to a new
           block) is let through up to twice the budget and reported at the next check; anything more is refused. */
        if (lim->refusable && (lim->memoryPending || after > 2 * lim->limit + lim->headroom)) return NULL;
        lim->memoryRefused = 1;
      }
      if (!lim->memoryPending && (after > lim->recheckAt || lim->memoryRefused)) {
        lim->memoryPending = 1;
        arm_now(lim); /* raised by the stop hook at the next instruction */
      }
    }
  }
  void *p = realloc(ptr, nsize);
  if (p == NULL) {
    if (!lim->refusable) { /* a Lua memory error now would unwind Swift frames */
      static const char message[] = "scrim: out of memory (the system refused an allocation)\n";
      if (write(2, message, sizeof message - 1) < 0) { /* nothing more to do */ }
      _exit(1);
    }
    return NULL;
  }
  lim->used = lim->used - old + nsize;
  return p;
}

static void start_watchdog(void);

void scrim_setmemorylimit(ScrimLimits *lim, size_t limit) {
  lim->limit = limit;
  if (limit > 0) start_watchdog(); /* it watches the process's resident memory */
  /* Half the budget: enough for the next doubling of a recursion's stack between two checks, and for the traceback. */
  size_t headroom = limit / 2;
  if (headroom < (size_t)512 << 10) headroom = (size_t)512 << 10;
  if (headroom > (size_t)512 << 20) headroom = (size_t)512 << 20;
  lim->headroom = headroom;
}

int scrim_canallocate(ScrimLimits *lim, size_t more) {
  if (lim->limit == 0 || lim->used + more <= lim->limit + lim->headroom) return 1;
  if (!lim->memoryPending) arm_now(lim);
  lim->memoryPending = 1;
  lim->memoryRefused = 1;
  return 0;
}

static int watched_alone(ScrimLimits *lim);

/* Resident bytes of the process (/proc/self/statm), or 0. */
static size_t resident_bytes(void) {
  FILE *file = fopen("/proc/self/statm", "r");
  if (file == NULL) return 0;
  unsigned long size = 0, resident = 0;
  int read = fscanf(file, "%lu %lu", &size, &resident);
  fclose(file);
  return read == 2 ? (size_t)resident * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

/* Slack for what the process's memory holds beyond the script's: allocator fragmentation, lazily loaded code. */
#define RESIDENT_SLACK ((size_t)16 << 20)

/* Memory Swift holds for the script, seen from outside: the process's resident memory has grown past the budget, its
   headroom and some slack (the Lua heap is part of it). Only measured when this is the process's only state with a
   budget (`scrim run`, the REPL, a test worker): other states' memory would count against it. */
static int over_resident(ScrimLimits *lim) {
  lim->pulled = 0;
  if (lim->limit == 0 || lim->baseResident == 0 || !watched_alone(lim)) return 0;
  size_t resident = resident_bytes();
  return resident > lim->baseResident + lim->limit + lim->headroom + RESIDENT_SLACK;
}

/* Whether the budget is really exceeded: after a full collection (which may free what pushed it over), unless Swift
   already refused to make something. */
static int over_memory(lua_State *L, ScrimLimits *lim) {
  lim->memoryPending = 0;
  if (lim->memoryRefused) {
    lim->memoryRefused = 0;
    return 1;
  }
  if (lim->limit == 0 || lim->used <= lim->limit) return 0;
  lua_gc(L, LUA_GCCOLLECT, 0);
  lim->memoryPending = 0;
  /* Under the budget again: the next look comes after an eighth of it more, not at the next step over (a script
     whose live data sits at the budget would otherwise collect everything at every allocation). */
  int over = lim->used > lim->limit;
  lim->recheckAt = over ? 0 : lim->used + lim->limit / 8;
  if (!over) lim->memoryGrace = 0;
  return over;
}

/* Lua 5.4 turns hooks off while a hook runs (lua_State.allowhook) and turns them back on only when the hook returns or
   a protected call catches an error. An error raised from the hook would run the message handler (an `xpcall`'s) with
   hooks off, where a loop could never be stopped; so the hook turns them back on before it raises. The field is not
   in Lua's API: its place in lua_State is checked once against a known state (see allowhook_known). */
#define ALLOWHOOK_OFFSET 11
static int allowhook_known = -1;

static void allow_hooks_in_handler(lua_State *L) {
  unsigned char *bytes = (unsigned char *)L;
  if (allowhook_known == 1 && bytes[ALLOWHOOK_OFFSET] == 0) bytes[ALLOWHOOK_OFFSET] = 1;
}

/* A fresh main thread: its type tag (after the `next` pointer) is LUA_TTHREAD, status LUA_OK, hooks allowed. */
static void check_allowhook_offset(lua_State *L) {
  if (allowhook_known != -1) return;
  const unsigned char *bytes = (const unsigned char *)L;
  allowhook_known = LUA_VERSION_NUM == 504 && bytes[sizeof(void *)] == LUA_TTHREAD && bytes[sizeof(void *) + 2] == LUA_OK
                    && bytes[ALLOWHOOK_OFFSET] == 1 && sizeof(void *) + 3 == ALLOWHOOK_OFFSET;
}

/* The script's count hook fires every `count` instructions, counted down in lua_State.hookcount, which lua_sethook
   resets. Setting the stop hook (and putting the script's back when the stop hook finds nothing to raise) would
   restart the count and shift the script's count events; so the stop hook takes over the countdown where it was and
   hands it back where it got to. The field is not in Lua's API either: Lua 5.4's lua_State ends with the hook,
   errfunc, nCcalls, oldpc, basehookcount, hookcount and hookmask; their places are checked once, by setting a hook
   with a count no other field holds (see hookcount_check). Unknown places: the count restarts from the script's. */
#define HOOK_OFFSET 160
#define BASEHOOKCOUNT_OFFSET 184
#define HOOKCOUNT_OFFSET 188
#define HOOKMASK_OFFSET 192
static int hookcount_known = -1;

static void probe_hook(lua_State *L, lua_Debug *ar) {
  (void)L;
  (void)ar;
}

static int int_at(lua_State *L, size_t offset) {
  int value;
  memcpy(&value, (const unsigned char *)L + offset, sizeof value);
  return value;
}

static void hookcount_check(lua_State *L) {
  if (hookcount_known != -1) return;
  hookcount_known = 0;
  if (LUA_VERSION_NUM != 504 || sizeof(void *) != 8 || sizeof(int) != 4) return;
  const int probe = 0x5C1A3B7; /* no pointer half, size or flag looks like it */
  lua_sethook(L, probe_hook, LUA_MASKCOUNT, probe);
  lua_Hook hook;
  memcpy(&hook, (const unsigned char *)L + HOOK_OFFSET, sizeof hook);
  int set = hook == probe_hook && int_at(L, BASEHOOKCOUNT_OFFSET) == probe && int_at(L, HOOKCOUNT_OFFSET) == probe
            && int_at(L, HOOKMASK_OFFSET) == LUA_MASKCOUNT;
  lua_sethook(L, NULL, 0, 0);
  hookcount_known = set && int_at(L, BASEHOOKCOUNT_OFFSET) == 0 && int_at(L, HOOKCOUNT_OFFSET) == 0
                    && int_at(L, HOOKMASK_OFFSET) == 0;
}

/* Instructions left until the next count event of `thread`'s hook, which counts every `count`. */
static int hook_remaining(lua_State *thread, int count) {
  if (hookcount_known != 1) return count;
  int left = int_at(thread, HOOKCOUNT_OFFSET);
  return left > 0 && left <= count ? left : count;
}

/* lua_sethook for the script's hook, its countdown at `remaining` rather than restarted. */
static void restore_hook(lua_State *thread, const ScrimArmedThread *entry) {
  lua_sethook(thread, entry->hook, entry->mask, entry->count);
  if (hookcount_known == 1 && (entry->mask & LUA_MASKCOUNT) && entry->remaining > 0 && entry->remaining <= entry->count)
    memcpy((unsigned char *)thread + HOOKCOUNT_OFFSET, &entry->remaining, sizeof entry->remaining);
}

/* The signal the watchdog sends the thread running Lua when a deadline passes: its handler sets the stop hook there,
   where the running coroutine is known to be alive. SIGURG is ignored by default, so a stray one is harmless. */
#define SCRIM_SIGNAL SIGURG

/* The state whose outermost entry runs on this system thread (innermost first, then outerOnThread). */
static __thread ScrimLimits *entered_on_thread;

static void stop_hook(lua_State *L, lua_Debug *ar);

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
  return lim->memoryGrace && !lim->stopping && !lim->interrupted && !lim->expired ? MEMORY_GRACE : 1;
}

static ScrimArmedThread *armed_entry(ScrimLimits *lim, lua_State *thread);

/* Sets the stop hook on `thread`, keeping the hook it had (the script's) to run beside it and to put back. */
static void arm_thread(ScrimLimits *lim, lua_State *thread) {
  if (thread == NULL) return;
  int count = arm_count(lim);
  int interrupt = lim->interrupted && !lim->stopping ? LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE : 0;
  if (lua_gethook(thread) == stop_hook) { /* armed already: as often as now needed */
    int mask = lua_gethookmask(thread) | interrupt;
    int countdown = hookcount_known == 1 ? int_at(thread, HOOKCOUNT_OFFSET) : count; /* left high by a hook's error */
    if (lua_gethookcount(thread) != count || lua_gethookmask(thread) != mask || countdown > count)
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
static void arm(ScrimLimits *lim) {
  lua_State *running = lim->running;
  arm_thread(lim, running);
  if (lim->mainThread != running) arm_thread(lim, lim->mainThread);
}

/* Arming from the Lua thread's own code (the allocator, a Swift loop): the signal handler must not interleave. */
static void arm_now(ScrimLimits *lim) {
  sigset_t saved;
  block_arming(&saved);
  arm(lim);
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
static void disarm_all(ScrimLimits *lim) {
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
  if (lim->stopping || lim->memoryPending) arm_now(lim);
}

void scrim_leftthread(ScrimLimits *lim, lua_State *thread) {
  left_thread(lim, thread);
}

static void format_stop(lua_State *L, ScrimLimits *lim, int level) {
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

static void watchdog_wake(void);

static int deadline_passed(ScrimLimits *lim) {
  if (lim->budget <= 0) return 0;
  double now = scrim_monotonic();
  if (lim->deadline == 0) {
    lim->deadline = now + lim->budget;
    lim->expired = 0;
    watchdog_wake();
    return 0;
  }
  if (now > lim->deadline) lim->expired = 1;
  return lim->expired;
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
  int measure = hookcount_known == 1 && (entry->mask & LUA_MASKCOUNT);
  int uncounted = HOOK_UNCOUNTED;
  if (measure) memcpy((unsigned char *)L + HOOKCOUNT_OFFSET, &uncounted, sizeof uncounted);
  entry->hook(L, ar);
  if (!measure || lua_gethook(L) != stop_hook) return; /* the script's hook set another hook: its count is its own */
  int used = uncounted - int_at(L, HOOKCOUNT_OFFSET);
  int own = lua_gethookcount(L);
  memcpy((unsigned char *)L + HOOKCOUNT_OFFSET, &own, sizeof own);
  entry = armed_entry(lim, L); /* the table may have moved (a coroutine resumed and left in the hook) */
  if (entry != NULL && (entry->mask & LUA_MASKCOUNT) && used > 0) count_down(entry, used);
}

/* Set only once a budget fires (and left in place until the outermost entry returns): raises the memory error, or the
   budget's or Ctrl-C's stop, at every event, so that a script cannot catch it with pcall and go on. The script's own
   hook, if it had one on this thread, still sees its events: its call, return and line events as they come, its
   count events counted down from where its count was when the stop hook was set (and handed back where it got to). */
static void stop_hook(lua_State *L, lua_Debug *ar) {
  ScrimLimits *lim = scrim_limits(L);

  ScrimArmedThread *entry = armed_entry(lim, L);
  int interrupt = lim->depth > 0 && lim->interrupted && !lim->stopping;
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
  if (lim->residentOver) {
    lim->residentOver = 0;
    lim->memoryPending = 1;
    lim->memoryRefused = 1;
  }
  if (!interrupt && lim->memoryPending && over_memory(L, lim)) {
    lim->reporting = 1;
    lim->memoryGrace = 1;
    allow_hooks_in_handler(L);
    luaL_where(L, 0);
    lua_pushliteral(L, "not enough memory");
    lua_concat(L, 2);
    lua_error(L);
  }
  if (interrupt) {
    /* Ctrl-C, as lua.c's: raised once, at the first event (a call, a return, a line, an instruction), at the line of
       the Lua function that made it; pcall may catch it. */
    lim->interrupted = 0;
    disarm_all(lim);
    allow_hooks_in_handler(L);
    luaL_where(L, 1);
    lua_pushliteral(L, "interrupted!");
    lua_concat(L, 2);
    lua_error(L);
  }
  if (lim->depth > 0 && !lim->stopping && deadline_passed(lim)) lim->stopping = 1;
  if (lim->stopping) {
    format_stop(L, lim, 0);
    allow_hooks_in_handler(L);
    lua_pushstring(L, lim->stopMessage);
    lua_error(L);
  }
  disarm_all(lim); /* nothing (left) to raise */
}

void scrim_restartbudget(ScrimLimits *lim) {
  lim->deadline = 0;
  lim->expired = 0;
  lim->armRequest = 0;
  if (lim->budget > 0) start_watchdog();
  if (lim->depth == 0) {
    lim->stopping = 0;
    lim->stopMessage[0] = 0;
  }
}

void scrim_suspendbudget(ScrimLimits *lim) {
  lim->deadline = 0;
  lim->expired = 0;
}

int scrim_overbudget(ScrimLimits *lim) {
  if (lim->stopping) return 1;
  if (lim->interrupted) {
    if (lim->depth > 0) {
      lim->stopping = 2;
      arm_now(lim);
    }
    return 1;
  }
  if (!deadline_passed(lim)) return 0;
  if (lim->depth > 0) { /* raised when Swift returns to the Lua code below */
    lim->stopping = 1;
    arm_now(lim);
  }
  return 1;
}

const char *scrim_budgetmessage(ScrimLimits *lim) {
  if (lim->stopMessage[0] != 0) return lim->stopMessage;
  return lim->interrupted || lim->stopping == 2 ? "interrupted!" : "exceeded the time budget";
}

/* On the Lua thread, from the watchdog's signal or Ctrl-C: the stop hook for every state with an entry under way
   here that asked for it. */
static void arm_requested(void) {
  for (ScrimLimits *lim = entered_on_thread; lim != NULL; lim = lim->outerOnThread) {
    if (lim->armRequest || lim->interrupted) {
      lim->armRequest = 0;
      arm(lim);
    }
  }
}

static void on_scrim_signal(int signal) {
  (void)signal;
  int saved = errno;
  arm_requested();
  errno = saved;
}

void scrim_interrupt(ScrimLimits *lim) {
  int saved = errno;
  lim->interrupted = 1;
  if (lim->entered) {
    lim->armRequest = 1;
    if (pthread_equal(pthread_self(), lim->osThread)) arm_requested();
    else pthread_kill(lim->osThread, SCRIM_SIGNAL);
  }
  errno = saved;
}

static ScrimLimits *volatile interrupt_target;

static void on_interrupt(int signal) {
  ScrimLimits *lim = interrupt_target;
  (void)signal;
  if (lim == NULL) return;
  if (lim->entered && !pthread_equal(pthread_self(), lim->osThread)) { /* another thread got it: pass it on */
    int saved = errno;
    pthread_kill(lim->osThread, SIGINT);
    errno = saved;
    return;
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL; /* a second Ctrl-C ends the process, as in lua.c */
  sigaction(SIGINT, &action, NULL);
  scrim_interrupt(lim);
}

void scrim_catchinterrupt(ScrimLimits *lim) {
  interrupt_target = lim;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_interrupt;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, NULL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

/* The watchdog: one thread for the process, started with the first budget. It sleeps until the nearest deadline (at
   most 100 ms). A state whose deadline has passed while its Lua code runs gets the stop hook (through a signal to the
   thread running it, again every 100 ms while the stop is under way, in case the script's own debug.sethook replaced
   it); one still running past the deadline plus a grace period is stuck where no hook reaches, and the process ends.
   With a memory budget, it also watches the process's resident memory (what Swift holds for the script). */
static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_wake; /* on the monotonic clock, as deadlines are: made by start_watchdog */
static ScrimLimits **watched;
static int watched_count, watched_capacity;
static int watchdog_running;

static double grace_period(double budget) {
  return budget < 2 ? 2 : budget > 10 ? 10 : budget;
}

static void watchdog_wake(void) {
  if (!watchdog_running) return;
  pthread_mutex_lock(&watch_lock);
  pthread_cond_signal(&watch_wake);
  pthread_mutex_unlock(&watch_lock);
}

static void request_arm(ScrimLimits *lim) {
  if (!lim->entered) return;
  lim->armRequest = 1;
  pthread_kill(lim->osThread, SCRIM_SIGNAL);
}

static void *watchdog_main(void *unused) {
  (void)unused;
  sigset_t set; /* process-directed signals go to the other threads */
  sigfillset(&set);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  double lastResident = 0;
  pthread_mutex_lock(&watch_lock);
  for (;;) {
    double now = scrim_monotonic();
    double wake = now + 0.1;
    int measure = now - lastResident >= 0.1;
    if (measure) lastResident = now;
    for (int i = 0; i < watched_count; i++) {
      ScrimLimits *lim = watched[i];
      double deadline = lim->deadline, budget = lim->budget;
      int running = lim->depth > 0 || lim->busy > 0;
      if (budget > 0 && deadline > 0 && now > deadline) {
        lim->expired = 1;
        if (lim->depth > 0 && (lim->stopping == 0 || measure)) request_arm(lim);
      } else if (budget > 0 && deadline > 0 && deadline < wake) {
        wake = deadline + 0.0005;
      }
      if (budget > 0 && deadline > 0 && running && now > deadline + grace_period(budget)) {
        char message[256];
        int n = snprintf(message, sizeof message,
                         "scrim: timeout: exceeded the time budget of %g s, in code that cannot be interrupted "
                         "(a finalizer, a pattern match or a hook that loops); ending the process\n", budget);
        if (write(2, message, (size_t)n) < 0) { /* exiting anyway */ }
        _exit(1);
      }
      if (measure && lim->depth > 0 && lim->limit && lim->baseResident && watched_count == 1 && !lim->residentOver) {
        size_t resident = resident_bytes();
        if (resident > lim->baseResident + lim->limit + lim->headroom + RESIDENT_SLACK) {
          lim->residentOver = 1;
          request_arm(lim);
        }
      }
    }
    struct timespec until;
    double whole = (double)(long)wake;
    until.tv_sec = (time_t)whole;
    until.tv_nsec = (long)((wake - whole) * 1e9);
    if (until.tv_nsec >= 1000000000L) until.tv_nsec = 999999999L;
    pthread_cond_timedwait(&watch_wake, &watch_lock, &until);
  }
  return NULL;
}

/* Starts the watchdog once a state has a budget that needs it. */
static void start_watchdog(void) {
  pthread_mutex_lock(&watch_lock);
  if (!watchdog_running) {
    pthread_condattr_t clock;
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&watch_wake, &clock);
    pthread_condattr_destroy(&clock);
    static struct sigaction action;
    action.sa_handler = on_scrim_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SCRIM_SIGNAL, &action, NULL);
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 64 << 10);
    if (pthread_create(&thread, &attr, watchdog_main, NULL) == 0) watchdog_running = 1;
    pthread_attr_destroy(&attr);
  }
  pthread_mutex_unlock(&watch_lock);
}

static void watch(ScrimLimits *lim) {
  pthread_mutex_lock(&watch_lock);
  if (watched_count == watched_capacity) {
    int capacity = watched_capacity ? watched_capacity * 2 : 16;
    ScrimLimits **grown = realloc(watched, sizeof *grown * (size_t)capacity);
    if (grown == NULL) { /* unwatched: budgets are still checked at every entry and by Swift's loops */
      pthread_mutex_unlock(&watch_lock);
      return;
    }
    watched = grown;
    watched_capacity = capacity;
  }
  watched[watched_count++] = lim;
  pthread_mutex_unlock(&watch_lock);
}

static int watched_alone(ScrimLimits *lim) {
  return watched_count == 1 && watched[0] == lim;
}

static void unwatch(ScrimLimits *lim) {
  pthread_mutex_lock(&watch_lock);
  for (int i = 0; i < watched_count; i++) {
    if (watched[i] == lim) {
      watched[i] = watched[--watched_count];
      break;
    }
  }
  pthread_mutex_unlock(&watch_lock);
}

void scrim_close(lua_State *L) {
  ScrimLimits *lim = scrim_limits(L);
  lim->busy++;
  lua_close(L);
  lim->busy--;
  unwatch(lim);
}

void scrim_fullgc(lua_State *L) {
  ScrimLimits *lim = scrim_limits(L);
  lim->busy++;
  lua_gc(L, LUA_GCCOLLECT, 0);
  lim->busy--;
}

static int panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "scrim: unprotected Lua error (bug): %s\n", msg ? msg : "?");
  abort();
  return 0;
}

static void warn_flush(ScrimLimits *lim, int last) {
  fprintf(stderr, "%s%.*s%s", lim->warningContinues ? "" : "Lua warning: ", (int)lim->warningLength, lim->warning,
          last ? "\n" : "");
  fflush(stderr);
  lim->warningLength = 0;
  lim->warningContinues = !last;
}

/* Warnings (errors in __gc, warn()) are off until warn("@on") or -W, as in lua.c (see scrim_newstate). A message comes
   in pieces (warn's arguments; "error in " .. "__gc" .. …): they are joined and the whole printed once, with one
   prefix. Control messages ("@off", "@on") come alone, as in lua.c. */
static void warn_function(void *ud, const char *msg, int tocont) {
  ScrimLimits *lim = scrim_limits((lua_State *)ud);
  if (!lim->warningOpen && !tocont && *msg == '@') { /* only a message of one piece is a control message */
    if (strcmp(msg, "@off") == 0) lim->warningsOff = 1;
    else if (strcmp(msg, "@on") == 0) lim->warningsOff = 0;
    return;
  }
  if (!lim->warningsOff) {
    size_t length = strlen(msg);
    while (length > 0) {
      size_t room = sizeof lim->warning - lim->warningLength;
      size_t piece = length < room ? length : room;
      memcpy(lim->warning + lim->warningLength, msg, piece);
      lim->warningLength += piece;
      msg += piece;
      length -= piece;
      if (lim->warningLength == sizeof lim->warning) warn_flush(lim, 0); /* a long one goes out in full */
    }
  }
  lim->warningOpen = tocont;
  if (!tocont) {
    if (!lim->warningsOff) warn_flush(lim, 1);
    lim->warningLength = 0;
    lim->warningContinues = 0;
  }
}

static int hostfn_gc(lua_State *L) {
  void **box = (void **)lua_touserdata(L, 1);
  if (box && *box) {
    void *fn = *box;
    *box = NULL;
    host_release(fn);
  }
  return 0;
}

static int msghandler(lua_State *L);

lua_State *scrim_newstate(ScrimLimits *limits) {
  lua_State *L = lua_newstate(scrim_alloc, limits);
  if (L == NULL) return NULL;
  *(ScrimLimits **)lua_getextraspace(L) = limits;
  limits->current = L;
  limits->mainThread = L;
  limits->running = L;
  check_allowhook_offset(L);
  hookcount_check(L);
  watch(limits);
  limits->baseResident = resident_bytes();
  lua_atpanic(L, panic);
  lua_setwarnf(L, warn_function, L);
  limits->warningsOff = 1; /* lua.c's start: warnings off */
  lua_newtable(L);
  lua_pushcfunction(L, hostfn_gc);
  lua_setfield(L, -2, "__gc");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &hostfn_meta);
  /* The message handler stays at the bottom of the main stack: calls made from Swift's top level use it
     where it is, instead of pushing and removing one around every call (the cost of a delegate call). */
  lua_pushcfunction(L, msghandler);
  return L;
}

/* Where the message handler for a call from Swift is: the resident one at index 1 when Swift is at its top
   level (no Lua frame below), else 0 (push one). */
static int resident_handler(lua_State *L, ScrimLimits *lim) {
  return lim->depth == 0 && lim->hostDepth == 0 && lua_tocfunction(L, 1) == msghandler ? 1 : 0;
}

/* The message handler of every protected call: message plus traceback, built in C so that it
   works with `debug` removed from the state. */
static int msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      msg = lua_tostring(L, -1);
    else
      msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/* An entry refused before it starts: the function and its arguments are replaced by the error message. */
static int refuse(lua_State *L, int handler, int owned, int nargs, const char *message) {
  lua_settop(L, lua_gettop(L) - nargs - 1);
  if (owned) lua_settop(L, handler - 1);
  lua_pushstring(L, message);
  return LUA_ERRRUN;
}

/* The checks of an outermost entry, out of the way of every call's path: refused outright once the budget is spent,
   or while memory stays over budget; LUA_OK if it may start. */
static __attribute__((noinline)) int check_entry(lua_State *L, ScrimLimits *lim, int handler, int owned, int nargs) {
  if (lim->budget > 0) {
    /* The clock is read only to start the budget; past the deadline, `expired` says so (the watchdog sets it too). */
    if (lim->deadline == 0) deadline_passed(lim);
    if (lim->expired) {
      char message[256];
      snprintf(message, sizeof message, "exceeded the time budget of %g s", lim->budget);
      return refuse(L, handler, owned, nargs, message);
    }
  }
  if (lim->memoryPending && over_memory(L, lim)) return refuse(L, handler, owned, nargs, "not enough memory");
  return LUA_OK;
}

/* The end of an outermost entry while memory is over budget or a stop is under way (`base`: where the function was);
   leaves the depth at 0 and returns the entry's status. */
static __attribute__((noinline)) int leave_outermost(lua_State *L, ScrimLimits *lim, int status, int base) {
  if (status == LUA_OK && lim->memoryPending && over_memory(L, lim)) {
    /* Over the budget since the last check, with no instruction left to notice it. */
    lua_settop(L, base - 1);
    lua_pushliteral(L, "not enough memory");
    status = LUA_ERRRUN;
  }
  if (--lim->depth == 0 && lim->stopping) {
    if (status == LUA_OK) {
      /* The stop was swallowed on the way out (a message handler that failed in turn, a tail call that returned):
         the entry still ran out of time. */
      format_stop(L, lim, 0);
      lua_settop(L, base - 1);
      lua_pushstring(L, lim->stopMessage);
      status = LUA_ERRRUN;
    }
    lim->stopping = 0;
    lim->interrupted = 0;
  }
  if (lim->depth == 0 && lim->armedCount > 0) disarm_all(lim);
  return status;
}

/* An outermost entry on this system thread: where the watchdog's signal must go, and what its handler arms. */
static __attribute__((noinline)) void unblock_scrim_signal(void) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SCRIM_SIGNAL);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

/* Whether this system thread takes the watchdog's signal (a parent may have blocked it: the mask is inherited). */
static __thread int signal_unblocked;

static inline void enter_outermost(ScrimLimits *lim) {
  if (!signal_unblocked) {
    unblock_scrim_signal();
    signal_unblocked = 1;
  }
  lim->osThread = pthread_self();
  lim->outerOnThread = entered_on_thread;
  entered_on_thread = lim;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  lim->entered = 1;
}

static inline void leave_entry(ScrimLimits *lim) {
  lim->entered = 0;
  lim->armRequest = 0;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  entered_on_thread = lim->outerOnThread;
}

/* lua_pcall with the message handler at `handler`; `owned`: it was pushed for this call, remove it. What is checked
   only at an outermost entry and its end is in check_entry and leave_outermost: a delegate call pays for two tests. */
static inline __attribute__((always_inline)) int pcall_with(lua_State *L, int handler, int owned, int nargs, int nresults) {
  ScrimLimits *lim = scrim_limits(L);
  if (lim->depth == 0 && ((lim->budget > 0 && (lim->deadline == 0 || lim->expired)) || lim->memoryPending)) {
    int status = check_entry(L, lim, handler, owned, nargs);
    if (status != LUA_OK) return status;
  }
  int refusable = lim->refusable;
  int swiftFrames = lim->swiftFrames;
  lua_State *running = lim->running;
  /* Where the function is, and its results will be: found from the top afterwards, unless the results are open. */
  int base = nresults == LUA_MULTRET ? lua_gettop(L) - nargs : 0;
  if (lim->depth == 0) enter_outermost(lim);
  lim->refusable = 1;
  lim->swiftFrames = 0;
  lim->running = L;
  lim->depth++;
  int status = lua_pcall(L, nargs, nresults, handler);
  lim->running = running;
  lim->swiftFrames = swiftFrames;
  lim->reporting = 0;
  if (lim->depth == 1) {
    if (lim->memoryPending || lim->stopping || lim->armedCount) {
      if (nresults != LUA_MULTRET) base = lua_gettop(L) - (status == LUA_OK ? nresults : 1) + 1;
      status = leave_outermost(L, lim, status, base);
    } else {
      lim->depth--;
    }
    leave_entry(lim);
  } else {
    lim->depth--;
    if (L != running && (lim->armedCount || lim->stopping)) left_thread(lim, L);
  }
  lim->refusable = refusable;
  if (owned) {
    lua_rotate(L, handler, -1);
    lua_pop(L, 1);
  }
  return status;
}

int scrim_pcall(lua_State *L, int nargs, int nresults) {
  ScrimLimits *lim = scrim_limits(L);
  if (resident_handler(L, lim)) return pcall_with(L, 1, 0, nargs, nresults);
  int base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, msghandler);
  lua_rotate(L, base, 1);
  return pcall_with(L, base, 1, nargs, nresults);
}

static int host_return(lua_State *L, ScrimLimits *lim, int raisable, int n);

/* Swift runs on L's current frame: `current` is L while it does, whatever thread called (a coroutine's stack is
   its own; pushing to the main thread's from inside a coroutine would corrupt it). */
static int call_host(lua_State *L, void *fn) {
  ScrimLimits *lim = scrim_limits(L);
  int refusable = lim->refusable;
  lua_State *caller = lim->current;
  /* Raising here is safe only when Lua code called this function: no Swift frame between it and a protected call
     (a metamethod run by Swift's own lua_setfield is not). */
  int raisable = lim->depth > 0 && lim->swiftFrames == 0;
  lim->refusable = 0;
  lim->current = L;
  lim->hostDepth++;
  lim->swiftFrames++;
  int n = host_dispatch(L, fn);
  lim->swiftFrames--;
  lim->hostDepth--;
  lim->current = caller;
  lim->refusable = refusable;
  return host_return(L, lim, raisable, n);
}

/* The end of a host call that returned `n` (-1: an error on top): a budget Swift's work went past, or a stop a Swift
   loop saw, is raised at the caller's line, if that is safe (`raisable`). */
static int host_return(lua_State *L, ScrimLimits *lim, int raisable, int n) {
  if (lim->pulled >= ((size_t)1 << 20) && over_resident(lim)) {
    lim->memoryPending = 1;
    lim->memoryRefused = 1;
  }
  if (n >= 0 && raisable && (lim->stopping || lim->memoryPending)) {
    /* Swift made more than the budget allows, or a Swift loop saw the time run out: stop here, at the caller's line. */
    if (lim->memoryPending && over_memory(L, lim)) {
      lim->memoryGrace = 1;
      lua_settop(L, 0);
      luaL_where(L, 1);
      lua_pushliteral(L, "not enough memory");
      lua_concat(L, 2);
      return -1;
    }
    if (lim->stopping) {
      format_stop(L, lim, 1);
      lua_settop(L, 0);
      lua_pushstring(L, lim->stopMessage);
      return -1;
    }
  }
  return n;
}

int scrim_callhost(lua_State *L, void *fn) {
  return call_host(L, fn);
}

int scrim_hostreturn(lua_State *L, int n) {
  ScrimLimits *lim = scrim_limits(L);
  return host_return(L, lim, lim->depth > 0 && lim->swiftFrames == 0, n);
}

static int host_trampoline(lua_State *L) {
  void **box = (void **)lua_touserdata(L, lua_upvalueindex(1));
  /* Finalized already: a finalizer run in the same collection (or while the state closes) can still reach it. */
  if (*box == NULL) return luaL_error(L, "a Scrim function called after it was finalized (from a finalizer)");
  int n = call_host(L, *box);
  if (n < 0) return lua_error(L); /* Swift has returned: raising is safe now */
  return n;
}

void scrim_pushhostfunction(lua_State *L, void *fn) {
  void **box = (void **)lua_newuserdatauv(L, sizeof(void *), 0);
  *box = fn;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &hostfn_meta);
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, host_trampoline, 1);
}

void scrim_pushhostpointer(lua_State *L, void *fn) {
  lua_pushlightuserdata(L, fn);
}

void *scrim_newobject(lua_State *L, void *object, int nuv) {
  ScrimBox *box = (ScrimBox *)lua_newuserdatauv(L, sizeof(ScrimBox), nuv);
  box->object = object;
  box->owner = scrim_limits(L);
  return box;
}

void *scrim_toobject(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(ScrimBox)) return NULL;
  ScrimBox *box = (ScrimBox *)lua_touserdata(L, idx);
  return box->owner == scrim_limits(L) ? box->object : NULL;
}

static int object_gc(lua_State *L) {
  void *object = scrim_toobject(L, 1);
  if (object) {
    ((ScrimBox *)lua_touserdata(L, 1))->object = NULL; /* a resurrected box never releases twice */
    ScrimLimits *lim = scrim_limits(L);
    int refusable = lim->refusable;
    lua_State *caller = lim->current;
    lim->refusable = 0; /* deinit may run Swift code that uses the state */
    lim->current = L;   /* the thread whose allocation ran the collector */
    lim->hostDepth++;
    lim->swiftFrames++;
    host_release(object);
    lim->swiftFrames--;
    lim->hostDepth--;
    lim->current = caller;
    lim->refusable = refusable;
  }
  return 0;
}

/* The class name of one of our objects (its metatable's __name), for messages. */
static const char *class_name(lua_State *L, int idx) {
  const char *name = "object";
  if (luaL_getmetafield(L, idx, "__name") != LUA_TNIL) {
    if (lua_type(L, -1) == LUA_TSTRING) name = lua_tostring(L, -1);
    lua_pop(L, 1); /* the metatable keeps the string alive */
  }
  return name;
}

static int object_eq(lua_State *L) {
  void *a = scrim_toobject(L, 1), *b = scrim_toobject(L, 2);
  lua_pushboolean(L, a != NULL && a == b);
  return 1;
}

/* __index: an instance of a Lua class (scrim.class) has a table of its own fields in user value 1,
   whose metatable leads to its class: looked up first, so that Lua overrides win. Then one raw get
   in the class's member table, flattened over its bases: a function or a static value is returned
   as is, a light userdata is a Swift getter, called without a Lua call. Any other key goes to the
   class's unknown-field function (upvalue 2), which raises with the nearest member's name, or gives
   nil for a field a Lua class's instance has not set. */
static int index_dispatch(lua_State *L) {
  lua_settop(L, 2);
  int access = 0; /* LuaClassBase.unknownField's: 0 a read, 1 a read on a Lua class's instance */
  if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
    lua_pushvalue(L, 2);
    if (lua_gettable(L, 3) != LUA_TNIL) return 1;
    access = lua_getmetatable(L, 3); /* a field table with a metatable: an instance of a Lua class */
  }
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  int type = lua_rawget(L, lua_upvalueindex(1));
  if (type == LUA_TLIGHTUSERDATA) {
    void *getter = lua_touserdata(L, -1);
    lua_pop(L, 1);
    int n = call_host(L, getter);
    if (n < 0) return lua_error(L);
    return n;
  }
  if (type != LUA_TNIL) return 1;
  lua_pop(L, 1);
  lua_pushinteger(L, access);
  int n = call_host(L, lua_touserdata(L, lua_upvalueindex(2)));
  if (n < 0) return lua_error(L);
  return n;
}

/* __newindex: property setters (Swift); a read-only property raises; other keys go to the field table of an
   instance of a Lua class (scrim.class: its field table has a metatable), which may add fields of its own;
   anything else is an error naming the class and the field, so a typo never silently does nothing. */
static int newindex_dispatch(lua_State *L) {
  lua_settop(L, 3);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TLIGHTUSERDATA) {
    void *setter = lua_touserdata(L, -1);
    lua_pop(L, 1);
    int n = call_host(L, setter);
    if (n < 0) return lua_error(L);
    return 0;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, 2);
  int member = lua_rawget(L, lua_upvalueindex(2));
  lua_pop(L, 1);
  if (member != LUA_TLIGHTUSERDATA && lua_getiuservalue(L, 1, 1) == LUA_TTABLE && lua_getmetatable(L, -1)) {
    lua_pop(L, 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_settable(L, -3);
    return 0;
  }
  lua_settop(L, 3);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(2)) == LUA_TLIGHTUSERDATA) {
    luaL_where(L, 1);
    lua_pushfstring(L, "field '%s' of %s is read-only", lua_tostring(L, 2), class_name(L, 1));
    lua_concat(L, 2);
    return lua_error(L);
  }
  lua_settop(L, 2);
  lua_pushinteger(L, 2); /* LuaClassBase.unknownField's write: it raises, naming the nearest member */
  call_host(L, lua_touserdata(L, lua_upvalueindex(3)));
  return lua_error(L);
}

void scrim_setclassmetamethods(lua_State *L, int mt, int members, int setters, void *unknown) {
  mt = lua_absindex(L, mt);
  members = lua_absindex(L, members);
  setters = lua_absindex(L, setters);
  lua_pushcfunction(L, object_gc);
  lua_setfield(L, mt, "__gc");
  lua_pushcfunction(L, object_eq);
  lua_setfield(L, mt, "__eq");
  lua_pushvalue(L, members);
  lua_pushlightuserdata(L, unknown);
  lua_pushcclosure(L, index_dispatch, 2);
  lua_setfield(L, mt, "__index");
  /* upvalue 2 of __newindex: the members, to tell a read-only property from an unknown field */
  lua_pushvalue(L, setters);
  lua_pushvalue(L, members);
  lua_pushlightuserdata(L, unknown);
  lua_pushcclosure(L, newindex_dispatch, 3);
  lua_setfield(L, mt, "__newindex");
}

static int getfield_k(lua_State *L) {
  lua_gettable(L, 1);
  return 1;
}

int scrim_pgetfield(lua_State *L, int idx, const char *k) {
  idx = lua_absindex(L, idx);
  lua_pushcfunction(L, getfield_k);
  lua_pushvalue(L, idx);
  lua_pushstring(L, k);
  return scrim_pcall(L, 2, 1);
}

/* Inside the protected call: [obj, name, args...] -> obj[name](obj, args...) */
static int method_k(lua_State *L) {
  int n = lua_gettop(L);
  lua_pushvalue(L, 2);
  lua_gettable(L, 1);
  lua_replace(L, 2);                 /* [obj, fn, args...] */
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_replace(L, 1);
  lua_replace(L, 2);                 /* [fn, obj, args...] */
  lua_call(L, n - 1, LUA_MULTRET);
  return lua_gettop(L);
}

int scrim_pcallmethod(lua_State *L, int obj, const char *name, int nargs, int nresults) {
  obj = lua_absindex(L, obj);
  int base = lua_gettop(L) - nargs + 1;
  if (lua_type(L, obj) == LUA_TTABLE && !lua_getmetatable(L, obj)) {
    /* A plain table: the lookup cannot run Lua code, so it needs no protection of its own. */
    ScrimLimits *lim = scrim_limits(L);
    if (resident_handler(L, lim)) {
      lua_getfield(L, obj, name);
      lua_pushvalue(L, obj);
      lua_rotate(L, base, 2); /* [fn, obj, args...] */
      return pcall_with(L, 1, 0, nargs + 1, nresults);
    }
    lua_pushcfunction(L, msghandler);
    lua_getfield(L, obj, name);
    lua_pushvalue(L, obj);
    lua_rotate(L, base, 3); /* [msgh, fn, obj, args...] */
    return pcall_with(L, base, 1, nargs + 1, nresults);
  }
  if (lua_type(L, obj) == LUA_TTABLE) lua_pop(L, 1); /* the metatable */
  lua_pushcfunction(L, method_k);
  lua_pushvalue(L, obj);
  lua_pushstring(L, name);
  lua_rotate(L, base, 3); /* [method_k, obj, name, args...] */
  return scrim_pcall(L, nargs + 2, nresults);
}

/* With the object on top (`type`: its type), [obj] -> [fn, obj]; see scrim_pushmethod. */
static int push_method(lua_State *L, int type, const char *name) {
  int obj = lua_gettop(L);
  if (type == LUA_TTABLE && !lua_getmetatable(L, obj)) {
    lua_getfield(L, obj, name); /* a plain table: the lookup cannot run Lua code */
  } else {
    if (type == LUA_TTABLE) lua_pop(L, 1); /* the metatable */
    int status = scrim_pgetfield(L, obj, name);
    if (status != LUA_OK) return status;
  }
  lua_rotate(L, obj, 1); /* [fn, obj] */
  return LUA_OK;
}

int scrim_pushmethod(lua_State *L, const char *name) {
  return push_method(L, lua_type(L, -1), name);
}

int scrim_pushrefmethod(lua_State *L, int ref, const char *name) {
  return push_method(L, lua_rawgeti(L, LUA_REGISTRYINDEX, ref), name);
}

void scrim_where(lua_State *L, int level) {
  luaL_where(L, level);
}
