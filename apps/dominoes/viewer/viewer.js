// The game viewer's script (viewer.html): replays the games that `dominoes view` put in the page
// (the records of `dominoes run --games-out`, docs/formats.md) move by move. The page works the
// replay out itself from each record's deal and moves: the line and its open ends, the hands, the
// passes and what they reveal, the pips left, how the game ended and the points by the record's
// rules. The record's own pips and points are not used for what is shown (only to warn when they
// differ), so a test can hold the page's score against the record's.
//
// Seats: every per-seat list (players, hands, pips, points) may have any length; "teams", when a
// record has it, gives each seat's side (seats of one side play as partners).
"use strict";

(function () {
  const SVG_NS = "http://www.w3.org/2000/svg"; // the SVG namespace's name; nothing is fetched
  const SEAT_COLOURS = ["#2f6fdf", "#d9822b", "#2a9d6f", "#b04fc9", "#c23b4a", "#7a6a2f"];
  const SEED_RULES = { double: 6, "hand-size": 7, scoring: "opponent-pips", leader: "random", target: 0 };

  const data = JSON.parse(document.getElementById("games-data").textContent);
  const $ = (id) => document.getElementById(id);

  // --- the game: tiles, replay, ending and score ------------------------------------------------

  // "3-5" -> [3, 5]
  function parseTile(text) {
    const parts = String(text).split("-").map(Number);
    return [parts[0], parts[1]];
  }
  const tileText = (t) => t[0] + "-" + t[1];
  const sameTile = (a, b) => (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);
  const pipsOf = (hand) => hand.reduce((sum, t) => sum + t[0] + t[1], 0);
  const colour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

  // Returns the state after the first `steps` moves of `game`: hands left, the line as laid
  // (each tile oriented as it lies, left to right, with the seat that laid it), the open ends,
  // what each seat has shown it lacks (by passing), and a problem when a move cannot be made.
  function replay(game, steps) {
    const hands = game.hands.map((h) => h.slice());
    const line = [];
    const lacks = hands.map(() => new Set());
    let left = null;
    let right = null;
    let problem = null;
    for (let k = 0; k < steps && !problem; ++k) {
      const m = game.moves[k];
      const hand = hands[m.seat];
      if (!hand) {
        problem = "move " + (k + 1) + " names seat " + m.seat + ", which is not in the game";
        break;
      }
      if (m.pass) {
        if (left !== null) {
          lacks[m.seat].add(left);
          lacks[m.seat].add(right);
        }
        continue;
      }
      const t = parseTile(m.tile);
      const at = hand.findIndex((h) => sameTile(h, t));
      if (at < 0) {
        problem = "move " + (k + 1) + ": seat " + m.seat + " does not hold " + m.tile;
        break;
      }
      hand.splice(at, 1);
      if (left === null) {
        line.push({ a: t[0], b: t[1], seat: m.seat, step: k + 1 });
        left = t[0];
        right = t[1];
      } else if (m.end === "L" && (t[0] === left || t[1] === left)) {
        const outer = t[1] === left ? t[0] : t[1];
        line.unshift({ a: outer, b: left, seat: m.seat, step: k + 1 });
        left = outer;
      } else if (m.end === "R" && (t[0] === right || t[1] === right)) {
        const outer = t[0] === right ? t[1] : t[0];
        line.push({ a: right, b: outer, seat: m.seat, step: k + 1 });
        right = outer;
      } else {
        problem = "move " + (k + 1) + ": " + m.tile + " does not fit the " +
          (m.end === "L" ? "left end " + left : m.end === "R" ? "right end " + right : "line");
      }
    }
    return { hands, line, lacks, left, right, problem };
  }

  const fits = (t, left, right) => left === null || t[0] === left || t[1] === left ||
    t[0] === right || t[1] === right;

  // The winner's points under a scoring rule at two seats (engine/dominoes/rules.h,
  // winner_points), given the winner's pips and the loser's; equal pips score nothing.
  function winnerPoints(scoring, winnerPips, loserPips) {
    if (winnerPips === loserPips) return 0;
    if (scoring === "pip-difference") return loserPips - winnerPips;
    if (scoring === "all-pips") return loserPips + winnerPips;
    return loserPips; // opponent-pips, the seed's rule
  }

  // What the winning team scores at more seats (docs/rules.md, "Three and four seats"), from the
  // pips in its hands and in the losers'.
  function teamScore(scoring, winners, losers) {
    if (scoring === "pip-difference") return Math.max(0, losers - winners);
    if (scoring === "all-pips") return losers + winners;
    return losers; // losers-pips, also named opponent-pips
  }

  // The one entry of `entries` whose value is smallest, or null when two of different sides tie.
  function uniqueLowest(entries, sideOf) {
    const fewest = Math.min(...entries.map(([, value]) => value));
    const sides = new Set(entries.filter(([, value]) => value === fewest).map(([k]) => sideOf(k)));
    return sides.size === 1 ? [...sides][0] : null;
  }

  // How a game ended after all its moves, and what each seat scores, as docs/rules.md says (the
  // engine: engine/dominoes/scoring.h and forfeit_outcome in arena/tournament/play/game_loop.h).
  // Two seats: the fewer pips win, a domino included; a forfeit loses, the other scoring the
  // forfeiter's pips. More seats: the team of the seat that went out wins; a blocked hand goes to
  // the team with the fewest pips (block "team") or to the team of the seat with the fewest
  // ("lowest-seat"), a tie to nobody; a forfeit loses for the forfeiter's team, the other team
  // scoring the losers' pips, or in cut-throat the game is scored as blocked among the other
  // players' seats, a tie to the first from the leader.
  function outcome(game, state) {
    const n = game.players.length;
    const pips = state.hands.map(pipsOf);
    const sideOf = (seat) => (game.teams ? game.teams[seat] : seat);
    const sides = [...new Set(game.players.map((_, s) => sideOf(s)))];
    const sidePips = new Map(sides.map((side) => [side, 0]));
    for (let s = 0; s < n; ++s) sidePips.set(sideOf(s), sidePips.get(sideOf(s)) + pips[s]);
    const scoring = game.rules.scoring;
    const cutThroat = n > 2 && sides.length === n;

    let ending;
    let by = -1;
    let winner = null;
    let score = 0;
    const emptied = state.hands.findIndex((h) => h.length === 0);
    const others = (side) => [...sidePips].filter(([k]) => k !== side).reduce((a, [, v]) => a + v, 0);
    if (game.forfeit !== undefined) {
      ending = "forfeit";
      by = game.forfeit_seat;
      if (!cutThroat) {
        winner = sides.find((side) => side !== sideOf(by));
        score = sidePips.get(sideOf(by)); // as if the winners had gone out with empty hands
      } else {
        // Blocked among the other players' seats ("sides": the seats one player holds), the
        // fewest pips winning, a tie going to the first from the leader: never a draw.
        const playerOf = (seat) => (game.sides ? game.sides[seat] : seat);
        let best = -1;
        for (let k = 0; k < n; ++k) {
          const s = (game.leader + k) % n;
          if (playerOf(s) !== playerOf(by) && (best < 0 || pips[s] < pips[best])) best = s;
        }
        if (best >= 0) {
          winner = sideOf(best);
          score = teamScore(scoring, sidePips.get(winner), others(winner));
        }
      }
    } else if (emptied < 0 && state.hands.some((h) => h.some((t) => fits(t, state.left, state.right)))) {
      ending = "unfinished";
    } else {
      ending = emptied >= 0 ? "domino" : "blocked";
      by = emptied;
      if (n === 2) {
        winner = pips[0] === pips[1] ? null : pips[0] < pips[1] ? 0 : 1;
        if (winner !== null) score = winnerPoints(scoring, pips[winner], pips[1 - winner]);
      } else {
        if (emptied >= 0) winner = sideOf(emptied);
        else if (game.rules.block === "lowest-seat") winner = uniqueLowest(pips.map((p, s) => [s, p]), sideOf);
        else winner = uniqueLowest([...sidePips], (side) => side);
        if (winner !== null) score = teamScore(scoring, sidePips.get(winner), others(winner));
      }
    }
    const points = new Array(n).fill(0);
    if (winner !== null) for (let s = 0; s < n; ++s) if (sideOf(s) === winner) points[s] = score;
    return { ending, by, winner, sideOf, pips, points };
  }

  // A record made ready for the page: tiles parsed, the rules (the seed's when not recorded),
  // and its ending worked out once for the list and its filters.
  function prepare(record, index) {
    const game = Object.assign({}, record);
    game.index = index;
    game.hands = record.hands.map((h) => h.map(parseTile));
    game.rulesRecorded = record.rules !== undefined;
    game.rules = Object.assign({}, SEED_RULES, record.rules || {});
    game.final = outcome(game, replay(game, game.moves.length));
    return game;
  }

  const games = data.games.map(prepare);

  // --- drawing tiles ------------------------------------------------------------------------------

  // The spots of 0..9 pips on a 3 x 3 grid of a tile's square half (0 top left, 8 bottom right).
  const SPOTS = [[], [4], [2, 6], [2, 4, 6], [0, 2, 6, 8], [0, 2, 4, 6, 8], [0, 2, 3, 5, 6, 8],
    [0, 2, 3, 4, 5, 6, 8], [0, 1, 2, 3, 5, 6, 7, 8], [0, 1, 2, 3, 4, 5, 6, 7, 8]];

  function svgElement(name, attributes) {
    const e = document.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
    return e;
  }

  // Adds to `parent` a tile a|b lying across (a on the left) with its top-left corner at (x, y),
  // halves of size u; `upright` stands it on end (a on top), as doubles lie across the line.
  function drawTile(parent, a, b, x, y, u, options) {
    const o = options || {};
    const w = o.upright ? u : 2 * u;
    const h = o.upright ? 2 * u : u;
    const g = svgElement("g", { class: "tile", "data-tile": a + "-" + b });
    g.appendChild(svgElement("rect", {
      x: x + 0.5, y: y + 0.5, width: w - 1, height: h - 1, rx: u * 0.16,
      fill: o.ghost ? "none" : "#fffdf6",
      stroke: o.highlight ? "#f2b33d" : o.ghost ? "#b9b3a4" : "#8e8778",
      "stroke-width": o.highlight ? 2.5 : 1, "stroke-dasharray": o.ghost ? "3 2" : "none",
    }));
    if (o.ghost) return parent.appendChild(g);
    const mid = o.upright ? { x1: x + u * 0.18, y1: y + u, x2: x + u * 0.82, y2: y + u }
      : { x1: x + u, y1: y + u * 0.18, x2: x + u, y2: y + u * 0.82 };
    g.appendChild(svgElement("line", Object.assign(mid, { stroke: "#b3ab98", "stroke-width": 1 })));
    const r = u * 0.085;
    [a, b].forEach((value, half) => {
      const hx = o.upright ? x : x + half * u;
      const hy = o.upright ? y + half * u : y;
      for (const spot of SPOTS[value] || []) {
        const cx = hx + u * (0.25 + 0.25 * (spot % 3));
        const cy = hy + u * (0.25 + 0.25 * Math.floor(spot / 3));
        g.appendChild(svgElement("circle", { cx, cy, r, fill: "#1b1b1b" }));
      }
    });
    if (o.seat !== undefined) // who laid it: a short bar in the seat's colour under the tile
      g.appendChild(svgElement("rect", { x: x + w * 0.25, y: y + h + 3, width: w * 0.5, height: 3,
        rx: 1.5, fill: colour(o.seat) }));
    return parent.appendChild(g);
  }

  // The back of a tile in a hidden hand.
  function drawBack(parent, x, y, u) {
    parent.appendChild(svgElement("rect", { x: x + 0.5, y: y + 0.5, width: 2 * u - 1, height: u - 1,
      rx: u * 0.16, fill: "#35604f", stroke: "#22443a" }));
  }

  // The line of play, left end first; the tile of the current move is outlined.
  function drawLine(state, step) {
    const box = $("line");
    box.textContent = "";
    if (state.line.length === 0) {
      const p = document.createElement("p");
      p.className = "empty";
      p.textContent = "no tile laid yet";
      box.appendChild(p);
      return;
    }
    const u = 36;
    const gap = 3;
    const width = state.line.reduce((w, t) => w + (t.a === t.b ? u : 2 * u) + gap, 0) + 8;
    const height = 2 * u + 12;
    const svg = svgElement("svg", { width, height, viewBox: "0 0 " + width + " " + height,
      role: "img", "aria-label": "line " + state.line.map((t) => t.a + "-" + t.b).join(" ") });
    let x = 4;
    for (const t of state.line) {
      const upright = t.a === t.b;
      drawTile(svg, t.a, t.b, x, upright ? 2 : 2 + u / 2, u,
        { upright, seat: t.seat, highlight: t.step === step });
      x += (upright ? u : 2 * u) + gap;
    }
    box.appendChild(svg);
  }

  // A hand as small tiles, one SVG each so that a long hand wraps: those left, and (when shown
  // open) those already laid as dashed outlines; a hidden hand as tile backs.
  function drawHand(dealt, left, hidden) {
    const u = 24;
    const fragment = document.createDocumentFragment();
    const small = () => svgElement("svg", { width: 2 * u, height: u, viewBox: "0 0 " + 2 * u + " " + u });
    if (hidden) {
      for (let k = 0; k < left.length; ++k) {
        const svg = small();
        drawBack(svg, 0, 0, u);
        fragment.appendChild(svg);
      }
      return fragment;
    }
    for (const t of dealt) {
      const svg = small();
      drawTile(svg, t[0], t[1], 0, 0, u, { ghost: !left.some((h) => sameTile(h, t)) });
      fragment.appendChild(svg);
    }
    return fragment;
  }

  // --- the page's state and views ---------------------------------------------------------------

  let current = 0; // index into games
  let step = 0; // moves shown
  let viewAs = -1; // -1: every hand open; else the seat whose view is shown
  let visible = games.map((g) => g.index); // the games the filters let through

  const el = (tag, className, text) => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const seatName = (game, seat) => game.players[seat] + " (seat " + seat + ")";

  function endingText(game, o) {
    if (o.ending === "domino") return "Domino by " + game.players[o.by];
    if (o.ending === "blocked") return "Blocked";
    if (o.ending === "forfeit") return game.players[o.by] + " forfeited (" + game.forfeit + ")";
    return "Unfinished: the record stops before the end";
  }

  // Who scored what, in words: "heuristic scores 14".
  function scoreText(game, o) {
    const winners = game.players.map((_, s) => s).filter((s) => o.points[s] > 0);
    if (winners.length === 0)
      return o.ending === "unfinished" ? "" : o.winner === null && o.ending === "blocked"
        ? "equal pips: nobody scores" : "nobody scores";
    return winners.map((s) => game.players[s]).join(" and ") + (winners.length > 1 ? " score " : " scores ") +
      o.points[winners[0]];
  }

  function listLine(game) {
    const o = game.final;
    const li = el("li");
    li.dataset.index = game.index;
    const match = game.match_game !== undefined ? " · match game " + (game.match_game + 1) : "";
    li.appendChild(el("span", "who", "#" + (game.index + 1) + "  " + game.players.join(" vs ")));
    li.appendChild(el("span", "what", "deal " + game.deal + " · game " + game.game + match + " · " +
      o.ending + (scoreText(game, o) ? " · " + scoreText(game, o) : "")));
    li.addEventListener("click", () => show(game.index, game.moves.length));
    return li;
  }

  function renderList() {
    const list = $("game-list");
    list.textContent = "";
    const fragment = document.createDocumentFragment();
    for (const index of visible) fragment.appendChild(listLine(games[index]));
    list.appendChild(fragment);
    $("list-count").textContent = "showing " + visible.length + " of " + games.length +
      (games.length === 1 ? " game" : " games");
    markListed();
  }

  function markListed() {
    for (const li of $("game-list").children) {
      const on = Number(li.dataset.index) === current;
      li.classList.toggle("current", on);
      if (on) li.scrollIntoView({ block: "nearest" });
    }
  }

  function rulesText(game) {
    const r = game.rules;
    let text = "double-" + r.double + " set · " + r["hand-size"] + " tiles each · " + r.scoring +
      " scoring · " + game.players[game.leader] + " leads";
    if (r.target > 0) text += " · match to " + r.target + " points";
    return text;
  }

  function renderHeading(game) {
    const match = game.match_game !== undefined ? ", match game " + (game.match_game + 1) : "";
    $("game-title").textContent = "Game " + (game.index + 1) + " of " + games.length + ": deal " +
      game.deal + ", game " + game.game + match;
    $("game-rules").textContent = rulesText(game);
    const notes = [];
    if (!game.rulesRecorded)
      notes.push("this record does not say its rules: scored by the default two-seat rules " +
        "(double-six, 7 tiles each)");
    const recorded = game.points;
    if (Array.isArray(recorded) && recorded.join() !== game.final.points.join())
      notes.push("the record's points are " + recorded.join("–") + ", not what the replay scores");
    const problem = replay(game, game.moves.length).problem;
    if (problem) notes.push("the record is not a legal game: " + problem);
    $("game-note").hidden = notes.length === 0;
    $("game-note").textContent = notes.join("; ");
  }

  function renderViewChoice(game) {
    const select = $("view-as");
    select.textContent = "";
    select.appendChild(new Option("all open", "-1"));
    game.players.forEach((_, s) => select.appendChild(new Option("as " + seatName(game, s) + " saw them", String(s))));
    if (viewAs >= game.players.length) viewAs = -1;
    select.value = String(viewAs);
  }

  function renderHands(game, state, atEnd) {
    const box = $("hands");
    box.textContent = "";
    const next = step < game.moves.length ? game.moves[step].seat : -1;
    game.players.forEach((name, s) => {
      const hidden = viewAs >= 0 && viewAs !== s && !atEnd;
      const div = el("div", "hand" + (s === next ? " to-move" : ""));
      div.style.setProperty("--seat", colour(s));
      const title = el("div", "name");
      const who = el("b", "", name);
      title.appendChild(who);
      const facts = [ "seat " + s ];
      if (game.teams) facts.push("team " + game.teams[s]);
      if (s === game.leader) facts.push("leads");
      facts.push(state.hands[s].length + (state.hands[s].length === 1 ? " tile" : " tiles"));
      if (!hidden) facts.push(pipsOf(state.hands[s]) + " pips");
      if (s === next) facts.push("to move");
      title.appendChild(el("span", "meta", facts.join(" · ")));
      div.appendChild(title);
      const tiles = el("div", "tiles");
      tiles.appendChild(drawHand(game.hands[s], state.hands[s], hidden));
      div.appendChild(tiles);
      if (state.lacks[s].size > 0)
        div.appendChild(el("div", "lacks", "has shown it lacks " + [...state.lacks[s]].sort().join(", ")));
      box.appendChild(div);
    });
  }

  function renderScore(game, state, atEnd) {
    const o = game.final;
    const result = $("result");
    result.textContent = "";
    if (atEnd) {
      result.appendChild(el("span", "ending", endingText(game, o)));
      const words = scoreText(game, o);
      if (words) result.appendChild(document.createTextNode(": " + words));
    } else {
      const who = game.players[game.moves[step].seat];
      result.textContent = step === 0 ? "The deal: " + who + " leads" : who + " to move";
    }
    const rows = $("score-rows");
    rows.textContent = "";
    game.players.forEach((name, s) => {
      const tr = el("tr", atEnd && o.points[s] > 0 ? "winner" : "");
      tr.style.setProperty("--seat", colour(s));
      tr.appendChild(el("td", "", String(s)));
      const td = el("td");
      td.appendChild(el("span", "swatch"));
      td.appendChild(document.createTextNode(name));
      tr.appendChild(td);
      const hidden = viewAs >= 0 && viewAs !== s && !atEnd;
      tr.appendChild(el("td", "num", hidden ? "?" : String(pipsOf(state.hands[s]))));
      const points = el("td", "num points", atEnd ? String(o.points[s]) : "–");
      points.id = "points-" + s;
      tr.appendChild(points);
      rows.appendChild(tr);
    });
  }

  function renderMoves(game) {
    const list = $("moves");
    list.textContent = "";
    game.moves.forEach((m, k) => {
      const li = el("li", k + 1 === step ? "current" : k + 1 > step ? "future" : "");
      li.style.setProperty("--seat", colour(m.seat));
      li.appendChild(el("span", "mover", game.players[m.seat]));
      const what = m.pass ? "passes" : m.end ? "plays " + m.tile + " on the " +
        (m.end === "L" ? "left" : "right") : "leads " + m.tile;
      li.appendChild(el("span", m.pass ? "pass" : "", " " + what));
      li.addEventListener("click", () => show(current, k + 1));
      list.appendChild(li);
    });
    const on = list.children[step - 1];
    if (on) on.scrollIntoView({ block: "nearest" });
  }

  // Shows game `index` after `moves` moves (clamped to the game).
  function show(index, moves) {
    if (games.length === 0) return;
    current = Math.max(0, Math.min(games.length - 1, index));
    const game = games[current];
    step = Math.max(0, Math.min(game.moves.length, moves));
    const atEnd = step === game.moves.length;
    const state = replay(game, step);
    renderHeading(game);
    renderViewChoice(game);
    drawLine(state, step);
    $("ends").textContent = state.left === null ? "" : "open ends: " + state.left + " (left) and " +
      state.right + " (right)";
    renderHands(game, state, atEnd);
    renderScore(game, state, atEnd);
    renderMoves(game);
    $("step").textContent = step === 0 ? "deal · " + game.moves.length + " moves"
      : "move " + step + " of " + game.moves.length;
    $("step").dataset.step = step;
    $("first").disabled = $("prev").disabled = step === 0;
    $("last").disabled = $("next").disabled = atEnd;
    $("prev-game").disabled = neighbour(-1) === null;
    $("next-game").disabled = neighbour(1) === null;
    markListed();
    try {
      history.replaceState(null, "", "#game=" + (current + 1) + "&move=" + step);
    } catch (e) { /* some browsers refuse it for a file opened from disk: the hash is a comfort */ }
  }

  // The visible game before (-1) or after (+1) the current one, or null.
  function neighbour(direction) {
    if (direction > 0) {
      const after = visible.find((i) => i > current);
      return after === undefined ? null : after;
    }
    const before = visible.filter((i) => i < current);
    return before.length ? before[before.length - 1] : null;
  }

  function goGame(direction) {
    const to = neighbour(direction);
    if (to !== null) show(to, 0);
  }

  // --- filters ------------------------------------------------------------------------------------

  const RESULTS = [["any", "any result"], ["domino", "domino"], ["blocked", "blocked"],
    ["forfeit", "forfeit"], ["draw", "nobody scores"], ["won", "won by the player"],
    ["lost", "lost by the player"]];

  function setUpFilters() {
    const players = $("filter-player");
    players.appendChild(new Option("any player", ""));
    const names = [...new Set(games.flatMap((g) => g.players))].sort();
    for (const name of names) players.appendChild(new Option(name, name));
    const results = $("filter-result");
    for (const [value, text] of RESULTS) results.appendChild(new Option(text, value));
    for (const select of [players, results])
      select.addEventListener("change", () => {
        applyFilters();
        select.blur(); // the arrow keys go back to the game
      });
  }

  function passes(game, player, result) {
    const seats = game.players.map((_, s) => s).filter((s) => game.players[s] === player);
    if (player && seats.length === 0) return false;
    const o = game.final;
    const scored = o.points.some((p) => p > 0);
    switch (result) {
      case "domino": case "blocked": case "forfeit": return o.ending === result;
      case "draw": return !scored && o.ending !== "unfinished";
      case "won": return seats.some((s) => o.winner !== null && o.sideOf(s) === o.winner);
      case "lost": return seats.some((s) => o.winner !== null && o.sideOf(s) !== o.winner);
      default: return true;
    }
  }

  function applyFilters() {
    const player = $("filter-player").value;
    const result = $("filter-result").value;
    for (const option of $("filter-result").options)
      option.disabled = !player && (option.value === "won" || option.value === "lost");
    visible = games.filter((g) => passes(g, player, result)).map((g) => g.index);
    renderList();
    if (visible.length && !visible.includes(current)) show(visible[0], 0);
    else show(current, step);
  }

  // --- wiring -------------------------------------------------------------------------------------

  function onKey(event) {
    const tag = event.target && event.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || event.altKey || event.ctrlKey || event.metaKey) return;
    const game = games[current];
    const actions = {
      ArrowRight: () => show(current, step + 1),
      ArrowLeft: () => show(current, step - 1),
      Home: () => show(current, 0),
      End: () => show(current, game.moves.length),
      n: () => goGame(1),
      p: () => goGame(-1),
    };
    const action = actions[event.key] || actions[event.key.toLowerCase && event.key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    action();
  }

  function start() {
    $("source").textContent = "· " + data.source;
    document.title = data.source + " · Block Dominoes games";
    $("first").addEventListener("click", () => show(current, 0));
    $("prev").addEventListener("click", () => show(current, step - 1));
    $("next").addEventListener("click", () => show(current, step + 1));
    $("last").addEventListener("click", () => show(current, games[current].moves.length));
    $("prev-game").addEventListener("click", () => goGame(-1));
    $("next-game").addEventListener("click", () => goGame(1));
    $("view-as").addEventListener("change", (event) => {
      viewAs = Number(event.target.value);
      event.target.blur();
      show(current, step);
    });
    document.addEventListener("keydown", onKey);
    setUpFilters();
    renderList();
    // "#game=G&move=M" (1-based game, moves made) opens that position: a link to share.
    const fromHash = () => {
      const asked = /game=(\d+)&move=(\d+)/.exec(location.hash);
      if (asked) show(Number(asked[1]) - 1, Number(asked[2]));
      return asked !== null;
    };
    window.addEventListener("hashchange", fromHash);
    if (!fromHash()) show(0, 0);
  }

  start();
})();
