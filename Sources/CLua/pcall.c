/* Protected calls from Swift: every call into Lua goes through pcall_with, which keeps the budgets' bookkeeping of
   an entry (the outermost one's checks and end out of line), with the C message handler that adds the traceback.
   See CLua.h. */
#include "CLua.h"
#include "host.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

/* Where the message handler for a call from Swift is: the resident one at index 1 when Swift is at its top
   level (no Lua frame below), else 0 (push one). */
static int resident_handler(lua_State *L, ScrimLimits *lim) {
  return lim->depth == 0 && lim->hostDepth == 0 && lua_tocfunction(L, 1) == scrim_msghandler ? 1 : 0;
}

/* The message handler of every protected call: message plus traceback, built in C so that it
   works with `debug` removed from the state. */
int scrim_msghandler(lua_State *L) {
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
    if (lim->deadline == 0) scrim_deadlinepassed(lim);
    if (SHARED_LOAD(lim->expired)) {
      char message[256];
      snprintf(message, sizeof message, "exceeded the time budget of %g s", lim->budget);
      return refuse(L, handler, owned, nargs, message);
    }
  }
  if (lim->memoryPending && scrim_overmemory(L, lim)) return refuse(L, handler, owned, nargs, "not enough memory");
  return LUA_OK;
}

/* The end of an outermost entry while memory is over budget or a stop is under way (`base`: where the function was);
   leaves the depth at 0 and returns the entry's status. */
static __attribute__((noinline)) int leave_outermost(lua_State *L, ScrimLimits *lim, int status, int base) {
  if (status == LUA_OK && lim->memoryPending && scrim_overmemory(L, lim)) {
    /* Over the budget since the last check, with no instruction left to notice it. */
    lua_settop(L, base - 1);
    lua_pushliteral(L, "not enough memory");
    status = LUA_ERRRUN;
  }
  SHARED_STORE(lim->depth, lim->depth - 1);
  if (lim->depth == 0 && lim->stopping) {
    if (status == LUA_OK) {
      /* The stop was swallowed on the way out (a message handler that failed in turn, a tail call that returned):
         the entry still ran out of time. */
      scrim_formatstop(L, lim, 0);
      lua_settop(L, base - 1);
      lua_pushstring(L, lim->stopMessage);
      status = LUA_ERRRUN;
    }
    SHARED_STORE(lim->stopping, 0);
    SHARED_STORE(lim->interrupted, 0);
  }
  if (lim->depth == 0 && lim->armedCount > 0) scrim_disarmall(lim);
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
  SHARED_STORE(lim->osThread, pthread_self());
  lim->outerOnThread = scrim_enteredonthread;
  scrim_enteredonthread = lim;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  __atomic_store_n(&lim->entered, 1, __ATOMIC_RELEASE); /* publishes osThread */
}

static inline void leave_entry(ScrimLimits *lim) {
  SHARED_STORE(lim->entered, 0);
  SHARED_STORE(lim->armRequest, 0);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  scrim_enteredonthread = lim->outerOnThread;
}

/* A Lua state runs on one system thread at a time (Lua's own rule: a lua_State is not thread-safe). An entry while
   an entry of another thread is under way has already touched the stack the other thread is using, so nothing can be
   undone or reported through Lua: the process ends with a message that says so, as swift-nio's EmbeddedEventLoop
   stops a call from the wrong thread. Scrim itself enters only from the thread running the script; a host that
   moves a runtime between threads (a non-Sendable ScrimRuntime, sent) must not use it from two at once. */
static __attribute__((noinline, cold)) void check_same_thread(ScrimLimits *lim) {
  for (ScrimLimits *entered = scrim_enteredonthread; entered != NULL; entered = entered->outerOnThread)
    if (entered == lim) return;
  fprintf(stderr, "scrim: a Lua state was entered from a second system thread while an entry of another was under "
                  "way; a runtime belongs to one thread at a time (docs/EMBEDDING.md)\n");
  abort();
}

/* lua_pcall with the message handler at `handler`; `owned`: it was pushed for this call, remove it. What is checked
   only at an outermost entry and its end is in check_entry and leave_outermost: a delegate call pays for two tests. */
static inline __attribute__((always_inline)) int pcall_with(lua_State *L, int handler, int owned, int nargs, int nresults) {
  ScrimLimits *lim = scrim_limits(L);
  if (lim->depth == 0 && ((lim->budget > 0 && (lim->deadline == 0 || SHARED_LOAD(lim->expired))) || lim->memoryPending)) {
    int status = check_entry(L, lim, handler, owned, nargs);
    if (status != LUA_OK) return status;
  }
  int refusable = lim->refusable;
  int swiftFrames = lim->swiftFrames;
  lua_State *running = lim->running;
  /* Where the function is, and its results will be: found from the top afterwards, unless the results are open. */
  int base = nresults == LUA_MULTRET ? lua_gettop(L) - nargs : 0;
  if (lim->depth == 0) enter_outermost(lim);
  else if (scrim_enteredonthread != lim) check_same_thread(lim);
  lim->refusable = 1;
  lim->swiftFrames = 0;
  lim->running = L;
  SHARED_STORE(lim->depth, lim->depth + 1);
  int status = lua_pcall(L, nargs, nresults, handler);
  lim->running = running;
  lim->swiftFrames = swiftFrames;
  lim->reporting = 0;
  if (lim->depth == 1) {
    if (lim->memoryPending || lim->stopping || lim->armedCount) {
      if (nresults != LUA_MULTRET) base = lua_gettop(L) - (status == LUA_OK ? nresults : 1) + 1;
      status = leave_outermost(L, lim, status, base);
    } else {
      SHARED_STORE(lim->depth, 0);
    }
    leave_entry(lim);
  } else {
    SHARED_STORE(lim->depth, lim->depth - 1);
    if (L != running && (lim->armedCount || lim->stopping)) scrim_leftthread(lim, L);
  }
  lim->refusable = refusable;
  if (owned) {
    lua_rotate(L, handler, -1);
    lua_pop(L, 1);
  }
  return status;
}

int scrim_pcallwith(lua_State *L, int handler, int nargs, int nresults) {
  return pcall_with(L, handler, 0, nargs, nresults);
}

int scrim_pcall(lua_State *L, int nargs, int nresults) {
  ScrimLimits *lim = scrim_limits(L);
  if (resident_handler(L, lim)) return pcall_with(L, 1, 0, nargs, nresults);
  int base = lua_gettop(L) - nargs;
  lua_pushcfunction(L, scrim_msghandler);
  lua_rotate(L, base, 1);
  return pcall_with(L, base, 1, nargs, nresults);
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
    lua_pushcfunction(L, scrim_msghandler);
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
