// eight.cc — CSCI 132 Lab 6: play the game of eight against a computer that looks ahead.
//
//   eight                    play (the human moves first)
//   eight --tree N [--dot]   print the minimax subtree after the human's first move N
//                            (the lab's third task), as text or as Graphviz DOT
#include <cstring>
#include <iostream>
#include <optional>
#include <string>

#include "board.h"
#include "game_tree.h"
#include "text/integer_token.h"

namespace {

const int kSearchDepth = 8;

void print_welcome() {
    std::cout << "Welcome to the game of eight!\n"
                 "In this game the players take turns choosing a number, 1, 2 or 3.\n"
                 "You may not choose the last number chosen. \n"
                 "A running total of the numbers is kept.\n"
                 "If a player chooses a number to make the total equal to eight, \n"
                 "that player wins.\n"
                 "If a player chooses a number to make the total greater than eight, \n"
                 "that player loses.\n"
                 "\n";
}

// Reads the human's number until it is legal; returns false at end of input.
bool read_legal_move(const Board &game, int &move) {
    std::cout << "Please enter a number:  ";
    for (;;) {
        std::string token;
        if (!(std::cin >> token)) return false;
        std::optional<int> number = dotslab::integerToken(token);  // "abc", "3.5" are not numbers
        if (number && game.is_legal(*number)) {
            move = *number;
            return true;
        }
        std::cout << "That move is not legal, choose another number: ";
    }
}

int play_game() {
    Board game;
    print_welcome();
    while (!game.done()) {
        int move = 0;
        if (game.human_to_move()) {
            if (!read_legal_move(game, move)) {  // end of input
                std::cout << '\n';
                return 1;
            }
            game.play(move);
            std::cout << "You have chosen the number " << move << ".\n";
        } else {
            look_ahead(game, kSearchDepth, move);
            game.play(move);
            std::cout << "The computer chooses the number " << move << ".\n";
        }
        std::cout << "The total score is " << game.current_total() << ".\n\n";
    }
    if (game.evaluate() > 0)
        std::cout << "The game is over. You win!\n";
    else
        std::cout << "The game is over. The computer wins!\n";
    return 0;
}

int usage() {
    std::cerr << "usage: eight [--tree N [--dot]]   (N is the human's first move: 1, 2 or 3)\n";
    return 2;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc == 1) return play_game();
    if (argc == 2 && std::strcmp(argv[1], "--help") == 0) {
        std::cout
            << "usage: eight [--tree N [--dot]]\n"
               "  The game of eight against minimax: players take turns to add 1, 2 or 3 (never the\n"
               "  number just played) to a running total; whoever reaches 8 exactly wins, passing it\n"
               "  loses. Type the number to add.\n"
               "  --tree N         print the game tree after the human's first move N (1, 2 or 3)\n"
               "  --tree N --dot   the same tree in Graphviz: eight --tree 2 --dot | dot -Tsvg > tree.svg\n";
        return 0;
    }
    if ((argc != 3 && argc != 4) || std::strcmp(argv[1], "--tree") != 0) return usage();
    std::optional<int> first = dotslab::integerToken(argv[2]);
    if (!first || *first < 1 || *first > 3) return usage();
    bool dot = argc == 4;
    if (dot && std::strcmp(argv[3], "--dot") != 0) return usage();
    TreeNode root = game_tree(*first, kSearchDepth);
    std::cout << (dot ? tree_dot(root) : tree_text(root));
    return 0;
}
