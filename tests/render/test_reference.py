"""Rule reference sheets read back from the PDF: every card a player looks up is on the sheet (and
gone when a variant removes it), tables stay on the page and repeat their headers, text is never
below 6 pt, and every problem stops the build with the line to fix."""

import io
import shutil

import pdfplumber
import pypdf
import pytest

from cardtools.core.loader import load_deck
from cardtools.core.workspace import Workspace
from cardtools.render.flow import BODY_BOTTOM, BODY_TOP, MARGIN, Unit, paginate
from cardtools.render.reference import build_reference
from cardtools.render.reference_template import format_sources
from cardtools.render.units import PAPERS

from conftest import MM, REPO

SHEET = "templates/reference/demo/sheet.yaml"
DEMO_SHEET = """\
title: "{{ game.name }}"
subtitle: Rules reference
sections:
  - title: Units
    cite: "{{ cards('unit') }}"
    blocks:
      - kind: text
        text: "Pay {coin} to recruit."
      - kind: table
        rows: "{{ cards('unit') }}"
        columns:
          - header: Unit
            text: "**{{ row.name }}**"
          - header: Text
            width: 3
            text: "{{ text(row).effects }}"
"""


def sheet(workspace, game, variant=None, paper="a4", edition="proof") -> bytes:
    return build_reference(load_deck(game, variant, workspace), workspace, PAPERS[paper], edition)[0]


@pytest.fixture(scope="module")
def sheets(repo):
    """The three games' proof sheets (A4, with sources and † marks), opened once for every test
    that only reads them."""
    opened = {game: pdfplumber.open(io.BytesIO(sheet(repo, game))) for game in ("aoc", "tta", "7ages")}
    yield opened
    for pdf in opened.values():
        pdf.close()


def column(pdf, header: str, next_header: str) -> str:
    """A table column's text on every page, found by its header and the next header on the same line
    (the header is repeated on every page the table continues on), whitespace collapsed."""
    found = []
    for page in pdf.pages:
        words = page.extract_words()
        for word in (w for w in words if w["text"] == header):
            right = [w for w in words if w["text"] == next_header and abs(w["top"] - word["top"]) < 0.5
                     and w["x0"] > word["x0"]]
            if right:
                box = (word["x0"] - 0.5, word["bottom"], right[0]["x0"] - 0.5, page.height - BODY_BOTTOM * MM)
                found.append(page.within_bbox(box).extract_text())
    return " ".join(" ".join(found).split())


def text_of(pdf) -> str:
    return " ".join(" ".join(page.extract_text() for page in pdf.pages).split())


# -- every card a player looks up is there ------------------------------------------------------

@pytest.mark.parametrize("game, card_type, header, next_header", [
    ("aoc", "civilization", "Civilization", "Main"),
    ("aoc", "wonder", "Wonder", "Ability"),
    ("aoc", "achievement", "Achievement", "Requirement"),
    ("tta", "leader", "Leader", "Abilities"),
    ("tta", "wonder", "Wonder", "Stages"),
    ("tta", "tactic", "Tactic", "Army"),
    ("7ages", "artefact", "Artefact", "Ages,"),
])
def test_every_card_of_the_type_is_in_its_table(sheets, repo, game, card_type, header, next_header):
    names = [c.name for c in load_deck(game, workspace=repo).of_type(card_type)]
    listed = column(sheets[game], header, next_header)
    assert names and [n for n in names if n not in listed] == []


def test_every_leader_type_and_glory_category_of_7_ages(sheets, repo):
    data = load_deck("7ages", workspace=repo).data
    assert [t["name"] for t in data["leader_types"]["types"]
            if t["name"] not in column(sheets["7ages"], "Leader", "What")] == []
    assert [c["name"] for c in data["glory_categories"]["categories"]
            if c["name"] not in column(sheets["7ages"], "Category", "Scored")] == []


