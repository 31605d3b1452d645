# erli18n_add_translations(TARGET DOMAIN PO_FILE... [INSTALL_DESTINATION DIR] [COMPONENT NAME])
#
# Compiles each PO_FILE to a .mo with `erli18n compile` when TARGET is built, in the build tree
# at ${CMAKE_BINARY_DIR}/locale/LOCALE/LC_MESSAGES/DOMAIN.mo (so the program runs from the build
# tree: TARGET's property ERLI18N_LOCALE_DIR names that folder), and installs each to
# DIR/LOCALE/LC_MESSAGES/DOMAIN.mo (DIR: ${CMAKE_INSTALL_LOCALEDIR}, share/locale by default).
# A PO_FILE's locale is its folder's name when it is LOCALE/LC_MESSAGES/DOMAIN.po, else its
# own name (fr.po, pt_BR.po). Editing a catalog recompiles it at the next build.
function(erli18n_add_translations target domain)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "INSTALL_DESTINATION;COMPONENT" "PO_FILES")
  set(po_files ${arg_PO_FILES} ${arg_UNPARSED_ARGUMENTS})
  if(NOT TARGET ${target})
    message(FATAL_ERROR "erli18n_add_translations: ${target} is not a target")
  endif()
  if(NOT po_files)
    message(FATAL_ERROR "erli18n_add_translations: no .po file given for ${target}")
  endif()
  if(NOT arg_INSTALL_DESTINATION)
    if(CMAKE_INSTALL_LOCALEDIR)
      set(arg_INSTALL_DESTINATION "${CMAKE_INSTALL_LOCALEDIR}")
    else()
      set(arg_INSTALL_DESTINATION share/locale)
    endif()
  endif()
  set(component_args "")
  if(arg_COMPONENT)
    set(component_args COMPONENT "${arg_COMPONENT}")
  endif()

  _erli18n_find_tool(erli18n_add_translations tool tool_dependency)

  set(locale_dir "${CMAKE_BINARY_DIR}/locale")
  set(outputs "")
  set(locales "")
  foreach(po IN LISTS po_files)
    get_filename_component(po "${po}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${po}" NAME_WE)
    get_filename_component(folder "${po}" DIRECTORY)
    get_filename_component(folder_name "${folder}" NAME)
    if(name STREQUAL domain AND folder_name STREQUAL "LC_MESSAGES")
      get_filename_component(locale_folder "${folder}" DIRECTORY)
      get_filename_component(locale "${locale_folder}" NAME)
    else()
      set(locale "${name}")
    endif()
    if(locale IN_LIST locales)
      message(FATAL_ERROR "erli18n_add_translations: two catalogs of ${domain} for the locale ${locale} (${po})")
    endif()
    list(APPEND locales "${locale}")
    set(mo "${locale_dir}/${locale}/LC_MESSAGES/${domain}.mo")
    add_custom_command(OUTPUT "${mo}"
                       COMMAND "${CMAKE_COMMAND}" -E make_directory "${locale_dir}/${locale}/LC_MESSAGES"
                       COMMAND "${tool}" compile "${po}" -o "${mo}"
                       DEPENDS "${po}" ${tool_dependency}
                       COMMENT "Compiling ${locale} ${domain}.mo for ${target}"
                       VERBATIM)
    list(APPEND outputs "${mo}")
    install(FILES "${mo}" DESTINATION "${arg_INSTALL_DESTINATION}/${locale}/LC_MESSAGES" ${component_args})
  endforeach()
  add_custom_target(${target}_${domain}_translations DEPENDS ${outputs})
  add_dependencies(${target} ${target}_${domain}_translations)
  set_target_properties(${target} PROPERTIES ERLI18N_LOCALE_DIR "${locale_dir}")
endfunction()
