/* coroutine.resume and coroutine.wrap, as Lua's own, that also record which thread runs: the stop hook a budget or
   Ctrl-C sets must go on the running coroutine (hooks are per thread), and nothing else says which one that is. */
#include "CLua.h"
#include "host.h"

/* Resumes `co` with the `narg` values on top of L; as Lua's: the number of results moved to L, or -1 with the error
   on top. */
static int resume(lua_State *L, lua_State *co, int narg) {
  if (!lua_checkstack(co, narg)) {
    lua_pushliteral(L, "too many arguments to resume");
    return -1;
  }
  lua_xmove(L, co, narg);
  ScrimLimits *lim = scrim_limits(L);
  lua_State *resumer = lim->running;
  lim->running = co;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  int nres;
  int status = lua_resume(co, L, narg, &nres);
  lim->running = resumer;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  if (lim->armedCount || lim->stopping) scrim_leftthread(lim, co);
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, nres + 1)) {
      lua_pop(co, nres);
      lua_pushliteral(L, "too many results to resume");
      return -1;
    }
    lua_xmove(co, L, nres);
    return nres;
  }
  lua_xmove(co, L, 1);
  return -1;
}

static int co_resume(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  luaL_argexpected(L, co, 1, "thread");
  int r = resume(L, co, lua_gettop(L) - 1);
  if (r < 0) {
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushboolean(L, 1);
  lua_insert(L, -(r + 1));
  return r + 1;
}

/* The function coroutine.wrap returns: an error in the coroutine closes it (its to-be-closed variables) and goes on
   in the caller, a string one with the caller's position added. */
static int co_wrapped(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int r = resume(L, co, lua_gettop(L));
  if (r >= 0) return r;
  int status = lua_status(co);
  if (status != LUA_OK && status != LUA_YIELD) {
    status = lua_resetthread(co);
    lua_xmove(co, L, 1);
  }
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

static int co_wrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, co_wrapped, 1);
  return 1;
}

void scrim_opencoroutines(lua_State *L) {
  if (lua_getglobal(L, "coroutine") == LUA_TTABLE) {
    lua_pushcfunction(L, co_resume);
    lua_setfield(L, -2, "resume");
    lua_pushcfunction(L, co_wrap);
    lua_setfield(L, -2, "wrap");
  }
  lua_pop(L, 1);
}
