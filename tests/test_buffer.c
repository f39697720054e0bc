#include "common.h"
void test_buffer(void) {}
