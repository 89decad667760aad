/* Calls from Lua into Swift: the trampoline every host function is entered through, which raises the error Swift
   left on the stack only once Swift has returned, and the budget checks on the way back. See CLua.h. */
#include "CLua.h"
#include "host.h"

static scrim_HostDispatch host_dispatch;
static scrim_HostRelease host_release;
static const char hostfn_meta = 0; /* registry key of the metatable of host-function boxes */

void scrim_setup(scrim_HostDispatch dispatch, scrim_HostRelease release) {
  host_dispatch = dispatch;
  host_release = release;
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

static int host_return(lua_State *L, ScrimLimits *lim, int raisable, int n);

/* Swift runs on L's current frame: `current` is L while it does, whatever thread called (a coroutine's stack is
   its own; pushing to the main thread's from inside a coroutine would corrupt it). */
int scrim_callhost(lua_State *L, void *fn) {
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
  if (lim->pulled >= ((size_t)1 << 20) && scrim_overresident(lim)) {
    lim->memoryPending = 1;
    lim->memoryRefused = 1;
  }
  if (n >= 0 && raisable && (lim->stopping || lim->memoryPending)) {
    /* Swift made more than the budget allows, or a Swift loop saw the time run out: stop here, at the caller's line. */
    if (lim->memoryPending && scrim_overmemory(L, lim)) {
      lim->memoryGrace = 1;
      lua_settop(L, 0);
      luaL_where(L, 1);
      lua_pushliteral(L, "not enough memory");
      lua_concat(L, 2);
      return -1;
    }
    if (lim->stopping) {
      scrim_formatstop(L, lim, 1);
      lua_settop(L, 0);
      lua_pushstring(L, lim->stopMessage);
      return -1;
    }
  }
  return n;
}

int scrim_hostreturn(lua_State *L, int n) {
  ScrimLimits *lim = scrim_limits(L);
  return host_return(L, lim, lim->depth > 0 && lim->swiftFrames == 0, n);
}

static int host_trampoline(lua_State *L) {
  void **box = (void **)lua_touserdata(L, lua_upvalueindex(1));
  /* Finalized already: a finalizer run in the same collection (or while the state closes) can still reach it. */
  if (*box == NULL) return luaL_error(L, "a Scrim function called after it was finalized (from a finalizer)");
  int n = scrim_callhost(L, *box);
  if (n < 0) return lua_error(L); /* Swift has returned: raising is safe now */
  return n;
}

void scrim_inithostfunctions(lua_State *L) {
  lua_newtable(L);
  lua_pushcfunction(L, hostfn_gc);
  lua_setfield(L, -2, "__gc");
  lua_rawsetp(L, LUA_REGISTRYINDEX, &hostfn_meta);
}

/* A finalizer's release of a Swift object, with the bookkeeping of a host call: its deinit is Swift code that may use
   the state. */
void scrim_releaseobject(lua_State *L, void *object) {
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
