# Install the libraries, their headers, a CMake package (find_package(erli18n)) and .pc files,
# in two components: `runtime` (the shared libraries, the CLI and its GNU-named links: the
# erli18n Debian package) and `dev` (headers, static libraries, the SONAME-less .so links,
# the CMake and pkg-config files: erli18n-dev). cmake/package.cmake makes the packages.
include(CMakePackageConfigHelpers)

# Every library target is exported, each form in an export set of its own with the same names:
# erli18n::erli18n (the runtime), erli18n::tools (the toolchain) and the HTTP targets
# erli18n::http, erli18n::http_httplib and erli18n::http_beast are the shared libraries in
# erli18nSharedTargets.cmake and the static ones in erli18nStaticTargets.cmake, of which
# erli18nConfig.cmake includes one (shared by default; docs/install.md). The libintl-compatible
# C ABI, erli18n::intl, erli18n::intl_cxx (the same with the C++ API exported too) and
# erli18n::intl_static, is in erli18nTargets.cmake, always included.
set(erli18n_install_dirs
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT dev
    INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS erli18n erli18n_tools ${ERLI18N_HTTP_TARGETS} EXPORT erli18nStaticTargets ${erli18n_install_dirs})
if(ERLI18N_BUILD_SHARED)
  install(TARGETS erli18n_shared erli18n_tools_shared ${ERLI18N_HTTP_SHARED_TARGETS} EXPORT erli18nSharedTargets
          ${erli18n_install_dirs})
endif()
install(TARGETS erli18n_intl erli18n_intl_cxx erli18n_intl_static EXPORT erli18nTargets ${erli18n_install_dirs})
install(DIRECTORY include/erli18n DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)
if(ERLI18N_BUILD_TOOLS)
  install(TARGETS erli18n_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
  # The GNU-compatible commands: links named as GNU's tools to the installed erli18n, in a
  # folder of their own that a build puts first on PATH (nothing shadows GNU's tools otherwise).
  # The links are relative, so the installed tree can be moved.
  set(erli18n_gnu_dir ${CMAKE_INSTALL_LIBEXECDIR}/erli18n/gnu)
  file(RELATIVE_PATH erli18n_gnu_target /${erli18n_gnu_dir} /${CMAKE_INSTALL_BINDIR}/erli18n${CMAKE_EXECUTABLE_SUFFIX})
  install(CODE "
    set(gnu_dir \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${erli18n_gnu_dir}\")
    file(MAKE_DIRECTORY \"\${gnu_dir}\")
    foreach(command ${ERLI18N_GNU_COMMANDS})
      message(STATUS \"Installing: \${gnu_dir}/\${command}\")
      file(CREATE_LINK \"${erli18n_gnu_target}\" \"\${gnu_dir}/\${command}\" SYMBOLIC)
    endforeach()" COMPONENT runtime)
endif()

set(ERLI18N_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/erli18n)
foreach(export_set erli18nTargets erli18nStaticTargets erli18nSharedTargets)
  if(export_set STREQUAL "erli18nSharedTargets" AND NOT ERLI18N_BUILD_SHARED)
    continue()
  endif()
  install(EXPORT ${export_set} NAMESPACE erli18n:: DESTINATION ${ERLI18N_CMAKE_DIR} COMPONENT dev)
endforeach()
if(TARGET erli18n_http_httplib)
  set(ERLI18N_WITH_HTTPLIB ON)
else()
  set(ERLI18N_WITH_HTTPLIB OFF)
endif()
if(TARGET erli18n_http_beast)
  set(ERLI18N_WITH_BEAST ON)
else()
  set(ERLI18N_WITH_BEAST OFF)
endif()
configure_package_config_file(cmake/erli18nConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/erli18nConfig.cmake
                              INSTALL_DESTINATION ${ERLI18N_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/erli18nConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/erli18nConfig.cmake
              ${PROJECT_BINARY_DIR}/erli18nConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/erli18nEmbed.cmake
              ${PROJECT_SOURCE_DIR}/cmake/erli18nTranslations.cmake
        DESTINATION ${ERLI18N_CMAKE_DIR} COMPONENT dev)

# The .pc files derive their prefix from where they are installed (${pcfiledir}), so that an
# installed tree can be moved; installed in /usr (the Debian package), they name /usr itself,
# so that pkg-config still recognises /usr/include and /usr/lib as the system's folders and
# leaves them out of the flags.
file(RELATIVE_PATH erli18n_pc_to_prefix /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" erli18n_pc_to_prefix "${erli18n_pc_to_prefix}")
set(erli18n_pc_files erli18n erli18n_tools erli18n_intl erli18n_intl_cxx)
foreach(pc_prefix relocatable usr)
  if(pc_prefix STREQUAL "usr")
    set(ERLI18N_PC_PREFIX /usr)
  else()
    set(ERLI18N_PC_PREFIX "\${pcfiledir}/${erli18n_pc_to_prefix}")
  endif()
  foreach(pc IN LISTS erli18n_pc_files)
    configure_file(cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/pkgconfig-${pc_prefix}/${pc}.pc @ONLY)
  endforeach()
endforeach()
install(CODE "
  if(CMAKE_INSTALL_PREFIX STREQUAL \"/usr\")
    set(pc_dir \"${PROJECT_BINARY_DIR}/pkgconfig-usr\")
  else()
    set(pc_dir \"${PROJECT_BINARY_DIR}/pkgconfig-relocatable\")
  endif()
  foreach(pc ${erli18n_pc_files})
    file(INSTALL \"\${pc_dir}/\${pc}.pc\" DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\")
  endforeach()" COMPONENT dev)
