// A hint that a cache line will be read soon, which Swift cannot spell: the compiler's builtin.
static inline void searchshell_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
