#include "ScrimBenchC.h"
#include <lauxlib.h>
#include <string.h>

long long scrimbench_raw_delegate_calls(lua_State *L, int ref, const char *method, int iterations) {
  long long sum = 0;
  for (int i = 0; i < iterations; i++) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref); /* the delegate, as a host that keeps it between calls holds it */
    lua_getfield(L, -1, method);
    lua_pushvalue(L, -2);
    lua_pushinteger(L, i);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) { lua_pop(L, 2); return -1; }
    sum += lua_tointeger(L, -1);
    lua_pop(L, 2);
  }
  return sum;
}

typedef struct { double value; } CProbe;

static int cprobe_scale(lua_State *L) {
  CProbe *p = (CProbe *)luaL_checkudata(L, 1, "CProbe");
  p->value *= luaL_checknumber(L, 2);
  lua_pushnumber(L, p->value);
  return 1;
}

static int cprobe_index(lua_State *L) {
  CProbe *p = (CProbe *)luaL_checkudata(L, 1, "CProbe");
  const char *key = luaL_checkstring(L, 2);
  if (strcmp(key, "value") == 0) { lua_pushnumber(L, p->value); return 1; }
  if (strcmp(key, "scale") == 0) { lua_pushcfunction(L, cprobe_scale); return 1; }
  lua_pushnil(L);
  return 1;
}

static int cprobe_newindex(lua_State *L) {
  CProbe *p = (CProbe *)luaL_checkudata(L, 1, "CProbe");
  const char *key = luaL_checkstring(L, 2);
  if (strcmp(key, "value") == 0) { p->value = luaL_checknumber(L, 3); return 0; }
  return luaL_error(L, "CProbe has no field '%s'", key);
}

void scrimbench_push_cprobe(lua_State *L) {
  CProbe *p = (CProbe *)lua_newuserdatauv(L, sizeof(CProbe), 0);
  p->value = 1.5;
  if (luaL_newmetatable(L, "CProbe")) {
    lua_pushcfunction(L, cprobe_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, cprobe_newindex);
    lua_setfield(L, -2, "__newindex");
  }
  lua_setmetatable(L, -2);
}

int scrimbench_raw_dispatch(lua_State *L, int handlerRef, int events) {
  for (int i = 0; i < events; i++) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, handlerRef);
    lua_createtable(L, 0, 2);
    lua_pushliteral(L, "bench.event");
    lua_setfield(L, -2, "name");
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "target");
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) { lua_pop(L, 1); return -1; }
  }
  return 0;
}

static int cemit_handler = LUA_NOREF;

static int cemit_on(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  luaL_unref(L, LUA_REGISTRYINDEX, cemit_handler);
  lua_pushvalue(L, 1);
  cemit_handler = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

static int cemit_emit(lua_State *L) {
  luaL_checkstring(L, 1);
  int withFields = lua_type(L, 2) == LUA_TTABLE;
  lua_rawgeti(L, LUA_REGISTRYINDEX, cemit_handler);
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

void scrimbench_register_cemit(lua_State *L) {
  lua_pushcfunction(L, cemit_on);
  lua_setglobal(L, "con");
  lua_pushcfunction(L, cemit_emit);
  lua_setglobal(L, "cemit");
}
