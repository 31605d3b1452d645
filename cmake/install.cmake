# Install the library, its headers, a CMake package (find_package(erli18n)) and a .pc file.
include(CMakePackageConfigHelpers)

# Every library target is exported: erli18n::erli18n (the runtime), erli18n::tools (the
# toolchain), erli18n::intl and erli18n::intl_static (the libintl-compatible C ABI), and the
# HTTP targets (http/CMakeLists.txt installs those).
install(TARGETS erli18n erli18n_tools erli18n_intl erli18n_intl_static EXPORT erli18nTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/erli18n DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(ERLI18N_BUILD_TOOLS)
  install(TARGETS erli18n_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
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
    endforeach()")
endif()

set(ERLI18N_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/erli18n)
install(EXPORT erli18nTargets NAMESPACE erli18n:: DESTINATION ${ERLI18N_CMAKE_DIR})
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
        DESTINATION ${ERLI18N_CMAKE_DIR})

configure_file(cmake/erli18n.pc.in ${PROJECT_BINARY_DIR}/erli18n.pc @ONLY)
configure_file(cmake/erli18n_tools.pc.in ${PROJECT_BINARY_DIR}/erli18n_tools.pc @ONLY)
configure_file(cmake/erli18n_intl.pc.in ${PROJECT_BINARY_DIR}/erli18n_intl.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/erli18n.pc ${PROJECT_BINARY_DIR}/erli18n_tools.pc
              ${PROJECT_BINARY_DIR}/erli18n_intl.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