def test_7_ages_terrain_and_unit_tables_come_from_the_map_and_counters(sheets, repo):
    data = load_deck("7ages", workspace=repo).data
    terrain = column(sheets["7ages"], "Terrain", "Income")
    assert [t["name"] for t in data["map"]["terrain"] if t["name"] not in terrain] == []
    units = column(sheets["7ages"], "Unit", "Move")
    assert [u["name"] for c in data["cost_chart"]["classes"] for u in c["units"] if u["name"] not in units] == []
    lines = [line for page in sheets["7ages"].pages for line in page.extract_text().splitlines()]
    # income ({money} is drawn), defence, movement, notes
    assert "Forest † 2 +1 2 Cavalry -1 front and support. From age 6 it counts as Fertile." in lines
    # movement, then front +support for the veteran, regular and levy grades, then the counter's back
    assert "Rifle † 3 6 +3 · 5 +2 · 4 +2 Spear" in lines
    assert "Elephant 2 3 +1 (common) Nuke, Star Wars. Retreat if lost." in lines


def test_tta_bank_tables_come_from_the_board_data(sheets):
    yellow = column(sheets["tta"], "Section,", "Squares")
    # section numbers, the provisional ones marked: first the sourced section, then four chosen ones
    assert yellow.startswith("1 2 † 3 † 4 † 5 †")
    page = next(p for p in sheets["tta"].pages if "Consumption once empty" in p.extract_text())
    rows = [line for line in page.extract_text().splitlines() if line.startswith(("1 2 2", "5 † 4 7"))]
    assert rows == ["1 2 2 1", "5 † 4 7 6"]  # squares, food to grow, consumption ({food} icons are drawn)


def test_aoc_actions_table_has_all_ten_actions_with_workers_and_cost(sheets, repo):
    actions = load_deck("aoc", workspace=repo).of_type("action")
    assert len(actions) == 10
    lines = [l for p in sheets["aoc"].pages for l in p.extract_text().splitlines()]
    wonder = next(l for l in lines if l.startswith("Wonder permanent card"))
    assert wonder.startswith("Wonder permanent card 1 7 red")  # 1 worker, 7 coins, red slot
    assert next(l for l in lines if l.startswith("Build time track")).startswith("Build time track 2 2 white")


