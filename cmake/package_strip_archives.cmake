# Run by cpack (CPACK_PRE_BUILD_SCRIPTS, cmake/package.cmake) on the installed files before they
# are packaged: the static libraries of erli18n-dev lose their debug info, as Debian's -dev
# packages do (the shared libraries' goes to erli18n-dbgsym); their symbols stay.
file(GLOB_RECURSE archives "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*.a")
foreach(archive IN LISTS archives)
  execute_process(COMMAND "${CPACK_ERLI18N_OBJCOPY}" --strip-debug "${archive}" RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "objcopy --strip-debug ${archive} failed")
  endif()
endforeach()
