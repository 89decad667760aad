/* Lua 5.4 as Debian installs it (pkg-config lua5.4); the shim in CLua is what Swift uses. */
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
