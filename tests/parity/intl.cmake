# liberli18n_intl.so (src/c_api/) against glibc: every key of the real catalogs looked up through
# the standard C API, with and without LD_PRELOAD of the library.
enable_language(C)
add_executable(intl_lookup_all intl_lookup_all.c)
set_target_properties(intl_lookup_all PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
target_compile_definitions(intl_lookup_all PRIVATE _POSIX_C_SOURCE=200809L)
target_compile_options(intl_lookup_all PRIVATE -Wall -Wextra $<$<BOOL:${ERLI18N_WERROR}>:-Werror>)

add_test(NAME intl_preload_diff
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/intl_preload_diff.sh $<TARGET_FILE:intl_lookup_all>
          $<TARGET_FILE:erli18n_intl>)
set_tests_properties(intl_preload_diff PROPERTIES LABELS parity TIMEOUT 300
  ENVIRONMENT "TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/intl_preload_diff")

add_test(NAME intl_real_programs
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/intl_real_programs.sh $<TARGET_FILE:erli18n_intl>)
set_tests_properties(intl_real_programs PROPERTIES LABELS parity TIMEOUT 300
  ENVIRONMENT "TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/intl_real_programs")

add_executable(intl_probe intl_probe.c)
set_target_properties(intl_probe PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
target_compile_options(intl_probe PRIVATE -Wall -Wextra $<$<BOOL:${ERLI18N_WERROR}>:-Werror>)
add_test(NAME intl_beyond_glibc
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/intl_beyond_glibc.sh $<TARGET_FILE:intl_probe>
          $<TARGET_FILE:erli18n_intl>)
set_tests_properties(intl_beyond_glibc PROPERTIES LABELS parity TIMEOUT 120
  ENVIRONMENT "TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/intl_beyond_glibc")

add_test(NAME intl_debug
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/intl_debug.sh $<TARGET_FILE:intl_probe>
          $<TARGET_FILE:erli18n_intl>)
set_tests_properties(intl_debug PROPERTIES LABELS parity TIMEOUT 60
  ENVIRONMENT "TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/intl_debug")

# erli18n/libintl.h (pgettext and friends), as C11, linked to the library.
add_executable(intl_header_test intl_header_test.c)
target_link_libraries(intl_header_test PRIVATE erli18n_intl)
target_include_directories(intl_header_test PRIVATE ${PROJECT_SOURCE_DIR}/include)
set_target_properties(intl_header_test PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
target_compile_options(intl_header_test PRIVATE -Wall -Wextra -Wpedantic $<$<BOOL:${ERLI18N_WERROR}>:-Werror>)
add_test(NAME intl_header_test
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/intl_header_test.sh $<TARGET_FILE:intl_header_test>)
set_tests_properties(intl_header_test PROPERTIES LABELS parity TIMEOUT 60
  ENVIRONMENT "TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/intl_header_test")

# The same program linked with the static library: its gettext must win over libc's.
add_executable(intl_header_test_static intl_header_test.c)
target_link_libraries(intl_header_test_static PRIVATE erli18n_intl_static)
set_target_properties(intl_header_test_static PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF
                                                         LINKER_LANGUAGE CXX)
target_compile_options(intl_header_test_static PRIVATE -Wall -Wextra -Wpedantic
                                                       $<$<BOOL:${ERLI18N_WERROR}>:-Werror>)
add_test(NAME intl_header_test_static
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/intl_header_test.sh
          $<TARGET_FILE:intl_header_test_static>)
set_tests_properties(intl_header_test_static PROPERTIES LABELS parity TIMEOUT 60
  ENVIRONMENT "TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/intl_header_test_static")

# A setuid-root copy of a program linked with the library (shared and static), run by an
# unprivileged user, must not read catalogs that LANGUAGE points outside the bound folder.
foreach(form shared static)
  set(target intl_setuid_probe_${form})
  add_executable(${target} intl_setuid_probe.c)
  if(form STREQUAL shared)
    target_link_libraries(${target} PRIVATE erli18n_intl)
  else()
    target_link_libraries(${target} PRIVATE erli18n_intl_static)
    set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX)
  endif()
  set_target_properties(${target} PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
  target_compile_definitions(${target} PRIVATE _GNU_SOURCE)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic $<$<BOOL:${ERLI18N_WERROR}>:-Werror>)
endforeach()
add_test(NAME intl_setuid
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/intl_setuid.sh $<TARGET_FILE:intl_setuid_probe_shared>
          $<TARGET_FILE:intl_setuid_probe_static>)
set_tests_properties(intl_setuid PROPERTIES LABELS parity TIMEOUT 60 SKIP_RETURN_CODE 77)
