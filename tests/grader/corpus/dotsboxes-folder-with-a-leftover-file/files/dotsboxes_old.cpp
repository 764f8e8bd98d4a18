#include <iostream>

int main() {
    std::cout << "first try\n";
    return 0;
}
