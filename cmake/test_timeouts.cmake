# Every test is bounded by what it does, not by a larger timeout (HACKING.md "Test tiers"): a
# test that needs more than ERLI18N_TEST_TIMEOUT_LIMIT seconds in any build samples its inputs
# or is split into shards instead. Each folder that registers tests ends with
# erli18n_bound_test_timeouts() (deferred to the folder's end by its first line): a test without
# a TIMEOUT gets ERLI18N_TEST_TIMEOUT_DEFAULT, and one above the limit stops the configuration.
# The GoogleTest cases, registered at build time, get theirs from erli18n_register_gtest.
set(ERLI18N_TEST_TIMEOUT_LIMIT 300)
set(ERLI18N_TEST_TIMEOUT_DEFAULT 120)

function(erli18n_bound_test_timeouts)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(test IN LISTS tests)
    get_test_property(${test} TIMEOUT limit)
    if(NOT limit)
      set_tests_properties(${test} PROPERTIES TIMEOUT ${ERLI18N_TEST_TIMEOUT_DEFAULT})
    elseif(limit GREATER ERLI18N_TEST_TIMEOUT_LIMIT)
      message(FATAL_ERROR "test ${test}: TIMEOUT ${limit} s is above the limit of ${ERLI18N_TEST_TIMEOUT_LIMIT} s: "
                          "sample its inputs or split it (HACKING.md, \"Test tiers\")")
    endif()
  endforeach()
endfunction()
