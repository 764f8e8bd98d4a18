/* boxes_baseline.c: the plain C program that boxes is measured against (bench_boxes).
 * It is what a straightforward student solution of the assignment does for
 * `boxes H W P FILE` when input ends at once. It reads the save file with stdio, prints
 * the grid with stdio and the first prompt, then stops at end of input. It validates
 * nothing beyond the format. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 5) return 1;
    const int h = atoi(argv[1]), w = atoi(argv[2]);
    FILE *file = fopen(argv[4], "r");
    if (file == NULL) return 4;
    int next = 0;
    if (fscanf(file, "%d", &next) != 1) return 5;
    /* Edge lines: 2h+1 of them, w characters for dot rows, w+1 for cell rows. */
    char *edges = malloc((size_t)(2 * h + 1) * (size_t)(w + 1));
    unsigned char *owners = malloc((size_t)h * (size_t)w);
    if (edges == NULL || owners == NULL) return 5;
    for (int line = 0; line <= 2 * h; ++line) {
        const int length = line % 2 == 0 ? w : w + 1;
        for (int c = 0; c < length;) {
            const int ch = getc(file);
            if (ch == EOF) return 5;
            if (ch == '0' || ch == '1')
                edges[(size_t)line * (size_t)(w + 1) + (size_t)c++] = (char)(ch == '1');
        }
    }
    for (long k = 0; k < (long)h * w; ++k) {
        int owner = 0;
        if (fscanf(file, "%d,", &owner) != 1) return 5;
        owners[k] = (unsigned char)owner;
    }
    fclose(file);
    /* Each row made in a line buffer and written with one fwrite: the usual fast stdio. */
    char *row = malloc((size_t)(2 * w + 2));
    if (row == NULL) return 5;
    for (int r = 0; r <= h; ++r) {
        const char *across = edges + (size_t)(2 * r) * (size_t)(w + 1);
        size_t n = 0;
        for (int c = 0; c < w; ++c) {
            row[n++] = '+';
            row[n++] = across[c] ? '-' : ' ';
        }
        row[n++] = '+';
        row[n++] = '\n';
        fwrite(row, 1, n, stdout);
        if (r == h) break;
        const char *down = edges + (size_t)(2 * r + 1) * (size_t)(w + 1);
        const unsigned char *owner = owners + (size_t)r * (size_t)w;
        n = 0;
        for (int c = 0; c <= w; ++c) {
            row[n++] = down[c] ? '|' : ' ';
            if (c < w) row[n++] = owner[c] ? (char)('A' + owner[c] - 1) : ' ';
        }
        row[n++] = '\n';
        fwrite(row, 1, n, stdout);
    }
    printf("%c> ", 'A' + next - 1);
    fflush(stdout);
    if (getchar() == EOF) {
        fputs("End of user input\n", stderr);
        return 6;
    }
    return 0;
}
