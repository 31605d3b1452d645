# MO parity: erli18n compile/decompile against msgfmt/msgunfmt, bytes compared, on the
# hand-written PO fixtures and on a sample of the real catalogs in /usr/share/locale; the
# reader's lookups against its own iteration; and every .mo of the machine read (slow).
add_executable(mo_lookup_parity mo_lookup_parity.cc)
target_link_libraries(mo_lookup_parity PRIVATE erli18n::erli18n)
target_include_directories(mo_lookup_parity PRIVATE ${PROJECT_SOURCE_DIR}/src)
set_target_properties(mo_lookup_parity PROPERTIES CXX_STANDARD 23 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
erli18n_set_warnings(mo_lookup_parity)

erli18n_add_script_test(mo_fixtures_parity parity/mo_fixtures.sh parity $<TARGET_FILE:mo_lookup_parity>)
erli18n_add_script_test(mo_real_catalogs_parity parity/mo_real_catalogs.sh parity 10 $<TARGET_FILE:mo_lookup_parity>)
set_tests_properties(mo_real_catalogs_parity PROPERTIES TIMEOUT 600)
erli18n_add_script_test(mo_read_all_slow parity/mo_read_all.sh slow $<TARGET_FILE:mo_lookup_parity>)
set_tests_properties(mo_read_all_slow PROPERTIES TIMEOUT 1800)
