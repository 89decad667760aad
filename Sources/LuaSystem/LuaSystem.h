/* Lua 5.4 as Debian installs it, headers in /usr/include/lua5.4 (named by folder here, not through pkg-config: see
   Package.swift); the shim in CLua is what Swift uses. */
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>
