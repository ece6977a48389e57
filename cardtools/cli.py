"""The ``cardtools`` command: a thin layer that parses arguments and calls the API.

Exit codes: 0 success (warnings allowed), 1 errors in the designer's files or a failed job,
2 a command-line mistake.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import textwrap
from contextlib import contextmanager
from typing import Sequence

import cardtools

EPILOG = "Docs: README.md and docs/ in the cardtools repository. Exit codes: 0 ok, 1 errors found, 2 usage."


def main(argv: Sequence[str] | None = None) -> int:
    # Reading decks allocates many small, acyclic containers; collecting them less often saves
    # about a tenth of `cardtools validate` (benchmarks/validate.py).
    gc.set_threshold(50_000, 20, 20)
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        code = run(args)
        sys.stdout.flush()  # output still buffered meets a closed pipe here, not at exit
        return code
    except BrokenPipeError:  # the reader has all it wants (`cardtools list tta | head -2`): done, quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        for stream in (sys.stdout, sys.stderr):
            os.dup2(devnull, stream.fileno())
        return 0


def run(args) -> int:
    """The command's handler; every failure it reports becomes a message and an exit code."""
    from cardtools.core.diagnostics import DiagnosticError, render

    try:
        check_root(args)
        return args.handler(args)
    except DiagnosticError as exc:
        print(render(exc.diagnostics), file=sys.stderr)
        return 1
    except UsageProblem as exc:
        print(f"cardtools {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except Failed as exc:
        print(f"cardtools {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("cardtools: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        raise
    except OSError as exc:  # an output folder that cannot be made, a full disk, a file in the way
        where = f": {exc.filename}" if exc.filename else ""
        print(f"cardtools {args.command}: error: {exc.strerror or exc}{where}", file=sys.stderr)
        return 1


def check_root(args) -> None:
    """A workspace named on the command line or in the environment is a folder (``new`` makes one)."""
    named = ("--root ", args.root) if args.root else ("CARDTOOLS_ROOT=", os.environ.get("CARDTOOLS_ROOT"))
    if named[1] and args.command != "new" and not os.path.isdir(named[1]):
        raise UsageProblem(f"{named[0]}{named[1]}: no such folder")


class UsageProblem(Exception):
    """An argument that parses but names nothing usable (unknown card id, bad filter)."""


class Failed(Exception):
    """A job that could not be done (a simulation that failed or played nothing): exit 1."""


# -- parser -------------------------------------------------------------------------------------

def add_run_options(p) -> None:
    """The options of a simulation run (``simulate``, and each run of a ``sweep``)."""
    p.add_argument("--players", type=int, required=True, metavar="N", help="number of players")
    p.add_argument("--games", type=int, required=True, metavar="G",
                   help="number of games (rounded up to whole deals: a multiple of N)")
    p.add_argument("--agents", metavar="A,B,…",
                   help="one agent per seat, or one for all: random, greedy[:PROFILE] (templates/agents/GAME/, "
                        "or a profile file), mcts[:ITERATIONS] (default: random)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed (default 0)")
    p.add_argument("--ban", action="append", default=[], metavar="CARD_ID",
                   help="play without this card (repeatable, or comma-separated); a field of another card "
                        "naming it that the card can go without (a 7 Ages empire's artefact) goes too, and "
                        "the run says so; any other reference stops the run, naming the cards")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="J",
                   help="worker processes (default: one per core; at most 4 per core, and no more than the "
                        "chunks to play); results do not depend on it")
    p.add_argument("--backend", choices=["local", "dask"], default="local",
                   help="local processes (default) or a Dask cluster (pip install 'cardtools[dask]')")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="the Dask scheduler to use (tcp://host:8786); default: a local cluster of --jobs workers")
    p.add_argument("--chunk", type=int, default=100, metavar="C", help="games per unit of work (default 100)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtools",
        description="Card data as YAML: validate it, generate card text, play and simulate it, print it.",
        epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"cardtools {cardtools.__version__}")
    parser.add_argument("--root", metavar="DIR",
                        help="workspace folder holding decks/ (default: nearest folder upwards with a decks/ "
                             "folder, or $CARDTOOLS_ROOT)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("validate", help="check decks against their schemas and rules",
                       description="Check decks: YAML, schemas, ids, references, counts and totals; and what a "
                                   "game's build reads besides (layouts, reference sheet templates, icons in card "
                                   "text), its agent profiles and scenario files. Prints every problem as "
                                   "path:line:col: severity[code]: message.", epilog=EPILOG)
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="game ids (with their variants), deck folders, card files, variant files, or files and "
                        "folders of templates/ and tests/scenarios/ (default: every game and variant)")
    add_variant(p)
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format (default: text)")
    p.set_defaults(handler=cmd_validate)

    p = sub.add_parser("list", help="list a game's cards", description="List a game's cards with their counts "
                       "and sources.", epilog=EPILOG)
    add_game(p)
    p.add_argument("--type", action="append", default=[], metavar="T", help="only cards of this type (repeatable)")
    p.add_argument("--provisional", action="store_true",
                   help="only cards with provisional facts, with the reason for each")
    p.add_argument("--players", type=int, metavar="N", help="only cards used at N players, with their count at N")
    p.add_argument("--age", metavar="AGE", help="only cards of this age (games with ages)")
    p.add_argument("--where", action="append", default=[], metavar="FIELD=VALUE",
                   help="only cards whose FIELD equals VALUE (repeatable)")
    p.add_argument("--format", choices=["table", "json"], default="table", help="output format (default: table)")
    p.set_defaults(handler=cmd_list)

    p = sub.add_parser("show", help="show every field of one card", epilog=EPILOG)
    add_game(p)
    p.add_argument("card", metavar="CARD_ID")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(handler=cmd_show)

    p = sub.add_parser("text", help="print card texts generated from effects",
                       description="Print each card's text, generated from its effects (or its hand-written "
                                   "`text:` override, which validation reports).", epilog=EPILOG)
    add_game(p)
    p.add_argument("card", nargs="?", metavar="CARD_ID", help="only this card")
    p.add_argument("--style", choices=["plain", "print"], default="plain",
                   help="plain: icons as words (default); print: icon tokens such as {coin}, as on cards")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(handler=cmd_text)

    p = sub.add_parser("verbs", help="the effect language's verbs for a game, with examples from its deck",
                       description="Every verb a game's effects may use (core and the game's own), what it does, "
                                   "and an example from the deck with its generated text.", epilog=EPILOG)
    add_game(p)
    p.add_argument("--format", choices=["text", "markdown"], default="text")
    p.set_defaults(handler=cmd_verbs)

    p = sub.add_parser("variant", help="list, show and compare variants",
                       description="Variants are overlays on a game's base deck (decks/GAME/variants/*.yaml): they "
                                   "remove, add and patch cards and change rule parameters.", epilog=EPILOG)
    vsub = p.add_subparsers(dest="variant_command", metavar="SUBCOMMAND", required=True)
    q = vsub.add_parser("list", help="the game's variants")
    q.add_argument("game", metavar="GAME")
    q.add_argument("--format", choices=["table", "json"], default="table")
    q.set_defaults(handler=cmd_variant_list)
    q = vsub.add_parser("show", help="the merged deck, with the origin of every field a variant set")
    q.add_argument("game", metavar="GAME")
    q.add_argument("name", metavar="V", type=variant_name)
    q.add_argument("--all", action="store_true", help="every card, not only those the variant touches")
    q.add_argument("--format", choices=["text", "json"], default="text")
    q.set_defaults(handler=cmd_variant_show)
    q = vsub.add_parser("diff", help="cards added, removed and changed field by field, and rule changes")
    q.add_argument("game", metavar="GAME")
    q.add_argument("name", metavar="V", type=variant_name)
    q.add_argument("other", nargs="?", metavar="OTHER", type=variant_name,
                   help="compare with this variant (default: the base deck)")
    q.add_argument("--format", choices=["text", "json"], default="text")
    q.set_defaults(handler=cmd_variant_diff)

    p = sub.add_parser("build", help="validate every deck and write every output into out/",
                       description="The main job: validate every game's deck, then write the outputs "
                                   "into out/.", epilog=EPILOG)
    p.add_argument("--format", choices=["text", "json"], default="text", help="diagnostics format")
    add_edition(p)
    p.set_defaults(handler=cmd_build)

    add_print_commands(sub)
    add_watch_command(sub)

    p = sub.add_parser("export", help="write a game's cards as spreadsheets (CSV or xlsx) to edit and read back",
                       description="Write the deck's cards as spreadsheets, one per card file (or one for the cards "
                                   "of a type): a card per row, parts as dotted columns (empire.money), lists as "
                                   "[a, b]; what a cell cannot hold (abilities) goes to a side file <file>.yaml. "
                                   "List the spreadsheets under 'files' in game.yaml to use them as card files "
                                   "(docs/deck-format.md).", epilog=EPILOG)
    add_game(p)
    p.add_argument("--format", choices=["csv", "xlsx"], default="csv", help="csv (default), or xlsx (needs openpyxl: "
                                                                            "pip install 'cardtools[xlsx]')")
    p.add_argument("--type", metavar="T", help="only the cards of this type, in one spreadsheet named after it")
    p.add_argument("-o", "--output", metavar="DIR", help="output folder (default: out/<game>-<format>/)")
    p.set_defaults(handler=cmd_export)

    p = sub.add_parser("schema", help="regenerate or check the generated schemas",
                       description="Some schemas are generated: card-file schemas from each game.yaml, effect "
                                   "schemas from the verb registry and each game's vocabulary. "
                                   "--write regenerates them; --check fails if a committed one is stale.",
                       epilog=EPILOG)
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="rewrite stale generated schemas")
    mode.add_argument("--check", action="store_true", help="exit 1 if a generated schema is stale")
    p.set_defaults(handler=cmd_schema)

    p = sub.add_parser("new", help="start a game of your own: a working game folder in this workspace",
                       description="Make decks/GAME (a manifest whose card type declares its fields, a card file, a "
                                   "variant), a layout and a reference sheet template, and the schemas editors use: "
                                   "`cardtools build` then validates and prints it. Outside a workspace, the current "
                                   "folder becomes one. docs/new-game.md.", epilog=EPILOG)
    p.add_argument("game", metavar="GAME", help="the new game's id: lower-case letters, digits, '_' and '-', "
                   "other than a shipped game's (aoc, tta, 7ages)")
    p.add_argument("--from", dest="starter", default="minimal", metavar="STARTER",
                   help="minimal (default: made-up units), or a few cards of a shipped game: aoc, tta, 7ages")
    p.set_defaults(handler=cmd_new)

    p = sub.add_parser("play", help="play one game between agents and print its log",
                       description="Play one seeded game of GAME with its rules engine and print what happens, "
                                   "turn by turn, then the final ranking.", epilog=EPILOG)
    add_game(p)
    p.add_argument("--players", type=int, default=2, metavar="N", help="number of players (default 2)")
    p.add_argument("--agents", metavar="A,B,…", help="one agent per player, or one for all: random, greedy[:PROFILE], "
                                                  "mcts[:ITERATIONS] (default: all random)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the game and its agents (default 0)")
    p.set_defaults(handler=cmd_play)

    add_simulation_commands(sub)

    p = sub.add_parser("scenario", help="run scenario files (rules tests written in YAML)", epilog=EPILOG)
    ssub = p.add_subparsers(dest="scenario_command", metavar="SUBCOMMAND", required=True)
    q = ssub.add_parser("run", help="run scenario files; exit 1 if one fails",
                        description="Run scenario files (a file, or every *.yaml in a folder): set up the partial "
                                    "state, make the moves, compare with `expect:`. Failures are printed as "
                                    "path:line:col diagnostics at the line that shows them.", epilog=EPILOG)
    q.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    q.add_argument("--variant", metavar="V", type=variant_name,
                   help="play the scenarios that name no variant with variant V: which rulings still hold in your "
                        "variant?")
    q.set_defaults(handler=cmd_scenario_run)
    return parser


