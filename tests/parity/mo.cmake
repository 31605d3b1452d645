# MO parity: erli18n compile/decompile against msgfmt/msgunfmt, bytes compared, on the
# hand-written PO fixtures and on a sample of the real catalogs in /usr/share/locale; the
# reader's lookups against its own iteration; and every .mo of the machine read (slow).
add_executable(mo_lookup_parity mo_lookup_parity.cc)
target_link_libraries(mo_lookup_parity PRIVATE erli18n::erli18n)
target_link_libraries(mo_lookup_parity PRIVATE erli18n_internals)
set_target_properties(mo_lookup_parity PROPERTIES CXX_STANDARD 23 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
erli18n_set_warnings(mo_lookup_parity)

function(erli18n_add_mo_script_test name script label timeout)
  add_test(NAME ${name} COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/${script} ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS "${label}" TIMEOUT ${timeout}
    ENVIRONMENT "ERLI18N=$<TARGET_FILE:erli18n_cli>;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/${name}")
endfunction()

erli18n_add_mo_script_test(mo_fixtures_parity mo_fixtures.sh parity 300 $<TARGET_FILE:mo_lookup_parity>)
# 330 catalogs spread over the sorted list (at least 300 compared, in 40 languages), a quarter
# also big-endian (fewer on a sample: ERLI18N_PARITY_SAMPLE).
erli18n_add_mo_script_test(mo_real_catalogs_parity mo_real_catalogs.sh parity 300 330 $<TARGET_FILE:mo_lookup_parity>)
erli18n_add_mo_script_test(mo_read_all_slow mo_read_all.sh slow 300 $<TARGET_FILE:mo_lookup_parity>)
