// po_check FILE...: reads each PO file with erli18n's reader and prints "FILE: ok" or the
// diagnostic. Exit status 0 when every file was accepted, 1 otherwise. The parity scripts
// compare its verdicts with msgcat's.
#include <iostream>

#include "erli18n/po.h"

int main(int argc, char** argv) {
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    erli18n::result<erli18n::po_file> po = erli18n::read_po_file(argv[i]);
    if (po) {
      std::cout << argv[i] << ": ok (" << po->messages.size() << " entries, charset " << po->charset << ")\n";
    } else {
      std::cout << po.error().to_string() << '\n';
      status = 1;
    }
  }
  return status;
}
