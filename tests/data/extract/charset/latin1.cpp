// Café (Latin-1)
int main() {
  gettext("café");
  gettext("naïve");
}