def add_simulation_commands(sub) -> None:
    p = sub.add_parser("simulate", help="play many seeded games between agents and store one record per player",
                       description="Play a run of seeded games with the game's rules engine: every deal is played "
                                   "once per seating (seats rotate), in chunks stored as they finish. Re-running "
                                   "the same command resumes an interrupted run. Records: DIR/games.jsonl "
                                   "(docs/simulation.md); several machines: docs/scaling.md.", epilog=EPILOG)
    add_game(p)
    add_run_options(p)
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="the run's folder")
    p.set_defaults(handler=cmd_simulate)

    p = sub.add_parser("sweep", help="one simulation per value of a card field or rule parameter, each compared "
                                     "with the base deck on the same seeds",
                       description="Set a card field (--set cards.aztecs.population=2..5; a nested field: "
                                   "cards.CARD.FIELD.KEY) or a rule parameter (--set rules.rest_coins=1,2,3) to each "
                                   "value in turn (several --set: every combination) and play a run of each on the "
                                   "same seeds as the base deck: each changed card's win share, and the change in "
                                   "game length, first-player win share and score spread, paired game by game. "
                                   "Nothing is written into the deck; each point is a resumable run in DIR "
                                   "(docs/simulation.md, Sweeps).", epilog=EPILOG)
    add_game(p)
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--set", action="append", metavar="PATH=VALUES", dest="axes",
                      help="cards.CARD.FIELD=LOW..HIGH or =A,B,C, or rules.PARAMETER=…; repeat for a grid")
    what.add_argument("--file", metavar="FILE", help="a sweep file of several grids (schemas/sweep.schema.json), "
                                                     "all swept against one base run")
    add_run_options(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="the sweep's folder: base/ and one run per point")
    p.set_defaults(handler=cmd_sweep)

    p = sub.add_parser("tune", help="the value of a card's whole-number field that brings it to par (or a win share)",
                       description="Search a card's whole-number field (within its schema's minimum and maximum, "
                                   "or --range) for the value at which the players who have the card win the "
                                   "target share of their games: par (1/players) unless --target says otherwise. "
                                   "Each value tried is a resumable run in DIR on the same seeds; values whose "
                                   "intervals overlap are played again with twice the games, up to --max-games "
                                   "(docs/simulation.md, Tuning).", epilog=EPILOG)
    add_game(p)
    p.add_argument("card", metavar="CARD_ID", help="the card to tune")
    p.add_argument("--field", required=True, metavar="FIELD", help="its whole-number field (a nested one: empire.money)")
    p.add_argument("--target", default="par", metavar="par|SHARE",
                   help="par (an even share, the default) or a win share such as 0.4")
    p.add_argument("--range", dest="bounds", metavar="LOW..HIGH", help="the values to search (default: the schema's)")
    p.add_argument("--max-games", type=int, metavar="G", help="games per value at most (default: 8 x --games)")
    add_run_options(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="the search's folder: one run per value tried")
    p.set_defaults(handler=cmd_tune)

    p = sub.add_parser("report", help="balance statistics of a simulation run: seats, agents, cards, scores",
                       description="Win rate by seat and the first player's advantage, win rate and score per agent "
                                   "and per card (with 95% intervals, the games behind them, and flags under "
                                   "Benjamini-Hochberg control), score and game-length distributions, and how many "
                                   "games a tighter interval needs.", epilog=EPILOG)
    p.add_argument("run", metavar="DIR", help="a finished run's folder (cardtools simulate -o DIR)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--pdf", metavar="FILE", help="also write the report as a PDF")
    p.add_argument("--html", metavar="FILE", help="also write the report as one self-contained web page (charts "
                                                   "inline, nothing fetched) to share")
    p.set_defaults(handler=cmd_report)

    p = sub.add_parser("compare", help="paired differences between two runs on the same seeds (base vs variant or ban)",
                       description="Compare run B with run A game by game: both must use the same game, player "
                                   "count and seed (e.g. the base deck and `simulate --variant V` or `--ban CARD`). "
                                   "Prints each difference B - A with its paired 95% interval.", epilog=EPILOG)
    p.add_argument("run_a", metavar="DIR_A", help="the reference run")
    p.add_argument("run_b", metavar="DIR_B", help="the changed run")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.set_defaults(handler=cmd_compare)


