# Install the library, its headers, a CMake package (find_package(erli18n)) and a .pc file.
include(CMakePackageConfigHelpers)

install(TARGETS erli18n EXPORT erli18nTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/erli18n DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The libintl-compatible library (intl/): not part of the CMake package's exported targets
# (programs use it through -lerli18n_intl or LD_PRELOAD, as they would libintl).
install(TARGETS erli18n_intl erli18n_intl_static
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
if(ERLI18N_BUILD_TOOLS)
  install(TARGETS erli18n_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

set(ERLI18N_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/erli18n)
install(EXPORT erli18nTargets NAMESPACE erli18n:: DESTINATION ${ERLI18N_CMAKE_DIR})
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
install(FILES ${PROJECT_BINARY_DIR}/erli18n.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
