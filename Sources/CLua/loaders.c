/* Loading chunks: Lua's own loaders for trusted code (mode "bt" unless a caller says otherwise), and the text-only
   ones `--no-bytecode` puts in their place (a crafted binary chunk can crash the interpreter or read and write its
   memory: Lua's manual, §6.1). See CLua.h. */
#include "CLua.h"


static const char *state_mode(lua_State *L) {
  return scrim_limits(L)->textOnly ? "t" : NULL;
}

int scrim_loadbuffer(lua_State *L, const char *buff, size_t size, const char *chunkname) {
  return luaL_loadbufferx(L, buff, size, chunkname, state_mode(L));
}

int scrim_loadfile(lua_State *L, const char *path) {
  return luaL_loadfilex(L, path, state_mode(L));
}

int scrim_loadreader(lua_State *L, lua_Reader reader, void *data, const char *chunkname) {
  return lua_load(L, reader, data, chunkname, state_mode(L));
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

static int dofile_results(lua_State *L, int status, lua_KContext extra) {
  (void)status;
  (void)extra;
  return lua_gettop(L) - 1;
}

/* dofile with mode "t"; the chunk may yield, as Lua's dofile's may. */
static int dofile_t(lua_State *L) {
  const char *fname = luaL_optstring(L, 1, NULL);
  lua_settop(L, 1);
  if (luaL_loadfilex(L, fname, "t") != LUA_OK) return lua_error(L);
  lua_callk(L, 0, LUA_MULTRET, 0, dofile_results);
  return dofile_results(L, 0, 0);
}

/* require's searcher for Lua files (package.searchers[2]) with mode "t": a precompiled chunk on package.path is an
   error, as it is for `load`. The package table is upvalue 1. */
static int searcher_text(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_getfield(L, lua_upvalueindex(1), "searchpath");
  lua_pushvalue(L, 1);
  if (lua_getfield(L, lua_upvalueindex(1), "path") != LUA_TSTRING)
    return luaL_error(L, "'package.path' must be a string");
  lua_call(L, 2, 2);
  if (lua_isnil(L, -2)) return 1; /* the error message: where it looked */
  lua_pop(L, 1);
  const char *filename = lua_tostring(L, -1);
  if (luaL_loadfilex(L, filename, "t") != LUA_OK)
    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, filename, lua_tostring(L, -1));
  lua_pushstring(L, filename);
  return 2;
}

void scrim_textonly(lua_State *L) {
  scrim_limits(L)->textOnly = 1;
  lua_getglobal(L, "load");
  lua_pushcclosure(L, load_t, 1);
  lua_setglobal(L, "load");
  lua_getglobal(L, "loadfile");
  lua_pushcclosure(L, loadfile_t, 1);
  lua_setglobal(L, "loadfile");
  lua_pushcfunction(L, dofile_t);
  lua_setglobal(L, "dofile");
  if (lua_getglobal(L, "package") == LUA_TTABLE) {
    if (lua_getfield(L, -1, "searchers") == LUA_TTABLE) {
      lua_pushvalue(L, -2);
      lua_pushcclosure(L, searcher_text, 1);
      lua_rawseti(L, -2, 2);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  if (lua_getglobal(L, "string") == LUA_TTABLE) { /* a chunk dumped here could not be loaded anyway */
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
  }
  lua_pop(L, 1);
}
