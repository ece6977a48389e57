"""The live preview (``cardtools watch``): builds on demand, serves this computer only, shows the
diagnostics, and — in a real headless Chromium — reloads itself when a card file is saved."""

import json
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from cardtools.render.preview import Preview, server, watch, watched
from cardtools.render.units import CARD_SIZES

CARDS = "decks/demo/cards.yaml"


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


@pytest.fixture
def preview(demo):
    return Preview(demo.root, "demo", None, CARD_SIZES["poker"], "proof")


def test_a_build_has_every_face_and_its_caption(preview):
    build = preview.rebuild()
    assert sorted(build.faces) == ["archer", "back-event", "back-unit", "banner", "knight", "scout"]
    assert build.captions["archer"] == "Archer (archer)" and build.diagnostics == [] and not build.stale
    assert build.faces["archer"].startswith(b"\x89PNG")


def test_the_server_listens_on_this_computer_only_and_serves_page_state_and_faces(preview):
    preview.rebuild()
    httpd = server(preview, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        host, port = httpd.server_address
        assert host == "127.0.0.1"
        base = f"http://127.0.0.1:{port}"
        page = get(base + "/").decode()
        assert "Archer (archer)" in page and 'src="/face/archer.png?build=1"' in page
        assert json.loads(get(base + "/state")) == {"build": 1, "faces": 6, "stale": False, "diagnostics": []}
        assert get(base + "/face/archer.png").startswith(b"\x89PNG")
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_an_error_is_shown_on_the_page_and_the_last_good_faces_stay(demo, preview):
    preview.rebuild()
    demo.replace(CARDS, "count: 3", "count: three")
    build = preview.rebuild()
    assert build.stale and sorted(build.faces) == sorted(preview.current.faces)
    assert "decks/demo/cards.yaml:5:10: error[schema]" in preview.page()
    assert "1 error(s): showing the last good faces" in preview.page()


def test_a_save_rebuilds(demo, preview):
    preview.rebuild()
    stop = threading.Event()
    builds = []
    thread = threading.Thread(target=watch, args=(preview, watched(demo.root, "demo"), builds.append, stop))
    thread.start()
    try:
        time.sleep(0.5)  # the watcher is running
        demo.replace(CARDS, "name: Archer", "name: Bowman")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and "Bowman (archer)" not in preview.current.captions.values():
            time.sleep(0.1)
        assert preview.current.captions["archer"] == "Bowman (archer)"
    finally:
        stop.set()
        thread.join(10)


def chromium() -> str | None:
    return next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)


class Browser:
    """Headless Chromium driven over the DevTools protocol (a websocket; docs/dependencies.md)."""

    FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--remote-debugging-port=0",
             "--remote-allow-origins=*", "--window-size=1200,900"]

    def __init__(self, executable: str, profile: Path, url: str):
        self.process = subprocess.Popen([executable, *self.FLAGS, f"--user-data-dir={profile}", url],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        active = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not active.is_file() or not active.read_text().strip():
            if time.monotonic() > deadline:
                raise RuntimeError("Chromium did not open its DevTools port")
            time.sleep(0.1)
        port = active.read_text().split()[0]
        pages = []
        while not pages and time.monotonic() < deadline:
            pages = [t for t in json.loads(get(f"http://127.0.0.1:{port}/json/list")) if t["type"] == "page"]
            time.sleep(0.1)
        import websocket

        self.socket = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=10, suppress_origin=True)
        self.calls = 0

    def call(self, method: str, **params):
        self.calls += 1
        self.socket.send(json.dumps({"id": self.calls, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.calls:
                return message.get("result", {})

    def text(self) -> str:
        result = self.call("Runtime.evaluate", expression="document.body ? document.body.innerText : ''",
                           returnByValue=True)
        return result.get("result", {}).get("value", "")

    def wait_for(self, words: str, seconds: float = 30) -> str:
        deadline = time.monotonic() + seconds
        text = ""
        while time.monotonic() < deadline:
            text = self.text()
            if words in text:
                return text
            time.sleep(0.2)
        raise AssertionError(f"{words!r} never appeared; the page shows: {text[:500]!r}")

    def close(self) -> None:
        self.socket.close()
        self.process.terminate()
        self.process.wait(10)


@pytest.mark.slow
def test_in_a_real_browser_a_saved_card_appears_without_reloading_by_hand(demo, tmp_path):
    executable = chromium()
    if executable is None:
        pytest.skip("no Chromium on this machine: .ci/run installs Debian's chromium; without it the live "
                    "preview cannot be tested in a browser")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    watcher = subprocess.Popen([sys.executable, "-m", "cardtools", "watch", "demo", "--port", "0"], cwd=demo.root,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    browser = None
    try:
        url = None
        for line in watcher.stdout:
            if line.startswith("serving "):
                url = line.split()[1]
                break
        assert url and url.startswith("http://127.0.0.1:")
        browser = Browser(executable, tmp_path / "profile", url)
        assert "Archer (archer)" in browser.wait_for("Archer (archer)")
        demo.replace(CARDS, "name: Archer", "name: Bowman")
        text = browser.wait_for("Bowman (archer)")
        assert "Archer (archer)" not in text and "build 2" in text
        demo.replace(CARDS, "count: 3", "count: three")  # an error: shown on the page, old faces kept
        text = browser.wait_for("error[schema]")
        assert "decks/demo/cards.yaml:5:10: error[schema]" in text and "Bowman (archer)" in text
    finally:
        if browser is not None:
            browser.close()
        watcher.terminate()
        watcher.wait(10)


@pytest.mark.parametrize("argv, expected", [
    (["watch", "demi"], (1, "decks/demi/game.yaml:1:1: error[unknown-game]: no deck 'demi' (expected {root}/decks/demi/"
                            "game.yaml); did you mean 'demo'?; decks here: demo")),
    (["watch", "demo", "--port", "99999"], (2, "cardtools watch: error: argument --port: 99999 is not a port (0 to 65535)")),
])
def test_a_game_or_port_that_cannot_be_watched_is_said_like_elsewhere(demo, capsys, argv, expected):
    """Both were tracebacks (UsageError from validation; OverflowError from the socket); an unknown game is
    now the diagnostic every command gives, a port out of range a usage error."""
    from cardtools.cli import main

    try:
        code = main(argv)
    except SystemExit as exc:  # argparse
        code = exc.code
    first = capsys.readouterr().err.strip().splitlines()[-1 if code == 2 else 0]
    assert (code, first) == (expected[0], expected[1].format(root=demo.root))
