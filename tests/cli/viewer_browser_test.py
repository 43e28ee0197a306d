#!/usr/bin/env python3
"""`dominoes view` in a real browser (issue 21): Debian's headless Chromium through Selenium.

Real records are made with `dominoes run --games-out` (three strategies on the seed's rules, and
two runs on other rules: pip-difference on a double-5 set, all-pips in matches), plus three
records edited here: a forfeit (a game cut short, its points worked out here by the forfeit rule),
a record without its "rules" (as written before records held them), and players whose names try
to end the page's <script> element. For each file `dominoes view` writes a page, which is opened
from disk; every game is replayed to its end through the page's own controls (arrow keys, the
next button, End, n to go on: WebDriver's real key presses and clicks for each page's first three
games, End and n sent from inside the page for the rest, one WebDriver round trip a game), and the
page's displayed points for each seat must equal the record's `points`, its ending (domino or
blocked) the one worked out here from the moves. The filters' counts are checked against counts
made here, and the seat view hides the other hands.

Needs /usr/bin/chromium, /usr/bin/chromedriver and python3-selenium (scripts/install-packages).
Usage: viewer_browser_test.py PATH/TO/dominoes [--screenshot PNG]
  --screenshot PNG  also saves a picture of one game (docs/viewer.png is made so)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from pty_io import Checks  # beside this script

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


# --- what the test knows of the game on its own ----------------------------------------------------

def tile(text):
    a, b = text.split("-")
    return tuple(sorted((int(a), int(b))))


def hands_left(record):
    """Each seat's tiles after the record's moves (the moves are taken as the record gives them)."""
    hands = [set(tile(t) for t in hand) for hand in record["hands"]]
    for move in record["moves"]:
        if not move.get("pass"):
            hands[move["seat"]].discard(tile(move["tile"]))
    return hands


def ending(record):
    """'forfeit', 'domino' (a hand is empty) or 'blocked'."""
    if "forfeit" in record:
        return "forfeit"
    return "domino" if any(not hand for hand in hands_left(record)) else "blocked"


def winner(record):
    """The seat that won (emptied its hand, or holds fewer pips when blocked), or None."""
    hands = hands_left(record)
    if ending(record) == "domino":
        return [len(hand) for hand in hands].index(0)
    left = [sum(a + b for a, b in hand) for hand in hands]
    if left[0] == left[1]:
        return None
    return 0 if left[0] < left[1] else 1


def read_records(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def write_records(path, records):
    with open(path, "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")


def forfeiting_bot(tmp):
    """A config seating tests/bots/illegal.py (two legal moves, then illegal ones) against
    heuristic, with restarts enough never to stop the run; returns its path."""
    bot = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bots", "illegal.py")
    path = os.path.join(tmp, "forfeits.cfg")
    with open(path, "w") as f:
        f.write(f"player = ill\nplayer = heuristic\nformat = head-to-head\n\n[bot.ill]\n"
                f"command = {sys.executable} {bot} --after 2\nrestarts = 1000\n")
    return path


def run(binary, *args):
    done = subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise SystemExit(f"FAIL: dominoes {' '.join(args)} exited {done.returncode}: {done.stderr}")
    return done


def edited_records(base):
    """A forfeit, a record without rules and hostile names, made from real records of `base`."""
    forfeit = dict(base[0])
    forfeit["moves"] = base[0]["moves"][:3]
    loser = forfeit["moves"][-1]["seat"] if forfeit["moves"] else 0
    forfeit["forfeit"], forfeit["forfeit_seat"] = "timeout", loser
    left = hands_left(forfeit)
    loser_pips = sum(a + b for a, b in left[loser])
    forfeit["pips"] = [sum(a + b for a, b in hand) for hand in left]
    forfeit["points"] = [0, 0]
    forfeit["points"][1 - loser] = loser_pips  # opponent-pips against an empty hand
    unruled = dict(base[1])
    del unruled["rules"]
    hostile = dict(base[2])
    hostile["players"] = ["</script><script>document.title='owned'</script>", "a\u2028b<!--"]
    return [forfeit, unruled, hostile]


# --- the page ----------------------------------------------------------------------------------------

def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="viewer-chromium-")
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1280,820", "--hide-scrollbars", f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options), profile


READ_PAGE = """
const points = [...document.querySelectorAll('#score-rows td.points')].map(td => td.textContent);
return {title: document.getElementById('game-title').textContent,
        step: document.getElementById('step').dataset.step,
        result: document.getElementById('result').textContent,
        points: points,
        nextDisabled: document.getElementById('next').disabled,
        count: document.getElementById('list-count').textContent,
        doc: document.title};
"""


REAL_STEPS = 3
# Each page's first games are played with real key presses and clicks, one way each (arrow keys,
# the next button, End); the rest with key events sent from inside the page (PLAY_TO_END).
REAL_GAMES = 3
PRESS_RIGHT = """
for (let k = 0; k < arguments[0]; ++k)
  document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
