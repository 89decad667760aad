/* The C side of the bridge: allocator, count hook, message handler, trampolines. See CLua.h. */
#include "CLua.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Every Swift object a userdata holds carries the owning state's limits as a tag: no other
   userdata (io's files, a C module's) can have it, so scrim_toobject never misreads one. */
typedef struct ScrimBox {
  void *object;
  const void *owner;
} ScrimBox;

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

static void *scrim_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  ScrimLimits *lim = (ScrimLimits *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    lim->used -= old;
    return NULL;
  }
  if (lim->limit && lim->refusable && nsize > old && lim->used - old + nsize > lim->limit)
    return NULL; /* Lua turns this into "not enough memory" */
  void *p = realloc(ptr, nsize);
  if (p == NULL) {
    if (!lim->refusable) { /* a Lua memory error now would unwind Swift frames */
      fputs("scrim: out of memory\n", stderr);
      abort();
    }
    return NULL;
  }
  lim->used = lim->used - old + nsize;
  return p;
}


#define HOOK_COUNT 1000

/* Runs every HOOK_COUNT VM instructions: the wall-clock budget starts at the first check of an entry.
   Once the budget is spent (or Ctrl-C came), the hook fires at every instruction and raises again,
   so a script cannot catch the error with pcall and go on: it unwinds to the outermost entry. */
static void count_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  ScrimLimits *lim = scrim_limits(L);
  if (lim->interrupted && lim->depth > 0) lim->stopping = 2;
  if (!lim->stopping && lim->budget > 0 && lim->depth > 0) {
    double now = scrim_monotonic();
    if (lim->deadline == 0)
      lim->deadline = now + lim->budget;
    else if (now > lim->deadline)
      lim->stopping = 1;
  }
  if (!lim->stopping) {
    if (lua_gethookcount(L) != HOOK_COUNT) lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_COUNT);
    return;
  }
  if (lua_gethookcount(L) != 1) lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  if (lim->stopMessage[0] == 0) {
    /* The first raise names the line that was running; later ones (after a pcall caught it) repeat it. */
    luaL_where(L, 0);
    const char *where = lua_tostring(L, -1);
    if (lim->stopping == 2)
      snprintf(lim->stopMessage, sizeof lim->stopMessage, "%sinterrupted", where);
    else
      snprintf(lim->stopMessage, sizeof lim->stopMessage, "%sexceeded the time budget of %g s", where, lim->budget);
    lua_pop(L, 1);
  }
  lua_pushstring(L, lim->stopMessage);
  lua_error(L);
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

/* Warnings (errors in __gc, warn()) are on by default: a failing finalizer should not be silent. A message comes
   in pieces (warn's arguments; "error in " .. "__gc" .. …): they are joined and the whole printed once, with one
   prefix. Control messages ("@off", "@on") come alone, as in lua.c. */