def test_the_technology_tree_is_drawn_from_the_prerequisites(repo, sheets):
    technologies = load_deck("aoc", workspace=repo).of_type("technology")
    page = next(p for p in sheets["aoc"].pages if all(t.name in p.extract_text() for t in technologies))
    centre = {}
    for tech in technologies:
        name = page.search(tech.name)[0]  # the tree comes first on its page
        centre[tech.id] = (name["x0"] + name["x1"]) / 2, name["top"]
    # the grid the technology card prints: Writing below Education below Science, columns left to right
    assert centre["writing"][1] > centre["education"][1] > centre["science"][1]
    assert centre["writing"][0] < centre["sailing"][0] < centre["mining"][0]
    # one arrowhead (a filled triangle in the accent colour) per prerequisite, between the two boxes
    heads = [((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2) for c in page.curves
             if len(c["pts"]) == 4 and c["fill"] and not c["stroke"]
             and tuple(round(v, 2) for v in c["non_stroking_color"]) == (0.14, 0.32, 0.29)]
    edges = [(r, t.id) for t in technologies for r in t.get("requires", ())]
    assert len(heads) == len(edges) == 8
    for source, target in edges:
        (x1, y1), (x2, y2) = centre[source], centre[target]
        assert any(min(x1, x2) - 6 <= x <= max(x1, x2) + 6 and y2 < y < y1 for x, y in heads), (source, target)


# -- variants -------------------------------------------------------------------------------------

def test_a_variant_that_removes_cards_removes_them_from_the_sheet(repo, tmp_path):
    root = tmp_path / "ws"
    shutil.copytree(REPO / "decks" / "aoc", root / "decks" / "aoc")
    (root / "decks/aoc/variants").mkdir(exist_ok=True)
    (root / "decks/aoc/variants/no-egypt.yaml").write_text(
        "# yaml-language-server: $schema=../../../schemas/variant.schema.json\n"
        "name: Smaller box\n"
        "description: Two cards stay in the box.\n"
        "source: \"provisional: a test variant\"\n"
        "remove: [egypt, pyramids, {type: achievement}]\n")
    workspace = Workspace(root)
    with pdfplumber.open(io.BytesIO(sheet(workspace, "aoc", "no-egypt"))) as pdf:
        everything = text_of(pdf)
        civilizations = column(pdf, "Civilization", "Main")
        wonders = column(pdf, "Wonder", "Ability")
    assert "Egypt" not in everything and "Pyramids" not in everything
    assert "China" in civilizations and "Great Wall" in wonders
    assert "achievements" not in everything  # no achievement cards left: no section, no heading
    assert "Rules reference · variant: Smaller box" in everything
    assert "Two cards stay in the box." in everything


def test_the_tta_sheet_follows_the_variants_rules(repo):
    with pdfplumber.open(io.BytesIO(sheet(repo, "tta", "first-game"))) as pdf:
        text = text_of(pdf)
    politics = text[text.index("Politics phase"):text.index("Action phase")]
    assert "Prepare an event" in politics  # rules.political_actions: [prepare_event]
    assert "aggression" not in politics.lower() and "Resign" not in politics
    assert "Age III events" not in text[text.index("Game end and final scoring"):]  # age_iii_events: none
    assert ("Each civilization scores: 1 per Age I technology in play; 2 per Age II technology in play; your "
            "government counting 2 times;") in text  # the icons are drawn, not text
    assert "Last age whose decks are played: II." in text


# -- the page -------------------------------------------------------------------------------------

def test_no_text_is_smaller_than_6_pt(sheets):
    sizes = [c["size"] for pdf in sheets.values() for page in pdf.pages for c in page.chars]
    assert sizes and min(sizes) >= 6 - 1e-3


def test_text_stays_in_the_header_the_body_or_the_footer(sheets):
    """Nothing overflows: body text (tables included) never reaches the footer or the margins."""
    for pdf in sheets.values():
        for page in pdf.pages:
            height = page.height / MM
            for c in page.chars:
                top, bottom = c["top"] / MM, c["bottom"] / MM
                assert MARGIN - 0.01 <= c["x0"] / MM and c["x1"] / MM <= page.width / MM - MARGIN + 0.01
                header = bottom <= BODY_TOP - 4.0
                body = top >= BODY_TOP - 0.3 and bottom <= height - BODY_BOTTOM + 0.3
                footer = top >= height - BODY_BOTTOM + 4.0
                assert header or body or footer, (page.page_number, c["text"], round(top, 1), round(bottom, 1))


def test_a_long_table_repeats_its_header_and_group_on_the_next_page(sheets, repo):
    pages = sheets["tta"].pages
    leaders = {c.name.split()[0] for c in load_deck("tta", workspace=repo).of_type("leader")}
    spanned = [p for p in pages if any(w["text"] in leaders for w in p.extract_words())]
    assert len(spanned) >= 2
    for page in spanned[1:]:
        body = page.within_bbox((0, BODY_TOP * MM - 1, page.width, page.height)).extract_text().splitlines()
        assert body[0] == "Leader Abilities"
        assert body[1].startswith("Age ")  # the group continues, so its row comes back too


def test_sources_are_cited_under_each_section(sheets):
    text = text_of(sheets["aoc"])
    assert "Sources: seeds/003_f54a9293e38b5e67.txt § ROUND END" in text
    assert "Sources: reference/tta-cards/civil.csv" in text_of(sheets["tta"])


@pytest.mark.parametrize("game", ["aoc", "tta", "7ages"])
def test_the_play_edition_shows_players_no_sources_and_no_provisional_marks(repo, game):
    with pdfplumber.open(io.BytesIO(sheet(repo, game, edition="play"))) as pdf:
        text = text_of(pdf)
    for internal in ("Sources:", "seeds/", "provisional", "decks/"):
        assert internal not in text
    assert "†" not in text.replace("(†)", "")  # 7 Ages prints (†) for an artefact that may come early


def test_every_font_is_embedded(repo):
    reader = pypdf.PdfReader(io.BytesIO(sheet(repo, "aoc")))
    fonts = [f.get_object() for page in reader.pages for f in (page["/Resources"].get("/Font") or {}).values()]
    assert fonts
    for font in fonts:
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]


