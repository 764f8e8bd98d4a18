#include "game.h"
int main() {
    int n;
    if (!readSize(n)) return 0;
    Game g(n);
    bool human = true;
    bool quit = false;
    while (!quit) {
        g.print();
        cout << "You: " << g.you << "    Me: " << g.me << "\n\n";
        int dir, r, c;
        if (!human) {
            Edge e = choose(g);
            dir = e.dir;
            r = e.r;
            c = e.c;
            int r2 = dir == 0 ? r : r + 1, c2 = dir == 0 ? c + 1 : c;
            cout << "I choose to connect dots " << dotName(r, c) << " and " << dotName(r2, c2) << ".\n";
        } else {
            for (;;) {
                cout << "What two dots would you like to connect? (Q to quit) ";
                string line;
                if (!getline(cin, line)) {
                    quit = true;
                    break;
                }
                string s;
                for (size_t i = 0; i < line.size(); ++i) {
                    unsigned char ch = line[i];
                    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9'))
                        s += (char)ch;
                }
                if (s == "Q") {
                    quit = true;
                    break;
                }
                bool ok = s.size() == 4;
                int rr[2], cc[2];
                for (int k = 0; ok && k < 2; ++k) {
                    char x = s[2 * k], y = s[2 * k + 1];
                    char L, D;
                    if (x >= 'a' && x <= 'z' && y >= '0' && y <= '9') {
                        L = x;
                        D = y;
                    } else if (y >= 'a' && y <= 'z' && x >= '0' && x <= '9') {
                        L = y;
                        D = x;
                    } else {
                        ok = false;
                        break;
                    }
                    rr[k] = L - 'a';
                    cc[k] = D - '1';
                    if (rr[k] < 0 || rr[k] > n || cc[k] < 0 || cc[k] > n) ok = false;
                }
                if (ok) {
                    if (rr[0] == rr[1] && (cc[0] - cc[1] == 1 || cc[1] - cc[0] == 1)) {
                        dir = 0;
                        r = rr[0];
                        c = cc[0] < cc[1] ? cc[0] : cc[1];
                        ok = !g.h[r][c];
                    } else if (cc[0] == cc[1] && (rr[0] - rr[1] == 1 || rr[1] - rr[0] == 1)) {
                        dir = 1;
                        c = cc[0];
                        r = rr[0] < rr[1] ? rr[0] : rr[1];
                        ok = !g.v[r][c];
                    } else
                        ok = false;
                }
                if (ok) break;
                cout << "Sorry, try again.\n";
            }
            if (quit) break;
        }
        int got = g.apply(dir, r, c, human ? 'H' : 'C');
        if (!got) human = !human;
        cout << "\n";
        if (g.full()) break;
    }
    g.print();
    cout << "\nFinal Score:\n  You:" << g.you << "\n  Me :" << g.me << "\n";
    if (g.you > g.me)
        cout << "Congratulations!\n";
    else if (g.you < g.me)
        cout << "Better luck next time.\n";
    else
        cout << "I think we need a rematch.\n";
    return 0;
}
