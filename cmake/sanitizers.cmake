# ERLI18N_SANITIZE=address,undefined (or thread) instruments every target of the build.
# Undefined behaviour aborts instead of printing and carrying on, so a test sees it fail.
if(ERLI18N_SANITIZE)
  add_compile_options(-fsanitize=${ERLI18N_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${ERLI18N_SANITIZE})
endif()

# Fuzzer builds instrument the whole library for coverage, not just the fuzz_*.cc files:
# without it libFuzzer mutates blindly.
if(ERLI18N_BUILD_FUZZERS)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