static void warn_function(void *ud, const char *msg, int tocont) {
  ScrimLimits *lim = scrim_limits((lua_State *)ud);
  if (lim->warningLength == 0 && !tocont && *msg == '@') {
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
  lua_atpanic(L, panic);
  lua_setwarnf(L, warn_function, L);
  lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_COUNT);
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

/* lua_pcall with the message handler at `handler`; `owned`: it was pushed for this call, remove it. */
static int pcall_with(lua_State *L, int handler, int owned, int nargs, int nresults) {
  ScrimLimits *lim = scrim_limits(L);
  int refusable = lim->refusable;
  lim->refusable = 1;
  if (lim->depth++ == 0) {
    lim->deadline = 0;
  }
  int status = lua_pcall(L, nargs, nresults, handler);
  if (--lim->depth == 0 && lim->stopping) {
    lim->stopping = 0;
    lim->stopMessage[0] = 0;
    lim->interrupted = 0;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_COUNT);
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

int scrim_loadbuffer(lua_State *L, const char *buff, size_t size, const char *chunkname) {
  return luaL_loadbufferx(L, buff, size, chunkname, "t");
}

int scrim_loadfile(lua_State *L, const char *path) {
  return luaL_loadfilex(L, path, "t");
}

/* Swift runs on L's current frame: `current` is L while it does, whatever thread called (a coroutine's stack is
   its own; pushing to the main thread's from inside a coroutine would corrupt it). */
static int call_host(lua_State *L, void *fn) {
  ScrimLimits *lim = scrim_limits(L);
  int refusable = lim->refusable;
  lua_State *caller = lim->current;
  lim->refusable = 0;
  lim->current = L;
  lim->hostDepth++;
  int n = host_dispatch(L, fn);
  lim->hostDepth--;
  lim->current = caller;
  lim->refusable = refusable;
  return n;
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
    host_release(object);
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
   as is, a light userdata is a Swift getter, called without a Lua call. Then the class's fallback
   getter, if it has one, for any other key. */
static int index_dispatch(lua_State *L) {
  lua_settop(L, 2);
  if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
    lua_pushvalue(L, 2);
    if (lua_gettable(L, 3) != LUA_TNIL) return 1;
    lua_pop(L, 1);
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
  if (lua_type(L, lua_upvalueindex(2)) == LUA_TLIGHTUSERDATA) { /* the class answers any other key */
    int n = call_host(L, lua_touserdata(L, lua_upvalueindex(2)));
    if (n < 0) return lua_error(L);
    return n;
  }
  lua_pushnil(L);
  return 1;
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
  luaL_where(L, 1);
  if (lua_type(L, 2) == LUA_TSTRING)
    lua_pushfstring(L, "%s has no field '%s'", class_name(L, 1), lua_tostring(L, 2));
  else
    lua_pushfstring(L, "%s has no field of type %s", class_name(L, 1), luaL_typename(L, 2));
  lua_concat(L, 2);
  return lua_error(L);
}

void scrim_setclassmetamethods(lua_State *L, int mt, int members, int setters, void *fallback) {
  mt = lua_absindex(L, mt);
  members = lua_absindex(L, members);
  setters = lua_absindex(L, setters);
  lua_pushcfunction(L, object_gc);
  lua_setfield(L, mt, "__gc");
  lua_pushcfunction(L, object_eq);
  lua_setfield(L, mt, "__eq");
  lua_pushvalue(L, members);
  if (fallback) lua_pushlightuserdata(L, fallback); else lua_pushnil(L);
  lua_pushcclosure(L, index_dispatch, 2);
  lua_setfield(L, mt, "__index");
  /* upvalue 2 of __newindex: the members, to tell a read-only property from an unknown field */
  lua_pushvalue(L, setters);
  lua_pushvalue(L, members);
  lua_pushcclosure(L, newindex_dispatch, 2);
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

int scrim_pushmethod(lua_State *L, const char *name) {
  int obj = lua_gettop(L);
  if (lua_type(L, obj) == LUA_TTABLE && !lua_getmetatable(L, obj)) {
    lua_getfield(L, obj, name); /* a plain table: the lookup cannot run Lua code */
  } else {
    if (lua_type(L, obj) == LUA_TTABLE) lua_pop(L, 1); /* the metatable */
    int status = scrim_pgetfield(L, obj, name);
    if (status != LUA_OK) return status;
  }
  lua_rotate(L, obj, 1); /* [fn, obj] */
  return LUA_OK;
}

void scrim_where(lua_State *L, int level) {
  luaL_where(L, level);
}

/* load(chunk [, chunkname [, mode [, env]]]) with mode forced to "t"; an env is passed only if one was given
   (an explicit nil env would leave the chunk without _ENV). */
static int load_t(lua_State *L) {
  int withEnv = lua_gettop(L) >= 4;
  lua_settop(L, withEnv ? 4 : 3);
  lua_pushliteral(L, "t");
  lua_replace(L, 3);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_rotate(L, 1, 1);
  lua_call(L, withEnv ? 4 : 3, LUA_MULTRET);
  return lua_gettop(L);
}

static int loadfile_t(lua_State *L) {
  int withEnv = lua_gettop(L) >= 3;
  lua_settop(L, withEnv ? 3 : 2);
  lua_pushliteral(L, "t");
  lua_replace(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_rotate(L, 1, 1);
  lua_call(L, withEnv ? 3 : 2, LUA_MULTRET);
  return lua_gettop(L);
}

static int dofile_t(lua_State *L) {
  const char *fname = luaL_optstring(L, 1, NULL);
  lua_settop(L, 1);
  if (luaL_loadfilex(L, fname, "t") != LUA_OK) return lua_error(L);
  lua_call(L, 0, LUA_MULTRET);
  return lua_gettop(L) - 1;
}

void scrim_textonly(lua_State *L) {
  lua_getglobal(L, "load");
  lua_pushcclosure(L, load_t, 1);
  lua_setglobal(L, "load");
  lua_getglobal(L, "loadfile");
  lua_pushcclosure(L, loadfile_t, 1);
  lua_setglobal(L, "loadfile");
  lua_pushcfunction(L, dofile_t);
  lua_setglobal(L, "dofile");
}