def test_letter_paper_and_two_builds_are_byte_identical(repo):
    first = sheet(repo, "aoc", paper="letter")
    assert first == sheet(repo, "aoc", paper="letter")
    box = pypdf.PdfReader(io.BytesIO(first)).pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == (215.9, 279.4)


# -- a game without its own sheet, the command ----------------------------------------------------

def test_a_game_without_a_sheet_gets_one_table_per_card_type(demo, cli):
    code, out, err = cli("reference", "demo", "--edition", "proof", "-o", "out/demo.pdf")
    assert code == 0, err
    assert out.startswith("wrote out/demo.pdf: 1 pages (")
    with pdfplumber.open(demo.root / "out/demo.pdf") as pdf:
        text = text_of(pdf)
    for name in ("Unit", "Event", "Archer †", "Knight †", "Scout †", "Banner †"):
        assert name in text


def test_default_output_name_carries_the_variant_and_paper(demo, cli):
    demo.write("decks/demo/variants/short.yaml", "name: Short\ndescription: Fewer cards.\n"
                                                  "source: \"provisional: a test variant\"\nremove: [scout]\n")
    code, out, _ = cli("reference", "demo", "--variant", "short", "--paper", "letter")
    assert code == 0 and out.startswith("wrote out/demo-short-reference-letter.pdf")


# -- preflight ------------------------------------------------------------------------------------

def problems(err: str) -> list[str]:
    return [l for l in err.splitlines() if ": error[" in l]


def line_of(demo, text: str) -> int:
    return next(i for i, l in enumerate(demo.path(SHEET).read_text().splitlines(), 1) if text in l)


def test_clean_template_prints(demo, cli):
    demo.write(SHEET, DEMO_SHEET)
    code, _, err = cli("reference", "demo", "-o", "out/demo.pdf")
    assert code == 0, err


def test_unknown_icon_in_the_template_names_its_line(demo, cli):
    demo.write(SHEET, DEMO_SHEET.replace("Pay {coin}", "Pay {coins}"))
    code, _, err = cli("reference", "demo", "-o", "out/demo.pdf")
    assert code == 1
    assert problems(err) == [f"{SHEET}:{line_of(demo, 'Pay {coins}')}:15: error[unknown-icon]: section 'Units', "
                             "text: unknown icon '{coins}'; did you mean 'coin'?"]
    assert not demo.path("out/demo.pdf").exists()


def test_missing_glyph_in_a_card_names_the_card_and_its_line(demo, cli):
    demo.write(SHEET, DEMO_SHEET)
    demo.replace("decks/demo/cards.yaml", "Cannot be attacked by {war} cards.", "Cannot be attacked by 火 cards.")
    code, _, err = cli("reference", "demo", "-o", "out/demo.pdf")
    assert code == 1
    [message] = problems(err)
    assert message.startswith("decks/demo/cards.yaml:17:9: error[missing-glyph]: card 'knight': "
                              f"section 'Units', column 'Text' ({SHEET}:{line_of(demo, 'text(row).effects')}:19)")
    assert message.endswith("font 'regular' has no glyph for '火' (U+706B)")


def test_a_misspelt_field_is_an_error_at_the_template_line(demo, cli):
    demo.write(SHEET, DEMO_SHEET.replace("row.name", "row.nmae"))
    code, _, err = cli("reference", "demo", "-o", "out/demo.pdf")
    assert code == 1
    assert problems(err)[0] == (f"{SHEET}:{line_of(demo, 'row.nmae')}:19: error[reference]: card 'archer': "
                                "'**{{ row.nmae }}**': 'dict object' has no attribute 'nmae'")


