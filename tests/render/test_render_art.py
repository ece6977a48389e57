"""Art on cards: image regions read PNG, JPG and SVG from the game's folder, fit them to their box,
embed each image once, downsample it to the output's dpi, print a placeholder (and warn) when a
file is missing, and refuse paths that leave the game's folder — with positions."""

import io
import os

import pypdf
import pytest
from PIL import Image

from cardtools.cli import main
from cardtools.render.art import placed
from cardtools.render.pnp import build_pnp
from cardtools.render.sheet import SheetSpec
from cardtools.render.units import CARD_SIZES, PAPERS

HEADER = "# yaml-language-server: $schema=../../../schemas/layout.schema.json\n"
LAYOUT = "templates/layouts/demo/card.yaml"


def art_layout(src: str, fit: str = "crop", width: str = "W + 2 * bleed", x: str = "-bleed") -> str:
    return HEADER + f"""extends: default/card
front:
  art:
    kind: image
    x: {x}
    y: 16
    width: {width}
    height: 20
    src: "{src}"
    fit: {fit}
"""


def image_file(ws, rel: str, size=(400, 200), color=(200, 30, 30), fmt="PNG"):
    path = ws.path(rel)
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, color).save(path, fmt)
    return path


def images_in(pdf: bytes) -> list[tuple[int, int]]:
    """(width, height) of every image object stored in the PDF."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    found = []
    for number in range(1, int(reader.trailer["/Size"])):
        obj = reader.get_object(pypdf.generic.IndirectObject(number, 0, reader))
        if isinstance(obj, pypdf.generic.StreamObject) and obj.get("/Subtype") == "/Image":
            found.append((int(obj["/Width"]), int(obj["/Height"])))
    return found


def art_field(demo, value: str) -> None:
    """The demo's units get an ``art`` field, archer's set to ``value``, which the layout's image region shows."""
    demo.replace("schemas/demo/unit.schema.json", '"power":', '"art": {"type": "string"}, "power":')
    demo.replace("decks/demo/cards.yaml", "  power: 1\n", f"  power: 1\n  art: {value}\n")
    demo.write(LAYOUT, art_layout("{{ card.art }}").replace("    kind: image\n", "    kind: image\n    when: card.art is defined\n"))


def pnp(ws, **options) -> bytes:
    return build_pnp(ws.deck(), SheetSpec(PAPERS["a4"], CARD_SIZES["poker"]), ws.workspace, **options)[0]


def test_fit_fill_and_crop_place_the_image_in_its_box():
    box, wide = (0, 0, 40, 20), (400, 100)  # a 4:1 image in a 2:1 box
    assert placed(box, wide, "fit") == (0, 5, 40, 10)  # all of it, centred, bands above and below
    assert placed(box, wide, "crop") == (-20, 0, 80, 20)  # the box covered, the sides cut off
    assert placed(box, wide, "fill") == box  # stretched


def test_one_image_used_by_every_card_is_stored_once_and_downsampled(demo):
    image_file(demo, "decks/demo/art/banner.png", size=(3000, 1500))
    demo.write(LAYOUT, art_layout("art/banner.png"))
    stored = images_in(pnp(demo))
    # 69.5 x 20 mm with crop: 40 x 20 mm of a 2:1 image is 69.5 mm wide -> 821 px at 300 dpi
    assert stored == [(821, 411)]


def test_jpg_and_svg_art(demo):
    image_file(demo, "decks/demo/art/archer.jpg", fmt="JPEG")
    demo.write("decks/demo/art/knight.svg", '<svg viewBox="0 0 20 10"><rect x="0" y="0" width="20" height="10" '
                                            'fill="#123456"/></svg>')
    demo.write(LAYOUT, art_layout("art/{{ card.id }}.{{ 'svg' if card.id == 'knight' else 'jpg' }}"))
    assert main(["pnp", "demo", "--only", "archer,knight", "-o", "o.pdf"]) == 0
    assert len(images_in(demo.path("o.pdf").read_bytes())) == 1  # the SVG stays vector