def add_print_commands(sub) -> None:
    p = sub.add_parser("pnp", help="print-and-play PDF: card sheets with bleed, crop marks and duplex backs",
                       description="Write a game's print-and-play PDF: cards at their exact size on A4 or Letter, "
                                   "bleed painted for real, crop marks outside the grid, back pages mirrored for "
                                   "duplex. Card counts are honoured. Layouts: templates/layouts/ (docs/printing.md).",
                       epilog=EPILOG)
    add_game(p)
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper size (default: a4)")
    add_card_size(p)
    p.add_argument("--bleed", type=float, default=3.0, metavar="MM", help="bleed beyond the trim in mm (default: 3)")
    p.add_argument("--layout", choices=["guillotine", "bleed", "fold"], default="guillotine",
                   help="guillotine: cards touch, bleed around the grid (default); bleed: every card with its own "
                        "bleed; fold: fronts and backs on one page, fold and glue")
    p.add_argument("--backs", choices=["long", "short", "none"], default="long",
                   help="back pages for duplex printing flipped on the long or short edge, or none (default: long)")
    p.add_argument("--back-offset", metavar="DX,DY", default="0,0",
                   help="shift back pages by DX,DY mm (right, down as seen on the back) to correct a printer's "
                        "duplex misregistration; measure it with --calibration")
    p.add_argument("--calibration", action="store_true", help="start with a two-page duplex calibration sheet")
    add_only(p)
    p.add_argument("--one-each", action="store_true", help="one copy of each card instead of its count")
    p.add_argument("-o", "--output", metavar="FILE", help="output PDF (default: out/<game>-pnp-<paper>.pdf)")
    add_edition(p)
    p.set_defaults(handler=cmd_pnp)

    p = sub.add_parser("images", help="one PNG per card at an exact pixel size (print shops, sharing)",
                       description="Rasterise every distinct card face and every distinct back to PNG at exact "
                                   "pixel sizes, e.g. 825 x 1125 px for poker cards with 1/8 in bleed at 300 dpi "
                                   "(--profile tgc).", epilog=EPILOG)
    add_game(p)
    p.add_argument("--dpi", type=positive, default=300, help="resolution (default: 300)")
    p.add_argument("--profile", choices=["plain", "tgc", "mpc"], default="plain",
                   help="plain: trimmed card; tgc: The Game Crafter (1/8 in bleed); mpc: MakePlayingCards "
                        "(36 px bleed at 300 dpi)")
    add_card_size(p)
    p.add_argument("--bleed", type=float, metavar="MM", help="override the profile's bleed (mm)")
    p.add_argument("-o", "--output", metavar="DIR", help="output folder (default: out/<game>-images-<profile>/)")
    add_only(p)
    p.add_argument("--players", type=int, metavar="N",
                   help="copies in the manifest for N players (default: a full set, which serves every player count)")
    add_edition(p)
    p.set_defaults(handler=cmd_images)

    p = sub.add_parser("reference", help="rule reference sheet PDF generated from the deck",
                       description="Write a game's rule reference sheet: its template "
                                   "(templates/reference/GAME/sheet.yaml) filled from the deck's cards, card text, "
                                   "data files and rules; long tables continue with their headers repeated. "
                                   "docs/reference-sheets.md.", epilog=EPILOG)
    add_game(p)
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper size (default: a4)")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="output PDF (default: out/<game>[-<variant>]-reference-<paper>.pdf)")
    add_edition(p)
    p.set_defaults(handler=cmd_reference)

    p = sub.add_parser("tts", help="Tabletop Simulator deck sheets and saved-object JSON",
                       description="Write Tabletop Simulator deck sheets (at most 10 x 7 cards, 4096 px, RGB; "
                                   "file names carry a content hash) and <game>.json, a saved object that "
                                   "imports them: copy it into the simulator's Saves/Saved Objects folder.",
                       epilog=EPILOG)
    add_game(p)
    add_card_size(p)
    p.add_argument("--url-prefix", metavar="URL",
                   help="where the sheets will be hosted (default: file:// URLs of the output folder)")
    p.add_argument("-o", "--output", metavar="DIR", help="output folder (default: out/<game>-tts/)")
    add_only(p)
    p.add_argument("--players", type=int, metavar="N",
                   help="copies in the manifest and the decks for N players (default: a full set, which serves every player count)")
    add_edition(p)
    p.set_defaults(handler=cmd_tts)


