int main() {
  puts(/* café */ "a"); gettext("same line");
}