def test_missing_art_prints_a_placeholder_and_warns_naming_the_card(demo, capsys):
    demo.write(LAYOUT, art_layout("art/{{ card.id }}.png"))
    image_file(demo, "decks/demo/art/archer.png")
    assert main(["pnp", "demo", "--only", "type:unit", "-o", "o.pdf"]) == 0
    err = capsys.readouterr().err
    warned = sorted(line.split("card '")[1].split("'")[0] for line in err.splitlines() if "warning[art]" in line)
    assert warned == ["knight", "scout"]
    assert f"{LAYOUT}:10:10: warning[art]: card 'knight': region 'art': no file 'art/knight.png' in " in err
    assert demo.path("o.pdf").stat().st_size > 0


@pytest.mark.parametrize("src, message", [
    ("/etc/hostname", "'/etc/hostname' is an absolute path"),
    ("../../outside.png", "'../../outside.png' leads out of the game's folder with '..'"),
])
def test_paths_out_of_the_game_folder_are_errors_at_the_layout_line(demo, capsys, src, message):
    demo.write(LAYOUT, art_layout(src))
    assert main(["pnp", "demo", "-o", "o.pdf"]) == 1
    err = capsys.readouterr().err
    assert f"{LAYOUT}:10:10: error[art]: card 'archer': region 'art': {message}" in err
    assert not demo.path("o.pdf").exists()


def test_a_symlink_out_of_the_game_folder_is_an_error_at_the_card_field(demo, capsys):
    image_file(demo, "elsewhere/secret.png")
    os.makedirs(demo.path("decks/demo/art"))
    os.symlink(demo.path("elsewhere/secret.png"), demo.path("decks/demo/art/archer.png"))
    art_field(demo, "art/archer.png")
    assert main(["pnp", "demo", "-o", "o.pdf"]) == 1
    err = capsys.readouterr().err
    assert "decks/demo/cards.yaml:8:8: error[art]: card 'archer': region 'art': 'art/archer.png' is a symlink to " in err
    assert "outside the game's folder" in err


def test_a_file_that_is_not_an_image_is_an_error(demo, capsys):
    demo.write("decks/demo/art/archer.png", "not a picture")
    demo.write(LAYOUT, art_layout("art/archer.png"))
    assert main(["pnp", "demo", "-o", "o.pdf"]) == 1
    assert "cannot read 'archer.png' as an image" in capsys.readouterr().err


def test_the_shipped_civilizations_have_art(repo):
    from cardtools.core.loader import load_deck

    deck = load_deck("aoc", workspace=repo)
    data, result = build_pnp(deck, SheetSpec(PAPERS["a4"], CARD_SIZES["poker"]), repo, only=["type:civilization"])
    assert result.warnings == []  # every civilization's art file is there
    assert all((repo.root / "decks/aoc/art" / f"{c.id}.svg").is_file() for c in deck.of_type("civilization"))


def test_validate_reports_art_that_is_not_an_image_at_the_card_field(demo, capsys):
    demo.write("decks/demo/art/archer.png", "not a picture")  # a text file named .png
    art_field(demo, "art/archer.png")
    assert main(["validate", "demo"]) == 1
    assert ("decks/demo/cards.yaml:8:8: error[art]: card 'archer': region 'art': cannot read 'archer.png' as an "
            "image") in capsys.readouterr().err


def test_validate_reports_a_truncated_png_at_the_layout_line(demo, capsys):
    whole = image_file(demo, "decks/demo/art/archer.png").read_bytes()
    demo.path("decks/demo/art/archer.png").write_bytes(whole[:len(whole) // 2])  # a copy cut short
    image_file(demo, "decks/demo/art/knight.png")
    demo.write(LAYOUT, art_layout("art/{{ card.id }}.png"))
    assert main(["validate", "demo"]) == 1
    problems = [line for line in capsys.readouterr().err.splitlines() if "[art]" in line]
    assert len(problems) == 1  # knight's file is whole, the others have none yet (pnp prints placeholders)
    assert problems[0].startswith(f"{LAYOUT}:10:10: error[art]: card 'archer': region 'art': cannot read 'archer.png' "
                                  "as an image")


def test_validate_checks_art_of_cards_whose_text_fails_without_a_traceback(shipped, capsys):
    # the civilizations' layout shows art and card text; a verb's text template renamed away leaves
    # their text unmade: the effects check says so at the card, the art check skips those cards
    shipped.replace("templates/text/aoc/verbs.yaml", "  sacrifice:", "  sacrifiice:")
    assert main(["validate", "aoc"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "no text template for effect 'sacrifice'" in err
