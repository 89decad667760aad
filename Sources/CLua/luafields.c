/* The two fields of Lua's private lua_State the budgets need and Lua's API has no call for: allowhook and hookcount.
   Each is found once, on a fresh main thread, by checking that the place Lua 5.4.4's layout gives it holds what a
   known state must hold there; where the check fails (another Lua's layout) the field is never touched and Scrim
   does without it, as said below. What each costs without it is tested (BudgetTests: a message handler that loops,
   a script's count events across the memory budget's checks), so a Lua whose layout moved them fails the suite
   rather than the user (docs/DESIGN.md, "The bridge"). */
#include "CLua.h"
#include "host.h"

#include <string.h>

/* Lua 5.4 turns hooks off while a hook runs (allowhook) and turns them back on only when the hook returns or a
   protected call catches an error. An error raised from the stop hook would run the message handler (an `xpcall`'s)
   with hooks off, where a loop could never be stopped; so the stop hook turns them back on before it raises. Without
   the field, such a handler loops past the budget. */
#define ALLOWHOOK_OFFSET 11
static int allowhook_known = -1;

void scrim_allowhooks(lua_State *L) {
  unsigned char *bytes = (unsigned char *)L;
  if (allowhook_known == 1 && bytes[ALLOWHOOK_OFFSET] == 0) bytes[ALLOWHOOK_OFFSET] = 1;
}

/* A fresh main thread: its type tag (after the `next` pointer) is LUA_TTHREAD, status LUA_OK, hooks allowed. */
static void check_allowhook(lua_State *L) {
  const unsigned char *bytes = (const unsigned char *)L;
  allowhook_known = LUA_VERSION_NUM == 504 && bytes[sizeof(void *)] == LUA_TTHREAD && bytes[sizeof(void *) + 2] == LUA_OK
                    && bytes[ALLOWHOOK_OFFSET] == 1 && sizeof(void *) + 3 == ALLOWHOOK_OFFSET;
}

/* The script's count hook fires every `count` instructions, counted down in hookcount, which lua_sethook resets.
   Setting the stop hook (and putting the script's back when it finds nothing to raise) would restart the count and
   shift the script's count events; so the stop hook takes the countdown over where it was and hands it back where it
   got to. Lua 5.4's lua_State ends with the hook, errfunc, nCcalls, oldpc, basehookcount, hookcount and hookmask;
   their places are checked by setting a hook with a count no other field holds. Without the field, the script's
   count restarts from its `count` each time the stop hook comes or goes. */
#define HOOK_OFFSET 160
#define BASEHOOKCOUNT_OFFSET 184
#define HOOKCOUNT_OFFSET 188
#define HOOKMASK_OFFSET 192
static int hookcount_known = -1;

static void probe_hook(lua_State *L, lua_Debug *ar) {
  (void)L;
  (void)ar;
}

static int int_at(lua_State *L, size_t offset) {
  int value;
  memcpy(&value, (const unsigned char *)L + offset, sizeof value);
  return value;
}

static void check_hookcount(lua_State *L) {
  hookcount_known = 0;
  if (LUA_VERSION_NUM != 504 || sizeof(void *) != 8 || sizeof(int) != 4) return;
  const int probe = 0x5C1A3B7; /* no pointer half, size or flag looks like it */
  lua_sethook(L, probe_hook, LUA_MASKCOUNT, probe);
  lua_Hook hook;
  memcpy(&hook, (const unsigned char *)L + HOOK_OFFSET, sizeof hook);
  int set = hook == probe_hook && int_at(L, BASEHOOKCOUNT_OFFSET) == probe && int_at(L, HOOKCOUNT_OFFSET) == probe
            && int_at(L, HOOKMASK_OFFSET) == LUA_MASKCOUNT;
  lua_sethook(L, NULL, 0, 0);
  hookcount_known = set && int_at(L, BASEHOOKCOUNT_OFFSET) == 0 && int_at(L, HOOKCOUNT_OFFSET) == 0
                    && int_at(L, HOOKMASK_OFFSET) == 0;
}

int scrim_hookcountdown(lua_State *L) {
  return hookcount_known == 1 ? int_at(L, HOOKCOUNT_OFFSET) : -1;
}

void scrim_sethookcountdown(lua_State *L, int countdown) {
  if (hookcount_known == 1) memcpy((unsigned char *)L + HOOKCOUNT_OFFSET, &countdown, sizeof countdown);
}

void scrim_checkluafields(lua_State *L) {
  if (allowhook_known == -1) check_allowhook(L);
  if (hookcount_known == -1) check_hookcount(L);
}
