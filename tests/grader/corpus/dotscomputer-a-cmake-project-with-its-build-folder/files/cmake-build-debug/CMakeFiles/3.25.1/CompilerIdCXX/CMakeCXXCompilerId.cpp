/* Stands for the compiler-identification source CMake writes into every build folder: a
   C++ file with a main of its own, which identifies the compiler from its macros. */
#if defined(__GNUC__)
char const *info_compiler = "INFO:compiler[GNU]";
#endif

int main(int argc, char *argv[]) {
    (void)argv;
    return info_compiler[argc] != 0 ? 0 : 1;
}
