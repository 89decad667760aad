/*
 * Freed heap memory stays with the process for reuse rather than going back to the kernel at once. glibc hands the
 * top of the heap back when 128 KB of it is free, and serves each block of 128 KB or more (a Lua table's array, a
 * solver's row table) with a mapping of its own, unmapped when freed. A script that builds views, constraints or
 * tables, lets them go and builds again then has every page faulted in afresh, zeroed by the kernel, each time: a
 * tenth of rebuilding a 250-view layout. Here blocks up to 32 MB come from the heap, and the heap keeps up to 64 MB
 * free. (Setting either fixes both: glibc stops adapting its thresholds.) Memory budgets count the process's growth,
 * which reusing its own pages does not add. Only in scrim's own process: a host of ScrimKit keeps its allocator as
 * it set it.
 */
#include <malloc.h>

__attribute__((constructor)) static void keep_freed_memory(void) {
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
}
