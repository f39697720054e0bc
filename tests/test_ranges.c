/* Placeholder: the ranges family is being written. */
#include "common.h"

void test_ranges(void) {}
