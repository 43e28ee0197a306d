// partner: a heuristic that plays the partnership convention of Latin American (Venezuelan,
// Spanish, Caribbean) four-seat Block Dominoes, as its books and players write it down.
//
// Sources, and what each rule takes from them:
//   [S] Héctor Simosa Alarcón ("El Tigre de Carayaca"), "Ciencia y Arte en el Dominó" (Caracas,
//       1957; later editions), as summarised by Mariano Castel's "Dominó: arte o ciencia" pages
//       ("Consejos para un principiante", "Ficha dura y ficha blanda"): lead the highest double
//       you hold another tile of ("el mayor doble acompañado"), else the tile whose two values you
//       hold the most other tiles of, ties to the more pips; prefer placing doubles, which can be
//       "hanged" (left unplayable when the other six of their value are down); "hard" tiles, of
//       values you hold or that are mostly played, close the game to the others.
//   [Z] Ignacio Zaibert, "Principios y Sistemas del Dominó por Parejas" (principle 2, "repetir
//       los palos iniciados por el compañero": repeat the suits your partner started), and his
//       choice of the lead double by how many tiles accompany it ("el doble más acompañado").
//   [C] Mariano Castel, "28 consejos para jugar al dominó por parejas" (2012): no. 4, respect and
//       protect the partner: leave its suits open, cover the values unfavourable to it; no. 3,
//       make war on the opponents' suits; no. 1, shed heavy tiles early against a blocked hand.
//   [D] dominoj.com, "Tips": remember which values each opponent has passed on; the suit a player
//       leads is probably its strongest.
//   [H] the seed heuristic (strategies/heuristic): its rule 2 (a tile whose values the next seat
//       has shown it lacks) and its rule 3's count of visible carriers, which measures [S]'s hard
//       ends.
//
// The rules, in order, for a seat at a four-seat table with partners (docs/rules.md, "Three and
// four seats"); each rule keeps the moves it prefers and hands them to the next, a rule that
// would keep none keeps all:
//   Lead (empty line, free lead): the double of the value the seat holds most other tiles of,
//      when it holds another tile of some double's value (ties: the higher double) [Z, S]; else
//      the tile whose two values it holds the most other tiles of (ties: more pips, then the
//      higher high value) [S]. "Strongest suit" is read as the most tiles held of a value.
//   0. A double when one is legal [S, H]. (A double never takes a value off the ends, so it never
//      blocks the partner.)
//   1. Do not block the partner: no move that takes a partner's suit off the open ends [C 4].
//      The partner's suits are the values of the tile it led [Z, D] (when it led this game), less
//      those it has since passed on and those of which the seat sees every tile.
//   2. Repeat the partner's suit: a move that leaves one of its values at the end played on [Z].
//   3. Against the opponents: the most open ends after the move that the next seat (an opponent,
//      who must answer them) has shown it lacks [D, H]; then the fewest the partner lacks (cover
//      what is unfavourable to it) [C 4]; then the most the other opponent lacks [C 3].
//   4. Hard ends: the most tiles carrying an open end after the move among those in hand and on
//      the line [S, H] (the others are least likely to hold the rest).
//   5. Strength: the most tiles kept in hand that carry an open end after the move (do not open a
//      value without strength) [S].
//   6. Heavy tiles: the most pips [C 1]; then the highest in the seed's order (a fixed tie-break).
// The order of the rules and two readings are ours: the sources give advice, not a ranked
// procedure. Reading the partner's suits as every value it put at an end (not only its lead) and
// leaving out rules 0 and 4 cost about 0.7 points a game against `heuristic` teams (100,000
// duplicate deals each, four seats: -1.18 +- 0.08 against +0.56 +- 0.07 for these rules), so the
// narrower reading and those two rules stand.
//
// With two or three seats, or four without partners (cut-throat), there is no partner: the seat
// plays the seed heuristic's rules (strategies/heuristic), as `heuristic` does.
//
// Deterministic: no random draw; policy() is certain.
#pragma once

#include "strategies/strategy.h"
#include "strategies/strategy_info.h"

namespace strategies {

/// The partnership convention (header comment).
class PartnershipStrategy final : public Strategy {
 public:
  /// Returns the move of the lead rule and rules 0-6 with partners, else the seed heuristic's;
  /// uses no randomness.
  Move choose(const Observation& obs, const MoveList& legal, Rng& rng) override;
  /// The policy is certain: choose()'s move has probability 1.
  bool policy(const Observation& obs, const MoveList& legal,
              std::span<double> probabilities) override {
    Rng unused;
    return certain_policy(legal, choose(obs, legal, unused), probabilities);
  }
  std::unique_ptr<Strategy> clone() const override {
    return std::make_unique<PartnershipStrategy>();
  }
};

/// Returns the registry entry of `partner`: its name, summary, sources and factory.
StrategyInfo partnership_strategy_info();

}  // namespace strategies
