// Placeholder: the demo lands with the PO reader.
#include <cstdio>
int main() {
  std::puts("hello");
  return 0;
}
