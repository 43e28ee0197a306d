// `solver tetromino`: the tetromino square puzzle (docs/tetromino.md).
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>

#include "apps/solver/commands.h"
#include "apps/solver/input.h"
#include "apps/solver/options.h"
#include "engine/common/text.h"
#include "engine/puzzles/tetromino.h"

namespace po = boost::program_options;
namespace tet = puzzles::tetromino;

namespace solver_app {
namespace {

po::options_description tetromino_options() {
  po::options_description o(
      "Usage: solver tetromino --size N --signature I1,J1,L1,Z1 [--draw] [--time-limit S]\n"
      "       solver tetromino [FILE|-]              (JSON {\"size\":N,\"signature\":\"...\"})\n"
      "       solver tetromino --batch FILE|-        (one puzzle a line: JSON or \"N SIGNATURE\")\n"
      "       solver tetromino --random N [--seed S] (a solvable signature)\n\n"
      "Fills an N x N square exactly with the given counts of the tetrominoes I J L O S T Z,\n"
      "rotations allowed, reflections not (figures and angles as in docs/tetromino.md).\n"
      "Prints the answer first, on one line: a JSON list [[FIGURE,ANGLE,X,Y],...] (format:\n"
      "docs/tetromino.md; X column, Y row of the piece's bounding box's top-left cell, from 0,\n"
      "row 0 on top), or `impossible: REASON` (exit 1: area, a colouring argument, or a search\n"
      "that tried every way), or `unknown: ...` when the time limit passes first (exit 3; never\n"
      "a wrong impossible). --random also stops at the time limit with `unknown: ...`\n"
      "(exit 3): from about N = 1500 some draws take minutes. Bad input: one line on stderr,\n"
      "exit 2; a file that cannot be read: one line on stderr with the system's reason,\n"
      "nothing on stdout, exit 1. Batch mode writes one JSON object a line: size, signature,\n"
      "status, seconds, and the solution or the reason.\n\n"
      "Example: solver tetromino --size 4 --signature I1,J1,L1,Z1 --draw\n\nOptions");
  o.add_options()("help,h", "show this help")("size", po::value<std::string>(),
                                              "the square's side N, 1..2000")(
      "signature", po::value<std::string>(), "piece counts, e.g. I1,J1,L1,Z1")(
      "input", po::value<std::string>(), "a JSON puzzle file, or - for stdin")(
      "batch", po::value<std::string>(), "solve one puzzle per line of FILE (or - for stdin)")(
      "random", po::value<std::string>(),
      "print the signature of a random tiling of the N x N square, N even, 4..2000")(
      "seed", po::value<std::string>()->default_value("1"),
      "seed for --random and the restarts, 0..18446744073709551615 (2^64 - 1)")(
      "draw", "also draw the board as letters")(
      "stats", "also print seconds, placements tried and search runs")(
      "time-limit", po::value<std::string>()->default_value("10"),
      "seconds before giving up (unknown), above 0 and at most 1000000");
  return o;
}

int exit_code(tet::Status s) {
  return s == tet::Status::kSolved ? 0 : s == tet::Status::kImpossible ? 1 : 3;
}

int print_result(const tet::Puzzle& puzzle, const tet::Result& r, const po::variables_map& vm) {
  if (r.status == tet::Status::kSolved)
    std::cout << tet::to_json(r.placements) << "\n";
  else
    std::cout << (r.status == tet::Status::kImpossible ? "impossible: " : "unknown: ") << r.reason
              << "\n";
  if (vm.count("draw") && r.status == tet::Status::kSolved)
    std::cout << tet::draw(puzzle.size, r.placements);
  if (vm.count("stats"))
    std::printf("seconds %.6f\nplacements_tried %llu\nruns %d\n", r.seconds,
                static_cast<unsigned long long>(r.nodes), r.runs);
  return exit_code(r.status);
}

// A batch line: {"size":..,"signature":".."} or "N SIGNATURE".
tet::Puzzle parse_line(const std::string& line) {
  if (line.find('{') != std::string::npos) return tet::parse_puzzle_json(line);
  std::istringstream in(line);
  std::string size_text, signature, rest;
  if (!(in >> size_text >> signature) || (in >> rest))
    throw tet::TetrominoError("bad puzzle line " + common::quoted(line) +
                              ": expected N SIGNATURE or JSON");
  const auto size = common::parse_int<int>(size_text);
  if (!size)
    throw tet::TetrominoError("size " + common::quoted(size_text) + " is not valid: valid 1.." +
                              std::to_string(tet::kMaxSize));
  tet::check_size(*size);
  return {*size, tet::parse_signature(signature)};
}

bool blank_or_comment(const std::string& line) {
  const std::size_t first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

int batch(InputFile& in, double limit, std::uint64_t seed) {
  int worst = 0, line_number = 0;
  for (std::string line; in.next_line(line);) {
    ++line_number;
    if (blank_or_comment(line)) continue;
    tet::Puzzle p;
    try {
      p = parse_line(line);
    } catch (const tet::TetrominoError& e) {
      throw tet::TetrominoError("line " + std::to_string(line_number) + ": " + e.what());
    }
    const tet::Result r = tet::solve(p, limit, seed);
    const char* status = r.status == tet::Status::kSolved       ? "solved"
                         : r.status == tet::Status::kImpossible ? "impossible"
                                                                : "unknown";
    std::printf("{\"size\":%d,\"signature\":\"%s\",\"status\":\"%s\",\"seconds\":%.6f,", p.size,
                tet::format_signature(p.counts).c_str(), status, r.seconds);
    if (r.status == tet::Status::kSolved)
      std::printf("\"solution\":%s}\n", tet::to_json(r.placements).c_str());
    else
      std::printf("\"reason\":\"%s\"}\n", r.reason.c_str());
    std::fflush(stdout);
    worst = std::max(worst, exit_code(r.status));
  }
  return worst;
}

tet::Puzzle read_json_puzzle(const po::variables_map& vm) {
  InputFile file(vm.count("input") ? vm["input"].as<std::string>() : "-");
  return tet::parse_puzzle_json(file.read_all());
}

int random_signature(const po::variables_map& vm, double limit, std::uint64_t seed) {
  const int size = int_option(vm, "random", 4, tet::kMaxSize);
  const std::optional<tet::Counts> counts = tet::random_counts(size, seed, limit);
  if (!counts) {
    std::cout << "unknown: no random tiling of the " << size << " x " << size
              << " square found within " << limit << " s; raise --time-limit\n";
    return exit_code(tet::Status::kUnknown);
  }
  std::cout << tet::format_signature(*counts) << "\n";
  return 0;
}

int run(const po::variables_map& vm) {
  const double limit = seconds_option(vm, "time-limit", tet::kMaxTimeLimit);
  const auto seed =
      int_option<std::uint64_t>(vm, "seed", 0, std::numeric_limits<std::uint64_t>::max());
  if (vm.count("random")) return random_signature(vm, limit, seed);
  if (vm.count("batch")) {
    InputFile file(vm["batch"].as<std::string>());
    return batch(file, limit, seed);
  }
  if (vm.count("size") != vm.count("signature"))
    return bad_input("tetromino: give --size and --signature together, or a JSON puzzle");
  tet::Puzzle p;
  if (vm.count("size")) {
    const int size = int_option(vm, "size", 1, tet::kMaxSize);
    p = {size, tet::parse_signature(vm["signature"].as<std::string>())};
  } else {
    p = read_json_puzzle(vm);
  }
  return print_result(p, tet::solve(p, limit, seed), vm);
}

}  // namespace

int tetromino_command(const std::vector<std::string>& args) {
  po::positional_options_description positional;
  positional.add("input", 1);
  return run_game("tetromino", args, tetromino_options(), positional, run);
}

}  // namespace solver_app
