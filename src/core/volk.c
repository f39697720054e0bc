/* volk, compiled into the library from Debian's libvulkan-volk-dev. Its symbols have hidden visibility
 * (the library is built with -fvisibility=hidden), so they never meet an engine's own. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
#include <volk.c> // NOLINT(bugprone-suspicious-include): volk is one .c file, compiled here
