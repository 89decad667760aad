/* `scrim.emit` from Lua without a round trip through Swift, when it can be done so.

   The hook bus (Swift) owns every channel's handlers. For a channel whose handlers are all plain Lua functions of
   this state registered with `scrim.on` (no `once`, no Swift handler, no plugin's), the bridge keeps a list of
   them here, in dispatch order, each in a cell `{fn}` (fn: anything Lua can call) that is emptied (`{false}`) when its hook is removed. A change
   to the channel marks its list stale (`false`) and the next emission, left to Swift, builds a new one, so
   registering many handlers stays linear; an emission goes on over the list it started with: a handler added
   meanwhile runs from the next emission, one removed before its turn is skipped (its cell is shared by every list).
   For any other channel, an observer of calls (`scrim run --trace`), or arguments Swift has to complain about,
   the Swift `emit` runs, on this very frame, so its errors name the caller's line.

   Each handler gets the same event table Swift's dispatch makes (LuaState.callHandler): the fields (numbers as
   Swift hands them back: integral values as integers), `name`, `target`, `isCancellable`, and the event metatable;
   it is called protected with the traceback handler, and an error goes to the Swift reporter, which reports it as
   Swift's dispatch does (`error` event, error sink). While a handler runs, its event is on the state's list of
   events under way (ScrimDispatch), which `ev:cancel()` reads: a frame on the C stack, not a table entry set and
   cleared per handler. Swift's dispatch makes its event tables here too (scrim_pushhandlercall). */
#include "CLua.h"
#include "host.h"

#include <math.h>
#include <string.h>

/* Upvalues of `emit`; the last two are the event's keys, interned once: lua_setfield would look each C string up in
   Lua's string cache at every event. */
enum { SWIFT_EMIT = 1, REPORTER, LISTS, METATABLE, NAME_KEY, CANCELLABLE_KEY };

static int swift_emit(lua_State *L, int top) {
  lua_settop(L, top);
  int n = scrim_callhost(L, lua_touserdata(L, lua_upvalueindex(SWIFT_EMIT)));
  if (n < 0) return lua_error(L); /* Swift has returned: raising is safe now */
  return n;
}

/* With [key, value] of the fields on top, sets event[key] = value (the event table below them) and leaves the key;
   `normalize`: numbers as Swift hands them back, integral ones as integers (a target stays as it is). */
static void copy_field(lua_State *L, int event, int normalize) {
  if (normalize && lua_type(L, -1) == LUA_TNUMBER && strcmp(lua_tostring(L, -2), "target") != 0) {
    double value = lua_tonumber(L, -1);
    lua_pop(L, 1);
    if (value == floor(value) && fabs(value) < 9e15) lua_pushinteger(L, (lua_Integer)value); else lua_pushnumber(L, value);
  }
  lua_pushvalue(L, -2);
  lua_rotate(L, -2, 1);
  lua_rawset(L, event);
}

static void copy_fields(lua_State *L, int from, int to, int normalize) {
  lua_pushnil(L);
  while (lua_next(L, from) != 0) copy_field(L, to, normalize);
}

