/* A state's life: made with the budget allocator and the resident message handler, closed and collected under
   the watchdog's eye; its panic and warning functions. See CLua.h. */
#include "CLua.h"
#include "host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lua code run outside a protected call (finalizers): `busy` for the watchdog, and this thread's busy state for the
   stand-in timer, which sees only this thread's. */
static ScrimLimits *begin_busy(ScrimLimits *lim) {
  ScrimLimits *outer = scrim_busyonthread;
  SHARED_STORE(lim->busy, lim->busy + 1);
  scrim_busyonthread = lim;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  return outer;
}

static void end_busy(ScrimLimits *lim, ScrimLimits *outer) {
  SHARED_STORE(lim->busy, lim->busy - 1);
  scrim_busyonthread = outer;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

void scrim_close(lua_State *L) {
  ScrimLimits *lim = scrim_limits(L);
  ScrimLimits *outer = begin_busy(lim);
  lua_close(L);
  end_busy(lim, outer);
  scrim_freepool(lim->pool);
  lim->pool = NULL;
  scrim_unwatch(lim);
  scrim_forgetinterrupt(lim);
}

void scrim_fullgc(lua_State *L) {
  ScrimLimits *lim = scrim_limits(L);
  ScrimLimits *outer = begin_busy(lim);
  lua_gc(L, LUA_GCCOLLECT, 0);
  end_busy(lim, outer);
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

/* Warnings (errors in __gc, warn()) are off until warn("@on") or -W, as in lua.c (see scrim_newstate). A message comes
   in pieces (warn's arguments; "error in " .. "__gc" .. …): they are joined and the whole printed once, with one
   prefix. Control messages ("@off", "@on") come alone, as in lua.c. */
static void warn_function(void *ud, const char *msg, int tocont) {
  ScrimLimits *lim = scrim_limits((lua_State *)ud);
  if (!lim->warningOpen && !tocont && *msg == '@') { /* only a message of one piece is a control message */
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
  lim->warningOpen = tocont;
  if (!tocont) {
    if (!lim->warningsOff) warn_flush(lim, 1);
    lim->warningLength = 0;
    lim->warningContinues = 0;
  }
}

lua_State *scrim_newstate(ScrimLimits *limits) {
  limits->pool = scrim_newpool();
  if (limits->pool == NULL) return NULL;
  lua_State *L = lua_newstate(scrim_alloc, limits);
  if (L == NULL) {
    scrim_freepool(limits->pool);
    limits->pool = NULL;
    return NULL;
  }
  *(ScrimLimits **)lua_getextraspace(L) = limits;
  limits->current = L;
  limits->mainThread = L;
  limits->running = L;
  scrim_checkluafields(L);
  scrim_watch(limits);
  limits->baseResident = scrim_residentbytes();
  lua_atpanic(L, panic);
  lua_setwarnf(L, warn_function, L);
  limits->warningsOff = 1; /* lua.c's start: warnings off */
  scrim_inithostfunctions(L);
  /* The message handler stays at the bottom of the main stack: calls made from Swift's top level use it
     where it is, instead of pushing and removing one around every call (the cost of a delegate call). */
  lua_pushcfunction(L, scrim_msghandler);
  return L;
}
