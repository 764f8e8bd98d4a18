#include <iostream>
#include "board.h"
using namespace std;
int main() {
    cout << "Welcome to the game of eight!\n"
            "In this game the players take turns choosing a number, 1, 2 or 3.\n"
            "You may not choose the last number chosen. \n"
            "A running total of the numbers is kept.\n"
            "If a player chooses a number to make the total equal to eight, \n"
            "that player wins.\n"
            "If a player chooses a number to make the total greater than eight, \n"
            "that player loses.\n\n";
    Board game;
    while (!game.done()) {
        int move = 0;
        if (game.moves() % 2 == 0) {
            cout << "Please enter a number:  ";
            if (!(cin >> move)) {
                cout << "\n";
                return 1;
            }
            while (!game.is_legal(move)) {
                cout << "That move is not legal, choose another number: ";
                if (!(cin >> move)) {
                    cout << "\n";
                    return 1;
                }
            }
            game.play(move);
            cout << "You have chosen the number " << move << ".\n";
        } else {
            look_ahead(game, 8, move);
            game.play(move);
            cout << "The computer chooses the number " << move << ".\n";
        }
        cout << "The total score is " << game.total_now() << ".\n\n";
    }
    if (game.evaluate() > 0)
        cout << "The game is over. You win!\n";
    else
        cout << "The game is over. The computer wins!\n";
    return 0;
}
