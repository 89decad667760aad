/* The watchdog thread and the table of states it watches. See CLua.h. */
#define _GNU_SOURCE /* gettid */
#include "CLua.h"
#include "host.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* The watchdog: one thread for the process, started once a budget needs it. It sleeps until the nearest deadline (at
   most 100 ms). A state whose deadline has passed while its Lua code runs gets the stop hook (through a signal to the
   thread running it, again every 100 ms while the stop is under way, in case the script's own debug.sethook replaced
   it); one still running past the deadline plus a grace period is stuck where no hook reaches, and the process ends.
   With a memory budget, it also watches the process's resident memory (what Swift holds for the script).

   On the process's main thread (the `scrim` command's), the thread is started only once the script has used 100 ms
   of that thread's CPU time: a script that ends sooner (most runs of `scrim run`, every short test) never pays for
   a second thread, whose making and ending cost about half a millisecond. Until then a timer on the main thread's CPU
   clock stands in for it: its signal (the watchdog's own) asks for the watchdog, which the next entry or the stop
   hook then starts, outside the signal handler; a CPU clock, so that an idle thread (a REPL waiting for a line)
   gets no signal. States on other threads start the watchdog at once. */
static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_wake; /* on the monotonic clock, as deadlines are: made by start_watchdog */
static ScrimLimits **watched;
static int watched_count, watched_capacity;
static int watchdog_running;
/* When the watchdog will look next without being woken (it looks at least every 100 ms). */
static double next_look;
/* The main thread's stand-in timer (lazy_timer, when lazy_armed), and whether its signal came (watchdog_wanted). */
static timer_t lazy_timer;
static int lazy_armed;
static volatile sig_atomic_t watchdog_wanted;

static double grace_period(double budget) {
  return budget < 2 ? 2 : budget > 10 ? 10 : budget;
}

/* A deadline the watchdog would look at in time anyway needs no wake-up: each entry, each test of `scrim test`,
   sets a deadline, and waking the thread for each would cost a round trip between the two threads every time. */
void scrim_wakewatchdog(double deadline) {
  if (!SHARED_LOAD(watchdog_running)) {
    scrim_startwantedwatchdog();
    return;
  }
  if (deadline >= shared_load_double(&next_look)) return;
  pthread_mutex_lock(&watch_lock);
  pthread_cond_signal(&watch_wake);
  pthread_mutex_unlock(&watch_lock);
}

/* Appends `value` to `out` as %g writes the budgets people give (30, 0.5, 2.25): digits to the millisecond, no
   trailing zeros. Async-safe, unlike snprintf. Returns the new end. */
static char *put_seconds(char *out, double value) {
  long thousandths = (long)(value * 1000 + 0.5), whole = thousandths / 1000, fraction = thousandths % 1000;
  char digits[24];
  int n = 0;
  do digits[n++] = (char)('0' + whole % 10); while ((whole /= 10) > 0 && n < 20);
  while (n > 0) *out++ = digits[--n];
  if (fraction > 0) {
    *out++ = '.';
    for (int scale = 100; scale > 0 && fraction > 0; scale /= 10) {
      *out++ = (char)('0' + fraction / scale);
      fraction %= scale;
    }
  }
  return out;
}

static char *put_text(char *out, const char *text) {
  while (*text) *out++ = *text++;
  return out;
}

/* Ends the process whose Lua code ran past its deadline plus the grace period. Async-safe: the stand-in timer's
   signal handler calls it too. */
static void end_stuck(double budget) {
  char message[256];
  char *end = put_text(message, "scrim: timeout: exceeded the time budget of ");
  end = put_seconds(end, budget);
  end = put_text(end, " s, in code that cannot be interrupted (a finalizer, a pattern match or a hook that loops); "
                      "ending the process\n");
  if (write(2, message, (size_t)(end - message)) < 0) { /* exiting anyway */ }
  _exit(1);
}

static void request_arm(ScrimLimits *lim) {
  if (!__atomic_load_n(&lim->entered, __ATOMIC_ACQUIRE)) return;
  SHARED_STORE(lim->armRequest, 1);
  pthread_kill(SHARED_LOAD(lim->osThread), SCRIM_SIGNAL);
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
      double deadline = shared_load_double(&lim->deadline), budget = shared_load_double(&lim->budget);
      int depth = SHARED_LOAD(lim->depth);
      int running = depth > 0 || SHARED_LOAD(lim->busy) > 0;
      if (budget > 0 && deadline > 0 && now > deadline) {
        SHARED_STORE(lim->expired, 1);
        if (depth > 0 && (SHARED_LOAD(lim->stopping) == 0 || measure)) request_arm(lim);
      } else if (budget > 0 && deadline > 0 && deadline < wake) {
        wake = deadline + 0.0005;
      }
      if (budget > 0 && deadline > 0 && running && now > deadline + grace_period(budget)) end_stuck(budget);
      size_t limit = SHARED_LOAD(lim->limit);
      if (measure && depth > 0 && limit && lim->baseResident && watched_count == 1 && !SHARED_LOAD(lim->residentOver)) {
        size_t resident = scrim_residentbytes();
        if (resident > lim->baseResident + limit + SHARED_LOAD(lim->headroom) + SCRIM_RESIDENT_SLACK) {
          SHARED_STORE(lim->residentOver, 1);
          request_arm(lim);
        }
      }
    }
    shared_store_double(&next_look, wake);
    struct timespec until;
    double whole = (double)(long)wake;
    until.tv_sec = (time_t)whole;
    until.tv_nsec = (long)((wake - whole) * 1e9);
    if (until.tv_nsec >= 1000000000L) until.tv_nsec = 999999999L;
    pthread_cond_timedwait(&watch_wake, &watch_lock, &until);
  }
  return NULL;
}

