#include <iostream>

int main() {
    std::cout << "testing\n";
    return 0;
}
