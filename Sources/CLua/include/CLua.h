/*
 * CLua: the only place where Scrim touches Lua's C API directly.
 *
 * Lua reports errors with longjmp. Swift frames must never be unwound that way, so:
 *  - every call into Lua goes through scrim_pcall (protected, with a C message handler);
 *  - every Swift function Lua can call is entered through a C trampoline that raises the
 *    error Swift left on the stack only after Swift has returned;
 *  - while Swift runs, the allocator never refuses (a refusal would longjmp through Swift);
 *    the byte budget is enforced as soon as Lua code runs again.
 * Lua's macros are re-exported as inline functions because Swift cannot import them.
 */
#ifndef SCRIM_CLUA_H
#define SCRIM_CLUA_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stddef.h>
#include <stdint.h>

/* Per-state limits and bookkeeping; it is the allocator's userdata. */
typedef struct ScrimLimits {
  size_t used;             /* bytes allocated now */
  size_t limit;            /* byte budget; 0 = none */
  int refusable;           /* 1 while Lua code (not Swift) runs: only then may an allocation fail */
  int depth;               /* nesting of scrim_pcall */
  int hostDepth;           /* nesting of Swift code called from Lua (host functions, finalizers) */
  double budget;           /* seconds a single outermost entry may take; 0 = none */
  double deadline;         /* monotonic time the current entry must end by; 0 = not started */
  volatile int interrupted;/* set asynchronously (Ctrl-C); the count hook raises "interrupted" */
  int stopping;            /* 1 budget spent, 2 interrupted: raised at every instruction until the outermost entry returns */
  void *host;              /* the Swift LuaState that owns this state (unretained) */
  lua_State *current;      /* the thread Swift pushes to and calls on: the one that called the running host
                              function or finalizer (a coroutine's, not the main thread's), else the main thread */
  char stopMessage[256];   /* what the count hook raises while `stopping` */
  int warningsOff;         /* after warn("@off"), until warn("@on") */
  int warningContinues;    /* part of the warning being assembled was printed already (it was long) */
  size_t warningLength;    /* bytes of the warning being assembled (its pieces so far) */
  char warning[1024];      /* the warning being assembled; printed whole, once its last piece came */
} ScrimLimits;

/* Swift's side of the trampoline: runs the host function `fn` on L's current frame.
   Returns the number of results (>= 0), or -1 when it left an error value on the top of the stack. */
typedef int (*scrim_HostDispatch)(lua_State *L, void *fn);

/* Release of a Swift object owned by a userdata (Unmanaged release), called by __gc exactly once. */
typedef void (*scrim_HostRelease)(void *object);

void scrim_setup(scrim_HostDispatch dispatch, scrim_HostRelease release);

/* A state with the byte-budget allocator, the count hook, and `limits` as allocator userdata. */
lua_State *scrim_newstate(ScrimLimits *limits);
ScrimLimits *scrim_limits(lua_State *L);
double scrim_monotonic(void);

/* Protected call of the function below nargs arguments, with the C traceback handler.
   Error values come back as "message\nstack traceback:\n..." strings (memory errors: the message only). */
int scrim_pcall(lua_State *L, int nargs, int nresults);
/* Loads a text chunk (binary chunks are refused) under the same rules; returns the load status. */
int scrim_loadbuffer(lua_State *L, const char *buff, size_t size, const char *chunkname);
int scrim_loadfile(lua_State *L, const char *path);

/* Pushes a Lua function that calls the Swift host function `fn` (an Unmanaged pointer Lua now owns:
   it is released by __gc of the upvalue that holds it). */
void scrim_pushhostfunction(lua_State *L, void *fn);
/* Pushes a userdata that owns one retain of `object`; `nuv` user values; metatable from the registry key. */
void *scrim_newobject(lua_State *L, void *object, int nuv);
/* The Swift object a userdata holds, or NULL (not one of ours, or already finalized). */
void *scrim_toobject(lua_State *L, int idx);
/* Metatable fields used for every Swift class: __gc, __eq (identity), and the __index/__newindex
   dispatchers over the member table (methods and static values; getters as light userdata) and
   the setter table (light userdata); `fallback`, if not NULL, is a getter for any other key. */
void scrim_setclassmetamethods(lua_State *L, int mt, int members, int setters, void *fallback);
/* A light userdata carrying an Unmanaged host function, for getter/setter tables. */
void scrim_pushhostpointer(lua_State *L, void *fn);
/* Protected non-raw lookups and calls for Swift (metamethods may raise). */
int scrim_pgetfield(lua_State *L, int idx, const char *k);      /* pushes t[k]; status */
int scrim_pcallmethod(lua_State *L, int obj, const char *name, int nargs, int nresults);
/* With an object on top, puts obj[name] (metamethods protected) below it: [fn, obj], ready for the arguments and
   scrim_pcall(L, n + 1, …) — the fastest way to call a delegate's method. On an error the message is pushed on top
   (above the object) and the status returned. */
int scrim_pushmethod(lua_State *L, const char *name);
/* "chunk:line:" of the Lua function `level` levels up, or "" */
void scrim_where(lua_State *L, int level);
/* Makes `load`, `loadfile` and `dofile` text-only (mode "t"), whatever mode a caller asks for. */
void scrim_textonly(lua_State *L);

/* Macros as functions. */
static inline int scrim_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int scrim_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void scrim_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void scrim_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *scrim_tostring(lua_State *L, int i) { return lua_tolstring(L, i, NULL); }
static inline lua_Number scrim_tonumber(lua_State *L, int i) { return lua_tonumberx(L, i, NULL); }
static inline lua_Integer scrim_tointeger(lua_State *L, int i) { return lua_tointegerx(L, i, NULL); }
static inline int scrim_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }
static inline void scrim_insert(lua_State *L, int i) { lua_rotate(L, i, 1); }
static inline void scrim_remove(lua_State *L, int i) { lua_rotate(L, i, -1); lua_pop(L, 1); }
static inline void scrim_replace(lua_State *L, int i) { lua_copy(L, -1, i); lua_pop(L, 1); }
static inline void scrim_pushglobaltable(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
static inline const char *scrim_typename(lua_State *L, int i) { return lua_typename(L, lua_type(L, i)); }
static inline const char *scrim_luarelease(void) { return LUA_RELEASE; }
static inline int scrim_noref(void) { return LUA_NOREF; }
/* t[k] without metamethods: reading a user's table from Swift must never run Lua code that could raise. */
static inline int scrim_rawgetfield(lua_State *L, int idx, const char *k) {
  idx = lua_absindex(L, idx);
  lua_pushstring(L, k);
  return lua_rawget(L, idx);
}
static inline void scrim_fullgc(lua_State *L) { lua_gc(L, LUA_GCCOLLECT, 0); }
static inline int scrim_gccount(lua_State *L) { return lua_gc(L, LUA_GCCOUNT, 0) * 1024 + lua_gc(L, LUA_GCCOUNTB, 0); }
static inline int scrim_refnil(void) { return LUA_REFNIL; }

#endif
