#ifndef SEARCHSHELL_CLIBPQ_SHIM_H
#define SEARCHSHELL_CLIBPQ_SHIM_H
// Debian and Ubuntu put libpq's client header under postgresql/; most other layouts (Homebrew's
// keg, Fedora, the PostgreSQL sources) put it on the include path directly.
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#elif __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#error "libpq-fe.h not found: install libpq-dev (Debian) or pass -Xcc -I<libpq include dir>"
#endif
#endif
