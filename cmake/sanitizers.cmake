# ERLI18N_SANITIZE=address,undefined (or thread) instruments every target of the build.
# Undefined behaviour aborts instead of printing and carrying on, so a test sees it fail.
if(ERLI18N_SANITIZE)
  add_compile_options(-fsanitize=${ERLI18N_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${ERLI18N_SANITIZE})
endif()