def add_watch_command(sub) -> None:
    p = sub.add_parser("watch", help="live preview: revalidate and re-render on every save, in a local web page",
                       description="Serve a gallery of every card face of GAME on this computer "
                                   "(http://127.0.0.1:PORT/), with the diagnostics of the last build; every save "
                                   "in the deck, its schemas or templates revalidates and re-renders, and the page "
                                   "reloads itself. Ctrl-C stops. Needs pip install 'cardtools[watch]'.",
                       epilog=EPILOG)
    add_game(p)
    p.add_argument("--port", type=port, default=8765, metavar="N", help="port on 127.0.0.1 (default 8765; 0: any free)")
    add_card_size(p)
    add_edition(p, default="proof")
    p.set_defaults(handler=cmd_watch)


def cmd_watch(args) -> int:
    import threading

    from cardtools.render.preview import Preview, describe, server, watch, watched

    try:
        import watchfiles  # noqa: F401 (only checked here, used by preview.watch)
    except ImportError:
        raise Failed("cardtools watch needs watchfiles: pip install 'cardtools[watch]'") from None
    try:
        size = parse_card_size(args.card_size)
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None
    if args.game not in workspace(args).games():  # as every command says it; a deck with errors is shown
        from cardtools.core.diagnostics import DiagnosticError
        from cardtools.core.loader import read_deck

        raise DiagnosticError(read_deck(args.game, workspace=workspace(args))[1])
    preview = Preview(args.root, args.game, args.variant, size, args.edition)
    print(describe(preview.rebuild()), flush=True)
    httpd = server(preview, args.port)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    print(f"serving http://127.0.0.1:{httpd.server_address[1]}/ (this computer only); Ctrl-C stops", flush=True)
    try:
        watch(preview, watched(args.root, args.game), lambda build: print(describe(build), flush=True))
    finally:
        httpd.shutdown()
    return 0


def add_edition(p: argparse.ArgumentParser, default: str = "play") -> None:
    p.add_argument("--edition", choices=["play", "proof"], default=default,
                   help=f"play: what players see; proof: card ids, sources and provisional badges for the "
                        f"designer's review (default: {default})")


def add_only(p: argparse.ArgumentParser) -> None:
    p.add_argument("--only", metavar="SELECTION", default="",
                   help="comma-separated card ids, tag:NAME and type:NAME: only those cards")


def add_card_size(p: argparse.ArgumentParser) -> None:
    p.add_argument("--card-size", default="poker", metavar="SIZE",
                   help="poker (63.5 x 88.9 mm, default), bridge, tarot, mini, or WxH in mm")


def add_game(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME", help="game id, e.g. aoc, tta, 7ages")
    add_variant(p)


def add_variant(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", metavar="V", type=variant_name,
                   help="apply variant V (decks/GAME/variants/V.yaml) to the deck")


def variant_name(text: str) -> str:
    """An argparse type: a variant's name, by the rule variant files follow (``extends:``)."""
    from cardtools.core.variants import name_problem

    problem = name_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def workspace(args):
    from cardtools.core.workspace import Workspace

    return Workspace.find(args.root)


def deck_for(args):
    from cardtools.core.loader import load_deck

    return load_deck(args.game, getattr(args, "variant", None), workspace(args))


# -- commands -----------------------------------------------------------------------------------

def cmd_validate(args) -> int:
    from cardtools.core.diagnostics import count, render
    from cardtools.core.validate import UsageError, validate

    try:
        found = validate(workspace(args), args.paths, args.variant, validation_checks())
    except UsageError as exc:
        raise UsageProblem(str(exc)) from None
    text = render(found, args.format)
    if text:
        print(text, file=sys.stdout if args.format == "json" else sys.stderr)
    return 1 if count(found)["errors"] else 0


def validation_checks():
    """What validation checks besides decks: the files a game's build reads (text templates, layouts,
    reference sheet templates), its agent profiles and scenario files, the icons in hand-written
    card text, and the art files the cards show."""
    from cardtools.core.validate import Checks, FileKind
    from cardtools.effects.vocabulary import text_files
    from cardtools.render import face, layout, reference_template, richtext
    from cardtools.sim import profiles, scenario

    return Checks(kinds=(FileKind(text_files),  # checked with the deck, by the effect checks
                         FileKind(layout.layout_files, layout.check_layouts),
                         FileKind(reference_template.template_files, reference_template.check_templates),
                         FileKind(profiles.profile_files, profiles.check_profiles),
                         FileKind(scenario.game_scenarios, scenario.check_scenarios)),
                  decks=(richtext.check_texts, face.check_art))


def cmd_list(args) -> int:
    from cardtools.core import query
    from cardtools.core.diagnostics import did_you_mean

    deck = deck_for(args)
    where = dict(parse_where(w) for w in args.where)
    if args.age:
        where["age"] = args.age
    unknown = [t for t in args.type if t not in deck.manifest.card_types]
    if unknown:
        raise UsageProblem(f"unknown card type '{unknown[0]}'{did_you_mean(unknown[0], deck.manifest.card_types)}")
    check_players(deck, args.players)
    known = query.field_names(deck)
    field = next((f for f in where if f not in known), None)
    if field is not None:  # a typo would list no card, as if none matched
        given = f"--age {args.age}" if field == "age" and args.age else f"--where {field}={where[field]}"
        raise UsageProblem(f"{given}: no card of {deck.manifest.game} has a field '{field}'{did_you_mean(field, known)}")
    cards = query.select(deck, types=args.type, provisional=args.provisional, players=args.players, where=where)
    invented = query.provisional_data(deck) if args.provisional and not (args.type or where or args.players) else []
    if args.format == "json":
        rows = [query.row(c, args.players) for c in cards]
        rows += [{"data": i.data, "path": i.path, "provisional": list(i.reasons), "file": str(i.location)}
                 for i in invented]
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    count_header = f"count@{args.players}p" if args.players else "count"
    if args.provisional:
        rows = [[c.id, c.name, c.type, "; ".join(c.provisional)] for c in cards]
        headers = ["id", "name", "type", "provisional because"]
        width = 100
    else:
        rows = [[c.id, c.name, c.type, query.count_text(c, args.players), "; ".join(c.sources)] for c in cards]
        headers = ["id", "name", "type", count_header, "source"]
        width = 60
    print(query.table(rows, headers, max_width=width))
    copies = sum(c.copies(args.players) for c in cards) if args.players else None
    print(f"\n{len(cards)} card(s)" + (f", {copies} copies at {args.players} players" if copies is not None else ""))
    if invented:
        print("\nProvisional facts in data files:\n")
        print(query.table([[i.data, i.path or "(whole file)", "; ".join(i.reasons), str(i.location)] for i in invented],
                          ["data", "where", "provisional because", "file"], max_width=100))
        print(f"\n{len(invented)} provisional entr{'y' if len(invented) == 1 else 'ies'} in data files")
    return 0


def cmd_show(args) -> int:
    deck = deck_for(args)
    card = deck.get(args.card)
    if card is None:
        from cardtools.core.diagnostics import did_you_mean

        raise UsageProblem(f"no card '{args.card}' in {args.game}{did_you_mean(args.card, [c.id for c in deck])}")
    data = card.to_dict()
    if args.format == "json":
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    import yaml

    loc = deck.locate(card)
    print(f"# {loc}")
    print(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100).rstrip())
    return 0


