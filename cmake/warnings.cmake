# erli18n_set_warnings(TARGET): the project's warning set, as errors when ERLI18N_WERROR is on.
function(erli18n_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           $<$<BOOL:${ERLI18N_WERROR}>:-Werror>)
endfunction()
