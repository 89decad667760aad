/* libedit (pkg-config libedit) for the REPL. el_set and history are variadic, which Swift cannot
   call, so each use the REPL makes of them is re-exported here as a plain inline function. */
#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

typedef char *(*scrim_el_prompt_fn)(EditLine *);
typedef unsigned char (*scrim_el_command_fn)(EditLine *, int);

static inline int scrim_el_set_prompt(EditLine *e, scrim_el_prompt_fn f) { return el_set(e, EL_PROMPT, f); }
static inline int scrim_el_set_editor(EditLine *e, const char *mode) { return el_set(e, EL_EDITOR, mode); }
static inline int scrim_el_set_history(EditLine *e, History *h) { return el_set(e, EL_HIST, history, h); }
static inline int scrim_el_set_getc(EditLine *e, el_rfunc_t f) { return el_set(e, EL_GETCFN, f); }
static inline int scrim_el_add_function(EditLine *e, const char *name, const char *help, scrim_el_command_fn f) {
  return el_set(e, EL_ADDFN, name, help, f);
}
static inline int scrim_el_bind(EditLine *e, const char *key, const char *command) {
  return el_set(e, EL_BIND, key, command, NULL);
}
/* Reads ~/.editrc (or $EDITRC) as libedit programs do. */
static inline int scrim_el_source(EditLine *e) { return el_source(e, NULL); }

static inline History *scrim_history_new(int size) {
  History *h = history_init();
  HistEvent ev;
  if (h) {
    history(h, &ev, H_SETSIZE, size);
    history(h, &ev, H_SETUNIQUE, 1);
  }
  return h;
}
static inline int scrim_history_enter(History *h, const char *line) { HistEvent ev; return history(h, &ev, H_ENTER, line); }
static inline int scrim_history_load(History *h, const char *path) { HistEvent ev; return history(h, &ev, H_LOAD, path); }
static inline int scrim_history_save(History *h, const char *path) { HistEvent ev; return history(h, &ev, H_SAVE, path); }
