/* The outside baseline of scripts/bench's bridge rows: a plain C host over liblua5.4, in its own process, with no
   hook, no allocator of its own and no budget: what a user who embeds Lua by hand gets. It runs the same Lua loops as
   Sources/ScrimBench/BridgeBench.swift over hand-written C objects, and the same Swift → Lua calls from C, and prints
   one flat JSON object of nanoseconds per operation (best of `runs` timings, after one untimed warm-up run, so that a
   short-lived host is measured as a long-lived one: its heap grown, its caches warm):

     get, set, method      `x = p.value`, `p.value = i`, `x = p:scale(1.0)` on a userdata with C __index/__newindex
     emit, emit_fields     `x = cemit('bench.lua')` / `cemit('bench.lua', f)`: a C function that lua_pcalls one Lua
                           handler (kept in the registry) with a fresh {name = …} table holding a copy of the fields
     delegate              from C: delegate:m(i) through lua_rawgeti + lua_getfield + lua_pcall, 1 result
     dispatch              from C: handler({name = "bench.event", target = <a userdata kept in the registry>})

   Built by scripts/bench (cc -O2 … -llua5.4). Usage: bench_host [iterations] [runs]. */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { double value; } Probe;

static int probe_scale(lua_State *L) {
  Probe *p = (Probe *)luaL_checkudata(L, 1, "Probe");
  p->value *= luaL_checknumber(L, 2);
  lua_pushnumber(L, p->value);
  return 1;
}

static int probe_index(lua_State *L) {
  Probe *p = (Probe *)luaL_checkudata(L, 1, "Probe");
  const char *key = luaL_checkstring(L, 2);
  if (strcmp(key, "value") == 0) { lua_pushnumber(L, p->value); return 1; }
  if (strcmp(key, "scale") == 0) { lua_pushcfunction(L, probe_scale); return 1; }
  lua_pushnil(L);
  return 1;
}

static int probe_newindex(lua_State *L) {
  Probe *p = (Probe *)luaL_checkudata(L, 1, "Probe");
  const char *key = luaL_checkstring(L, 2);
  if (strcmp(key, "value") == 0) { p->value = luaL_checknumber(L, 3); return 0; }
  return luaL_error(L, "Probe has no field '%s'", key);
}

static void push_probe(lua_State *L) {
  Probe *p = (Probe *)lua_newuserdatauv(L, sizeof(Probe), 0);
  p->value = 1.5;
  if (luaL_newmetatable(L, "Probe")) {
    lua_pushcfunction(L, probe_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, probe_newindex);
    lua_setfield(L, -2, "__newindex");
  }
  lua_setmetatable(L, -2);
}

static int handler_ref = LUA_NOREF;

static int con(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_unref(L, LUA_REGISTRYINDEX, handler_ref);
  lua_pushvalue(L, 1);
  handler_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

static int cemit(lua_State *L) {
  luaL_checkstring(L, 1);
  int withFields = lua_type(L, 2) == LUA_TTABLE;
  lua_rawgeti(L, LUA_REGISTRYINDEX, handler_ref);
  lua_createtable(L, 0, 1);
  if (withFields) { /* the event's fields, copied into its table */
    lua_pushnil(L);
    while (lua_next(L, 2) != 0) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, -4);
    }
  }
  lua_pushvalue(L, 1);
  lua_setfield(L, -2, "name");
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) return lua_error(L);
  lua_pushboolean(L, 1);
  return 1;
}

/* CPU seconds of this thread: on a shared machine, wall time mostly measures the neighbours (ScrimBench times its
   side of these rows the same way). */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void check(lua_State *L, int status) {
  if (status == LUA_OK) return;
  fprintf(stderr, "bench_host: %s\n", lua_tostring(L, -1));
  exit(2);
}

