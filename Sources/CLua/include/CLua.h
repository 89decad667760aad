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

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/* A thread the stop hook was set on, with the hook it had (the script's own, to put back). */
typedef struct ScrimArmedThread {
  lua_State *thread;
  lua_Hook hook;
  int mask;
  int count;
  int remaining;           /* instructions until the script's next count event (its hook has LUA_MASKCOUNT) */
} ScrimArmedThread;
#define SCRIM_ARMED_MAX 8

/* An event a handler of is running, from C (`scrim.emit`) or from Swift's dispatch (LuaState.callHandler): on the
   dispatcher's stack, linked from its state's `emitting` while the handler runs, so that `ev:cancel()` can find it
   and a kept table cannot reach an event that is over. */
typedef struct ScrimDispatch {
  const void *event;       /* the handler's event table (lua_topointer) */
  const char *name;        /* the event's name, for the error of a cancel it does not allow */
  int state;               /* 0 not cancellable, 1 cancellable, 2 cancelled */
  struct ScrimDispatch *outer;
} ScrimDispatch;

/* Per-state limits and bookkeeping; it is the allocator's userdata. */
typedef struct ScrimLimits {
  size_t used;             /* bytes allocated now */
  struct ScrimPool *pool;  /* the state's small blocks (pool.c): made and freed with the state */
  size_t limit;            /* byte budget; 0 = none */
  size_t headroom;         /* bytes past `limit` allowed while "not enough memory" is raised and reported */
  int refusable;           /* 1 while Lua code (not Swift) runs: only then may an allocation fail */
  int depth;               /* nesting of scrim_pcall */
  int hostDepth;           /* nesting of Swift code called from Lua (host functions, finalizers) */
  int swiftFrames;         /* Swift frames (host functions, finalizers) entered since the innermost scrim_pcall: an
                              error raised while there are any would unwind them */
  int busy;                /* Swift runs Lua code outside a protected call (closing the state, a full collection) */
  size_t recheckAt;        /* after a collection that got under the budget: going past it is looked at above this */
  int memoryGrace;         /* "not enough memory" was raised and memory is still over: checked less often (see arm_count) */
  int memoryPending;       /* an allocation went past `limit`: the next check collects, then raises if still over */
  int reporting;           /* "not enough memory" is being raised: its message handler may go past the headroom */
  int memoryRefused;       /* something went past the headroom (Swift refused to make it, or Lua made it as the first
                              step over the budget): raised at the next check however much a collection frees */
  size_t pulled;           /* bytes of strings Swift took from Lua since the last look at the process's memory */
  size_t baseResident;     /* resident bytes of the process when the state was made (0: not measured) */
  volatile int residentOver; /* the watchdog saw the process's memory past the budget: raised by the stop hook */
  double budget;           /* seconds the run may take (see scrim_restartbudget); 0 = none */
  double deadline;         /* monotonic time the run must end by; 0 = not started (starts at the next check) */
  volatile int expired;    /* the deadline has passed (set by the checks and the watchdog): an entry is refused with
                              a load, not a clock reading */
  volatile int interrupted;/* set asynchronously (Ctrl-C); the stop hook raises "interrupted!" */
  int stopping;            /* 1 budget spent, 2 interrupted: raised at every instruction until the outermost entry returns */
  lua_State *mainThread;   /* the state's main thread */
  lua_State *volatile running; /* the thread running Lua code now (a resumed coroutine's): where the stop hook goes */
  pthread_t osThread;      /* the system thread of the outermost entry: where the watchdog's signal goes */
  struct ScrimLimits *outerOnThread; /* the state whose entry was under way on that thread when this one's began */
  int entered;             /* an outermost entry is under way (osThread and outerOnThread are valid) */
  volatile int armRequest; /* the watchdog asks the signal handler to set the stop hook */
  volatile int armedCount; /* threads the stop hook is set on (see ScrimArmedThread) */
  ScrimArmedThread armed[SCRIM_ARMED_MAX];
  void *host;              /* the Swift LuaState that owns this state (unretained) */
  lua_State *current;      /* the thread Swift pushes to and calls on: the one that called the running host
                              function or finalizer (a coroutine's, not the main thread's), else the main thread */
  int textOnly;            /* scrim_textonly ran: Swift's loads refuse binary chunks too */
  int observed;            /* a Swift observer sees every call into Lua (LuaState.callObserver): paths that call Lua
                              from C without Swift (scrim.emit's) leave such calls to Swift */
  ScrimDispatch *emitting; /* the innermost event a handler of is running (ScrimDispatch), or NULL */
  char stopMessage[256];   /* what the stop hook raises while `stopping` */
  int warningsOff;         /* after warn("@off"), until warn("@on") */
  int warningOpen;         /* a piece came with more to follow: the next piece is no control message */
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

/* A state with the byte-budget allocator and `limits` as allocator userdata. No hook is set while the script runs:
   budgets set a one-shot stop hook (lua_sethook, safe to call asynchronously) only when they fire, as lua.c does for
   Ctrl-C — the time budget from a watchdog thread (through a signal to the thread running Lua), the memory budget
   from the allocator, Ctrl-C from its signal handler. */
lua_State *scrim_newstate(ScrimLimits *limits);
/* The limits of the state `L` runs in, kept in its extra space (the same for every thread of the state): inline,
   since every protected call reads it. */
static inline ScrimLimits *scrim_limits(lua_State *L) { return *(ScrimLimits **)lua_getextraspace(L); }
double scrim_monotonic(void);
/* Closes the state (finalizers run under the watchdog's eye) and stops watching its limits. */
void scrim_close(lua_State *L);
/* A full collection from Swift (finalizers run under the watchdog's eye). */
void scrim_fullgc(lua_State *L);

/* The time budget. It starts at the first check after the state is made or after scrim_restartbudget (the REPL
   restarts it for each statement, the test runner for each test), and covers everything until then: every entry
   into Lua, and Swift loops that ask scrim_overbudget. The watchdog thread (started with the first budget, or on the main
   thread once the script has used 100 ms of its CPU time: watchdog.c) sets the stop hook when the deadline passes. What the hook cannot reach (a finalizer or a pattern match that loops: Lua runs
   them with hooks off) is ended by the watchdog: the process exits 1 with a `timeout` message once the deadline plus
   a grace period has passed while Lua is running. */
void scrim_restartbudget(ScrimLimits *lim);
/* Sets the time budget to `seconds` (0: none) and restarts it. */
void scrim_settimebudget(ScrimLimits *lim, double seconds);
/* Stops the clock until the next restart (a REPL waiting for input is not running out of time). */
void scrim_suspendbudget(ScrimLimits *lim);
/* For Swift loops: 1 when the budget is spent (or Ctrl-C came); the Lua code below them, if any, is then stopped as
   soon as they return. Starts the clock if it was not running. */
int scrim_overbudget(ScrimLimits *lim);
/* Ctrl-C: the running Lua code stops with "interrupted!" at its line (safe to call from a signal handler). */
void scrim_interrupt(ScrimLimits *lim);
/* Forgets a Ctrl-C that came while no Lua code ran. */
void scrim_clearinterrupt(ScrimLimits *lim);
/* `signal` goes to `handler` from now on (SA_RESTART), and is unblocked on this thread: a parent (a test runner, a
   supervisor) may have blocked it, and the process inherited its mask. */
void scrim_handlesignal(int signal, void (*handler)(int));
/* For a signal handler: 1 for the first stopping signal of the run (the caller stops the script); 0 for the same
   request arriving again within a quarter second; a later one ends the process by the signal's default action. */
int scrim_takesignal(int signal);
/* `scrim run`'s SIGINT handling, as lua.c's: the first Ctrl-C interrupts the state's Lua code, a second one (the
   default action again) ends the process. */
void scrim_catchinterrupt(ScrimLimits *lim);
/* Whether Ctrl-C (or a stopping signal) came and is not yet raised; read as the signal handler writes it. */
int scrim_wasinterrupted(ScrimLimits *lim);
/* The text of the budget error, "exceeded the time budget of S s" (or "interrupted!"). */
const char *scrim_budgetmessage(ScrimLimits *lim);
/* Sets the byte budget and the headroom kept for reporting that it was exceeded. */
void scrim_setmemorylimit(ScrimLimits *lim, size_t limit);
/* What Swift keeps for a script counts too (a view's text, the views themselves): when it takes `bytes` of a string
   from Lua, it says so; past a megabyte, the process's resident memory is measured on return to Lua. */
static inline void scrim_pulled(ScrimLimits *lim, size_t bytes) { lim->pulled += bytes; }
/* Whether `more` bytes made by Swift still fit (within the headroom); if not, marks the budget exceeded, so that
   "not enough memory" is raised as soon as Swift returns to Lua. */
int scrim_canallocate(ScrimLimits *lim, size_t more);

/* Protected call of the function below nargs arguments, with the C traceback handler.
   Error values come back as "message\nstack traceback:\n..." strings (memory errors: the message only). */
int scrim_pcall(lua_State *L, int nargs, int nresults);
/* scrim_pcall with scrim_msghandler already at `handler`, below the function, where it stays: a caller that calls
   many times from one frame (scrim.emit's loop) pushes it once and saves moving the stack twice a call. */
int scrim_pcallwith(lua_State *L, int handler, int nargs, int nresults);
/* Loads a chunk as luaL_loadbufferx/luaL_loadfilex do: mode "bt", or "t" once scrim_textonly made the state
   text-only; returns the load status. */
int scrim_loadbuffer(lua_State *L, const char *buff, size_t size, const char *chunkname);
/* Loads bytecode that scrim_dump made in this process from Scrim's own source (mode "b", even in a text-only state:
   no script's bytes reach it). */
int scrim_loadcompiled(lua_State *L, const char *buff, size_t size, const char *chunkname);
/* With a Lua function on top, pushes its bytecode, debug information kept (a string), or an error message; the
   status of the protected dump. */
int scrim_dump(lua_State *L);
int scrim_loadfile(lua_State *L, const char *path);
/* A chunk read in pieces by `reader` (lua_Reader), e.g. standard input: Lua's parser sees at most one piece at a
   time, and all it keeps is under the memory budget. */
int scrim_loadreader(lua_State *L, lua_Reader reader, void *data, const char *chunkname);
/* Standard input as a chunk (as luaL_loadfile(NULL) reads it: byte-order mark and `#` line skipped), read in pieces
   under the memory budget, a wait for input stopped by the time budget or Ctrl-C. */
int scrim_loadstdin(lua_State *L, const char *chunkname);

/* Pushes a Lua function that calls the Swift host function `fn` (an Unmanaged pointer Lua now owns:
   it is released by __gc of the upvalue that holds it). */
void scrim_pushhostfunction(lua_State *L, void *fn);
/* Pushes a userdata that owns one retain of `object`; `nuv` user values; metatable from the registry key. */
void *scrim_newobject(lua_State *L, void *object, int nuv);
/* The Swift object a userdata holds, or NULL (not one of ours, or already finalized). */
void *scrim_toobject(lua_State *L, int idx);
/* Metatable fields used for every Swift class: __gc, __eq (identity), and the __index/__newindex
   dispatchers over the member table (methods and static values; getters as light userdata) and
   the setter table (light userdata); `unknown` is the host function any other key goes to, called with the
   object, the key and the access (0 read, 1 read on an instance of a Lua class, 2 write). `answers` (0: none) is a
   table of getters read before an instance's own fields and class: members whose read is Swift's answer. */
void scrim_setclassmetamethods(lua_State *L, int mt, int members, int setters, int answers, void *unknown);
/* A light userdata carrying an Unmanaged host function, for getter/setter tables. */
void scrim_pushhostpointer(lua_State *L, void *fn);
/* Protected non-raw lookups and calls for Swift (metamethods may raise). */
int scrim_pgetfield(lua_State *L, int idx, const char *k);      /* pushes t[k]; status */
int scrim_pcallmethod(lua_State *L, int obj, const char *name, int nargs, int nresults);
/* With an object on top, puts obj[name] (metamethods protected) below it: [fn, obj], ready for the arguments and
   scrim_pcall(L, n + 1, …) — the fastest way to call a delegate's method. On an error the message is pushed on top
   (above the object) and the status returned. */
int scrim_pushmethod(lua_State *L, const char *name);
/* scrim_pushmethod on the value of the registry reference `ref`, pushed first: [-0, +2] (+2 on an error too: the
   object and the message). */
int scrim_pushrefmethod(lua_State *L, int ref, const char *name);
/* Pushes `scrim.emit`: a C function that runs an emission's handlers itself when they are all plain Lua functions
   (see emit.c), else calls the Swift host function `swiftEmit` (borrowed: it must live as long as the state) in its
   own frame. Pops, from the top: the events' metatable, the table of handler lists, the Swift function that reports
   a handler's error; [-3, +1]. */
void scrim_pushemit(lua_State *L, void *swiftEmit);
/* For Swift's dispatch of one event to one Lua handler: pushes [name, handler, event] from the registry references
   `name` and `function`, the event table sized and filled as emit's (the fields copied from the table on top when
   `fields` > 0; `name`; `target`, the userdata of the Swift object `target` in the object cache `cache`; and
   `isCancellable`) with the event metatable `metatable`, and fills `frame` but its `outer`. Returns 0 when `target`
   has no userdata in the cache (the field is left for Swift to set), else 1. */
int scrim_pushhandlercall(lua_State *L, ScrimDispatch *frame, int function, int name, int metatable, int cache,
                          const void *target, int fields, int cancellable);
/* `ev:cancel()` for the event table at `index`, if a handler of it is running (ScrimDispatch, from either dispatcher):
   1 cancelled, 0 it cannot be cancelled (`*name`: the event's), -1 no such event under way. */
int scrim_canceldispatch(lua_State *L, int index, const char **name);
/* "chunk:line:" of the Lua function `level` levels up, or "" */
void scrim_where(lua_State *L, int level);
/* `--no-bytecode`: makes every loader text-only (mode "t"), whatever mode a caller asks for: `load`, `loadfile`,
   `dofile`, `require`'s Lua searcher (package.searchers[2]), and Swift's own loads; `string.dump` is removed. */
void scrim_textonly(lua_State *L);
/* Pushes a function that returns arg[1] … arg[#arg] of the global `arg` ("'arg' is not a table" if it is not one):
   the script's `...`, as lua.c gives it. */
void scrim_pushscriptarguments(lua_State *L);
/* coroutine.resume and coroutine.wrap as Lua's, recording the thread they run (where the stop hook must go). */
void scrim_opencoroutines(lua_State *L);

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
static inline const char *scrim_luacopyright(void) { return LUA_COPYRIGHT; }
static inline int scrim_noref(void) { return LUA_NOREF; }
/* t[k] without metamethods: reading a user's table from Swift must never run Lua code that could raise. */
static inline int scrim_rawgetfield(lua_State *L, int idx, const char *k) {
  idx = lua_absindex(L, idx);
  lua_pushstring(L, k);
  return lua_rawget(L, idx);
}
static inline int scrim_gccount(lua_State *L) { return lua_gc(L, LUA_GCCOUNT, 0) * 1024 + lua_gc(L, LUA_GCCOUNTB, 0); }
static inline int scrim_refnil(void) { return LUA_REFNIL; }
/* Paces the collector as if `kb` KB more had been allocated: memory a userdata holds on the Swift side, which Lua
   cannot see. May run a collection step (and finalizers), as any allocation may; nothing while the script stopped
   the collector (inside a finalizer, lua_gc does nothing). */
static inline void scrim_gcpressure(lua_State *L, int kb) {
  if (lua_gc(L, LUA_GCISRUNNING) == 1) lua_gc(L, LUA_GCSTEP, kb);
}

#endif
