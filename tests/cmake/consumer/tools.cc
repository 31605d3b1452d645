// The toolchain's public headers (erli18n/tools/) as C++17, linking erli18n::tools.
#include <erli18n/tools/extract.h>
#include <erli18n/tools/lint.h>
#include <erli18n/tools/merge.h>
#include <erli18n/tools/report.h>
#include <erli18n/tools/template_diff.h>

#include <iostream>

int main() {
  if (!erli18n::diff_templates(erli18n::po_file{}, erli18n::po_file{}).empty()) return 1;
  std::cout << "ok\n";
  return 0;
}
