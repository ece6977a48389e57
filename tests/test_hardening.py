"""Issue 21's reproducers, each in a copy of the shipped games: what was a traceback or a runaway
is an error at the line to fix (exact positions), and processes and files are left clean."""

import io
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pdfplumber
import pytest
import yaml

CIVS = "decks/aoc/civilizations.yaml"
VERBS = "templates/text/core/verbs.yaml"
EXE = str(Path(sys.executable).parent / "cardtools")


def errors(err: str) -> list[str]:
    """Errors and warnings, but not the tta engine's notes on the full game's cards it does not run
    yet (tests/test_tta_deck.py checks those)."""
    return [line for line in err.splitlines()
            if ": error[" in line or (": warning[" in line and ": warning[engine]" not in line)]


# -- 1. values the schema allowed and the code could not take -----------------------------------

def test_a_list_as_card_type_is_an_unknown_type(shipped, cli):
    shipped.replace(CIVS, "type: civilization", "type: [civilization]")
    code, _, err = cli("validate", "aoc")
    assert code == 1
    assert errors(err) == [
        "decks/aoc/civilizations.yaml:9:9: error[schema]: civilizations[0]: unknown card type ['civilization']; "
        "this game's types: civilization, wonder, action, calamity, permanent, technology, technology_card, "
        "score_track, achievement"]


def test_a_whole_number_written_as_a_float_is_that_number(shipped, cli):
    shipped.replace(CIVS, "  count: 1\n", "  count: 1.0\n")
    shipped.replace("decks/aoc/game.yaml", "total: 34}", "total: 34.0}")
    assert cli("validate", "aoc")[0] == 0
    code, out, _ = cli("list", "aoc", "--where", "id=egypt", "--format", "json")
    assert code == 0 and '"count": 1,' in out


def test_a_fraction_where_a_count_goes_is_an_error(shipped, cli):
    shipped.replace(CIVS, "  count: 1\n", "  count: 1.5\n")
    code, _, err = cli("validate", "aoc")
    assert code == 1
    assert errors(err) == ["decks/aoc/civilizations.yaml:10:10: error[schema]: civilizations[0].count: 1.5 is not "
                           "of type 'integer', 'object'"]


@pytest.mark.parametrize("total", ["1e16", "10000000000000000"])
def test_a_huge_composition_total_is_over_the_maximum(shipped, cli, total):
    shipped.replace("decks/aoc/game.yaml", "total: 34}", f"total: {total}}}")
    code, _, err = cli("validate", "aoc")
    assert code == 1
    assert errors(err) == ["decks/aoc/game.yaml:54:68: error[schema]: game.composition[0].total: 1.000e+16 is "
                           "greater than the maximum of 100000"]


def test_a_list_as_card_id_under_a_variant_is_a_type_error(shipped, cli):
    shipped.replace(CIVS, "id: egypt", "id: [egypt]")
    code, _, err = cli("validate", "aoc", "--variant", "solo")
    assert code == 1
    assert errors(err) == ["decks/aoc/civilizations.yaml:7:7: error[schema]: civilizations[0].id: ['egypt'] is not "
                           "of type 'string'"]


def test_infinity_is_not_a_number_of_a_deck(shipped, cli):
    shipped.replace(CIVS, "  population: 4\n", "  population: .inf\n")
    code, _, err = cli("validate", "aoc")
    assert code == 1
    assert errors(err)[0] == ("decks/aoc/civilizations.yaml:11:15: error[number]: '.inf' is not a finite number "
                              "(JSON has no infinity or NaN); quote it to keep it text")


def test_an_id_with_a_trailing_newline_does_not_match_the_id_pattern(shipped, cli):
    shipped.replace(CIVS, "id: egypt", 'id: "egypt\\n"')
    code, _, err = cli("validate", "aoc")
    assert code == 1
    assert errors(err) == ["decks/aoc/civilizations.yaml:7:7: error[schema]: civilizations[0].id: 'egypt\\n': an id "
                           "uses lower-case letters, digits, '_' and '-', and starts with a letter or digit"]


def test_a_card_file_that_is_a_symlink_loop_is_an_error_at_the_manifest(shipped, cli):
    path = shipped.path(CIVS)
    path.unlink()
    path.symlink_to(path.name)
    code, _, err = cli("validate", "decks/aoc/game.yaml")
    assert code == 1
    assert errors(err) == ["decks/aoc/game.yaml:44:5: error[manifest]: card file 'civilizations.yaml' is not a "
                           "regular file"]


