#include <iostream>

int main() {
    std::cout << "eight, version 1\n";
    return 0;
}