/* Nanoseconds per iteration of the Lua loop `body`, run `iterations` times after `setup`, best of `runs`. */
static double lua_loop(lua_State *L, const char *setup, const char *body, long iterations, int runs) {
  char code[512];
  snprintf(code, sizeof code, "%s for i = 1, %ld do %s end return x", setup, iterations, body);
  check(L, luaL_loadstring(L, code));
  double best = 1e30;
  for (int run = -1; run < runs; run++) { /* run -1: the warm-up */
    lua_pushvalue(L, -1);
    double start = now();
    check(L, lua_pcall(L, 0, 1, 0));
    double elapsed = now() - start;
    lua_pop(L, 1);
    if (run >= 0 && elapsed < best) best = elapsed;
  }
  lua_pop(L, 1);
  return best * 1e9 / (double)iterations;
}

static double delegate_calls(lua_State *L, int delegate, long iterations, int runs) {
  double best = 1e30;
  for (int run = -1; run < runs; run++) {
    long long sum = 0;
    double start = now();
    for (long i = 0; i < iterations; i++) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, delegate); /* the delegate, as a host that keeps it between calls holds it */
      lua_getfield(L, -1, "m");
      lua_pushvalue(L, -2);
      lua_pushinteger(L, (lua_Integer)i);
      check(L, lua_pcall(L, 2, 1, 0));
      sum += lua_tointeger(L, -1);
      lua_pop(L, 2);
    }
    double elapsed = now() - start;
    if (sum <= 0) exit(2);
    if (run >= 0 && elapsed < best) best = elapsed;
  }
  return best * 1e9 / (double)iterations;
}

static double dispatches(lua_State *L, int handler, int target, long iterations, int runs) {
  double best = 1e30;
  for (int run = -1; run < runs; run++) {
    double start = now();
    for (long i = 0; i < iterations; i++) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, handler);
      lua_createtable(L, 0, 2);
      lua_pushliteral(L, "bench.event");
      lua_setfield(L, -2, "name");
      lua_rawgeti(L, LUA_REGISTRYINDEX, target);
      lua_setfield(L, -2, "target");
      check(L, lua_pcall(L, 1, 0, 0));
    }
    double elapsed = now() - start;
    if (run >= 0 && elapsed < best) best = elapsed;
  }
  return best * 1e9 / (double)iterations;
}

int main(int argc, char **argv) {
  long iterations = argc > 1 ? atol(argv[1]) : 200000;
  int runs = argc > 2 ? atoi(argv[2]) : 15;
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  push_probe(L);
  lua_setglobal(L, "cprobe");
  lua_pushcfunction(L, con);
  lua_setglobal(L, "con");
  lua_pushcfunction(L, cemit);
  lua_setglobal(L, "cemit");
  check(L, luaL_dostring(L, "count = 0 con(function(ev) count = count + 1 end)\n"
                            "delegate = {} function delegate:m(x) return x + 1 end\n"
                            "handler = function(ev) count = count + 1 end"));
  lua_getglobal(L, "delegate");
  int delegate = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_getglobal(L, "handler");
  int handler = luaL_ref(L, LUA_REGISTRYINDEX);
  push_probe(L);
  int target = luaL_ref(L, LUA_REGISTRYINDEX);

  const char *probe = "local p, x = cprobe";
  const char *emits = "local cemit, x, f = cemit, nil, { x = 1 }";
  printf("{\"get\": %.3f, ", lua_loop(L, probe, "x = p.value", iterations, runs));
  printf("\"set\": %.3f, ", lua_loop(L, probe, "p.value = 0.5", iterations, runs));
  printf("\"method\": %.3f, ", lua_loop(L, probe, "x = p:scale(1.0)", iterations, runs));
  printf("\"emit\": %.3f, ", lua_loop(L, emits, "x = cemit('bench.lua')", iterations, runs));
  printf("\"emit_fields\": %.3f, ", lua_loop(L, emits, "x = cemit('bench.lua', f)", iterations, runs));
  printf("\"delegate\": %.3f, ", delegate_calls(L, delegate, iterations, runs));
  printf("\"dispatch\": %.3f}\n", dispatches(L, handler, target, iterations, runs));
  lua_close(L);
  return 0;
}
