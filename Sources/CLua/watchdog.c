/* The watchdog thread and the table of states it watches. See CLua.h. */
#include "CLua.h"
#include "host.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/* The watchdog: one thread for the process, started with the first budget. It sleeps until the nearest deadline (at
   most 100 ms). A state whose deadline has passed while its Lua code runs gets the stop hook (through a signal to the
   thread running it, again every 100 ms while the stop is under way, in case the script's own debug.sethook replaced
   it); one still running past the deadline plus a grace period is stuck where no hook reaches, and the process ends.
   With a memory budget, it also watches the process's resident memory (what Swift holds for the script). */
static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_wake; /* on the monotonic clock, as deadlines are: made by scrim_startwatchdog */
static ScrimLimits **watched;
static int watched_count, watched_capacity;
static int watchdog_running;
/* When the watchdog will look next without being woken (it looks at least every 100 ms). */
static double next_look;

static double grace_period(double budget) {
  return budget < 2 ? 2 : budget > 10 ? 10 : budget;
}

/* A deadline the watchdog would look at in time anyway needs no wake-up: each entry, each test of `scrim test`,
   sets a deadline, and waking the thread for each would cost a round trip between the two threads every time. */
void scrim_wakewatchdog(double deadline) {
  if (!watchdog_running || deadline >= shared_load_double(&next_look)) return;
  pthread_mutex_lock(&watch_lock);
  pthread_cond_signal(&watch_wake);
  pthread_mutex_unlock(&watch_lock);
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
      if (budget > 0 && deadline > 0 && running && now > deadline + grace_period(budget)) {
        char message[256];
        int n = snprintf(message, sizeof message,
                         "scrim: timeout: exceeded the time budget of %g s, in code that cannot be interrupted "
                         "(a finalizer, a pattern match or a hook that loops); ending the process\n", budget);
        if (write(2, message, (size_t)n) < 0) { /* exiting anyway */ }
        _exit(1);
      }
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

/* Starts the watchdog once a state has a budget that needs it. */
void scrim_startwatchdog(void) {
  pthread_mutex_lock(&watch_lock);
  if (!watchdog_running) {
    pthread_condattr_t clock;
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&watch_wake, &clock);
    pthread_condattr_destroy(&clock);
    static struct sigaction action;
    action.sa_handler = scrim_onsignal;
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
