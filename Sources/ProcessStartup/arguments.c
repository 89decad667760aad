/*
 * Where Swift's CommandLine finds the process's arguments, defined here so that the static Swift runtime's own
 * definition (its CommandLine.cpp) is not linked into scrim. That one finds argv, in a constructor run at every
 * start-up, by reading and parsing /proc/self/maps with sscanf: about 120 000 instructions and a walk of the memory
 * map in the kernel, an eighth of a `scrim run empty.lua`. glibc hands argc and argv to every ELF constructor, so
 * this one keeps them instead.
 *
 * The two functions are the runtime's interface to the standard library (stable since Swift 5): the arguments, and
 * a replacement set by a host. Where Swift is linked dynamically (debug builds, hosts of ScrimKit) the runtime keeps
 * its own and these are not called, or are called with the same result.
 */
#include "ProcessStartup.h"
#include <stddef.h>

static char *no_arguments[] = {NULL};
static char **process_argv = no_arguments;
static int process_argc;
static char **override_argv;
static int override_argc;

__attribute__((constructor)) static void keep_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  if (argv != NULL) {
    process_argv = argv;
    process_argc = argc;
  }
}

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  if (override_argv != NULL) {
    *outArgLen = override_argc;
    return override_argv;
  }
  *outArgLen = process_argc;
  return process_argv;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  override_argv = argv;
  override_argc = argc;
}