/* Installs the handler of the watchdog's signal (also the stand-in timer's). Under watch_lock. */
static void install_handler(void) {
  static int installed;
  if (installed) return;
  static struct sigaction action;
  action.sa_handler = scrim_onsignal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(SCRIM_SIGNAL, &action, NULL);
  installed = 1;
}

/* The thread itself. Under watch_lock. */
static void start_watchdog(void) {
  pthread_condattr_t clock;
  pthread_condattr_init(&clock);
  pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
  pthread_cond_init(&watch_wake, &clock);
  pthread_condattr_destroy(&clock);
  install_handler();
  pthread_t thread;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attr, 64 << 10);
  if (pthread_create(&thread, &attr, watchdog_main, NULL) == 0) SHARED_STORE(watchdog_running, 1);
  pthread_attr_destroy(&attr);
  if (watchdog_running && lazy_armed) {
    timer_delete(lazy_timer); /* a signal of it still on its way finds the watchdog running and does nothing more */
    SHARED_STORE(lazy_armed, 0);
  }
}

/* The stand-in for the watchdog on the main thread: a signal every 100 ms of its CPU time. 0 if none could be made.
   Under watch_lock. */
static int arm_lazy_timer(void) {
  if (lazy_armed) return 1;
  install_handler();
  struct sigevent event = {0};
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = SCRIM_SIGNAL;
  event._sigev_un._tid = gettid();
  if (timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &lazy_timer) != 0) return 0;
  struct itimerspec every = {.it_value = {0, 100000000L}, .it_interval = {0, 100000000L}};
  if (timer_settime(lazy_timer, 0, &every, NULL) != 0) {
    timer_delete(lazy_timer);
    return 0;
  }
  SHARED_STORE(lazy_armed, 1);
  return 1;
}

/* Whether the calling thread is the process's main one, asked of the kernel once a thread: every entry into Lua on
   the main thread asks, and two system calls an entry were a tenth of a trivial test's cost in `scrim test`. (A child
   forked by another thread takes it for not main, and starts the watchdog rather than the timer: still watched.) */
static int on_main_thread(void) {
  static __thread int known; /* 0 not asked yet, 1 main, 2 another */
  if (known == 0) known = gettid() == getpid() ? 1 : 2;
  return known == 1;
}

void scrim_startwatchdog(void) {
  if (SHARED_LOAD(watchdog_running)) return;
  /* The main thread's stand-in timer already armed and its signal not come: nothing to do (nor to lock). */
  if (SHARED_LOAD(lazy_armed) && !watchdog_wanted && on_main_thread()) return;
  pthread_mutex_lock(&watch_lock);
  if (!watchdog_running) {
    int lazy = on_main_thread() && !watchdog_wanted;
    if (!lazy || !arm_lazy_timer()) start_watchdog();
  }
  pthread_mutex_unlock(&watch_lock);
}

int scrim_watchdogrunning(void) { return SHARED_LOAD(watchdog_running); }

void scrim_startwantedwatchdog(void) {
  if (watchdog_wanted && !SHARED_LOAD(watchdog_running)) scrim_startwatchdog();
}

/* The stand-in timer's signal, on the main thread (the watchdog not running yet): the watchdog is wanted. A state
   with an entry under way here gets the stop hook, which starts it; one stuck past its deadline and grace period
   where no hook reaches (a pattern match) ends the process, as the watchdog would. Async-safe. */
static void end_if_stuck(ScrimLimits *lim, double now) {
  double deadline = shared_load_double(&lim->deadline), budget = shared_load_double(&lim->budget);
  if (budget > 0 && deadline > 0 && now > deadline + grace_period(budget)) end_stuck(budget);
}

void scrim_lazytick(void) {
  watchdog_wanted = 1;
  double now = scrim_monotonic();
  if (scrim_busyonthread != NULL) end_if_stuck(scrim_busyonthread, now); /* finalizers: no hook reaches them */
  for (ScrimLimits *lim = scrim_enteredonthread; lim != NULL; lim = lim->outerOnThread) {
    end_if_stuck(lim, now);
    SHARED_STORE(lim->armRequest, 1);
  }
}

void scrim_watch(ScrimLimits *lim) {
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

int scrim_watchedalone(ScrimLimits *lim) {
  pthread_mutex_lock(&watch_lock); /* another thread may be making or closing a state */
  int alone = watched_count == 1 && watched[0] == lim;
  pthread_mutex_unlock(&watch_lock);
  return alone;
}

void scrim_unwatch(ScrimLimits *lim) {
  pthread_mutex_lock(&watch_lock);
  for (int i = 0; i < watched_count; i++) {
    if (watched[i] == lim) {
      watched[i] = watched[--watched_count];
      break;
    }
  }
  pthread_mutex_unlock(&watch_lock);
}
