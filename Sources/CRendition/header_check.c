/*
 * Compiles rendition.h as C on its own, so a header that is not valid C (or not
 * self-contained) fails the build; the tests also compile the C example against the
 * installed header with -Wall -Wextra -Werror. The library's code is Swift
 * (Sources/RenditionC).
 */
#include "rendition.h"

_Static_assert(RDN_VERSION_NUMBER == RDN_VERSION_MAJOR * 10000 + RDN_VERSION_MINOR * 100 + RDN_VERSION_PATCH,
               "version macros agree");
_Static_assert(sizeof(rdn_status) == sizeof(int), "status codes are int-sized for every binding");
