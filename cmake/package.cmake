# `make package` (cpack -G DEB in the build tree): two Debian packages from the install
# components of cmake/install.cmake, for /usr:
#   erli18n      the shared libraries (liberli18n.so.0, liberli18n_tools.so.0,
#                liberli18n_intl.so.0, liberli18n_http*.so.0), the erli18n CLI and the
#                GNU-named links in libexec/erli18n/gnu/
#   erli18n-dev  the headers, the static libraries, the .so links, the CMake package and the
#                .pc files
# The binaries are stripped in the packages and their debug info goes to erli18n-dbgsym (a .ddeb
# beside them). erli18n's Depends come from dpkg-shlibdeps (dpkg-dev, scripts/install-deps.sh);
# erli18n-dev's name what its CMake package finds again (erli18nConfig.cmake: cpp-httplib,
# Boost's headers, pkg-config).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME erli18n)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_CONTACT "erli18n maintainers <maintainers@users.noreply.a-seed-db72a816.example>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Not CPACK_STRIP_FILES, which would strip the binaries before the DEB generator sees them:
# CPACK_DEBIAN_DEBUGINFO_PACKAGE (below) moves their debug info to erli18n-dbgsym and strips them.
set(CPACK_STRIP_FILES OFF)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME erli18n)
set(CPACK_DEBIAN_DEV_PACKAGE_NAME erli18n-dev)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION
    "GNU gettext-compatible i18n runtime and toolchain\n The erli18n shared libraries (runtime, toolchain, libintl-compatible C ABI, HTTP adapters)\n and the erli18n command with its GNU-compatible commands (libexec/erli18n/gnu).")
set(CPACK_COMPONENT_DEV_DESCRIPTION
    "GNU gettext-compatible i18n runtime and toolchain: development files\n Headers, static libraries, the CMake package (find_package(erli18n)) and pkg-config files.")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SHLIBDEPS ON)
# liberli18n_tools.so.0 and the others need liberli18n.so.0 of the same package.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${PROJECT_BINARY_DIR}/lib)
# A shlibs file, so that other packages' dpkg-shlibdeps finds the libraries' package.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY "=")
set(erli18n_dev_depends "erli18n (= ${PROJECT_VERSION})")
if(ERLI18N_WITH_HTTPLIB)
  string(APPEND erli18n_dev_depends ", libcpp-httplib-dev, pkgconf | pkg-config")
endif()
if(ERLI18N_WITH_BEAST)
  string(APPEND erli18n_dev_depends ", libboost-dev (>= 1.74)")
endif()
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${erli18n_dev_depends}")
set(CPACK_DEBIAN_DEBUGINFO_PACKAGE ON)
# The static libraries without their debug info (cmake/package_strip_archives.cmake).
set(CPACK_PRE_BUILD_SCRIPTS ${PROJECT_SOURCE_DIR}/cmake/package_strip_archives.cmake)
set(CPACK_ERLI18N_OBJCOPY ${CMAKE_OBJCOPY})
include(CPack)
