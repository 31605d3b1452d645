# Plural-Forms: plural_rule::form against glibc's dcngettext, on every distinct Plural-Forms
# value of the catalogs in /usr/share/locale plus hand-written edge cases.
add_executable(plural_glibc_parity plural_glibc_parity.cc)
target_link_libraries(plural_glibc_parity PRIVATE erli18n::erli18n)
set_target_properties(plural_glibc_parity PROPERTIES CXX_STANDARD 23 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
erli18n_set_warnings(plural_glibc_parity)
add_test(NAME plural_glibc_parity COMMAND plural_glibc_parity /usr/share/locale)
set_tests_properties(plural_glibc_parity PROPERTIES LABELS parity TIMEOUT 300)