def cmd_text(args) -> int:
    from cardtools.effects.text import card_text

    deck = deck_for(args)
    cards = list(deck.cards)
    if args.card:
        card = deck.get(args.card)
        if card is None:
            from cardtools.core.diagnostics import did_you_mean

            raise UsageProblem(f"no card '{args.card}' in {args.game}{did_you_mean(args.card, [c.id for c in deck])}")
        cards = [card]
    texts = {c.id: card_text(deck, c, args.style) for c in cards}
    if args.format == "json":
        print(json.dumps(texts, indent=2, ensure_ascii=False))
        return 0
    for card in cards:
        print(f"{card.id} — {card.name} ({card.type})")
        fields = {f: t for f, t in texts[card.id].items() if t}
        if not fields:
            print("  (no abilities)")
        for field, text in fields.items():
            label = f"  {field}: " if len(texts[card.id]) > 1 else "  "
            indent = " " * len(label)
            print(label + text.replace("\n", "\n" + indent))
        print()
    return 0


def cmd_verbs(args) -> int:
    from cardtools.effects import reference
    from cardtools.effects.vocabulary import require_vocabulary

    deck = deck_for(args)
    entries = reference.reference(require_vocabulary(workspace(args), args.game), deck)
    print(reference.markdown(args.game, entries) if args.format == "markdown" else reference.plain(args.game, entries))
    return 0


def cmd_variant_list(args) -> int:
    from cardtools.core import query, variants
    from cardtools.core.loader import load_deck

    ws = workspace(args)
    base = load_deck(args.game, workspace=ws)
    rows = []
    for name in variants.variant_names(ws.deck_dir(args.game)):
        deck = load_deck(args.game, name, ws)
        change = variants.diff(base, deck)
        doc = deck.documents[ws.deck_dir(args.game).resolve() / variants.FOLDER / f"{name}.yaml"].data
        rows.append({"variant": name, "name": doc["name"], "extends": doc.get("extends", "(base deck)"),
                     "added": len(change.added), "removed": len(change.removed), "changed": len(change.changed),
                     "rules": len(change.rules), "description": doc["description"]})
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    elif not rows:
        print(f"{args.game} has no variants (decks/{args.game}/variants/*.yaml)")
    else:
        print(query.table([[r["variant"], r["name"], r["extends"], f"+{r['added']} -{r['removed']} ~{r['changed']}",
                            str(r["rules"]), r["description"]] for r in rows],
                          ["variant", "name", "extends", "cards", "rules", "description"], max_width=50))
    return 0


def cmd_variant_show(args) -> int:
    from pathlib import Path

    from cardtools.core import variants
    from cardtools.core.deck import thaw
    from cardtools.core.diagnostics import display_path
    from cardtools.core.loader import load_deck

    ws = workspace(args)
    deck = load_deck(args.game, args.name, ws)
    base_ids = {c.id for c in load_deck(args.game, workspace=ws).cards}
    cards = []
    for card in deck.cards:
        added = card.id not in base_ids
        touched = any(Path(file).parent.name == variants.FOLDER for file, _ in card.patches.values())
        if not (args.all or added or touched):  # (a spreadsheet's side file is not a variant)
            continue
        origin = {}
        for field in card.fields:
            loc = deck.locate(card, field)
            origin[field] = f"{display_path(loc.path)}:{loc.line}"
        cards.append({"id": card.id, "added": added, "fields": card.to_dict(), "origin": origin})
    rules = variants.leaves(thaw(deck.rules))
    rule_origin = {".".join(path): f"{display_path(loc.path)}:{loc.line}"
                   for path, _ in rules for loc in [deck.locate_rule(*path)]}
    if args.format == "json":
        print(json.dumps({"variant": args.name, "rules": thaw(deck.rules), "rule_origin": rule_origin,
                          "cards": cards}, indent=2, ensure_ascii=False))
        return 0
    removed = len(base_ids - {c.id for c in deck.cards})
    print(f"# {args.game} + variant {args.name}: {len(deck.cards)} cards"
          + (f" ({removed} of the base deck's removed: cardtools variant diff {args.game} {args.name})" if removed else ""))
    print("rules:" if rules else "rules: {}")
    for path, value in rules:
        name = ".".join(path)
        print(f"  {name}: {json.dumps(value, ensure_ascii=False)}    # {rule_origin[name]}")
    for entry in cards:
        print(f"\n{entry['id']}{' (added)' if entry['added'] else ''}")
        for field, value in entry["fields"].items():
            print(f"  {field}: {json.dumps(value, ensure_ascii=False)}    # {entry['origin'][field]}")
    return 0


