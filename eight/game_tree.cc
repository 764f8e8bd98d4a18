// game_tree.cc — the minimax subtree of the game of eight, as text and as Graphviz DOT.
#include "game_tree.h"

#include "board.h"

namespace {

// Returns the node reached by `move` into game (already played), with its subtree.
TreeNode build(const Board &game, int move, int depth) {
    TreeNode node;
    node.move = move;
    node.chosen_by_human = !game.human_to_move();  // the player who just moved
    node.total = game.current_total();
    int recommended = 0;
    node.value = look_ahead(game, depth, recommended);
    if (game.done() || depth == 0) return node;
    for (int next = 1; next <= 3; next++) {
        if (!game.is_legal(next)) continue;
        Board after = game;
        after.play(next);
        node.children.push_back(build(after, next, depth - 1));
        node.children.back().computers_choice = !game.human_to_move() && next == recommended;
    }
    return node;
}

// Returns "you choose 2 -> total 2, value -3" and the ending or mark, for one node.
std::string describe(const TreeNode &node) {
    std::string text = std::string(node.chosen_by_human ? "you choose " : "computer chooses ") +
                       std::to_string(node.move) + " -> total " + std::to_string(node.total) + ", value " +
                       std::to_string(node.value);
    if (node.total == 8) text += node.chosen_by_human ? ", you win" : ", the computer wins";
    if (node.total > 8) text += node.chosen_by_human ? ", the computer wins" : ", you win";
    if (node.computers_choice) text += "  <= computer's choice";
    return text;
}

void append_text(const TreeNode &node, int level, std::string &out) {
    out += std::string(2 * level, ' ') + describe(node) + '\n';
    for (const TreeNode &child : node.children) append_text(child, level + 1, out);
}

// Appends node (numbered id) and its subtree; returns the next free id.
int append_dot(const TreeNode &node, int id, std::string &out) {
    out += "  n" + std::to_string(id) + " [label=\"" + (node.chosen_by_human ? "you: " : "computer: ") +
           std::to_string(node.move) + "\\ntotal " + std::to_string(node.total) + "\\nvalue " +
           std::to_string(node.value) + "\"];\n";
    int next_id = id + 1;
    for (const TreeNode &child : node.children) {
        int child_id = next_id;
        next_id = append_dot(child, child_id, out);
        out += "  n" + std::to_string(id) + " -> n" + std::to_string(child_id) + " [label=\"" +
               std::to_string(child.move) + "\"" + (child.computers_choice ? ", color=red, penwidth=2" : "") +
               "];\n";
    }
    return next_id;
}

}  // namespace

TreeNode game_tree(int first_move, int depth) {
    Board game;
    game.play(first_move);
    return build(game, first_move, depth);
}

std::string tree_text(const TreeNode &root) {
    std::string out;
    append_text(root, 0, out);
    return out;
}

std::string tree_dot(const TreeNode &root) {
    std::string out = "digraph eight {\n  node [shape=box, fontname=\"Helvetica\"];\n";
    append_dot(root, 0, out);
    return out + "}\n";
}
