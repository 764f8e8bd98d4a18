// command_line.h — how every dotssolve command ends: 0 for an answer, 1 (with a sentence
// on standard error) for a problem it cannot solve, 2 for a bad command line (CLI11 says why).
#pragma once

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <string>

namespace dotslab {

// Returns the exit status of parsing app's command line and then running body, which
// returns the status of an answer; `who` names the command in messages ("dotssolve book").
template <typename Body>
int runCommand(CLI::App &app, int argc, char **argv, const std::string &who, Body body) {
    try {
        app.parse(argc, argv);
        return body();
    } catch (const CLI::ParseError &e) {
        return app.exit(e) == 0 ? 0 : 2;
    } catch (const std::exception &e) {
        std::cerr << who << ": " << e.what() << "\n";
        return 1;
    }
}

}  // namespace dotslab
