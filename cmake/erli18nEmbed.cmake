# erli18n_embed_catalogs(TARGET DIR [NAMESPACE NS] [DOMAIN DOMAIN] [USE_FUZZY])
#
# Compiles the catalogs under DIR into TARGET: at build time `erli18n compile --cpp` writes
# a C++ source holding their .mo bytes and NS::register_catalogs() (NS defaults to
# erli18n_catalogs; declare it with ERLI18N_EMBEDDED_CATALOGS(NS) from erli18n/embedded.h),
# and the source is added to TARGET. The catalogs are DIR/LOCALE/LC_MESSAGES/DOMAIN.po (or
# .mo), and DIR/LOCALE.po (or .mo) when DOMAIN is given. Editing a catalog regenerates the
# source; adding or removing one is noticed at the next build too (the glob is re-checked).
# TARGET must link erli18n::erli18n.
# _erli18n_find_tool(CALLER TOOL_VAR DEPENDENCY_VAR): the erli18n tool the helpers run, the one
# built in this project or else the one installed with the package (ERLI18N_EXECUTABLE), and
# what a custom command depends on to rerun when it changes. erli18nTranslations.cmake uses it
# too (this file is included first, in-tree and from erli18nConfig.cmake).
function(_erli18n_find_tool caller tool_var dependency_var)
  if(TARGET erli18n_cli)
    set(${tool_var} $<TARGET_FILE:erli18n_cli> PARENT_SCOPE)
    set(${dependency_var} erli18n_cli PARENT_SCOPE)
  elseif(ERLI18N_EXECUTABLE)
    set(${tool_var} "${ERLI18N_EXECUTABLE}" PARENT_SCOPE)
    set(${dependency_var} "${ERLI18N_EXECUTABLE}" PARENT_SCOPE)
  else()
    message(FATAL_ERROR "${caller}: the erli18n tool was not found (set ERLI18N_EXECUTABLE)")
  endif()
endfunction()

function(erli18n_embed_catalogs target dir)
  cmake_parse_arguments(PARSE_ARGV 2 arg "USE_FUZZY" "NAMESPACE;DOMAIN" "")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "erli18n_embed_catalogs: unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_NAMESPACE)
    set(arg_NAMESPACE erli18n_catalogs)
  endif()
  get_filename_component(dir "${dir}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  file(GLOB catalogs CONFIGURE_DEPENDS "${dir}/*/LC_MESSAGES/*.po" "${dir}/*/LC_MESSAGES/*.mo")
  set(options --cpp --namespace "${arg_NAMESPACE}")
  if(arg_DOMAIN)
    file(GLOB flat CONFIGURE_DEPENDS "${dir}/*.po" "${dir}/*.mo")
    list(APPEND catalogs ${flat})
    list(APPEND options --domain "${arg_DOMAIN}")
  endif()
  if(arg_USE_FUZZY)
    list(APPEND options --use-fuzzy)
  endif()
  if(NOT catalogs)
    message(FATAL_ERROR "erli18n_embed_catalogs: no catalog under ${dir}")
  endif()
  list(SORT catalogs)

  _erli18n_find_tool(erli18n_embed_catalogs tool tool_dependency)

  set(output "${CMAKE_CURRENT_BINARY_DIR}/${target}_erli18n_catalogs.cc")
  add_custom_command(OUTPUT "${output}"
                     COMMAND "${tool}" compile ${options} -o "${output}" ${catalogs}
                     DEPENDS ${catalogs} ${tool_dependency}
                     COMMENT "Embedding ${dir} catalogs in ${target}"
                     VERBATIM)
  target_sources(${target} PRIVATE "${output}")
endfunction()
