# Store parity: lookups through erli18n::catalog_store (loaded from a real .mo and from its
# msgunfmt PO) against glibc's dcgettext/dcngettext on the same catalog.
add_executable(store_lookup_parity store_lookup_parity.cc)
target_link_libraries(store_lookup_parity PRIVATE erli18n::erli18n)
target_link_libraries(store_lookup_parity PRIVATE erli18n_internals)
set_target_properties(store_lookup_parity PROPERTIES CXX_STANDARD 23 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
erli18n_set_warnings(store_lookup_parity)

add_test(NAME store_lookup_parity
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/store_lookup_parity.sh $<TARGET_FILE:store_lookup_parity>)
set_tests_properties(store_lookup_parity PROPERTIES LABELS parity TIMEOUT 300
  ENVIRONMENT "TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/store_lookup_parity")
