/* Loading chunks: Lua's own loaders for trusted code (mode "bt" unless a caller says otherwise), and the text-only
   ones `--no-bytecode` puts in their place (a crafted binary chunk can crash the interpreter or read and write its
   memory: Lua's manual, §6.1). See CLua.h. */
#include "CLua.h"
#include "host.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static const char *state_mode(lua_State *L) {
  return scrim_limits(L)->textOnly ? "t" : NULL;
}

/* The parser's allocations may be refused past the budget's headroom: a refusal is a memory error inside Lua's
   protected parser, with no Swift frame above it. */
#define LOADING(L, expression)                      \
  ScrimLimits *lim = scrim_limits(L);               \
  int refusable = lim->refusable;                   \
  lim->refusable = 1;                               \
  int status = (expression);                        \
  lim->refusable = refusable;                       \
  return status

int scrim_loadbuffer(lua_State *L, const char *buff, size_t size, const char *chunkname) {
  LOADING(L, luaL_loadbufferx(L, buff, size, chunkname, state_mode(L)));
}

int scrim_loadreader(lua_State *L, lua_Reader reader, void *data, const char *chunkname) {
  LOADING(L, lua_load(L, reader, data, chunkname, state_mode(L)));
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

/* lua.c's pushargs: the script's `...` are arg[1] … arg[#arg] of the global `arg` as it is when the script starts
   (code run before it may have changed it). */
static int script_arguments(lua_State *L) {
  if (lua_getglobal(L, "arg") != LUA_TTABLE) return luaL_error(L, "'arg' is not a table");
  int n = (int)luaL_len(L, -1);
  luaL_checkstack(L, n + 3, "too many arguments to script");
  for (int i = 1; i <= n; i++) lua_rawgeti(L, -i, i);
  return n;
}

void scrim_pushscriptarguments(lua_State *L) {
  lua_pushcfunction(L, script_arguments);
}

/* A script's file or standard input, read in pieces as the parser asks for them: never more than one piece held
   outside Lua, the parser's memory under the budget (checked before each piece), and a wait for input (a pipe, a
   FIFO, /dev/stdin that never ends) stopped by the time budget or Ctrl-C — what luaL_loadfile, which reads with
   stdio until the end, cannot do. */
typedef struct PieceReader {
  lua_State *L;
  int fd;
  const char *path; /* NULL for standard input, whose read errors end it as lua.c's do */
  int started;
  size_t offset, length;
  char buffer[1 << 16];
} PieceReader;

/* Appends what the next read gives to the buffer (at most `room` bytes); 0 at the end of input. Raises (inside the
   protected parser, with no Swift frame above) once a budget is spent, or when a file cannot be read. */
static size_t read_piece(PieceReader *r, size_t room) {
  ScrimLimits *lim = scrim_limits(r->L);
  for (;;) {
    if (scrim_overbudget(lim)) {
      if (SHARED_LOAD(lim->interrupted)) return (size_t)luaL_error(r->L, "interrupted!");
      char message[64];
      snprintf(message, sizeof message, "exceeded the time budget of %g s", lim->budget);
      return (size_t)luaL_error(r->L, "%s", message);
    }
    if (lim->limit && lim->used > lim->limit) return (size_t)luaL_error(r->L, "not enough memory");
    int timeout = -1;
    if (lim->budget > 0 && lim->deadline > 0) timeout = (int)((lim->deadline - scrim_monotonic()) * 1000) + 1;
    struct pollfd waiting = {.fd = r->fd, .events = POLLIN};
    int ready = poll(&waiting, 1, timeout < 0 && lim->budget > 0 ? 0 : timeout);
    if (ready == 0 || (ready < 0 && errno == EINTR)) continue;
    ssize_t n = read(r->fd, r->buffer + r->length, room);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && r->path != NULL) return (size_t)luaL_error(r->L, "cannot read %s: %s", r->path, strerror(errno));
    if (n <= 0) return 0;
    r->length += (size_t)n;
    return (size_t)n;
  }
}

