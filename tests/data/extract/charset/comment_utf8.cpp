// Café menu.
// Second line.
int main() {
  gettext("menu");
}