def test_a_yaml_error_at_the_end_of_a_truncated_file_is_inside_the_file(shipped, cli):
    path = shipped.path("decks/aoc/variants/solo.yaml")
    text = path.read_text()
    path.write_text(text[:text.rindex("}")])  # no final newline: libyaml points at the line after the last
    code, _, err = cli("validate", "aoc", "--variant", "solo")
    assert code == 1
    assert errors(err) == ["decks/aoc/variants/solo.yaml:18:107: error[syntax]: YAML syntax error: did not find "
                           "expected ',' or '}' (while parsing a flow mapping started at line 18, column 5)"]


# -- 2. template errors with positions --------------------------------------------------------

@pytest.mark.parametrize("command", [["validate"], ["text", "aoc"], ["pnp", "aoc"], ["reference", "aoc"],
                                     ["simulate", "aoc", "--players", "2", "--games", "2", "--jobs", "1", "-o", "run"]])
def test_a_template_syntax_error_is_reported_at_the_template(shipped, cli, command):
    shipped.replace(VERBS, '''pay: "pay {{ amounts(a, 'resources') }}"''', 'pay: "pay {{"')
    code, _, err = cli(*command)
    assert code == 1
    assert errors(err) == ["templates/text/core/verbs.yaml:11:8: error[template]: effect.pay: unexpected "
                           "'end of template'"]


def test_a_typo_in_a_sheet_heading_is_reported_at_its_line(shipped, cli):
    sheet = "templates/reference/aoc/sheet.yaml"
    shipped.replace(sheet, 'title: "{{ game.name }}"', 'title: "{{ game.nmae }}"')
    shipped.replace(sheet, 'subtitle: "Rules', 'subtitle: "{{ 1/0 }}Rules')
    code, _, err = cli("reference", "aoc")
    assert code == 1
    assert errors(err) == [
        "templates/reference/aoc/sheet.yaml:5:8: error[reference]: '{{ game.nmae }}' is undefined",
        "templates/reference/aoc/sheet.yaml:6:11: error[reference]: '{{ 1/0 }}Rules reference{% if variant %} · "
        "variant: {{ variant.name }}{% endif %}': division by zero"]


def test_a_sheet_expression_without_names_is_evaluated(shipped, cli):
    """A constant expression was taken for card geometry, which a reference sheet does not have."""
    shipped.replace("templates/reference/aoc/sheet.yaml", 'when: "{{ variant }}"', 'when: "{{ 1 + 1 == 3 }}"')
    code, out, _ = cli("reference", "aoc")
    assert code == 0 and out.startswith("wrote ")


def test_a_failing_text_template_is_reported_once_at_its_line(shipped, cli):
    shipped.replace(VERBS, '  lose: "{{ subject(', '  lose: "{{ a.nope.x }}{{ subject(')
    code, _, err = cli("validate", "tta")  # many Through the Ages cards lose something
    assert code == 1
    assert errors(err) == ["templates/text/core/verbs.yaml:10:9: error[template]: effect.lose: "
                           "'cardtools.core.deck.FrozenDict object' has no attribute 'nope'"]


def test_an_unknown_icon_in_the_vocabulary_is_reported_once_at_its_line(shipped, cli):
    shipped.replace("templates/text/aoc/vocabulary.yaml", "icon: coin}", "icon: coins}")
    code, _, err = cli("pnp", "aoc")
    assert code == 1
    assert errors(err) == ["templates/text/aoc/vocabulary.yaml:7:41: error[unknown-icon]: no icon 'coins' in "
                           "templates/icons/; did you mean 'coin'?"]


# -- 3. bounded work --------------------------------------------------------------------------

def test_a_huge_count_is_over_the_maximum(shipped, cli):
    shipped.replace(CIVS, "  count: 1\n", "  count: 1000000000000000000\n")
    code, _, err = cli("validate", "aoc")
    assert code == 1
    assert errors(err) == ["decks/aoc/civilizations.yaml:10:10: error[schema]: civilizations[0].count: 1.000e+18 is "
                           "greater than the maximum of 999"]


