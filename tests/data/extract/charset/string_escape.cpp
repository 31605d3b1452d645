int main() {
  gettext("esc\xe9");
}