def cmd_variant_diff(args) -> int:
    from cardtools.core import variants
    from cardtools.core.loader import load_deck

    ws = workspace(args)
    before = load_deck(args.game, args.other, ws)
    after = load_deck(args.game, args.name, ws)
    change = variants.diff(before, after)
    if args.format == "json":
        print(json.dumps({"added": [c.id for c in change.added], "removed": [c.id for c in change.removed],
                          "changed": {k: [{"field": f, "before": a, "after": b} for f, a, b in v]
                                      for k, v in change.changed.items()},
                          "rules": [{"rule": r, "before": a, "after": b} for r, a, b in change.rules],
                          "totals": [{"name": n, "before": a, "after": b} for n, a, b in change.totals]},
                         indent=2, ensure_ascii=False))
        return 0
    print(f"{args.game}: {args.other or 'base deck'} -> {args.name}")
    if change.empty:
        print("no differences")
    for sign, verb, cards in (("-", "removed", change.removed), ("+", "added", change.added)):
        if cards:
            print(f"{sign} {verb} {_cards_by_type(after, cards)}")
    for card_id, fields in change.changed.items():
        print(f"~ changed {card_id}")
        for field, a, b in fields:
            print(f"    {field}: {json.dumps(a, ensure_ascii=False)} -> {json.dumps(b, ensure_ascii=False)}")
    for rule, a, b in change.rules:
        print(f"~ rule {rule}: {json.dumps(a, ensure_ascii=False)} -> {json.dumps(b, ensure_ascii=False)}")
    if change.totals:
        players = after.manifest.player_counts
        print(f"= deck totals (at {' / '.join(map(str, players))} players)")
        for name, was, now in change.totals:
            print(f"    {name}: {_by_players(was)} -> {_by_players(now)}")
    return 0


def _cards_by_type(deck, cards) -> str:
    """'3 cards (5 copies at 4 players)' and a line per card type listing the ids."""
    players = deck.manifest.max_players
    copies = sum(c.copies(players) for c in cards)
    lines = [f"{len(cards)} card{'s' if len(cards) != 1 else ''} ({copies} "
             f"cop{'ies' if copies != 1 else 'y'} at {players} players)"]
    by_type: dict[str, list[str]] = {}
    for card in cards:
        by_type.setdefault(card.type, []).append(card.id)
    for ctype, ids in by_type.items():
        label = deck.manifest.card_types[ctype].label
        lines += textwrap.wrap(f"{label}: {', '.join(ids)}", 100, initial_indent="    ",
                               subsequent_indent="      ", break_on_hyphens=False)
    return "\n".join(lines)


def _by_players(counts: dict[int, int]) -> str:
    """'5' when a total is the same at every player count, else '44 / 50 / 53'."""
    values = list(counts.values())
    return str(values[0]) if len(set(values)) == 1 else " / ".join(map(str, values))


def cmd_build(args) -> int:
    from cardtools.core.diagnostics import count, render
    from cardtools.core.validate import validate

    ws = workspace(args)
    found = validate(ws, checks=validation_checks())
    if found:
        print(render(found, args.format), file=sys.stderr)
    if count(found)["errors"]:
        print("build stopped: fix the errors above", file=sys.stderr)
        return 1
    from cardtools.core.loader import load_deck
    from cardtools.render.pnp import write_game_pnps
    from cardtools.render.reference import write_game_references

    for game in ws.games():
        deck = load_deck(game, workspace=ws)
        paths, warnings = write_game_pnps(deck, ws, ws.out, args.edition)
        paths += write_game_references(deck, ws, ws.out, args.edition)
        report_warnings(warnings)
        print(f"{game}: deck valid; wrote {', '.join(relative(p) for p in paths)}")
    return 0


def report_warnings(warnings) -> None:
    """Preflight warnings (art not found, a border near the trim): printed, never fatal."""
    from cardtools.core.diagnostics import render

    if warnings:
        print(render(warnings), file=sys.stderr)


def cmd_pnp(args) -> int:
    from cardtools.core.query import SelectionError
    from cardtools.render.pnp import write_pnp
    from cardtools.render.sheet import SheetSpec
    from cardtools.render.units import paper_size

    deck = deck_for(args)
    try:
        spec = SheetSpec(paper_size(args.paper), parse_card_size(args.card_size), args.bleed, args.layout,
                         args.backs, parse_pair(args.back_offset, "--back-offset"))
        path = output_path(args, f"{args.game}-pnp-{args.paper}.pdf")
        result = write_pnp(path, deck, spec, workspace(args), only=args.only.split(","),
                           one_each=args.one_each, calibration=args.calibration, edition=args.edition)
    except (SelectionError, ValueError) as exc:
        raise UsageProblem(str(exc)) from None
    report_warnings(result.warnings)
    imp = result.imposition
    print(f"wrote {relative(path)}: {result.cards} cards, {result.pages} pages, {imp.columns} x {imp.rows} "
          f"per {'portrait' if imp.portrait else 'landscape'} page")
    return 0


def cmd_reference(args) -> int:
    from cardtools.render.reference import reference_name, write_reference
    from cardtools.render.units import paper_size

    deck = deck_for(args)
    path = output_path(args, reference_name(args.game, args.variant, args.paper))
    result = write_reference(path, deck, workspace(args), paper_size(args.paper), args.edition)
    print(f"wrote {relative(path)}: {result.pages} pages ({relative(result.template)})")
    return 0


def cmd_images(args) -> int:
    from cardtools.core.query import SelectionError
    from cardtools.render.raster import export_images

    deck = deck_for(args)
    check_players(deck, args.players)
    try:
        size = parse_card_size(args.card_size)
        out = output_path(args, f"{args.game}-images-{args.profile}")
        export = export_images(deck, workspace(args), out, size, args.dpi, args.profile, args.bleed,
                               args.only.split(","), args.players, args.edition)
    except (SelectionError, ValueError) as exc:
        raise UsageProblem(str(exc)) from None
    report_warnings(export.warnings)
    print(f"wrote {len(export.images)} images into {relative(out)}; copies and backs: "
          f"{', '.join(relative(p) for p in export.manifests)}")
    return 0


def cmd_tts(args) -> int:
    from cardtools.core.query import SelectionError
    from cardtools.render.tts import export_tts

    deck = deck_for(args)
    check_players(deck, args.players)
    try:
        export = export_tts(deck, workspace(args), output_path(args, f"{args.game}-tts"),
                            parse_card_size(args.card_size), args.url_prefix, args.only.split(","), args.players,
                            args.edition)
    except (SelectionError, ValueError) as exc:
        raise UsageProblem(str(exc)) from None
    report_warnings(export.warnings)
    print(f"wrote {relative(export.images[0])} and {len(export.images) - 1} images; copies and backs: "
          f"{', '.join(relative(p) for p in export.manifests)}")
    return 0


def check_players(deck, players: int | None) -> None:
    counts = deck.manifest.player_counts
    if players is not None and players not in counts:
        raise UsageProblem(f"{deck.manifest.name} is for {counts.start}-{counts.stop - 1} players, not {players}")


def parse_card_size(text: str):
    from cardtools.render.units import card_size

    return card_size(text)


