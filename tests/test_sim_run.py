"""`cardtools simulate`: seating and seeds, identical records whatever plays them (one process,
two, a Dask cluster), resuming after a killed run, refusing another run's folder, failing loudly."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtools.sim.agents import AgentSpec
from cardtools.sim.plan import Plan, derive

REPO = Path(__file__).parent.parent
MIXED = ["--players", "3", "--agents", "greedy,random,mcts:3", "--seed", "7", "--chunk", "4"]


def run(cli, folder, *options):
    return cli("--root", str(REPO), "simulate", "aoc", *options, "-o", str(folder))


def rows(folder):
    return [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]


def test_seats_rotate_over_each_deal():
    lineup = tuple(AgentSpec(x, "random") for x in "abc")
    plan = Plan.whole_deals(7, 3, game="aoc", variant=None, bans=(), seed=5, chunk=4, lineup=lineup)
    assert (plan.games, plan.deals, plan.chunks) == (9, 3, 3)               # rounded up to whole deals
    assert [[a.label for a in plan.seating(g)] for g in range(3)] == [["a", "b", "c"], ["c", "a", "b"], ["b", "c", "a"]]
    assert {plan.deal_seed(g) for g in range(3)} == {derive(5, "deal", 0)}  # one deal, three seatings
    assert len({plan.agent_seed(g) for g in range(9)}) == 9
    assert list(plan.games_of(2)) == [8]


def test_records_one_row_per_game_and_seat(cli, tmp_path):
    code, out, err = run(cli, tmp_path / "r", *MIXED, "--games", "5", "--jobs", "1")
    assert code == 0, err
    assert out.splitlines()[0] == ("aoc: 6 games at 3 players (2 deals x 3 seatings; 5 asked, rounded up to whole "
                                   "deals), agents greedy, random, mcts:3, seed 7")
    found = rows(tmp_path / "r")
    assert [(r["game"], r["seat"]) for r in found] == [(g, s) for g in range(6) for s in range(3)]
    assert [r["agent"] for r in found[3:6]] == ["mcts:3", "greedy", "random"]      # seating 1 of deal 0
    assert list(found[0])[:11] == ["game", "deal", "seat", "agent", "score", "rank", "winner", "win", "moves",
                                   "deal_seed", "agent_seed"]
    assert set(found[0]) >= {"civilizations_risen", "civilizations_annexed", "wonders", "technologies"}
    for g in range(6):
        game = found[3 * g:3 * g + 3]
        assert sum(r["win"] for r in game) == pytest.approx(1.0)
        assert [r["winner"] for r in game] == [r["rank"] == 1 for r in game]
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert manifest["configuration"] == {"game": "aoc", "variant": None, "ban": [], "players": 3, "games": 6,
                                         "agents": ["greedy", "random", "mcts:3"], "seed": 7, "chunk": 4}
    assert manifest["agents"]["mcts:3"] == {"label": "mcts:3", "kind": "mcts", "iterations": 3}
    assert len(manifest["fingerprints"]["deck"]) == len(manifest["fingerprints"]["code"]) == 64
    assert "[########################] 6/6 games 100%" in err and " games/s  ETA " in err      # progress


def test_same_records_with_one_or_two_processes(cli, tmp_path):
    for jobs in ("1", "2"):
        code, _, err = run(cli, tmp_path / jobs, *MIXED, "--games", "24", "--jobs", jobs)
        assert code == 0, err
    assert (tmp_path / "1" / "games.jsonl").read_bytes() == (tmp_path / "2" / "games.jsonl").read_bytes()


def test_same_records_on_a_dask_cluster(cli, tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    code, _, err = run(cli, tmp_path / "one", *MIXED, "--games", "24", "--jobs", "1")
    assert code == 0, err
    code, out, err = run(cli, tmp_path / "local", *MIXED, "--games", "24", "--jobs", "2", "--backend", "dask")
    assert code == 0, err
    assert out.splitlines()[1].endswith("games/s, 2 dask workers)")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")                   # over loopback
        code, out, err = run(cli, tmp_path / "remote", *MIXED, "--games", "24", "--backend", "dask",
                             "--scheduler", address)
    assert code == 0, err
    assert address in out.splitlines()[1]
    expected = (tmp_path / "one" / "games.jsonl").read_bytes()
    assert (tmp_path / "local" / "games.jsonl").read_bytes() == expected
    assert (tmp_path / "remote" / "games.jsonl").read_bytes() == expected


def test_a_killed_run_resumes_to_the_uninterrupted_result(cli, tmp_path):
    options = ["--players", "3", "--games", "3000", "--agents", "random", "--seed", "3", "--chunk", "100"]
    folder = tmp_path / "killed"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen([sys.executable, "-m", "cardtools", "--root", str(REPO), "simulate", "aoc", *options,
                              "--jobs", "1", "-o", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=env)
    deadline = time.monotonic() + 60
    while len(list((folder / "chunks").glob("chunk-*.jsonl"))) < 3 and child.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    child.send_signal(signal.SIGKILL)
    child.wait()
    done = len(list((folder / "chunks").glob("chunk-*.jsonl")))
    assert 3 <= done < 30 and not (folder / "games.jsonl").exists()       # really killed midway
    code, out, err = run(cli, folder, *options, "--jobs", "2")
    assert code == 0, err
    assert f"; {done * 100:,} were already played" in out.splitlines()[1]
    code, _, err = run(cli, tmp_path / "whole", *options, "--jobs", "1")
    assert code == 0, err
    assert (folder / "games.jsonl").read_bytes() == (tmp_path / "whole" / "games.jsonl").read_bytes()
    assert not [p for p in (folder / "chunks").iterdir() if p.name.startswith(".")]   # no temporary left


def test_another_configuration_in_a_run_folder_is_refused(cli, tmp_path):
    code, _, err = run(cli, tmp_path / "r", "--players", "2", "--games", "4", "--jobs", "1")
    assert code == 0, err
    code, _, err = run(cli, tmp_path / "r", "--players", "2", "--games", "4", "--jobs", "1", "--seed", "9")
    assert code == 2
    assert err.strip() == (f"cardtools simulate: error: {tmp_path / 'r'} holds another run (configuration.seed: 0 "
                           f"here, 9 asked): use another -o folder, or the first run's options to resume it")
    code, out, err = run(cli, tmp_path / "r", "--players", "2", "--games", "4", "--jobs", "2")
    assert code == 0 and "played 0 games" in out and "; 4 were already played" in out   # jobs are not configuration
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    code, _, err = run(cli, tmp_path / "other", "--players", "2", "--games", "4")
    assert code == 2 and "is not empty and holds no simulation run" in err


def test_a_run_of_no_games_fails_loudly(cli, tmp_path):
    code, out, err = run(cli, tmp_path / "r", "--players", "3", "--games", "0")
    assert code == 1 and out == ""
    assert err.strip() == "cardtools simulate: error: --games 0: a run must play at least one game"
    code, _, err = cli("report", str(tmp_path / "r"))
    assert code == 2 and "is not a simulation run (no manifest.json)" in err


@pytest.mark.parametrize("options, message", [
    (["--ban", "pyramid"], "--ban pyramid: no card 'pyramid' in aoc; did you mean 'pyramids'?"),
    (["--players", "5"], "Age of Civilization is for 1-4 players"),
    (["--agents", "greedy,random"], "3 players need 3 agents (or one for all), got 2"),
    (["--scheduler", "tcp://127.0.0.1:1"], "--scheduler needs --backend dask"),
])
def test_options_that_name_nothing_usable(cli, tmp_path, options, message):
    base = {"--players": "3", "--games": "3"}
    for key, value in zip(options[::2], options[1::2]):
        base[key] = value
    code, _, err = run(cli, tmp_path / "r", *[x for kv in base.items() for x in kv])
    assert code == 2 and message in err


def test_a_ban_others_cannot_go_without_names_them_and_writes_nothing(cli, tmp_path):
    code, out, err = run(cli, tmp_path / "r", "--players", "3", "--games", "3", "--ban", "writing")
    assert code == 2 and out == ""
    assert err.strip() == (
        "cardtools simulate: error: --ban writing: 2 values cannot go without writing: education.requires.0 "
        "(technologies.yaml:60); technology_card.technologies.6 (boards.yaml:15); ban them too "
        "(--ban writing,education,technology_card), or write a variant that changes them (docs/deck-format.md, Variants)")
    assert not (tmp_path / "r").exists()


def test_a_ban_drops_the_references_others_can_go_without_and_says_so(cli, tmp_path):
    """Issue 17: four 7 Ages empires carry the Forum; without it, they are played as empires and events only."""
    lost = "4 civilisation cards lose their artefact: australians, novgorodians, pirate_state, satavahanas"
    code, out, err = cli("--root", str(REPO), "simulate", "7ages", "--variant", "artefact-effects", "--ban", "forum",
                         "--players", "4", "--games", "4", "--jobs", "1", "-o", str(tmp_path / "r"))
    assert code == 0, err
    assert out.startswith(f"7ages (artefact-effects) without forum ({lost}): 4 games at 4 players")
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert manifest["deck"]["dropped"] == lost and "forum" not in manifest["deck"]["cards"]


def test_the_generated_variant_patches_the_dropped_references_away():
    from cardtools.core.workspace import Workspace
    from cardtools.sim.bundle import GENERATED_VARIANT, make_bundle

    bundle = make_bundle(Workspace(REPO), "7ages", "artefact-effects", ("forum",))
    generated = json.loads(dict(bundle.files)[f"decks/7ages/variants/{GENERATED_VARIANT}.yaml"])
    assert generated["remove"] == ["forum"]
    assert generated["patch"] == {c: {"artefact": None} for c in ("pirate_state", "satavahanas", "novgorodians", "australians")}
    assert generated["name"].startswith("without forum (4 civilisation cards lose their artefact: australians, ")


def test_a_damaged_run_file_is_named_with_its_position(cli, tmp_path):
    """A manifest or records file changed by hand (a bad merge, an editor) printed a bare JSON decoder
    message, or a traceback for JSON that is not an object; now the file, line and column, and what to do."""
    folder = tmp_path / "r"
    assert run(cli, folder, "--players", "2", "--games", "2")[0] == 0
    records = folder / "games.jsonl"
    lines = records.read_text().splitlines(keepends=True)
    records.write_text(lines[0] + "{oops\n" + "".join(lines[2:]))
    code, out, err = cli("report", str(folder))
    assert (code, out) == (2, "")
    assert err.strip() == (f"cardtools report: error: {records}:2:2: not a JSON object (Expecting property name "
                           "enclosed in double quotes): the file was changed after the run; delete it and re-run the "
                           "same cardtools simulate command to assemble it again from its chunks")
    records.write_text(lines[0] + "[]\n")
    assert cli("report", str(folder))[2].strip().endswith(f"{records}:2:1: not a JSON object (a list): the file "
                                                          "was changed after the run; delete it and re-run the same "
                                                          "cardtools simulate command to assemble it again from its chunks")
    manifest = folder / "manifest.json"
    for text, position, problem in (("{\n  oops", "2:3", "Expecting property name enclosed in double quotes"),
                                     ("[]", "1:1", "a list")):
        manifest.write_text(text)
        for command in (("report", str(folder)), ("--root", str(REPO), "simulate", "aoc", "--players", "2",
                                                   "--games", "2", "-o", str(folder))):
            code, _, err = cli(*command)
            assert code == 2, command
            assert err.strip().endswith(f"error: {manifest}:{position}: not a JSON object ({problem}): the run's "
                                        "manifest was changed by hand; run the simulation again into a new folder")


@pytest.mark.parametrize("change, problem", [
    (lambda row: row.pop("seat"), "no column 'seat'"),
    (lambda row: row.update(score="x"), "column 'score' holds \"x\", not a number"),
    (lambda row: row.update(win=None), "column 'win' holds null, not a number"),
    (lambda row: row.update(winner=1), "column 'winner' holds 1, not true or false"),
    (lambda row: row.update(wonders=5), "column 'wonders' holds a number, where line 1 holds a list of card ids"),
    (lambda row: row.update(wonders=[[1]]), "column 'wonders' holds a list of other values than card ids, where line 1 "
                                           "holds a list of card ids"),
    (lambda row: row.update(coins="x"), "column 'coins' holds a string, where line 1 holds a number"),
    (lambda row: row.pop("technologies"), "column 'technologies' holds nothing, where line 1 holds a list of card ids"),
], ids=["missing", "text", "null", "number-for-bool", "engine-number", "engine-nested", "engine-text", "engine-missing"])
def test_a_record_without_a_column_every_run_has_is_named_not_a_traceback(cli, tmp_path, change, problem):
    folder = tmp_path / "r"
    assert run(cli, folder, "--players", "2", "--games", "2")[0] == 0
    records = rows(folder)
    change(records[2])
    (folder / "games.jsonl").write_text("".join(json.dumps(row) + "\n" for row in records))
    for command in (("report", str(folder)), ("compare", str(folder), str(folder))):
        code, out, err = cli(*command)
        assert (code, out) == (2, ""), command
        assert err.strip() == (f"cardtools {command[0]}: error: {folder / 'games.jsonl'}:3:1: {problem}: the file was "
                               "changed after the run; delete it and re-run the same cardtools simulate command to "
                               "assemble it again from its chunks")


@pytest.mark.parametrize("options, message", [
    (["--games", "100000000000"], "--games 100000000000: a run plays at most 10,000,000 games; play more as several "
                                  "runs with other --seed values"),
    (["--games", "300000", "--chunk", "1"], "--chunk 1: 300,000 games make 300,000 chunk files, more than "
                                            "100,000; use a larger --chunk"),
])
def test_a_run_too_large_to_plan_is_refused_before_anything_is_written(cli, tmp_path, options, message):
    """`--games 100000000000` took gigabytes of memory in seconds, planning a billion chunks."""
    code, out, err = run(cli, tmp_path / "r", "--players", "2", *options)
    assert (code, out, err.strip()) == (2, "", f"cardtools simulate: error: {message}")
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("keep", [0, 3])
def test_records_cut_short_are_named_with_how_many_are_missing(cli, tmp_path, keep):
    """An emptied games.jsonl said `the run holds no records: no game was played`; one cut short was
    reported on as if the run had fewer games."""
    folder = tmp_path / "r"
    assert run(cli, folder, "--players", "2", "--games", "2")[0] == 0
    records = folder / "games.jsonl"
    records.write_text("".join(records.read_text().splitlines(keepends=True)[:keep]))
    code, out, err = cli("report", str(folder))
    assert (code, out) == (2, "")
    assert err.strip() == (f"cardtools report: error: {records}: {keep} records, 4 expected (2 games x 2 players): the "
                           "file was changed after the run; delete it and re-run the same cardtools simulate command "
                           "to assemble it again from its chunks")


def test_jobs_are_capped_at_four_per_core_saying_so(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    code, out, err = run(cli, tmp_path / "r", "--players", "2", "--agents", "random", "--games", "2", "--chunk", "1",
                         "--jobs", "500")
    assert code == 0, err
    assert "cardtools simulate: --jobs 500 lowered to 4 (4 per core, 1 core)" in err
    assert out.splitlines()[1].endswith("games/s, 4 local workers)")
