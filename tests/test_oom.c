/* Placeholder: the oom family is being written. */
#include "common.h"

void test_oom(void) {}