"""
CLICK_NEXT = """
for (let k = 0; k < arguments[0]; ++k) document.getElementById('next').click();
"""


# One round trip a game: reads the page, presses End (the page replays the game from its deal to
# the last move, as it does for every step), reads it again, and when arguments[0] is true presses
# n for the next game. Stepping move by move is left to the games played with real controls: each
# step replays from the deal too, so it reaches the same final position at many times the cost.
PLAY_TO_END = ("""
const read = () => { """ + READ_PAGE + """ };
const press = key => document.dispatchEvent(new KeyboardEvent('keydown', {key: key, bubbles: true}));
const before = read();
press('End');
const after = read();
if (arguments[0]) press('n');
return [before, after];
""")


def play_with_real_controls(driver, i, moves):
    """Plays game i to its end the (i % 3)-th way, with WebDriver's real key presses and clicks."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    # The first few steps are real key presses and clicks; the rest are the same events sent from
    # the page (one WebDriver round trip each would cost about a tenth of a second).
    real = min(moves, REAL_STEPS)
    how = i % 3
    if how == 0:
        ActionChains(driver).send_keys(Keys.ARROW_RIGHT * real).perform()
        driver.execute_script(PRESS_RIGHT, moves - real)
    elif how == 1:
        button = driver.find_element(By.ID, "next")
        for _ in range(real):
            button.click()
        driver.execute_script(CLICK_NEXT, moves - real)
    else:
        ActionChains(driver).send_keys(Keys.END).perform()


def play_game(driver, i, moves, go_on):
    """Plays game i (`moves` moves) to its end, and then on to the next game when `go_on`: with
    real controls for a page's first REAL_GAMES games, else in one round trip (PLAY_TO_END).
    Returns the page as read before and after the game's moves."""
    if i >= REAL_GAMES:
        return driver.execute_script(PLAY_TO_END, go_on)
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    before = driver.execute_script(READ_PAGE)
    play_with_real_controls(driver, i, moves)
    after = driver.execute_script(READ_PAGE)
    if go_on:  # on to the next game: the n key, or the button
        if i % 2:
            driver.find_element(By.ID, "next-game").click()
        else:
            ActionChains(driver).send_keys("n").perform()
    return before, after


def replay_every_game(driver, records, check, label):
    """Replays each game to its end through the page's controls; returns the games that matched."""
    matched = 0
    problems = []
    for i, record in enumerate(records):
        moves = len(record["moves"])
        start, page = play_game(driver, i, moves, i + 1 < len(records))
        title, step = start["title"], start["step"]
        if not title.startswith(f"Game {i + 1} of {len(records)}:") or step != "0":
            problems.append(f"game {i + 1}: the page shows {title!r} at step {step}")
            break
        shown = [int(p) if p.lstrip("-").isdigit() else p for p in page["points"]]
        want_ending = ending(record)
        shown_ending = ("forfeit" if "forfeited" in page["result"] else
                        "domino" if page["result"].startswith("Domino by") else
                        "blocked" if page["result"].startswith("Blocked") else page["result"])
        if page["step"] != str(moves) or not page["nextDisabled"]:
            problems.append(f"game {i + 1}: not at its end after {moves} moves (step {page['step']})")
        elif shown != record["points"] or shown_ending != want_ending:
            problems.append(f"game {i + 1}: the page shows {shown} ({shown_ending}), the record "
                            f"{record['points']} ({want_ending})")
        else:
            matched += 1
    check(f"{label}: the page's final score equals the record's points in all {len(records)} games",
          matched == len(records), "; ".join(problems[:5]))
    return matched


def check_filters(driver, records, check, label):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    player = sorted({p for r in records for p in r["players"]})[-1]
    seated = [r for r in records if player in r["players"]]
    won = [r for r in seated if winner(r) is not None and r["players"][winner(r)] == player]
    dominoes_ = [r for r in records if ending(r) == "domino"]
    players = Select(driver.find_element(By.ID, "filter-player"))
    results = Select(driver.find_element(By.ID, "filter-result"))

    def shown():
        return driver.execute_script(READ_PAGE)["count"]

    players.select_by_value(player)
    check(f"{label}: the player filter keeps the {len(seated)} games of {player}",
          shown() == f"showing {len(seated)} of {len(records)} games", shown())
    results.select_by_value("won")
    check(f"{label}: and the result filter the {len(won)} games {player} won",
          shown() == f"showing {len(won)} of {len(records)} games", shown())
    players.select_by_value("")
    results.select_by_value("domino")
    check(f"{label}: the result filter keeps the {len(dominoes_)} dominoes",
          shown() == f"showing {len(dominoes_)} of {len(records)} games", shown())
    results.select_by_value("any")