static const char *next_piece(lua_State *L, void *data, size_t *size) {
  PieceReader *r = (PieceReader *)data;
  (void)L;
  if (!r->started) { /* as luaL_loadfile: a UTF-8 byte-order mark dropped, a first line starting with # emptied */
    r->started = 1;
    while (r->length < 3 && read_piece(r, sizeof r->buffer - r->length) > 0) {}
    if (r->length >= 3 && memcmp(r->buffer, "\xEF\xBB\xBF", 3) == 0) r->offset = 3;
    if (r->offset < r->length && r->buffer[r->offset] == '#') {
      for (;;) {
        char *newline = memchr(r->buffer + r->offset, '\n', r->length - r->offset);
        if (newline != NULL) {
          r->offset = (size_t)(newline - r->buffer); /* the newline stays: line numbers stay right */
          break;
        }
        r->offset = r->length = 0;
        if (read_piece(r, sizeof r->buffer) == 0) break;
      }
      /* A binary chunk after the line starts right there, as luaL_loadfile has it (without the newline). */
      if (r->offset + 1 >= r->length && r->offset < r->length) {
        memmove(r->buffer, r->buffer + r->offset, 1);
        r->offset = 0;
        r->length = 1;
        read_piece(r, sizeof r->buffer - 1);
      }
      if (r->offset + 1 < r->length && r->buffer[r->offset + 1] == LUA_SIGNATURE[0]) r->offset++;
    }
    if (r->offset < r->length) {
      *size = r->length - r->offset;
      r->offset = r->length;
      return r->buffer + r->length - *size;
    }
  }
  r->offset = r->length = 0;
  *size = read_piece(r, sizeof r->buffer);
  return *size ? r->buffer : NULL;
}

static int load_pieces(lua_State *L, int fd, const char *path, const char *chunkname) {
  PieceReader *r = (PieceReader *)malloc(sizeof *r);
  if (r == NULL) {
    lua_pushliteral(L, "not enough memory");
    return LUA_ERRMEM;
  }
  r->L = L;
  r->fd = fd;
  r->path = path;
  r->started = 0;
  r->offset = r->length = 0;
  int status = scrim_loadreader(L, next_piece, r, chunkname);
  free(r);
  return status;
}

int scrim_loadstdin(lua_State *L, const char *chunkname) {
  return load_pieces(L, 0, NULL, chunkname);
}

/* luaL_loadfile's behaviour and messages (`cannot open PATH: reason`, the chunk named @PATH), read as above. */
int scrim_loadfile(lua_State *L, const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    lua_pushfstring(L, "cannot open %s: %s", path, strerror(errno));
    return LUA_ERRFILE;
  }
  lua_pushfstring(L, "@%s", path);
  int status = load_pieces(L, fd, path, lua_tostring(L, -1));
  lua_remove(L, -2);
  close(fd);
  return status;
}

/* A chunk Scrim compiled itself in this process (scrim_dump's bytes): binary whatever scrim_textonly says, since no
   script's bytes can reach it. */
int scrim_loadcompiled(lua_State *L, const char *buff, size_t size, const char *chunkname) {
  LOADING(L, luaL_loadbufferx(L, buff, size, chunkname, "b"));
}

/* lua_dump's pieces gathered in a buffer that starts at the first piece, above the function lua_dump reads. */
typedef struct {
  luaL_Buffer buffer;
  int started;
} DumpPieces;

static int add_piece(lua_State *L, const void *piece, size_t size, void *ud) {
  DumpPieces *pieces = (DumpPieces *)ud;
  if (!pieces->started) {
    luaL_buffinit(L, &pieces->buffer);
    pieces->started = 1;
  }
  luaL_addlstring(&pieces->buffer, (const char *)piece, size);
  return 0;
}

static int dump_k(lua_State *L) {
  DumpPieces pieces;
  pieces.started = 0;
  lua_dump(L, add_piece, &pieces, 0);
  if (pieces.started) luaL_pushresult(&pieces.buffer);
  else lua_pushliteral(L, "");
  return 1;
}

int scrim_dump(lua_State *L) {
  lua_pushcfunction(L, dump_k);
  lua_pushvalue(L, -2);
  return scrim_pcall(L, 1, 1);
}
