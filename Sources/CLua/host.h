/* What the C files of the bridge share beside CLua.h; not seen by Swift. */
#ifndef SCRIM_CLUA_HOST_H
#define SCRIM_CLUA_HOST_H

#include "CLua.h"

/* Runs the Swift host function `fn` on the running C function's frame (its arguments are the frame's stack), with
   the bookkeeping of a host call; returns the number of results, or -1 with the error on top (raise it only once
   nothing of Swift is left above: lua_error right away). */
int scrim_callhost(lua_State *L, void *fn);

/* For a C function that ran Swift code for Lua the way a host function does (scrim.emit's dispatch, whose handlers'
   errors Swift reported): what a host call checks on its way back, a stop under way or memory over budget, raised
   at the caller's line. Returns `n` (the number of results), or -1 with the error on top. */
int scrim_hostreturn(lua_State *L, int n);

/* A coroutine Lua code ran on has returned to its resumer (now `running` again): it keeps no stop hook, and the
   resumer gets one if a stop is under way. Called only while some thread is armed or a stop is under way. */
void scrim_leftthread(ScrimLimits *lim, lua_State *thread);

#endif
