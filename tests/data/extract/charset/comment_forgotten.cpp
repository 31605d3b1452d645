// café, then code: forgotten
int y;
int main() {
  gettext("forgotten");
}