def parse_pair(text: str, option: str) -> tuple[float, float]:
    try:
        dx, dy = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageProblem(f"{option} expects two numbers in mm, e.g. 1.5,-0.5; got '{text}'") from None
    return dx, dy


def output_path(args, default_name: str):
    from pathlib import Path

    return Path(args.output) if args.output else workspace(args).out / default_name


def relative(path) -> str:
    from cardtools.core.diagnostics import display_path

    return display_path(path)


def cmd_export(args) -> int:
    from cardtools.core.spreadsheet import write_tables

    deck = deck_for(args)
    if args.type is not None and args.type not in deck.manifest.card_types:
        from cardtools.core.diagnostics import did_you_mean

        raise UsageProblem(f"unknown card type '{args.type}'{did_you_mean(args.type, deck.manifest.card_types)}")
    groups: dict[str, list] = {}
    for card in deck.cards:
        if args.type in (None, card.type):
            groups.setdefault(args.type or card.file.name.split(".")[0], []).append(card.to_dict())
    try:
        paths = write_tables(groups, output_path(args, f"{args.game}-{args.format}"), args.format)
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None
    print(f"wrote {sum(map(len, groups.values()))} cards into {len(paths)} file{'s' if len(paths) != 1 else ''}: "
          + ", ".join(relative(p) for p in paths))
    return 0


def cmd_schema(args) -> int:
    from cardtools.core.schemagen import sync, wanted

    ws = workspace(args)
    texts = wanted(ws.root / "schemas", generated_schemas(ws, ws.games()), shared_schemas(ws))
    stale = sync(ws.root / "schemas", texts, write=args.write)
    for name in stale:
        print(f"{'wrote' if args.write else 'stale'}: schemas/{name}")
    if args.check and stale:
        print("run `cardtools schema --write` and commit the result", file=sys.stderr)
        return 1
    if not stale:
        print("generated schemas are up to date")
    return 0


def generated_schemas(ws, games: list[str]) -> dict:
    """Every generated schema of these games: core's (schemagen) and their effect schemas."""
    from cardtools.core.diagnostics import DiagnosticError
    from cardtools.core.loader import schema_sources
    from cardtools.core.schemagen import generate
    from cardtools.effects.schema import effect_schema
    from cardtools.effects.vocabulary import load_vocabulary

    def effects(game: str) -> dict:
        vocab, found = load_vocabulary(ws, game)
        if found:
            raise DiagnosticError(found)
        return {} if vocab is None else {f"{game}/effects.schema.json": effect_schema(vocab)}

    return generate(ws.schemas, [schema_sources(game, ws) for game in games], effects)


def shared_schemas(ws):
    """The folder of cardtools' shared schemas, which a workspace of one's own keeps copies of
    (None in cardtools' own)."""
    from cardtools.core.workspace import BUILTIN

    return None if ws.root == BUILTIN.resolve() else BUILTIN / "schemas"


def cmd_new(args) -> int:
    from pathlib import Path

    from cardtools.core.schemagen import sync, wanted
    from cardtools.core.starter import StarterError, create
    from cardtools.core.workspace import BUILTIN, Workspace

    ws = Workspace.find(args.root)
    if ws.root == BUILTIN.resolve() and not args.root:
        ws = Workspace(Path.cwd())  # no workspace here yet: this folder becomes one
    try:
        files = create(ws, args.game, args.starter)
    except StarterError as exc:
        raise UsageProblem(str(exc)) from None
    generated = generated_schemas(ws, [args.game])
    texts = wanted(ws.root / "schemas", generated, shared_schemas(ws), copy_shared=True)
    texts = {name: text for name, text in texts.items() if name in generated or "/" not in name}
    schemas = sync(ws.root / "schemas", texts, write=True)
    print(f"made {args.game} ({args.starter}): {len(files)} files and {len(schemas)} schemas in {relative(ws.root)}")
    for path in files:
        print(f"  {relative(path)}")
    print("next: cardtools build (validate, then print into out/); docs/new-game.md")
    return 0


def cmd_play(args) -> int:
    from cardtools.sim.agents import parse_lineup, resolve_agent
    from cardtools.engine.contract import new_game
    from cardtools.sim.play import play

    try:
        game = new_game(deck_for(args))
        features = list(game.new_state(args.players, args.seed).features(0))
        agents = [resolve_agent(name, args.game, features, workspace(args)).build()
                  for name in parse_lineup(args.agents, args.players)]
        state = play(game, args.players, agents, args.seed)
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None
    print(f"# {game.deck.manifest.name}{f' ({args.variant})' if args.variant else ''}: {args.players} players, "
          f"seed {args.seed}, agents {', '.join(a.name for a in agents)}")
    if game.facts.unplayed:
        print(f"# not played yet: {'; '.join(game.facts.unplayed)}")
    print("\n".join(state.log))
    return 0


def cmd_simulate(args) -> int:
    from pathlib import Path

    from cardtools.sim.runner import simulate

    request = run_request(args)
    bans = request.bans
    try:
        with simulation_errors():
            outcome = simulate(request, Path(args.output), workspace(args))
    except KeyboardInterrupt:
        print(f"\ncardtools simulate: interrupted; the chunks played are kept in {args.output}: run the same "
              f"command again to resume", file=sys.stderr)
        return 130
    plan = outcome.plan
    rounded = f"; {args.games:,} asked, rounded up to whole deals" if plan.games != args.games else ""
    deck = args.game + (f" ({args.variant})" if args.variant else "") + (f" without {', '.join(bans)}" if bans else "")
    deck += f" ({outcome.dropped})" if outcome.dropped else ""
    print(f"{deck}: "
          f"{plan.games:,} games at {plan.players} players ({plan.deals:,} deals x {plan.players} seatings{rounded}), "
          f"agents {', '.join(a.label for a in plan.lineup)}, seed {plan.seed}")
    where = f"{args.jobs} {args.backend} worker{'s' if args.jobs != 1 else ''}" if not args.scheduler else args.scheduler
    rate = f" ({outcome.played / outcome.seconds:,.1f} games/s, {where})" if outcome.played and outcome.seconds else ""
    print(f"played {outcome.played:,} games in {outcome.seconds:,.1f} s{rate}"
          + (f"; {outcome.resumed:,} were already played" if outcome.resumed else ""))
    if outcome.unplayed:
        print(f"not played yet: {'; '.join(outcome.unplayed)}")
    print(f"wrote {Path(args.output) / outcome.records.name} ({outcome.rows:,} rows); next: cardtools report {args.output}")
    return 0


