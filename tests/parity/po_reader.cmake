# PO reader parity: our reader accepts exactly the fixtures msgcat accepts.
add_executable(po_check po_check.cc)
target_link_libraries(po_check PRIVATE erli18n::erli18n)
set_target_properties(po_check PROPERTIES CXX_STANDARD 23 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
erli18n_set_warnings(po_check)
# Registered directly rather than with erli18n_add_script_test: that function resolves the
# script and TEST_DATA against CMAKE_CURRENT_SOURCE_DIR, which is tests/parity here.
add_test(NAME po_reader_accept COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/po_reader_accept.sh)
set_tests_properties(po_reader_accept PROPERTIES LABELS parity
  ENVIRONMENT "PO_CHECK=$<TARGET_FILE:po_check>;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/po_reader_accept")
