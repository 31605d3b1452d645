# The library's layers (src/<layer>/, HACKING.md "Layers"): each is an object library whose
# include path holds its own folder and those of the layers it may use, and no other, so an
# include pointing upward fails to compile. The layering check (tests/layering/) links each
# layer's objects with only the layers below it, so a call pointing upward fails to link.
#
#   erli18n_add_layer(<name> [USES <lower layer>...] SOURCES <file>...)
#
# USES names the layers directly below that this one may include; their own USES follow
# transitively. Every layer sees the public headers (include/).
function(erli18n_add_layer name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "USES;SOURCES")
  set(target erli18n_layer_${name})
  add_library(${target} OBJECT ${arg_SOURCES})
  target_include_directories(${target}
    PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}> $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>)
  foreach(lower IN LISTS arg_USES)
    # An object library linked to another gets its usage requirements, not its objects.
    target_link_libraries(${target} PUBLIC erli18n_layer_${lower})
  endforeach()
  # C++23 inside; the public headers only need C++17 (tests/cmake proves it). PIC, so that the
  # same objects serve the static library and liberli18n_intl.so.
  set_target_properties(${target} PROPERTIES CXX_STANDARD 23 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF
                                             POSITION_INDEPENDENT_CODE ON)
  # A section per function and datum: liberli18n_intl.so's link orders them
  # (src/c_api/startup_functions.ld, cold_rodata.ld) and drops those it never calls
  # (--gc-sections).
  target_compile_options(${target} PRIVATE -ffunction-sections -fdata-sections)
  erli18n_set_warnings(${target})
endfunction()

# erli18n_optimize_for_size(<source>...): compiles these sources of the current directory for
# size (-Os) in the optimised build types. For code that runs once per catalog or per process
# (reading a .mo's structure, compiling a plural rule, publishing a catalog, resolving a
# locale's catalog files), not per lookup: a short-lived program pays for the pages its
# start-up code spans, a few microseconds each in a virtual machine, not for its
# instructions, and -O3's inlining and unrolling made that code three times as large
# (docs/performance.md, issue 25's ninth pass: the pages of liberli18n_intl.so a preloaded
# `ls --help` touches, 51 before, 35 after). A source property is seen by the targets of the
# directory that sets it only: call it where the source's target is defined.
function(erli18n_optimize_for_size)
  set_property(SOURCE ${ARGN} APPEND PROPERTY COMPILE_OPTIONS $<$<CONFIG:Release,RelWithDebInfo>:-Os>)
endfunction()

# The objects of `layers`, as a list of $<TARGET_OBJECTS:...>, for the libraries built from them.
function(erli18n_layer_objects out)
  set(objects "")
  foreach(layer IN LISTS ARGN)
    list(APPEND objects $<TARGET_OBJECTS:erli18n_layer_${layer}>)
  endforeach()
  set(${out} ${objects} PARENT_SCOPE)
endfunction()

# erli18n_shared_library(<target> <output name> <export name>): the properties every shared
# library of the project has: a versioned SONAME (lib<output name>.so.0, the file
# lib<output name>.so.VERSION), its output in build/lib beside liberli18n_intl.so, and
# $ORIGIN as its run path, so that an installed library finds its siblings wherever the
# prefix is moved.
function(erli18n_shared_library target output_name export_name)
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${output_name} EXPORT_NAME ${export_name}
                                             VERSION ${PROJECT_VERSION} SOVERSION ${ERLI18N_SOVERSION}
                                             LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib
                                             INSTALL_RPATH "$ORIGIN" LINKER_LANGUAGE CXX)
endfunction()
