/* The Swift runtime's entry points for the process's arguments, which scrim supplies (see arguments.c). */
#ifndef SCRIM_PROCESS_ARGUMENTS_H
#define SCRIM_PROCESS_ARGUMENTS_H

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

#endif
