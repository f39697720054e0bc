/* Placeholder: the threads family is being written. */
#include "common.h"

void test_threads(void) {}
