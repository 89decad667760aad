/* libedit for the REPL, loaded with dlopen the first time the REPL needs it: linking it (and the
   libtinfo, libbsd and libmd it pulls in) would cost every `scrim run` about 0.6 ms of start-up.
   el_set and history are variadic, which Swift cannot call, so each use the REPL makes of them is
   re-exported here as a plain inline function. */
#include <dlfcn.h>
#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

typedef char *(*scrim_el_prompt_fn)(EditLine *);
typedef unsigned char (*scrim_el_command_fn)(EditLine *, int);

typedef struct ScrimLibEdit {
  int loaded; /* 1 loaded, -1 unavailable */
  EditLine *(*el_init)(const char *, FILE *, FILE *, FILE *);
  void (*el_end)(EditLine *);
  const char *(*el_gets)(EditLine *, int *);
  int (*el_insertstr)(EditLine *, const char *);
  const LineInfo *(*el_line)(EditLine *);
  void (*el_resize)(EditLine *);
  int (*el_set)(EditLine *, int, ...);
  int (*el_source)(EditLine *, const char *);
  History *(*history_init)(void);
  void (*history_end)(History *);
  int (*history)(History *, HistEvent *, int, ...);
} ScrimLibEdit;

/* The library's functions, or NULL when libedit cannot be loaded (the REPL then reads plain lines). */
static inline ScrimLibEdit *scrim_libedit(void) {
  static ScrimLibEdit lib;
  if (lib.loaded == 0) {
    void *h = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    lib.loaded = -1;
    if (h) {
      lib.el_init = (EditLine *(*)(const char *, FILE *, FILE *, FILE *))dlsym(h, "el_init");
      lib.el_end = (void (*)(EditLine *))dlsym(h, "el_end");
      lib.el_gets = (const char *(*)(EditLine *, int *))dlsym(h, "el_gets");
      lib.el_insertstr = (int (*)(EditLine *, const char *))dlsym(h, "el_insertstr");
      lib.el_line = (const LineInfo *(*)(EditLine *))dlsym(h, "el_line");
      lib.el_resize = (void (*)(EditLine *))dlsym(h, "el_resize");
      lib.el_set = (int (*)(EditLine *, int, ...))dlsym(h, "el_set");
      lib.el_source = (int (*)(EditLine *, const char *))dlsym(h, "el_source");
      lib.history_init = (History *(*)(void))dlsym(h, "history_init");
      lib.history_end = (void (*)(History *))dlsym(h, "history_end");
      lib.history = (int (*)(History *, HistEvent *, int, ...))dlsym(h, "history");
      if (lib.el_init && lib.el_end && lib.el_gets && lib.el_insertstr && lib.el_line && lib.el_resize &&
          lib.el_set && lib.el_source && lib.history_init && lib.history_end && lib.history)
        lib.loaded = 1;
    }
  }
  return lib.loaded == 1 ? &lib : NULL;
}

static inline EditLine *scrim_el_init(const char *prog, FILE *in, FILE *out, FILE *err) {
  ScrimLibEdit *lib = scrim_libedit();
  return lib ? lib->el_init(prog, in, out, err) : NULL;
}
static inline void scrim_el_end(EditLine *e) { scrim_libedit()->el_end(e); }
static inline const char *scrim_el_gets(EditLine *e, int *count) { return scrim_libedit()->el_gets(e, count); }
static inline int scrim_el_insertstr(EditLine *e, const char *s) { return scrim_libedit()->el_insertstr(e, s); }
static inline const LineInfo *scrim_el_line(EditLine *e) { return scrim_libedit()->el_line(e); }
static inline void scrim_el_resize(EditLine *e) { scrim_libedit()->el_resize(e); }
static inline void scrim_history_end(History *h) { scrim_libedit()->history_end(h); }

static inline int scrim_el_set_prompt(EditLine *e, scrim_el_prompt_fn f) { return scrim_libedit()->el_set(e, EL_PROMPT, f); }
static inline int scrim_el_set_editor(EditLine *e, const char *mode) { return scrim_libedit()->el_set(e, EL_EDITOR, mode); }
static inline int scrim_el_set_history(EditLine *e, History *h) {
  return scrim_libedit()->el_set(e, EL_HIST, scrim_libedit()->history, h);
}
static inline int scrim_el_set_getc(EditLine *e, el_rfunc_t f) { return scrim_libedit()->el_set(e, EL_GETCFN, f); }
static inline int scrim_el_add_function(EditLine *e, const char *name, const char *help, scrim_el_command_fn f) {
  return scrim_libedit()->el_set(e, EL_ADDFN, name, help, f);
}
static inline int scrim_el_bind(EditLine *e, const char *key, const char *command) {
  return scrim_libedit()->el_set(e, EL_BIND, key, command, NULL);
}
/* Reads ~/.editrc (or $EDITRC) as libedit programs do. */
static inline int scrim_el_source(EditLine *e) { return scrim_libedit()->el_source(e, NULL); }

static inline History *scrim_history_new(int size) {
  ScrimLibEdit *lib = scrim_libedit();
  History *h = lib ? lib->history_init() : NULL;
  HistEvent ev;
  if (h) {
    lib->history(h, &ev, H_SETSIZE, size);
    lib->history(h, &ev, H_SETUNIQUE, 1);
  }
  return h;
}
static inline int scrim_history_enter(History *h, const char *line) { HistEvent ev; return scrim_libedit()->history(h, &ev, H_ENTER, line); }
static inline int scrim_history_load(History *h, const char *path) { HistEvent ev; return scrim_libedit()->history(h, &ev, H_LOAD, path); }
static inline int scrim_history_save(History *h, const char *path) { HistEvent ev; return scrim_libedit()->history(h, &ev, H_SAVE, path); }
