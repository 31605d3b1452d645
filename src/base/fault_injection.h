// Test hook for the store's write path. Tests install a function that throws at a chosen
// step (or an allocation failure), then check that every published catalog is unchanged
// and that the next write succeeds. With no hook installed a step costs one atomic load.
#ifndef ERLI18N_SRC_FAULT_INJECTION_H
#define ERLI18N_SRC_FAULT_INJECTION_H

namespace erli18n::detail {

enum class write_step { read, parse, validate, build, publish };

using fault_hook = void (*)(write_step);

// Installs `hook` (nullptr removes it). Returns the previous hook.
fault_hook set_fault_hook(fault_hook hook) noexcept;

// Calls the hook, if any, which may throw to make the write fail at `step`.
void fault_point(write_step step);

}  // namespace erli18n::detail

#endif  // ERLI18N_SRC_FAULT_INJECTION_H
