/* The memory budget: the allocator that counts every byte of a state, and the look at the process's resident memory
   (what Swift holds for the script). Past the budget an allocation marks it exceeded and arms the stop hook
   (stophook.c), which raises "not enough memory" at the next instruction. See CLua.h. */
#include "CLua.h"
#include "host.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

/* Past `limit` an allocation is let through up to the headroom and marks the budget exceeded: the count hook
   (or the trampoline, when Swift returns) then raises "not enough memory" as an ordinary error, with the place and a
   traceback, which the headroom leaves room to build. Lua code is refused outright only past the headroom (Lua then
   raises its own memory error); Swift never is, since a refusal would unwind Swift frames. */
void *scrim_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  ScrimLimits *lim = (ScrimLimits *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    scrim_poolfree(lim->pool, ptr, old);
    lim->used -= old;
    return NULL;
  }
  if (lim->limit && nsize > old) {
    size_t after = lim->used - old + nsize;
    if (after > lim->limit) {
      /* While the error is reported, the message handler may need the stack doubled: as much again is allowed. */
      size_t hard = lim->limit + lim->headroom + (lim->reporting ? lim->limit + lim->headroom : 0);
      if (after > hard) {
        /* One step from under the budget to past the headroom (a recursion's stack doubling: Lua copies it to a new
           block) is let through up to twice the budget and reported at the next check; anything more is refused. */
        if (lim->refusable && (lim->memoryPending || after > 2 * lim->limit + lim->headroom)) return NULL;
        lim->memoryRefused = 1;
      }
      if (!lim->memoryPending && (after > lim->recheckAt || lim->memoryRefused)) {
        lim->memoryPending = 1;
        scrim_armnow(lim); /* raised by the stop hook at the next instruction */
      }
    }
  }
  void *p = scrim_poolrealloc(lim->pool, ptr, old, nsize);
  if (p == NULL) {
    if (!lim->refusable) { /* a Lua memory error now would unwind Swift frames */
      static const char message[] = "scrim: out of memory (the system refused an allocation)\n";
      if (write(2, message, sizeof message - 1) < 0) { /* nothing more to do */ }
      _exit(1);
    }
    return NULL;
  }
  lim->used = lim->used - old + nsize;
  return p;
}

void scrim_setmemorylimit(ScrimLimits *lim, size_t limit) {
  SHARED_STORE(lim->limit, limit);
  if (limit > 0) scrim_startwatchdog(); /* it watches the process's resident memory */
  /* Half the budget: enough for the next doubling of a recursion's stack between two checks, and for the traceback. */
  size_t headroom = limit / 2;
  if (headroom < (size_t)512 << 10) headroom = (size_t)512 << 10;
  if (headroom > (size_t)512 << 20) headroom = (size_t)512 << 20;
  SHARED_STORE(lim->headroom, headroom);
}

int scrim_canallocate(ScrimLimits *lim, size_t more) {
  if (lim->limit == 0 || lim->used + more <= lim->limit + lim->headroom) return 1;
  if (!lim->memoryPending) scrim_armnow(lim);
  lim->memoryPending = 1;
  lim->memoryRefused = 1;
  return 0;
}

/* Resident bytes of the process (/proc/self/statm: pages, "size resident …"), or 0. Read with one read() into the
   stack, not stdio: every state reads it when made, so it is on the path of every start-up. */
size_t scrim_residentbytes(void) {
  int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[128];
  ssize_t length = read(fd, text, sizeof text - 1);
  close(fd);
  if (length <= 0) return 0;
  text[length] = '\0';
  char *end;
  strtoul(text, &end, 10); /* the size */
  if (end == text || *end != ' ') return 0;
  char *resident = end + 1;
  unsigned long pages = strtoul(resident, &end, 10);
  if (end == resident) return 0;
  return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* Memory Swift holds for the script, seen from outside: the process's resident memory has grown past the budget, its
   headroom and some slack (the Lua heap is part of it). Only measured when this is the process's only state with a
   budget (`scrim run`, the REPL, a test worker): other states' memory would count against it. */
int scrim_overresident(ScrimLimits *lim) {
  lim->pulled = 0;
  if (lim->limit == 0 || lim->baseResident == 0 || !scrim_watchedalone(lim)) return 0;
  size_t resident = scrim_residentbytes();
  return resident > lim->baseResident + lim->limit + lim->headroom + SCRIM_RESIDENT_SLACK;
}

/* Whether the budget is really exceeded: after a full collection (which may free what pushed it over), unless Swift
   already refused to make something. */
int scrim_overmemory(lua_State *L, ScrimLimits *lim) {
  lim->memoryPending = 0;
  if (lim->memoryRefused) {
    lim->memoryRefused = 0;
    return 1;
  }
  if (lim->limit == 0 || lim->used <= lim->limit) return 0;
  lua_gc(L, LUA_GCCOLLECT, 0);
  lim->memoryPending = 0;
  /* Under the budget again: the next look comes after an eighth of it more, not at the next step over (a script
     whose live data sits at the budget would otherwise collect everything at every allocation). */
  int over = lim->used > lim->limit;
  lim->recheckAt = over ? 0 : lim->used + lim->limit / 8;
  if (!over) lim->memoryGrace = 0;
  return over;
}
