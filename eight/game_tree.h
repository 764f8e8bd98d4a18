// game_tree.h — the lab's third task as a feature: the minimax subtree that follows the
// human's first move, with every node's value and the computer's choices marked.
//
//   you choose 2 -> total 2, value -3
//     computer chooses 1 -> total 3, value -5
//       ...
//     computer chooses 3 -> total 5, value -3  <= computer's choice
//
// A node's value is look_ahead's value there, with the depth left from a search of depth
// 8 started at the root (the search the computer makes for its first move).
#ifndef EIGHT_GAME_TREE_H
#define EIGHT_GAME_TREE_H

#include <string>
#include <vector>

struct TreeNode {
    int move = 0;                   // the number chosen to reach this node
    bool chosen_by_human = false;   // who chose it
    int total = 0;                  // the running total after it
    int value = 0;                  // the node's minimax value
    bool computers_choice = false;  // the computer's recommended move from the parent
    std::vector<TreeNode> children;
};

// Returns the tree below the human's first move (1, 2 or 3), searched depth moves deep.
TreeNode game_tree(int first_move, int depth);

// Returns the tree as indented text, one node per line.
std::string tree_text(const TreeNode &root);

// Returns the tree as a Graphviz digraph (render it with dot -Tpng).
std::string tree_dot(const TreeNode &root);

#endif
