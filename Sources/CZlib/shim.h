#ifndef SEARCHSHELL_CZLIB_SHIM_H
#define SEARCHSHELL_CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 is a macro, which Swift cannot call: this function is what it expands to.
static inline int searchshell_inflate_init_gzip(z_stream *stream) {
  // 15 + 16: a gzip header and trailer (not raw deflate, not zlib's own wrapper).
  return inflateInit2(stream, 15 + 16);
}
#endif