def run_request(args):
    """A simulation ``Request`` from ``add_run_options``'s options (UsageProblem for impossible ones)."""
    from cardtools.sim.backends import JOBS_PER_CORE, max_jobs
    from cardtools.sim.runner import Request

    bans = tuple(b.strip() for text in args.ban for b in text.split(",") if b.strip())
    for option, value in (("--jobs", args.jobs), ("--chunk", args.chunk), ("--players", args.players)):
        if value < 1:
            raise UsageProblem(f"{option} must be at least 1, got {value}")
    if args.scheduler and args.backend != "dask":
        raise UsageProblem("--scheduler needs --backend dask")
    if not args.scheduler and args.jobs > max_jobs():
        cores = os.cpu_count() or 1
        print(f"cardtools {args.command}: --jobs {args.jobs} lowered to {max_jobs()} ({JOBS_PER_CORE} per core, "
              f"{cores} core{'s' if cores != 1 else ''})", file=sys.stderr)
        args.jobs = max_jobs()
    return Request(args.game, args.players, args.games, args.agents, args.seed, args.variant, bans, args.chunk,
                   args.jobs, args.backend, args.scheduler)


def cmd_sweep(args) -> int:
    from pathlib import Path

    from cardtools.sim.sweep import parse_axis, read_sweep_file, render_text, sweep

    request = run_request(args)
    folder, ws = Path(args.output), workspace(args)
    try:
        with simulation_errors():
            if args.file:
                grids = read_sweep_file(Path(args.file), ws)
                results = [{"name": name, **sweep(request, axes, folder / name, ws, sys.stderr, folder / "base")}
                           for name, axes in grids]
            else:
                results = [sweep(request, [parse_axis(text) for text in args.axes], folder, ws, sys.stderr)]
    except KeyboardInterrupt:
        print(f"\ncardtools sweep: interrupted; the games played are kept in {args.output}: run the same "
              f"command again to resume", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(results if args.file else results[0], indent=2, ensure_ascii=False))
    else:
        print("\n".join(render_text(r) for r in results), end="")
    return 0


def cmd_tune(args) -> int:
    import re
    from pathlib import Path

    from cardtools.sim.tune import render_text, tune

    request = run_request(args)
    if args.target == "par":
        target = None
    else:
        try:
            target = float(args.target)
        except ValueError:
            target = -1.0
        if not 0 <= target <= 1:
            raise UsageProblem(f"--target {args.target}: say par, or a win share between 0 and 1 (0.4)")
    bounds = None
    if args.bounds:
        span = re.fullmatch(r"(-?\d+)\.\.(-?\d+)", args.bounds.strip())
        if not span:
            raise UsageProblem(f"--range {args.bounds}: write LOW..HIGH, e.g. 1..6")
        bounds = (int(span[1]), int(span[2]))
    try:
        with simulation_errors():
            result = tune(request, args.card, args.field, target, Path(args.output), workspace(args), bounds,
                          args.max_games, sys.stderr)
    except KeyboardInterrupt:
        print(f"\ncardtools tune: interrupted; the games played are kept in {args.output}: run the same "
              f"command again to resume", file=sys.stderr)
        return 130
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else render_text(result), end="")
    return 0


def cmd_report(args) -> int:
    from pathlib import Path

    from cardtools.core.atomic import write_bytes
    from cardtools.sim.report import PROGRESS_ROWS, build_report, render_text
    from cardtools.sim.store import RunStore

    with simulation_errors():
        store = RunStore(Path(args.run))
        rows = store.rows()
        report = build_report(store.manifest(), rows, sys.stderr if len(rows) >= PROGRESS_ROWS else None)
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else render_text(report))
    if args.pdf:
        from cardtools.sim.report_pdf import build_pdf

        data, pages = build_pdf(report)
        write_bytes(Path(args.pdf), data)
        print(f"wrote {args.pdf} ({pages} pages)", file=sys.stderr)
    if args.html:
        from cardtools.sim.report_html import build_html

        write_bytes(Path(args.html), build_html(report))
        print(f"wrote {args.html}", file=sys.stderr)
    return 0


def cmd_compare(args) -> int:
    from pathlib import Path

    from cardtools.sim.compare import build_comparison, render_text
    from cardtools.sim.store import RunStore

    with simulation_errors():
        runs = [RunStore(Path(d)) for d in (args.run_a, args.run_b)]
        comparison = build_comparison(*[(r.manifest(), r.rows()) for r in runs])
    print(json.dumps(comparison, indent=2, ensure_ascii=False) if args.json
          else render_text(comparison, args.run_a, args.run_b))
    return 0


@contextmanager
def simulation_errors():
    """Failures of a simulation, report or comparison as one line on stderr: exit 1 (exit 2 for
    options that name nothing usable, or a folder holding another run)."""
    from cardtools.sim.backends import BackendProblem
    from cardtools.sim.bundle import WorkerMismatch
    from cardtools.sim.chunk import GameFailed
    from cardtools.sim.compare import ComparisonProblem
    from cardtools.sim.report import ReportProblem
    from cardtools.sim.runner import SimulationError
    from cardtools.sim.store import RunProblem

    try:
        yield
    except (ValueError, RunProblem, ComparisonProblem) as exc:
        raise UsageProblem(str(exc)) from None
    except (SimulationError, GameFailed, BackendProblem, WorkerMismatch, ReportProblem) as exc:
        raise Failed(str(exc)) from None


def cmd_scenario_run(args) -> int:
    from pathlib import Path

    from cardtools.core.diagnostics import display_path, render
    from cardtools.sim.scenario import Runner

    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not os.path.lexists(p)]
    if missing:
        raise UsageProblem(f"no such file or folder: {missing[0]}")
    outcomes = Runner(workspace(args), args.variant).run(paths)
    if not outcomes:
        raise UsageProblem("no scenario files (*.yaml) found")
    for outcome in outcomes:
        print(f"{'ok  ' if outcome.passed else 'FAIL'} {display_path(outcome.path)}: {outcome.description}")
    problems = list(dict.fromkeys(d for o in outcomes for d in o.problems))  # a deck's error once, not per file
    if problems:
        print(render(problems), file=sys.stderr)
    failed = sum(1 for o in outcomes if not o.passed)
    print(f"{len(outcomes) - failed} passed, {failed} failed")
    return 1 if failed else 0


def positive(text: str) -> int:
    """An argparse type: a whole number above zero."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{value} is not above zero")
    return value


def port(text: str) -> int:
    """An argparse type: a TCP port, or 0 for any free one."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port (0 to 65535)")
    return value


def parse_where(text: str) -> tuple[str, str]:
    if "=" not in text:
        raise UsageProblem(f"--where expects FIELD=VALUE, got '{text}'")
    key, value = text.split("=", 1)
    return key.strip(), value.strip()


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
