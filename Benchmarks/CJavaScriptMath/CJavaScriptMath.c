// Everything is inline in the header, so that Swift code inlines it; SwiftPM builds
// a C target from at least one source file.
#include "CJavaScriptMath.h"