def test_an_unknown_card_type_is_suggested(demo, cli):
    demo.write(SHEET, DEMO_SHEET.replace('rows: "{{ cards(\'unit\') }}"', 'rows: "{{ cards(\'units\') }}"'))
    code, _, err = cli("reference", "demo", "-o", "out/demo.pdf")
    assert code == 1
    assert "'units' is not a card type of demo; did you mean 'unit'?" in problems(err)[0]


def test_a_template_key_the_schema_does_not_know(demo, cli):
    demo.write(SHEET, DEMO_SHEET.replace("kind: table", "kind: tabel"))
    code, _, err = cli("reference", "demo", "-o", "out/demo.pdf")
    assert code == 1
    assert problems(err)[0].startswith(f"{SHEET}:{line_of(demo, 'kind: tabel')}:")


def test_a_row_taller_than_a_page_is_refused(demo, cli):
    demo.write(SHEET, DEMO_SHEET)
    demo.replace("decks/demo/cards.yaml", "Cannot be attacked by {war} cards.", "Many words. " * 2500)
    code, _, err = cli("reference", "demo", "-o", "out/demo.pdf")
    assert code == 1
    [message] = problems(err)
    assert message.startswith("decks/demo/cards.yaml:17:9: error[text-overflow]: card 'knight': section 'Units', "
                              "column 'Text'")
    assert "mm tall, more than a page holds (267 mm): shorten it or split it" in message


TREE = DEMO_SHEET + """\
      - kind: tree
        height: 30
        nodes: "{{ cards('unit') }}"
        requires: "{{ ['archer'] if node.id == 'knight' else [] }}"
        text: "**{{ node.name }}** {{ text(node).effects }}"
"""


def test_tree_node_text_that_cannot_fit_names_the_card(demo, cli):
    demo.write(SHEET, TREE)
    demo.replace("decks/demo/cards.yaml", "Cannot be attacked by {war} cards.", "Cannot be attacked. " * 30)
    code, _, err = cli("reference", "demo", "-o", "out/demo.pdf")
    assert code == 1
    [message] = problems(err)
    assert message.startswith("decks/demo/cards.yaml:17:9: error[text-overflow]: card 'knight': "
                              "section 'Units', tree node 'knight'")
    assert "even at 6 pt" in message


def test_tree_prerequisites_in_a_circle(demo, cli):
    demo.write(SHEET, TREE.replace("['archer'] if node.id == 'knight' else []",
                                   "['archer'] if node.id == 'knight' else (['knight'] if node.id == 'archer' else [])"))
    code, _, err = cli("reference", "demo", "-o", "out/demo.pdf")
    assert code == 1
    assert "prerequisites form a circle: archer → knight → archer" in problems(err)[0]


# -- pieces -------------------------------------------------------------------------------------

def test_pagination_keeps_chains_together_and_repeats_headers():
    header = Unit(5, [], keep_with_next=True)
    rows = [Unit(10, [], repeat=(header,)) for _ in range(5)]
    heading = Unit(8, [], keep_with_next=True)
    pages = paginate([Unit(30, []), heading, header, *rows], body=50)
    # the heading and the table's header would fit on page 1, its first row would not: all three move
    assert [[u.height for u, _ in p.placed] for p in pages] == [[30], [8, 5, 10, 10, 10], [5, 10, 10]]
    assert [y for _, y in pages[2].placed] == [0, 5, 15]
    assert len(paginate([Unit(1, []), Unit(1, [], page_break=True)], body=50)) == 2


