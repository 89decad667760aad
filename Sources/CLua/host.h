/* What the C files of the bridge share beside CLua.h; not seen by Swift. */
#ifndef SCRIM_CLUA_HOST_H
#define SCRIM_CLUA_HOST_H

#include "CLua.h"

#include <signal.h>

/* The files of the bridge and what each keeps (CLua.h is the public side of all of them):
   state.c      a state's life: made, closed, collected; its panic and warning functions
   memory.c     the memory budget: the counting allocator, the look at the process's resident memory
   pool.c       the small blocks the allocator hands Lua, kept by the state
   stophook.c   the stop hook the budgets and Ctrl-C set, the time budget's checks, Ctrl-C's handler
   watchdog.c   the watchdog thread and the states it watches
   pcall.c      protected calls from Swift, the message handler, method calls
   hostcalls.c  calls from Lua into Swift: the trampoline, the release of Swift objects
   objects.c    Swift objects in Lua: the userdata box and the metamethods of bound classes
   coroutines.c, loaders.c, emit.c  coroutine.resume/wrap, chunk loaders, scrim.emit's dispatch
   luafields.c  the only code outside Lua's API: two private lua_State fields the stop hook needs, found by probes
   Stack effects are given as in Lua's manual: [-pops, +pushes]. */

/* The signal the watchdog sends the thread running Lua when a deadline passes: its handler sets the stop hook there,
   where the running coroutine is known to be alive. SIGURG is ignored by default, so a stray one is harmless. */
#define SCRIM_SIGNAL SIGURG

/* Slack for what the process's memory holds beyond the script's: allocator fragmentation, lazily loaded code. */
#define SCRIM_RESIDENT_SLACK ((size_t)16 << 20)

/* Fields one thread writes while another reads them are accessed with relaxed atomics on both sides: the watchdog
   reads a state's depth, busy, budget, deadline, stopping and memory limit and sets expired, residentOver and
   armRequest; a Ctrl-C taken on another thread reads entered and osThread and sets interrupted. The C memory model
   makes a plain access that races with another thread's write undefined (a torn or stale value, or worse, a load the
   compiler keeps in a register); no ordering beyond the access itself is needed, as the watchdog only decides when
   to send a signal, except for osThread, which entered's release store publishes. A relaxed load or store is an
   ordinary move on x86-64 and arm64, so the call path pays nothing. The thread that is a field's only writer reads
   it plainly. */
#define SHARED_LOAD(field) __atomic_load_n(&(field), __ATOMIC_RELAXED)
#define SHARED_STORE(field, value) __atomic_store_n(&(field), (value), __ATOMIC_RELAXED)

static inline double shared_load_double(const double *field) {
  double value;
  __atomic_load(field, &value, __ATOMIC_RELAXED);
  return value;
}

static inline void shared_store_double(double *field, double value) {
  __atomic_store(field, &value, __ATOMIC_RELAXED);
}

/* state.c needs */
/* The allocator of every state; `ud` is its ScrimLimits. */
void *scrim_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
/* The message handler: [-1, +1] the error value -> message plus traceback. */
int scrim_msghandler(lua_State *L);
/* [-0, +0] the registry's metatable of host-function boxes. */
void scrim_inithostfunctions(lua_State *L);
/* Checks once, on a fresh main thread, where Lua keeps the private fields luafields.c reaches. */
void scrim_checkluafields(lua_State *L);

/* luafields.c: the two private lua_State fields the stop hook needs (allowhook, hookcount) */
/* Hooks back on inside a hook, so that the message handler of an error raised there can be stopped too. */
void scrim_allowhooks(lua_State *L);
/* Instructions left until the count event of L's hook, or -1 where the field's place is not known. */
int scrim_hookcountdown(lua_State *L);
/* Sets that countdown (nothing where its place is not known). */
void scrim_sethookcountdown(lua_State *L, int countdown);

/* pool.c: a state's small blocks. A block of at most SCRIM_POOL_LARGEST bytes comes from the pool; Lua's block sizes
   (it tells them when it frees or resizes) are all the pool needs to know where a block belongs. */
