/* Small blocks of a state's heap: free lists by size class, carved from chunks the state owns. Lua tells the size of
   every block it frees or resizes, so a block needs no header and is found again by its size alone: a block of at
   most SCRIM_POOL_LARGEST bytes always comes from the pool, a bigger one from malloc. A state is used by one thread at
   a time, so nothing is locked — glibc's malloc takes its arena lock as soon as the process has a second thread (the
   watchdog's), which made a table's allocation and collection cost half as much again as under lua5.4. Chunks go
   back to the system when the state closes; until then a freed block is kept for the next block of its class. */
#include "CLua.h"
#include "host.h"

#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SCRIM_POOL_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SCRIM_POOL_ASAN 1
#endif

#ifdef SCRIM_POOL_ASAN
/* Under AddressSanitizer a pooled block is addressable only while it is allocated, and only its requested bytes. */
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)0)
#define UNPOISON(p, n) ((void)0)
#endif

#define STEP 16 /* malloc's alignment on x86-64 and arm64, which Lua's objects need */
#define CLASSES (SCRIM_POOL_LARGEST / STEP)
#define CHUNK_BYTES ((size_t)64 << 10)

typedef struct Chunk {
  struct Chunk *next;
  char pad[STEP - sizeof(struct Chunk *)]; /* the blocks after the header start aligned */
} Chunk;

struct ScrimPool {
  void *free[CLASSES]; /* freed blocks of each class, linked through their first word */
  char *next, *end;    /* the unused part of the newest chunk */
  Chunk *chunks;
};

static inline size_t class_of(size_t size) { return (size - 1) / STEP; }

ScrimPool *scrim_newpool(void) { return calloc(1, sizeof(ScrimPool)); }

void scrim_freepool(ScrimPool *pool) {
  if (pool == NULL) return;
  Chunk *chunk = pool->chunks;
  while (chunk != NULL) {
    Chunk *next = chunk->next;
    UNPOISON(chunk, CHUNK_BYTES); /* free may look at the bytes it is given */
    free(chunk);
    chunk = next;
  }
  free(pool);
}

/* A block of class `index` for `size` bytes, or NULL when the system refuses a new chunk. */
static void *take(ScrimPool *pool, size_t index, size_t size) {
  void *block = pool->free[index];
  if (block != NULL) {
    UNPOISON(block, sizeof(void *)); /* the link to the next free block, read even when `size` is smaller */
    pool->free[index] = *(void **)block;
    if (size < sizeof(void *)) POISON((char *)block + size, sizeof(void *) - size);
    else UNPOISON(block, size);
    return block;
  }
  size_t bytes = (index + 1) * STEP;
  if ((size_t)(pool->end - pool->next) < bytes) {
    Chunk *chunk = malloc(CHUNK_BYTES);
    if (chunk == NULL) return NULL;
    chunk->next = pool->chunks;
    pool->chunks = chunk;
    pool->next = (char *)(chunk + 1);
    pool->end = (char *)chunk + CHUNK_BYTES;
    POISON(pool->next, (size_t)(pool->end - pool->next));
  }
  block = pool->next;
  pool->next += bytes;
  UNPOISON(block, size);
  return block;
}

static void give(ScrimPool *pool, void *block, size_t size) {
  size_t index = class_of(size);
  UNPOISON(block, sizeof(void *)); /* the link lives in the block's first word */
  *(void **)block = pool->free[index];
  pool->free[index] = block;
  POISON(block, (index + 1) * STEP);
}

void scrim_poolfree(ScrimPool *pool, void *block, size_t size) {
  if (block == NULL) return;
  if (size <= SCRIM_POOL_LARGEST) give(pool, block, size);
  else free(block);
}

void *scrim_poolrealloc(ScrimPool *pool, void *block, size_t old, size_t size) {
  if (old > SCRIM_POOL_LARGEST && size > SCRIM_POOL_LARGEST) return realloc(block, size);
  if (block != NULL && old <= SCRIM_POOL_LARGEST && size <= SCRIM_POOL_LARGEST && class_of(old) == class_of(size)) {
    UNPOISON(block, size);
    if (size < old) POISON((char *)block + size, old - size);
    return block;
  }
  void *fresh = size <= SCRIM_POOL_LARGEST ? take(pool, class_of(size), size) : malloc(size);
  if (fresh == NULL) return NULL; /* the old block stays as it was, as realloc leaves it */
  if (block != NULL) {
    memcpy(fresh, block, old < size ? old : size);
    scrim_poolfree(pool, block, old);
  }
  return fresh;
}
