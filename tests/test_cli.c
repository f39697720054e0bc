#include "common.h"
void test_cli(void) {}