def test_a_print_and_play_file_has_a_bounded_number_of_cards(shipped, cli):
    """Counts within the maximum that still add up to too many pages: refused before planning."""
    shipped.replace("decks/aoc/game.yaml", "total: 34}", "total: 33966}")
    path = shipped.path(CIVS)
    path.write_text(path.read_text(encoding="utf-8").replace("  count: 1\n", "  count: 999\n"), encoding="utf-8")
    code, _, err = cli("pnp", "aoc")
    assert code == 1
    assert errors(err) == ["decks/aoc/civilizations.yaml:10:10: error[copies]: egypt: the deck prints 33,991 cards, "
                           "more than the 20,000 a print-and-play file holds; this card has the most copies (999)"]


@pytest.mark.parametrize("template, message", [
    ("{{ 'x' * 10**9 }}", "repeating a value this often makes more than 1,000,000 characters or items"),
    ("{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "macro 'm' calls itself: templates do not recurse"),
    ("{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}",
     "nested loops of 10,000,000,000 iterations exceed the budget of 100,000"),
    ("{{ 'x' | center(1000000000) }}", "center: a width or count beyond 1,000,000"),
])
def test_a_runaway_template_no_card_uses_fails_fast_at_its_line(shipped, cli, template, message):
    shipped.replace(VERBS, '''pay: "pay {{ amounts(a, 'resources') }}"''', f'pay: "{template}"')
    started = time.monotonic()
    code, _, err = cli("validate", "aoc")
    assert code == 1 and time.monotonic() - started < 60  # a guard against a hang, not a timing
    assert errors(err) == [f"templates/text/core/verbs.yaml:11:8: error[template]: effect.pay: {message}"]


def test_a_runaway_layout_template_fails_at_its_line(shipped, cli):
    doubling = "{% set ns = namespace(s='xx') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}"
    shipped.replace("templates/layouts/default/card.yaml", 'text: "{{ card.name }}"', f'text: "{doubling}"')
    code, _, err = cli("pnp", "aoc")
    assert code == 1
    assert errors(err)[0] == (f"templates/layouts/default/card.yaml:39:11: error[layout]: card 'aksum': region 'title': "
                              f"'{doubling}': the template makes a value of more than 1,000,000 characters or items")


def test_a_huge_size_is_over_the_layout_maximum(shipped, cli):
    shipped.replace("templates/layouts/default/card.yaml", "size: 11", "size: 1e308")
    code, _, err = cli("pnp", "aoc")
    assert code == 1
    assert errors(err) == ["templates/layouts/default/card.yaml:41:11: error[schema]: layout.front.title.size: "
                           "1.000e+308 is greater than the maximum of 10000"]


@pytest.mark.parametrize("change, message", [
    (lambda icon: icon.write_text(icon.read_text().replace('viewBox="0 0 24 24"', 'viewBox="0 0 1e-320 24"')),
     "1:1: error[icon]: <svg> needs a viewBox of four numbers within ±1e+06, with a width and height of at least 0.001"),
    (lambda icon: (icon.unlink(), icon.symlink_to("/dev/zero")), "1:1: error[icon]: not a regular file"),
    (lambda icon: icon.write_text(icon.read_text().replace("<circle", "<g>" * 20 + "</g>" * 20 + "<circle", 1)),
     "2:1: error[icon]: more than 1,000 elements or 16 levels of nesting: icons are small drawings"),
    (lambda icon: icon.write_text(icon.read_text().replace("<circle", '<path d="M0 0' + " L1 1" * 3000 + '"/><circle', 1)),
     "1:1: error[icon]: more than 2,000 path segments: icons are small drawings"),
    (lambda icon: icon.write_text(icon.read_text() + "<!--" + "x" * 300_000 + "-->"),
     "1:1: error[icon]: larger than 256 KiB: icons are small drawings"),
])
def test_an_icon_beyond_the_limits_is_refused(shipped, cli, change, message):
    change(shipped.path("templates/icons/coin.svg"))
    code, _, err = cli("pnp", "aoc")
    assert code == 1
    assert errors(err) == [f"templates/icons/coin.svg:{message}"]


@pytest.mark.parametrize("size, message", [
    ((8000, 6000), "'egypt.png' is 8,000 × 6,000 pixels, more than the 40,000,000 any card needs"),
    ((20000, 20000), "cannot read 'egypt.png' as an image: Image size (400000000 pixels) exceeds limit of "
                     "178956970 pixels, could be decompression bomb DOS attack."),
])
def test_art_of_too_many_pixels_is_refused_before_it_is_decoded(shipped, cli, size, message):
    from PIL import Image

    shipped.replace("templates/layouts/aoc/civilization.yaml", 'src: "art/{{ card.id }}.svg"',
                    'src: "art/{{ card.id }}.png"')
    Image.new("1", size).save(shipped.path("decks/aoc/art/egypt.png"))  # a few KiB on disk
    code, _, err = cli("pnp", "aoc", "--only", "egypt", "-o", "egypt.pdf")
    assert code == 1
    assert errors(err) == [f"templates/layouts/aoc/civilization.yaml:15:10: error[art]: card 'egypt': region 'art': "
                           f"{message}"]


def test_a_very_long_key_is_refused_with_an_excerpt(shipped, cli):
    """A 14 MB key under which every position was repeated used 1.5 GB; now it is dropped at once."""
    shipped.replace(CIVS, "  population: 4\n", "  ? " + "k" * 14_000_000 + "\n  : [" + ", ".join("1" * 100) + "]\n"
                    "  population: 4\n")
    code, _, err = cli("validate", "aoc")
    assert code == 1
    assert errors(err) == ["decks/aoc/civilizations.yaml:11:5: error[long-key]: a key of 14,000,000 characters "
                           "('kkkkkkkkkkkkkkkkkkkkkkkkkkk...kkkkkkkkkkkkkkkkkkkkkkkkkkkk'); keys are at most 1,024"]


def test_a_file_of_too_many_values_is_refused_where_the_limit_is_passed(shipped, cli):
    """400,000 small cards took 13 s and 700 MB to read, and minutes to validate."""
    with open(shipped.path(CIVS), "a") as handle:
        handle.writelines(f"- {{id: x{i}, type: civilization}}\n" for i in range(60_000))
    nodes = (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)  # a key is a value too
    passed = [e for e in yaml.parse(shipped.path(CIVS).read_text()) if isinstance(e, nodes)][200_000].start_mark
    code, _, err = cli("validate", CIVS)
    assert code == 1
    assert errors(err) == [f"decks/aoc/civilizations.yaml:{passed.line + 1}:{passed.column + 1}: error[too-large]: "
                           "more than 200,000 values in one file: split it"]
    assert passed.line + 1 > 40_000  # in what was appended


def test_a_deck_of_too_many_cards_is_read_up_to_the_limit(shipped, cli):
    with open(shipped.path(CIVS), "a") as handle:
        handle.writelines(f"- {{id: x{i}, type: civilization}}\n" for i in range(12_000))
    code, _, err = cli("validate", CIVS)
    assert code == 1
    assert "decks/aoc/civilizations.yaml:10492:3: error[too-many-cards]: a deck holds at most 10,000 cards; the rest " \
           "are not read" in errors(err)


@pytest.fixture
def spreadsheet(shipped, cli) -> Path:
    """Age of Civilization's civilizations as a CSV card file, as `cardtools export` writes it."""
    assert cli("export", "aoc", "-o", "csv")[0] == 0
    for name in ("civilizations.csv", "civilizations.csv.yaml"):
        shutil.move(shipped.path(f"csv/{name}"), shipped.path(f"decks/aoc/{name}"))
    shipped.path(CIVS).unlink()
    shipped.replace("decks/aoc/game.yaml", "civilizations.yaml", "civilizations.csv")
    return shipped.path("decks/aoc/civilizations.csv")


@pytest.mark.parametrize("change, message", [
    (lambda text: text.replace(",4,", ",1e400,", 1),
     "2:5: error[spreadsheet]: civilizations[0].population: '1e400' is not a finite number (JSON has no infinity "
     "or NaN); quote it to keep it text"),
    (lambda text: "# padding\n" * (17 * 2**20 // 10), "1:1: error[file-too-large]: file is larger than 16 MiB"),
    (lambda text: text.split("\n")[0] + "\n" + "x,civilization\n" * 120_000,
     "99997:1: error[too-large]: more than 200,000 cells in one file: split it"),
])
def test_a_spreadsheet_beyond_the_limits_is_refused_at_its_cell(spreadsheet, cli, change, message):
    spreadsheet.write_text(change(spreadsheet.read_text()))
    code, _, err = cli("validate", "decks/aoc/civilizations.csv")
    assert code == 1
    assert f"decks/aoc/civilizations.csv:{message}" in errors(err)


# -- 4. fonts ---------------------------------------------------------------------------------

def test_a_font_that_is_not_truetype_is_an_error_at_the_layout(shipped, cli):
    shipped.path("templates/layouts/default/fonts").mkdir()
    shipped.path("templates/layouts/default/fonts/display.ttf").write_text("not a font")
    layout = shipped.path("templates/layouts/default/card.yaml")
    line = len(layout.read_text().splitlines()) + 2
    with open(layout, "a") as handle:
        handle.write("fonts:\n  regular: fonts/display.ttf\n")
    code, _, err = cli("pnp", "aoc")
    assert code == 1
    assert errors(err) == [f"templates/layouts/default/card.yaml:{line}:12: error[layout]: font file "
                           "'fonts/display.ttf': not a TrueType font (it starts with b'not ')"]


# -- 5. processes and files -------------------------------------------------------------------

def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_workers_and_resource_tracker_end_with_a_killed_simulation(shipped):
    parent = subprocess.Popen([EXE, "simulate", "aoc", "--players", "2", "--games", "100000", "--jobs", "2",
                               "-o", "run"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(_children(parent.pid)) < 3 and time.monotonic() < deadline:  # two workers and the tracker
            time.sleep(0.1)
        children = _children(parent.pid)
        assert len(children) >= 3
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 10
    while any(_alive(c) for c in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [c for c in children if _alive(c)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []


def test_a_temporary_left_by_a_killed_writer_is_removed_by_the_next_run(shipped, cli):
    dead = subprocess.Popen(["true"])
    dead.wait()
    out = shipped.path("out")
    out.mkdir()
    stale = out / f".aoc-pnp-a4.pdf.{dead.pid}.abcd1234.tmp"
    stale.write_bytes(b"%PDF-1.4 half written")
    ours = out / f".other.pdf.{os.getpid()}.abcd1234.tmp"  # a writer still running: left alone
    ours.write_bytes(b"")
    assert cli("pnp", "aoc")[0] == 0
    assert sorted(p.name for p in out.iterdir()) == [ours.name, "aoc-pnp-a4.pdf"]


def test_output_through_a_symlink_replaces_its_target(shipped, cli):
    target = shipped.path("sheets") / "aoc.pdf"
    target.parent.mkdir()
    target.write_bytes(b"old")
    shipped.path("link.pdf").symlink_to(target)
    assert cli("pnp", "aoc", "-o", "link.pdf")[0] == 0
    assert shipped.path("link.pdf").is_symlink()
    assert target.read_bytes().startswith(b"%PDF")


def test_an_output_error_names_the_output_not_a_temporary(shipped, cli):
    shipped.path("taken.pdf").mkdir()
    code, _, err = cli("pnp", "aoc", "-o", "taken.pdf")
    assert code == 1
    assert err == f"cardtools pnp: error: Is a directory: {shipped.path('taken.pdf')}\n"


def test_a_folder_named_like_a_variant_is_not_a_variant(shipped, cli):
    shipped.path("decks/aoc/variants/dir.yaml").mkdir()
    code, out, err = cli("validate")
    assert (code, out, errors(err)) == (0, "", [])


def test_a_variant_name_on_the_command_line_is_a_name_not_a_path(shipped, cli):
    with pytest.raises(SystemExit) as exit:
        cli("validate", "aoc", "--variant", "../../tta/variants/peaceful")
    assert exit.value.code == 2


def test_a_variant_file_whose_name_is_not_a_variant_name_is_reported(shipped, cli):
    shutil.copy(shipped.path("decks/aoc/variants/solo.yaml"), shipped.path("decks/aoc/variants/My Solo.yaml"))
    code, _, err = cli("validate")
    assert code == 1
    assert errors(err) == ["decks/aoc/variants/My Solo.yaml:1:1: error[variant]: 'My Solo' is not a variant name: "
                           "the name of a file in decks/GAME/variants/ without .yaml, in lower-case letters, digits, "
                           "'_' and '-', at most 64 characters"]


def test_a_variant_extending_a_name_too_long_for_a_file_is_reported_at_its_line(shipped, cli):
    """The fuzzer's 1,000-character name made the file system refuse the path (ENAMETOOLONG)."""
    shipped.replace("decks/aoc/variants/drafting.yaml", "\nname:", f"\nextends: {'x' * 1000}\nname:")
    code, _, err = cli("validate", "aoc")
    assert code == 1
    assert errors(err) == ["decks/aoc/variants/drafting.yaml:2:10: error[schema]: drafting.extends: "
                           "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx' is too long"]


def test_a_damaged_font_is_refused_before_it_is_read(shipped, cli):
    """64 flipped bits in a character map made reportlab build a map of millions of characters (2 GB, 11 s)."""
    font = shipped.path("templates/layouts/aoc/display.ttf")
    data = bytearray((Path(__file__).parent.parent / "cardtools/render/fonts/DejaVuSans.ttf").read_bytes())
    cmap = data.index(b"cmap", 12, 12 + 16 * 30)
    offset = int.from_bytes(data[cmap + 8:cmap + 12], "big")
    data[offset + 40] ^= 0x10
    font.write_bytes(bytes(data))
    shipped.replace("templates/layouts/aoc/card.yaml", "\nfront:", "\nfonts:\n  regular: display.ttf\nfront:")
    code, _, err = cli("pnp", "aoc", "-o", "aoc.pdf")
    assert code == 1
    assert [e for e in errors(err) if "display.ttf" in e][0].endswith(
        "error[layout]: font file 'display.ttf': damaged: its 'cmap' table does not match its checksum")


@pytest.mark.parametrize("command", [["text", "tta"], ["list", "tta"], ["validate", "tta", "--format", "json"]])
def test_a_closed_pipe_ends_the_command_quietly(shipped, command):
    reader = subprocess.Popen(["head", "-1"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    done = subprocess.run([EXE, *command], stdout=reader.stdin, stderr=subprocess.PIPE, text=True)
    reader.stdin.close()
    reader.wait()
    assert (done.returncode, done.stderr) == (0, "")


def test_a_literal_brace_in_a_card_name_prints_with_a_backslash(shipped, cli):
    shipped.replace(CIVS, "name: Egypt", "name: Big \\{Egypt\\}")
    assert cli("pnp", "aoc", "--only", "egypt", "-o", "egypt.pdf")[0] == 0
    with pdfplumber.open(io.BytesIO(shipped.path("egypt.pdf").read_bytes())) as pdf:
        assert "Big {Egypt}" in pdf.pages[0].extract_text()
    shipped.replace(CIVS, "name: Big \\{Egypt\\}", "name: Big {Egypt")
    code, _, err = cli("pnp", "aoc")
    assert code == 1
    assert errors(err) == ["decks/aoc/civilizations.yaml:14:5: error[markup]: card 'egypt': region 'title' "
                           "(templates/layouts/default/card.yaml:33:3): unmatched '{': icons are written {name}, "
                           "e.g. {coin}; write \\{ to print it"]


def test_a_value_with_a_line_break_is_quoted_on_one_line(shipped, cli):
    """A colour of "x\\n" printed a line break into every diagnostic."""
    shipped.replace("templates/layouts/tta/political.yaml", "white", '"x\\n"')
    code, _, err = cli("pnp", "tta", "--only", "aggression_spy", "-o", "spy.pdf")
    assert code == 1
    assert all(line.count(":") >= 3 for line in err.splitlines()[:-1])      # every line is one diagnostic
    assert "unknown colour 'x\\n'" in err


def test_a_typo_inside_the_mapping_form_of_a_trigger_is_reported_at_its_value(shipped, cli):
    """A trigger is a word or a mapping (`when: {taken: technology}`): a typo in the mapping printed the
    whole mapping as Python and the list of the words, `{'taken': 'technolgy'} is not one of 'played', …`."""
    shipped.replace("decks/tta/leaders.yaml", "when: {taken: technology}", "when: {taken: technolgy}")
    code, _, err = cli("validate", "tta")
    assert code == 1
    [line] = errors(err)
    assert line.startswith("decks/tta/leaders.yaml:12:21: error[schema]: leaders[0].effects[0].when.taken: "
                           "'technolgy' is not one of 'technology', ")
    assert line.endswith("; did you mean 'technology'?")
