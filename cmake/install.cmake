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
