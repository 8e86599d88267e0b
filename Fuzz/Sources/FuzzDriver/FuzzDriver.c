// The declaration in include/FuzzDriver.h is all this target provides; the definition comes
// from libFuzzer's runtime, linked by -sanitize=fuzzer.
#include "FuzzDriver.h"
