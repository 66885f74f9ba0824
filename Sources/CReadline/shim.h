#ifndef SEARCHSHELL_CREADLINE_SHIM_H
#define SEARCHSHELL_CREADLINE_SHIM_H
// readline.h needs FILE from stdio.h on older readline and on libedit's compatibility
// header; history.h is not included by readline.h.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#endif
