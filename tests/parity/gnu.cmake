# The GNU-compatible commands (build/gnu/bin) against the GNU tools, options and bytes.
# erli18n_add_gnu_parity(COMMAND SHARDS [ARG...]): tests/parity/COMMAND_gnu.sh ARG... as SHARDS
# ctest tests, COMMAND_gnu_parity_K_of_N (or COMMAND_gnu_parity when SHARDS is 1): each runs
# the K-th of every N comparisons (ERLI18N_PARITY_SHARD, real_catalogs.sh), so that every part
# stays well under the timeout on every input (make test-all) and the parts run side by side.
function(erli18n_add_gnu_parity command shards)
  foreach(k RANGE 1 ${shards})
    set(name ${command}_gnu_parity)
    if(shards GREATER 1)
      set(name ${name}_${k}_of_${shards})
    endif()
    add_test(NAME ${name} COMMAND bash ${PROJECT_SOURCE_DIR}/tests/parity/${command}_gnu.sh ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS parity TIMEOUT 300
      ENVIRONMENT "ERLI18N_PARITY_SHARD=${k}/${shards};GNU_BIN=${PROJECT_BINARY_DIR}/gnu/bin;TEST_DATA=${PROJECT_SOURCE_DIR}/tests/data;TEST_TMP=${CMAKE_CURRENT_BINARY_DIR}/tmp/${name}")
  endforeach()
endfunction()

erli18n_add_gnu_parity(msgunfmt 2 40)
erli18n_add_gnu_parity(xgettext 2)
erli18n_add_gnu_parity(msginit 4 20)
erli18n_add_gnu_parity(msgattrib 3 30)
erli18n_add_gnu_parity(msgfmt 4 20)
erli18n_add_gnu_parity(msgmerge 4 30)
erli18n_add_gnu_parity(msgcat 4 30)
erli18n_add_gnu_parity(msguniq 2 30)
