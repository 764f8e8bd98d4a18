// How many times a character appears in a line: the loop's index is an int, as most
// students write it, and -Wall warns of comparing it with the string's size.
#include <string>

int countOf(const std::string &line, char wanted) {
    int count = 0;
    for (int i = 0; i < line.size(); ++i)
        if (line[i] == wanted) ++count;
    return count;
}
