/*
 * Sanitized builds only: tests/robustness.cmake links this into the test runner, the mgpuvk tool and the
 * particles example when MGPU_SANITIZE is on.
 *
 * LeakSanitizer reports at exit, after the Vulkan loader has unloaded the validation layer and the driver it
 * loaded for each instance; frames in them then have no module name, and tests/lsan.supp, which names those
 * libraries, cannot match them. A reference taken with RTLD_NODELETE at start keeps them mapped until exit.
 * They are the libraries the loader loads anyway (same files, so the same objects); a missing one is ignored.
 */
#include <dlfcn.h>
#include <stddef.h>

__attribute__((constructor)) static void mgpu_sanitize_keep_libraries(void) {
    static const char *const libraries[] = {"libVkLayer_khronos_validation.so", "libvulkan_lvp.so"};
    for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; ++i)
        (void)dlopen(libraries[i], RTLD_LAZY | RTLD_LOCAL | RTLD_NODELETE);
}
