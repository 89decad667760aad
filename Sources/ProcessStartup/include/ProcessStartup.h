/* What scrim sets up for its process before main: the Swift runtime's entry points for the arguments (arguments.c),
   and how the heap keeps freed memory (heap.c, which has nothing to declare). */
#ifndef SCRIM_PROCESS_STARTUP_H
#define SCRIM_PROCESS_STARTUP_H

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

#endif
