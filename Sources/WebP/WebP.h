/* libwebp's encoder and animation-encoder types (headers only): ScrimRecord loads libwebpmux with dlopen the
   first time an animated WebP is written, so `scrim` never links it. */
#include <webp/encode.h>
#include <webp/mux.h>
