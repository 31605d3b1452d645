// ASCII only: every charset mode agrees.
int main() {
  gettext("plain");
  puts("café is not extracted");  // nor this: café
}
