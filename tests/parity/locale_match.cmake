# The best-fit matcher against ICU's LocaleMatcher (libicu-dev: an oracle of this test only, never
# linked into the runtime) over real (available locales, Accept-Language) pairs.
find_package(ICU 70 REQUIRED COMPONENTS uc)
add_executable(locale_match_icu locale_match_icu.cc)
target_link_libraries(locale_match_icu PRIVATE ICU::uc)
erli18n_set_warnings(locale_match_icu)
add_executable(locale_match_ours locale_match_ours.cc)
target_link_libraries(locale_match_ours PRIVATE erli18n::erli18n)
erli18n_set_warnings(locale_match_ours)
add_test(NAME locale_match_icu_parity
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/locale_match_icu.sh $<TARGET_FILE:locale_match_icu>
          $<TARGET_FILE:locale_match_ours>)
set_tests_properties(locale_match_icu_parity PROPERTIES LABELS parity TIMEOUT 300
  ENVIRONMENT "TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/locale_match_icu_parity")