def check_seat_view(driver, records, check):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
    ActionChains(driver).send_keys(Keys.HOME).perform()
    Select(driver.find_element(By.ID, "view-as")).select_by_value("0")
    hands = driver.find_elements(By.CSS_SELECTOR, "#hands .hand")
    open_tiles = [len(h.find_elements(By.CSS_SELECTOR, "g.tile")) for h in hands]
    dealt = [len(h) for h in records[0]["hands"]]
    check("as seat 0 saw it: its own hand open, the other's tiles face down",
          open_tiles == [dealt[0], 0], str(open_tiles))
    Select(driver.find_element(By.ID, "view-as")).select_by_value("-1")


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    binary = os.path.abspath(args[0])
    screenshot = args[args.index("--screenshot") + 1] if "--screenshot" in args else None
    check = Checks()
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.path.exists(path):
            print(f"FAIL: {path} is missing: install chromium and chromium-driver "
                  "(scripts/install-packages)")
            return 1
    tmp = tempfile.mkdtemp(prefix="viewer-test-")
    driver = None
    profile = None
    try:
        files = {
            "seed rules": ["--player", "heuristic", "--player", "random", "--player", "lowest",
                           "--deals", "6", "--seed", "5"],
            "pip-difference, double-5": ["--player", "heuristic", "--player", "random",
                                         "--deals", "4", "--seed", "6", "--scoring",
                                         "pip-difference", "--double", "5", "--hand-size", "5"],
            "all-pips matches": ["--player", "heuristic", "--player", "lowest", "--deals", "2",
                                 "--seed", "7", "--scoring", "all-pips", "--target", "30"],
            # More seats (docs/rules.md, "Three and four seats"): every block and scoring rule the
            # page must score as the engine does.
            "four seats, lowest-seat, pip-difference": [
                "--seats", "4", "--target", "0", "--player", "heuristic", "--player", "random",
                "--deals", "5", "--seed", "8", "--block", "lowest-seat", "--scoring",
                "pip-difference"],
            "four seats cut-throat, all-pips": [
                "--seats", "4", "--no-partners", "--target", "0", "--player", "heuristic",
                "--player", "random", "--deals", "4", "--seed", "9", "--scoring", "all-pips"],
            "three seats": ["--seats", "3", "--target", "0", "--player", "heuristic", "--player",
                            "random", "--deals", "4", "--seed", "10"],
            "four-seat match to 40": ["--seats", "4", "--target", "40", "--player", "heuristic",
                                      "--player", "random", "--deals", "1", "--seed", "11"],
            # Real forfeits at three seats by a bot that holds two of them (its other seat never
            # wins what one forfeited: the page must score them by the record's sides).
            "three seats, forfeits of a bot in two seats": [
                forfeiting_bot(tmp), "--seats", "3", "--target", "0", "--deals", "3",
                "--seed", "12", "--scoring", "pip-difference"],
        }
        pages = {}
        for n, (label, extra) in enumerate(files.items()):
            games = os.path.join(tmp, f"games{n}.jsonl")
            run(binary, "run", *extra, "--out", os.path.join(tmp, f"out{n}"), "--games-out", games,
                "--quiet")
            pages[label] = games
        base = read_records(pages["seed rules"])
        endings = {ending(r) for r in base}
        check("the real records hold games ended by a domino and blocked games",
              {"domino", "blocked"} <= endings, str(endings))
        edited = os.path.join(tmp, "edited.jsonl")
        write_records(edited, edited_records(base))
        pages["edited: forfeit, no rules, hostile names"] = edited

        driver, profile = browser()
        for label, games in pages.items():
            done = run(binary, "view", games)
            html = games[:-len(".jsonl")] + ".html"
            check(f"{label}: dominoes view writes the page beside the records",
                  os.path.exists(html) and "wrote " + html in done.stdout, done.stdout)
            with open(html) as f:
                text = f.read()
            outside = re.findall(r"(?:\bsrc|\bhref)\s*=|url\(|@import|<link|<iframe", text)
            check(f"{label}: the page loads nothing from elsewhere", not outside, str(outside))
            records = read_records(games)
            driver.get("file://" + html)
            replay_every_game(driver, records, check, label)
            if label == "seed rules":
                check_filters(driver, records, check, label)
            if label.startswith("edited"):
                page = driver.execute_script(READ_PAGE)
                listed = driver.execute_script(
                    "return document.getElementById('game-list').textContent")
                check("names that try to end the script are shown as text, not run",
                      page["doc"] != "owned" and "</script><script>document.title" in listed
                      and "a\u2028b<!--" in listed, page["doc"] + " " + listed)
        driver.get("file://" + pages["seed rules"][:-len(".jsonl")] + ".html")
        check_seat_view(driver, read_records(pages["seed rules"]), check)
        if screenshot:
            driver.set_window_size(1280, 900)
            driver.get("about:blank")
            driver.get("file://" + pages["seed rules"][:-len(".jsonl")] + ".html#game=5&move=14")
            driver.save_screenshot(screenshot)
            print(f"screenshot: {screenshot}")
    finally:
        if driver:
            driver.quit()
        shutil.rmtree(tmp, ignore_errors=True)
        if profile:
            shutil.rmtree(profile, ignore_errors=True)
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
