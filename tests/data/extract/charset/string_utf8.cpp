int main() {
  gettext(
      "first line "
      "café");
}