def test_sources_are_grouped_by_document_and_heading():
    assert format_sources([
        "seeds/a.txt § RULES › Setup (step 2)",
        "seeds/a.txt § RULES › Turn",
        "seeds/a.txt § CARDS",
        "seeds/a.txt § CARDS › Egypt",
        "provisional: chosen by us",
        "reference/table.csv",
    ]) == "Sources: seeds/a.txt § RULES › Setup; § RULES › Turn; § CARDS · reference/table.csv"
    many = [f"seeds/a.txt § CIVS › {n}" for n in "ABCD"]
    assert format_sources(many) == "Sources: seeds/a.txt § CIVS"
    assert format_sources(["provisional: only ours"]) == ""


# -- setup, icon legend, variants ------------------------------------------------------------------

@pytest.mark.parametrize("game, first_step", [
    ("aoc", "1. Score track. Lay out the two score track cards"),
    ("tta", "1. Decks. Eight decks, civil and military"),
    ("7ages", "1. The world. Lay the maps out as one map"),
])
def test_every_sheet_starts_with_the_setup(sheets, game, first_step):
    text = text_of(sheets[game])
    assert text.index("Setup ") < text.index(first_step) < text.index("Icons on this sheet")


def test_the_icon_legend_lists_the_icons_the_sheet_uses_with_their_meaning(sheets):
    legend = lambda game: text_of(sheets[game]).split("Icons on this sheet")[1]
    assert "a red action slot: workers are sacrificed" in legend("aoc") and "the War symbol (crossed swords)" in legend("aoc")
    assert "happy face" not in legend("aoc")  # a TtA icon this sheet never uses
    assert "happy face" in legend("tta")
    assert legend("aoc").count("military strength") == 1  # each icon once, however often it is used


def test_a_space_after_bold_text_is_kept(sheets):
    assert "resolve your workers, turn end. As in your first turn." in text_of(sheets["aoc"])


@pytest.mark.parametrize("variant, gone, shown", [
    ("solo", "the market is refilled from the deck", "The market gets no bonus and no new card now. (Solo game)"),
    ("drafting", "the market is refilled from the deck", "Pick a civilization from your hand or the market"),
])
def test_aoc_steps_follow_the_variants_rules_and_say_so(repo, variant, gone, shown):
    with pdfplumber.open(io.BytesIO(sheet(repo, "aoc", variant, edition="play"))) as pdf:
        text = text_of(pdf)
    assert gone not in text and shown in text


def test_solo_adds_its_own_round_end_and_game_end_steps(repo):
    with pdfplumber.open(io.BytesIO(sheet(repo, "aoc", "solo", edition="play"))) as pdf:
        text = text_of(pdf)
    assert "Virtual opponent. Before the permanent action card moves" in text
    assert "Achievements. After your game end abilities" in text
    with pdfplumber.open(io.BytesIO(sheet(repo, "aoc", edition="play"))) as pdf:
        assert "Virtual opponent" not in text_of(pdf)


def test_tta_first_game_sheet_ends_with_age_iii_and_names_no_removed_card(repo):
    with pdfplumber.open(io.BytesIO(sheet(repo, "tta", "first-game", edition="play"))) as pdf:
        text = text_of(pdf)
    assert "Age IV" not in text and "Bill Gates" not in text
    assert "Last round. Set when Age III begins (see End of an age)" in text and "(First game (Handbook))" in text


def test_a_rules_summary_naming_an_unknown_rule_is_an_error_at_its_line(tmp_path, cli, monkeypatch):
    root = tmp_path / "ws"
    for folder in ("decks", "schemas"):
        shutil.copytree(REPO / folder, root / folder)
    path = root / "decks/aoc/rules-summary.yaml"
    path.write_text(path.read_text().replace("rules: [starting_coins]", "rules: [starting_coin]"))
    monkeypatch.chdir(root)
    code, _, err = cli("reference", "aoc", "-o", "out/x.pdf")
    line = next(n for n, l in enumerate(path.read_text().splitlines(), 1) if "- name: Each player" in l)
    assert code == 1
    assert (f"decks/aoc/rules-summary.yaml:{line}:7: error[rules-summary]: 'Each player' names rule "
            "'starting_coin', which aoc does not have; did you mean 'starting_coins'?") in err
