/* Swift objects in Lua: the userdata box that holds one, and the metamethods of every bound class (__index,
   __newindex, __eq, __gc) that dispatch to its Swift getters and setters. See CLua.h. */
#include "CLua.h"
#include "host.h"

/* Every Swift object a userdata holds carries the owning state's limits as a tag: no other
   userdata (io's files, a C module's) can have it, so scrim_toobject never misreads one. */
typedef struct ScrimBox {
  void *object;
  const void *owner;
} ScrimBox;

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
    scrim_releaseobject(L, object);
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
   as is, a light userdata is a Swift getter, called without a Lua call. Any other key goes to the
   class's unknown-field function (upvalue 2), which raises with the nearest member's name, or gives
   nil for a field a Lua class's instance has not set. */
static int index_dispatch(lua_State *L) {
  lua_settop(L, 2);
  int access = 0; /* LuaClassBase.unknownField's: 0 a read, 1 a read on a Lua class's instance */
  if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
    lua_pushvalue(L, 2);
    if (lua_gettable(L, 3) != LUA_TNIL) return 1;
    access = lua_getmetatable(L, 3); /* a field table with a metatable: an instance of a Lua class */
  }
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  int type = lua_rawget(L, lua_upvalueindex(1));
  if (type == LUA_TLIGHTUSERDATA) {
    void *getter = lua_touserdata(L, -1);
    lua_pop(L, 1);
    int n = scrim_callhost(L, getter);
    if (n < 0) return lua_error(L);
    return n;
  }
  if (type != LUA_TNIL) return 1;
  lua_pop(L, 1);
  lua_pushinteger(L, access);
  int n = scrim_callhost(L, lua_touserdata(L, lua_upvalueindex(2)));
  if (n < 0) return lua_error(L);
  return n;
}

/* __index of a class with answers (upvalue 3, a table of getters): those members are read from Swift before the field
   table, what an override feeds rather than the override; the rest as index_dispatch. A closure of its own, so that
   the other classes' reads pay nothing for it. */
static int index_answers_first(lua_State *L) {
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(3)) == LUA_TLIGHTUSERDATA) {
    void *getter = lua_touserdata(L, -1);
    lua_pop(L, 1);
    int n = scrim_callhost(L, getter);
    if (n < 0) return lua_error(L);
    return n;
  }
  return index_dispatch(L);
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
    int n = scrim_callhost(L, setter);
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
  lua_settop(L, 2);
  lua_pushinteger(L, 2); /* LuaClassBase.unknownField's write: it raises, naming the nearest member */
  scrim_callhost(L, lua_touserdata(L, lua_upvalueindex(3)));
  return lua_error(L);
}

void scrim_setclassmetamethods(lua_State *L, int mt, int members, int setters, int answers, void *unknown) {
  mt = lua_absindex(L, mt);
  members = lua_absindex(L, members);
  setters = lua_absindex(L, setters);
  if (answers != 0) answers = lua_absindex(L, answers);
  lua_pushcfunction(L, object_gc);
  lua_setfield(L, mt, "__gc");
  lua_pushcfunction(L, object_eq);
  lua_setfield(L, mt, "__eq");
  lua_pushvalue(L, members);
  lua_pushlightuserdata(L, unknown);
  if (answers != 0) {
    lua_pushvalue(L, answers);
    lua_pushcclosure(L, index_answers_first, 3);
  } else {
    lua_pushcclosure(L, index_dispatch, 2);
  }
  lua_setfield(L, mt, "__index");
  /* upvalue 2 of __newindex: the members, to tell a read-only property from an unknown field */
  lua_pushvalue(L, setters);
  lua_pushvalue(L, members);
  lua_pushlightuserdata(L, unknown);
  lua_pushcclosure(L, newindex_dispatch, 3);
  lua_setfield(L, mt, "__newindex");
}
