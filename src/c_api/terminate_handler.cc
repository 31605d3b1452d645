// The terminate handler of the shared libraries' own C++ runtime (liberli18n_intl.so and
// liberli18n_intl_cxx.so link libstdc++ statically and hidden: src/c_api/CMakeLists.txt).
//
// Why: libstdc++'s default handler, __gnu_cxx::__verbose_terminate_handler, demangles the
// name of the exception in flight, and so links the demangler, whose operator and builtin
// type tables are 3.2 KB of pointers in .data.rel.ro. The dynamic linker relocates, and so
// writes, every page of that segment at every start of every program the library is
// preloaded into: one private page more a start, the most costly kind on a virtual machine
// (docs/performance.md, "Issue 25, tenth pass"). libstdc++ defines the variable that holds
// the handler alone in an object of its archive (eh_term_handler.o); this definition takes
// its place in the link, and the verbose handler and the demangler are no longer linked.
//
// Nothing of the library should ever reach it: every C entry point catches what it calls,
// and the library throws no exception across its boundary. Should a bug get there, the
// process still stops as std::terminate promises, saying where, without the exception's
// name. std::set_terminate in a program changes that program's runtime's handler, not this
// hidden copy's; the library calls none.
//
// Built only into the two shared libraries, and only with the static runtime: linked
// against libstdc++.so (the sanitizer builds) or into a program (liberli18n_intl.a), this
// definition would take the program's own handler's place.
#include <cstdlib>
#include <exception>

#include <unistd.h>

namespace {

[[noreturn]] void library_terminate() noexcept {
  static constexpr char message[] =
      "liberli18n_intl: terminate called (an exception left a function that must not throw)\n";
  (void)!::write(STDERR_FILENO, message, sizeof message - 1);
  std::abort();
}

}  // namespace

namespace __cxxabiv1 {
// The name and type libstdc++'s own definition has (libsupc++'s unwind-cxx.h declares it).
// NOLINTNEXTLINE(bugprone-reserved-identifier)
std::terminate_handler __terminate_handler = library_terminate;
}  // namespace __cxxabiv1
