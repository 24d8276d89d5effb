// zlib, the library behind gzip, for the compressed run tables (`.csv.gz`). Its headers come
// with the system: zlib1g-dev on Debian and Ubuntu (in the list of packages swift.org's Linux
// installation asks for), the SDK on macOS.
#include <zlib.h>
