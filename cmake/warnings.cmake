# Warnings (clean in Debug and Release), optional -Werror, optional ASan + UBSan.
function(mgpu_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow $<$<BOOL:${MGPU_WERROR}>:-Werror>)
endfunction()

if(MGPU_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
