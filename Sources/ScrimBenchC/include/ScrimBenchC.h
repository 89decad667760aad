/* Hand-written C baselines for scripts/bench: what the raw Lua C API does without Scrim's bridge. */
#include <lua.h>

/* Calls delegate:method(i) `iterations` times with plain lua_getfield + lua_pcall (no message
   handler); the delegate table is the registry reference `ref`, fetched for each call as a host that
   keeps a delegate between calls does. Returns the sum of the integer results. */
long long scrimbench_raw_delegate_calls(lua_State *L, int ref, const char *method, int iterations);

/* Registers the global `cprobe`: a userdata with a hand-written __index/__newindex for `value`
   (a double) and a `scale` method, the fair C equivalent of a bound Swift property and method. */
void scrimbench_push_cprobe(lua_State *L);

/* A raw C-API event dispatcher: for each event, a table {name=, target=} passed to the handler
   (a registry reference) with lua_pcall. Returns 0, or -1 if the handler raised. */
int scrimbench_raw_dispatch(lua_State *L, int handlerRef, int events);

/* Registers the globals `con(fn)` (keeps one handler) and `cemit(name [, fields])`: pcalls the handler with a
   fresh {name = name} table holding a copy of the fields, and returns true: the raw C-API equivalent of
   `scrim.on` + `scrim.emit`. */
void scrimbench_register_cemit(lua_State *L);
