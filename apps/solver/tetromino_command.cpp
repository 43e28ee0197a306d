// `solver tetromino`: seed 003's tetromino square (shared/TETROMINO.md).
#include <boost/program_options.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "apps/solver/commands.h"
#include "apps/solver/options.h"
#include "engine/solvers/tetromino.h"

namespace po = boost::program_options;
namespace tet = solvers::tetromino;

namespace solver_app {
namespace {

po::options_description tetromino_options() {
  po::options_description o(
      "Usage: solver tetromino --size N --signature I1,J1,L1,Z1 [--draw] [--time-limit S]\n"
      "       solver tetromino [FILE|-]              (JSON {\"size\":N,\"signature\":\"...\"})\n"
      "       solver tetromino --batch FILE|-        (one puzzle a line: JSON or \"N SIGNATURE\")\n"
      "       solver tetromino --random N [--seed S] (a solvable signature)\n\n"
      "Fills an N x N square exactly with the given counts of the tetrominoes I J L O S T Z,\n"
      "rotations allowed, reflections not (seed 003; figures and angles as in TETROMINO.md).\n"
      "Prints the answer first, on one line: the contest's JSON list [[FIGURE,ANGLE,X,Y],...]\n"
      "(X column, Y row of the piece's bounding box's top-left cell, from 0, row 0 on top), or\n"
      "`impossible: REASON` (exit 1: area, a colouring argument, or a search that tried every\n"
      "way), or `unknown: ...` when the time limit passes first (exit 3; never a wrong\n"
      "impossible). Bad input: one line on stderr, exit 2. Batch mode writes one JSON object a\n"
      "line: size, signature, status, seconds, and the solution or the reason.\n\nOptions");
  o.add_options()("help,h", "show this help")(
      "size", po::value<int>(), "the square's side N")(
      "signature", po::value<std::string>(), "piece counts, e.g. I1,J1,L1,Z1")(
      "input", po::value<std::string>(), "a JSON puzzle file, or - for stdin")(
      "batch", po::value<std::string>(), "solve one puzzle per line of FILE (or - for stdin)")(
      "random", po::value<int>(), "print the signature of a random tiling of the N x N square")(
      "seed", po::value<std::uint64_t>()->default_value(1), "seed for --random and the restarts")(
      "draw", "also draw the board as letters")(
      "stats", "also print seconds, placements tried and search runs")(
      "time-limit", po::value<double>()->default_value(10.0), "seconds before giving up (unknown)");
  return o;
}

int exit_code(tet::Status s) {
  return s == tet::Status::kSolved ? 0 : s == tet::Status::kImpossible ? 1 : 3;
}

int print_result(const tet::Puzzle& puzzle, const tet::Result& r, const po::variables_map& vm) {
  if (r.status == tet::Status::kSolved) std::cout << tet::to_json(r.placements) << "\n";
  else std::cout << (r.status == tet::Status::kImpossible ? "impossible: " : "unknown: ") << r.reason << "\n";
  if (vm.count("draw") && r.status == tet::Status::kSolved) std::cout << tet::draw(puzzle.size, r.placements);
  if (vm.count("stats"))
    std::printf("seconds %.6f\nplacements_tried %llu\nruns %d\n", r.seconds,
                static_cast<unsigned long long>(r.nodes), r.runs);
  return exit_code(r.status);
}

// A batch line: {"size":..,"signature":".."} or "N SIGNATURE".
tet::Puzzle parse_line(const std::string& line) {
  if (line.find('{') != std::string::npos) return tet::parse_puzzle_json(line);
  std::istringstream in(line);
  long long size = 0;
  std::string signature, rest;
  if (!(in >> size >> signature) || (in >> rest))
    throw tet::TetrominoError("bad puzzle line \"" + line + "\": expected N SIGNATURE or JSON");
  if (size < 1 || size > tet::kMaxSize) tet::check_size(static_cast<int>(std::max<long long>(0, std::min<long long>(size, tet::kMaxSize + 1))));
  return {static_cast<int>(size), tet::parse_signature(signature)};
}

int batch(std::istream& in, double limit, std::uint64_t seed) {
  int worst = 0, line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    tet::Puzzle p;
    try {
      p = parse_line(line);
    } catch (const tet::TetrominoError& e) {
      throw tet::TetrominoError("line " + std::to_string(line_number) + ": " + e.what());
    }
    const tet::Result r = tet::solve(p, limit, seed);
    const char* status = r.status == tet::Status::kSolved ? "solved" : r.status == tet::Status::kImpossible ? "impossible" : "unknown";
    std::printf("{\"size\":%d,\"signature\":\"%s\",\"status\":\"%s\",\"seconds\":%.6f,", p.size,
                tet::format_signature(p.counts).c_str(), status, r.seconds);
    if (r.status == tet::Status::kSolved) std::printf("\"solution\":%s}\n", tet::to_json(r.placements).c_str());
    else std::printf("\"reason\":\"%s\"}\n", r.reason.c_str());
    std::fflush(stdout);
    worst = std::max(worst, exit_code(r.status));
  }
  return worst;
}

tet::Puzzle read_json_puzzle(const po::variables_map& vm) {
  const std::string path = vm.count("input") ? vm["input"].as<std::string>() : "-";
  std::stringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream file(path);
    if (!file) throw tet::TetrominoError("cannot read \"" + path + "\"");
    text << file.rdbuf();
  }
  return tet::parse_puzzle_json(text.str());
}

int run(const po::variables_map& vm) {
  const double limit = vm["time-limit"].as<double>();
  if (!(limit > 0)) return bad_input("tetromino: time-limit must be positive seconds");
  const std::uint64_t seed = vm["seed"].as<std::uint64_t>();
  if (vm.count("random")) {
    std::cout << tet::format_signature(tet::random_counts(vm["random"].as<int>(), seed)) << "\n";
    return 0;
  }
  if (vm.count("batch")) {
    const std::string path = vm["batch"].as<std::string>();
    if (path == "-") return batch(std::cin, limit, seed);
    std::ifstream file(path);
    if (!file) return bad_input("tetromino: cannot read \"" + path + "\"");
    return batch(file, limit, seed);
  }
  if (vm.count("size") != vm.count("signature"))
    return bad_input("tetromino: give --size and --signature together, or a JSON puzzle");
  tet::Puzzle p;
  if (vm.count("size")) {
    tet::check_size(vm["size"].as<int>());
    p = {vm["size"].as<int>(), tet::parse_signature(vm["signature"].as<std::string>())};
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
