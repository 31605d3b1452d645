# PO reader parity: our reader accepts exactly the fixtures msgcat accepts.
add_executable(po_check po_check.cc)
target_link_libraries(po_check PRIVATE erli18n::erli18n)
set_target_properties(po_check PROPERTIES CXX_STANDARD 23 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
erli18n_set_warnings(po_check)
erli18n_add_script_test(po_reader_accept parity/po_reader_accept.sh parity)
set_property(TEST po_reader_accept APPEND PROPERTY ENVIRONMENT "PO_CHECK=$<TARGET_FILE:po_check>")