#define SCRIM_POOL_LARGEST 512
typedef struct ScrimPool ScrimPool;
/* A pool with no chunk yet, or NULL when the system refuses one. */
ScrimPool *scrim_newpool(void);
/* Gives every chunk back to the system: after lua_close, when no block is in use. */
void scrim_freepool(ScrimPool *pool);
/* realloc's contract with Lua's sizes: `old` is the block's size (0 with block NULL), `size` > 0. */
void *scrim_poolrealloc(ScrimPool *pool, void *block, size_t old, size_t size);
/* free's, for a block of `size` bytes (nothing with block NULL). */
void scrim_poolfree(ScrimPool *pool, void *block, size_t size);

/* stophook.c, for state.c: a closing state stops being Ctrl-C's target (scrim_catchinterrupt) */
void scrim_forgetinterrupt(ScrimLimits *lim);

/* memory.c: the memory budget */
/* Resident bytes of the process (/proc/self/statm), or 0. */
size_t scrim_residentbytes(void);
/* Whether the budget is really exceeded, after a full collection [-0, +0]; clears memoryPending. */
int scrim_overmemory(lua_State *L, ScrimLimits *lim);
/* Whether the process's resident memory is past the budget (only when `lim` is the only state watched). */
int scrim_overresident(ScrimLimits *lim);

/* stophook.c: the stop hook */
/* The state whose outermost entry runs on this system thread (innermost first, then outerOnThread). */
extern __thread ScrimLimits *scrim_enteredonthread;
/* The state closing or collecting on this system thread (finalizers running), or NULL (state.c). */
extern __thread ScrimLimits *scrim_busyonthread;
/* Sets the stop hook from the Lua thread's own code (the allocator, a Swift loop). */
void scrim_armnow(ScrimLimits *lim);
/* Every armed thread back to its own hook. */
void scrim_disarmall(ScrimLimits *lim);
/* The watchdog's signal: sets the stop hook for the states with an entry under way on this thread that asked. */
void scrim_onsignal(int signal);
/* lim->stopMessage, once, naming the line at `level` [-0, +0]. */
void scrim_formatstop(lua_State *L, ScrimLimits *lim, int level);
/* Whether the time budget is spent; starts the clock if it was not running. */
int scrim_deadlinepassed(ScrimLimits *lim);

/* watchdog.c */
/* A state has a budget that needs the watchdog: started now, or on the main thread once the script has run a while
   (the stand-in timer's signal asks for it). */
void scrim_startwatchdog(void);
/* Starts the watchdog if that signal asked for it. Not from a signal handler. */
void scrim_startwantedwatchdog(void);
/* Whether the watchdog thread runs; else the stand-in timer's part of the signal handler, scrim_lazytick, runs.
   Both async-safe. */
int scrim_watchdogrunning(void);
void scrim_lazytick(void);
/* Wakes the watchdog to look at a new deadline, unless it will look before that deadline anyway; starts it if it was
   asked for. */
void scrim_wakewatchdog(double deadline);
void scrim_watch(ScrimLimits *lim);
void scrim_unwatch(ScrimLimits *lim);
/* Whether `lim` is the only state the watchdog watches. */
int scrim_watchedalone(ScrimLimits *lim);

/* hostcalls.c */
/* A finalizer's release of the Swift object `object`, with the bookkeeping of a host call. */
void scrim_releaseobject(lua_State *L, void *object);

/* Runs the Swift host function `fn` on the running C function's frame (its arguments are the frame's stack), with
   the bookkeeping of a host call; returns the number of results, or -1 with the error on top (raise it only once
   nothing of Swift is left above: lua_error right away). */
int scrim_callhost(lua_State *L, void *fn);

/* For a C function that ran Swift code for Lua the way a host function does (scrim.emit's dispatch, whose handlers'
   errors Swift reported): what a host call checks on its way back, a stop under way or memory over budget, raised
   at the caller's line. Returns `n` (the number of results), or -1 with the error on top. */
int scrim_hostreturn(lua_State *L, int n);

/* A coroutine Lua code ran on has returned to its resumer (now `running` again): it keeps no stop hook, and the
   resumer gets one if a stop is under way. Called only while some thread is armed or a stop is under way. */
void scrim_leftthread(ScrimLimits *lim, lua_State *thread);

#endif