static int emit(lua_State *L) {
  int top = lua_gettop(L);
  int fieldsType = lua_type(L, 2), cancellableType = lua_type(L, 3);
  if (scrim_limits(L)->observed || lua_type(L, 1) != LUA_TSTRING || (fieldsType > LUA_TNIL && fieldsType != LUA_TTABLE) ||
      (cancellableType > LUA_TNIL && cancellableType != LUA_TBOOLEAN))
    return swift_emit(L, top);
  luaL_checkstack(L, 12, NULL);
  lua_pushvalue(L, 1);
  if (lua_rawget(L, lua_upvalueindex(LISTS)) != LUA_TTABLE) return swift_emit(L, top);
  int list = lua_gettop(L);
  int fields = 0;
  if (fieldsType == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, 2) != 0) {
      if (lua_type(L, -2) != LUA_TSTRING) return swift_emit(L, top); /* Swift says what is wrong with the key */
      lua_pop(L, 1);
      fields++;
    }
  }
  int cancellable = cancellableType <= LUA_TNIL || lua_toboolean(L, 3);
  lua_Integer count = (lua_Integer)lua_rawlen(L, list);
  /* The fields as they were at the emission: a handler may change the caller's table before the next one runs. */
  int source = 2, normalize = 1;
  if (fields > 0 && count > 1) {
    lua_createtable(L, 0, fields);
    copy_fields(L, 2, list + 1, 1);
    source = list + 1;
    normalize = 0;
  }
  lua_pushcfunction(L, scrim_msghandler);
  int handler = lua_gettop(L), base = handler;
  int delivered = 1;
  for (lua_Integer i = 1; i <= count; i++) {
    /* A removed handler's cell holds false; a live one anything Lua can call (a function, a callable table). */
    if (lua_rawgeti(L, list, i) != LUA_TTABLE || lua_rawgeti(L, -1, 1) <= LUA_TBOOLEAN) {
      lua_settop(L, base);
      continue;
    }
    lua_replace(L, -2); /* [fn]: the cell is not needed any more */
    /* Sized exactly (the fields, name, isCancellable): Lua rounds a hash part up to a power of two, and every byte
       of an event table is collector work paid for by each emission. */
    lua_createtable(L, 0, fields + 1 + cancellable); /* [fn, event] */
    int event = base + 2;
    if (fields > 0) copy_fields(L, source, event, normalize);
    lua_pushvalue(L, lua_upvalueindex(NAME_KEY));
    lua_pushvalue(L, 1);
    lua_rawset(L, event);
    if (cancellable) {
      lua_pushvalue(L, lua_upvalueindex(CANCELLABLE_KEY));
      lua_pushboolean(L, 1);
      lua_rawset(L, event);
    }
    lua_pushvalue(L, lua_upvalueindex(METATABLE));
    lua_setmetatable(L, event);
    /* Nothing between linking the frame and unlinking it can raise: the handler runs protected. */
    ScrimLimits *lim = scrim_limits(L);
    ScrimDispatch frame = {lua_topointer(L, event), lua_tostring(L, 1), cancellable, lim->emitting};
    lim->emitting = &frame;
    int status = scrim_pcallwith(L, handler, 1, 0);
    lim->emitting = frame.outer;
    if (frame.state == 2) delivered = 0;
    if (status != LUA_OK) { /* [message] */
      lua_pushvalue(L, lua_upvalueindex(REPORTER));
      lua_pushvalue(L, 1);
      lua_rotate(L, -3, 2); /* [reporter, name, message] */
      /* A stop raised on the way back (the budget ran out) is raised again by the next instruction. */
      if (lua_pcall(L, 2, 0, 0) != LUA_OK) lua_pop(L, 1);
    }
    lua_settop(L, base);
  }
  lua_pushboolean(L, delivered);
  /* A handler that ran out of time (or memory) stops the emitter here, as the Swift emit's return does. */
  int n = scrim_hostreturn(L, 1);
  if (n < 0) return lua_error(L);
  return n;
}

int scrim_pushhandlercall(lua_State *L, ScrimDispatch *frame, int function, int name, int metatable, int cache,
                          const void *target, int fields, int cancellable) {
  int from = lua_gettop(L); /* the fields' table, when there are fields */
  lua_checkstack(L, 6);
  lua_rawgeti(L, LUA_REGISTRYINDEX, name); /* kept below the call: the frame's name points into it */
  lua_rawgeti(L, LUA_REGISTRYINDEX, function);
  /* Sized exactly, as emit's events are. */
  lua_createtable(L, 0, fields + 1 + (target != NULL) + cancellable);
  int event = lua_gettop(L);
  if (fields > 0) copy_fields(L, from, event, 0);
  lua_pushvalue(L, event - 2);
  lua_setfield(L, event, "name");
  int placed = 1;
  if (target != NULL) {
    /* The target's userdata from the object cache; without one there, Swift makes it (see LuaState.callHandler). */
    lua_rawgeti(L, LUA_REGISTRYINDEX, cache);
    if (lua_rawgetp(L, -1, target) == LUA_TUSERDATA) lua_setfield(L, event, "target");
    else placed = 0;
    lua_settop(L, event);
  }
  if (cancellable) {
    lua_pushboolean(L, 1);
    lua_setfield(L, event, "isCancellable");
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, metatable);
  lua_setmetatable(L, event);
  frame->event = lua_topointer(L, event);
  frame->name = lua_tostring(L, event - 2);
  frame->state = cancellable;
  return placed;
}

void scrim_pushemit(lua_State *L, void *swiftEmit) {
  lua_pushlightuserdata(L, swiftEmit);
  lua_rotate(L, -4, 1);
  lua_pushliteral(L, "name");
  lua_pushliteral(L, "isCancellable");
  lua_pushcclosure(L, emit, 6);
}

int scrim_canceldispatch(lua_State *L, int index, const char **name) {
  const void *event = lua_topointer(L, index);
  for (ScrimDispatch *frame = scrim_limits(L)->emitting; frame != NULL; frame = frame->outer) {
    if (frame->event != event) continue;
    if (frame->state == 0) {
      *name = frame->name;
      return 0;
    }
    frame->state = 2;
    return 1;
  }
  return -1;
}
