// The layering check's program: it does nothing; that it links is the check (CMakeLists.txt).
int main() { return 0; }
